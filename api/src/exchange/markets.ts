// The exchange's markets as the API knows them: mirrored from the odds feed into exchange_markets, the one place
// a bet is checked against (status, in-play, ball running, prices, rates, lines, result). SQL only; no HTTP.
import type { FeedEvent, FeedFancy, FeedMarket, FeedRunner, ExchangeMarketKind } from '@khela/contracts';
import type { Queryable } from '../db';

export type MarketStatus = 'INACTIVE' | 'OPEN' | 'SUSPENDED' | 'CLOSED';
export type SettledResult = { winner: string } | { runs: number } | { void: true };

export interface MarketRow {
  marketId: string;
  eventId: string;
  eventName: string;
  sport: string;
  kind: ExchangeMarketKind;
  name: string;
  status: MarketStatus;
  inplay: boolean;
  ballRunning: boolean;
  /** The feed's bet delay, ms. */
  betDelayMs: number;
  runners: FeedRunner[];
  fancy: FeedFancy | null;
  result: { winner?: number; runs?: number } | null;
  voided: boolean;
  feedVersion: number;
  feedClk: number;
  /** null: the kind's default (config). */
  commissionBps: number | null;
  settledResult: SettledResult | null;
  settleRound: number;
  /** What the feed says (status is the effective one: a staff suspension or settlement holds it). */
  feedStatus: MarketStatus;
  /** Staff suspended it: SUSPENDED whatever the feed says until staff resume it. */
  staffSuspended: boolean;
  /** Staff settled it: final until staff change it; the feed's result no longer settles it. */
  staffResult: SettledResult | null;
  feedAlertedResult: SettledResult | null;
  startTime: string | null;
}

export interface MarketRaw {
  market_id: string;
  event_id: string;
  event_name: string;
  sport: string;
  kind: ExchangeMarketKind;
  name: string;
  status: MarketStatus;
  inplay: boolean;
  ball_running: boolean;
  bet_delay_ms: number;
  runners: FeedRunner[];
  fancy: FeedFancy | null;
  result: { winner?: number; runs?: number } | null;
  voided: boolean;
  feed_version: number;
  feed_clk: string | number;
  commission_bps: number | null;
  settled_result: SettledResult | null;
  settle_round: number;
  feed_status: MarketStatus | null;
  staff_suspended: boolean;
  staff_result: SettledResult | null;
  feed_alerted_result: SettledResult | null;
  start_time: Date | string | null;
}

/** The columns a MarketRow is made of (toMarketRow), for a caller that reads the row in a statement of its own. */
export const MARKET_COLUMNS = `market_id, event_id, event_name, sport, kind, name, status, inplay, ball_running, bet_delay_ms, runners, fancy,
  result, voided, feed_version, feed_clk, commission_bps, settled_result, settle_round, feed_status, staff_suspended, staff_result,
  feed_alerted_result, start_time`;

/**
 * The status players and every check see: a staff settlement holds the market CLOSED, a staff suspension holds it
 * SUSPENDED (a market the feed closed stays closed); otherwise the feed's. The SQL of applyFeedMarket says the same.
 */
export function effectiveStatus(feed: MarketStatus, staffSuspended: boolean, staffResult: SettledResult | null): MarketStatus {
  if (staffResult) return 'CLOSED';
  if (staffSuspended && feed !== 'CLOSED') return 'SUSPENDED';
  return feed;
}

/** A market's row as read with MARKET_COLUMNS (the driver's types, or the same row as JSON). */
export function toMarketRow(r: MarketRaw): MarketRow {
  return {
    marketId: r.market_id,
    eventId: r.event_id,
    eventName: r.event_name,
    sport: r.sport,
    kind: r.kind,
    name: r.name,
    status: r.status,
    inplay: r.inplay,
    ballRunning: r.ball_running,
    betDelayMs: Number(r.bet_delay_ms),
    runners: r.runners ?? [],
    fancy: r.fancy,
    result: r.result,
    voided: r.voided,
    feedVersion: Number(r.feed_version),
    feedClk: Number(r.feed_clk),
    commissionBps: r.commission_bps === null ? null : Number(r.commission_bps),
    settledResult: r.settled_result,
    settleRound: Number(r.settle_round),
    feedStatus: r.feed_status ?? r.status,
    staffSuspended: !!r.staff_suspended,
    staffResult: r.staff_result,
    feedAlertedResult: r.feed_alerted_result,
    startTime: r.start_time === null ? null : new Date(r.start_time).toISOString(),
  };
}

export async function readMarket(q: Queryable, marketId: string): Promise<MarketRow | null> {
  const r = await q.query<MarketRaw>(`SELECT ${MARKET_COLUMNS} FROM exchange_markets WHERE market_id = $1`, [marketId]);
  return r.rows[0] ? toMarketRow(r.rows[0]) : null;
}

/** Several markets at once, by id (absent ids are left out). */
export async function readMarkets(q: Queryable, marketIds: string[]): Promise<MarketRow[]> {
  if (!marketIds.length) return [];
  const r = await q.query<MarketRaw>(`SELECT ${MARKET_COLUMNS} FROM exchange_markets WHERE market_id = ANY($1::text[])`, [marketIds]);
  return r.rows.map(toMarketRow);
}

/**
 * Locks the market's row for the rest of the transaction: every change of its book, positions, holds or settlement
 * happens under this lock, so two API processes never match the same order twice. Take it before any ledger row.
 */
export async function lockMarket(q: Queryable, marketId: string): Promise<MarketRow | null> {
  const r = await q.query<MarketRaw>(`SELECT ${MARKET_COLUMNS} FROM exchange_markets WHERE market_id = $1 FOR UPDATE`, [marketId]);
  return r.rows[0] ? toMarketRow(r.rows[0]) : null;
}

/** What changed when a feed market was applied: the reactions the caller runs under the same lock. */
export interface MarketChange {
  before: MarketRow | null;
  after: MarketRow;
}

/**
 * Applies one market state from the feed (image or delta) in the caller's transaction, under the market's lock.
 * A state whose version is not newer than the stored one is skipped (answers null): several processes may consume
 * the same feed, and a resumed stream may repeat deltas.
 */
export async function applyFeedMarket(
  q: Queryable,
  m: FeedMarket,
  event: (Pick<FeedEvent, 'name'> & Partial<Pick<FeedEvent, 'openDate'>>) | null,
  clk: number,
  /** Gets the stored row as locked (also when the state is skipped): the feed sync relays the status staff hold. */
  seen?: { row: MarketRow | null },
): Promise<MarketChange | null> {
  const before = await lockMarket(q, m.marketId);
  if (seen) seen.row = before;
  if (before && before.feedVersion >= m.version && before.feedClk > 0) return null;
  const start = event?.openDate && !Number.isNaN(Date.parse(event.openDate)) ? new Date(event.openDate).toISOString() : null;
  // status: the feed's, unless staff hold the market (effectiveStatus); feed_status: always the feed's
  const r = await q.query<MarketRaw>(
    `INSERT INTO exchange_markets (market_id, event_id, event_name, sport, kind, name, status, inplay, ball_running, bet_delay_ms,
       runners, fancy, result, voided, feed_version, feed_clk, feed_status, start_time, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $7, $17::timestamptz, now())
     ON CONFLICT (market_id) DO UPDATE SET event_name = CASE WHEN EXCLUDED.event_name = '' THEN exchange_markets.event_name ELSE EXCLUDED.event_name END,
       sport = EXCLUDED.sport, kind = EXCLUDED.kind, name = EXCLUDED.name,
       status = CASE WHEN exchange_markets.staff_result IS NOT NULL THEN 'CLOSED'
                     WHEN exchange_markets.staff_suspended AND EXCLUDED.status <> 'CLOSED' THEN 'SUSPENDED'
                     ELSE EXCLUDED.status END,
       feed_status = EXCLUDED.status, start_time = COALESCE(EXCLUDED.start_time, exchange_markets.start_time), inplay = EXCLUDED.inplay,
       ball_running = EXCLUDED.ball_running, bet_delay_ms = EXCLUDED.bet_delay_ms, runners = EXCLUDED.runners, fancy = EXCLUDED.fancy,
       result = EXCLUDED.result, voided = EXCLUDED.voided, feed_version = EXCLUDED.feed_version, feed_clk = EXCLUDED.feed_clk,
       updated_at = now()
     RETURNING ${MARKET_COLUMNS}`,
    [
      m.marketId,
      m.eventId,
      event?.name ?? '',
      m.sport,
      m.kind,
      m.name,
      m.status,
      m.inplay,
      m.ballRunning,
      Math.round(m.betDelay * 1000),
      JSON.stringify(m.runners),
      m.fancy ? JSON.stringify(m.fancy) : null,
      m.result ? JSON.stringify(m.result) : null,
      m.voided,
      m.version,
      clk,
      start,
    ],
  );
  const after = toMarketRow(r.rows[0]!);
  // the market's history keeps the feed's state changes (not its price ticks)
  if (
    !before ||
    before.feedStatus !== after.feedStatus ||
    before.inplay !== after.inplay ||
    before.voided !== after.voided ||
    JSON.stringify(before.result) !== JSON.stringify(after.result)
  )
    await q.query(
      `INSERT INTO exchange_market_history (market_id, source, action, status, inplay, result) VALUES ($1, 'feed', 'update', $2, $3, $4::jsonb)`,
      [
        m.marketId,
        after.feedStatus,
        after.inplay,
        after.voided ? JSON.stringify({ void: true }) : after.result ? JSON.stringify(after.result) : null,
      ],
    );
  // Size taken from the house counts until the next feed version only.
  await q.query('DELETE FROM exchange_house_taken WHERE market_id = $1 AND feed_version < $2', [m.marketId, m.version]);
  return { before, after };
}

/** The name a player sees for a selection of a market. */
export function selectionName(market: MarketRow, selectionId: string): string | null {
  if (market.kind === 'FANCY') return market.fancy && String(market.fancy.selectionId) === selectionId ? market.name : null;
  return market.runners.find((r) => String(r.selectionId) === selectionId)?.name ?? null;
}
