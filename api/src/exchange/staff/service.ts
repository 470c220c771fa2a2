// Back office, exchange markets: the markets list with the book per runner, a market's book, bets and history, and
// the staff decisions. SQL only, in the caller's transaction. Every decision runs under the market's lock
// (lockMarket) and goes through the engine's own code: settleResult (settlement.ts) for settle, void and re-settle,
// sweepCrossing (bets.ts) when a resume reopens a Match Odds book.
import { STAFF_MARKET_MESSAGES as M, type StaffMarketResult, type staffMarkets, type staffMarketBets } from '@khela/contracts';
import { isoTimestamp } from '../../core/timestamps';
import type { Queryable } from '../../db';
import type { EndpointRequest } from '../../http/endpoint';
import { NotFound, ValidationFailed, HttpError } from '../../errors';
import { fromMinor } from '../../ledger';
import { writeAudit, type AuditActor } from '../../core/audit';
import { sweepCrossing } from '../bets';
import type { ExchangeConfig } from '../config';
import { fancyPosition, runnerPl } from '../engine';
import { effectiveStatus, lockMarket, readMarket, readMarkets, type MarketRow, type SettledResult } from '../markets';
import { fancyBet, loadMarketBets, runnerIds } from '../positions';
import { feedResult, sameResult, settleResult } from '../settlement';

type Query<E extends typeof staffMarkets | typeof staffMarketBets> = EndpointRequest<E>['query'];

const OPEN_STATUSES = `('PENDING', 'UNMATCHED', 'PARTIALLY_MATCHED', 'MATCHED')`;

/** A result as the wire shows it. */
export function wireResult(r: SettledResult | null): StaffMarketResult | null {
  if (r === null) return null;
  if ('void' in r) return { void: true };
  if ('runs' in r) return { runs: r.runs };
  return { winner: r.winner };
}

/** What staff see of a market's state (list rows, the market page, action answers, audit before/after). */
export function marketState(m: MarketRow & { settledAt?: string | null; voidReason?: string | null }) {
  return {
    market_id: m.marketId,
    event_id: m.eventId,
    event_name: m.eventName,
    sport: m.sport,
    kind: m.kind,
    name: m.name,
    status: m.status,
    feed_status: m.feedStatus,
    inplay: m.inplay,
    staff_suspended: m.staffSuspended,
    start_time: m.startTime,
    settled_result: wireResult(m.settledResult),
    staff_result: wireResult(m.staffResult),
    feed_result: wireResult(feedResult(m)),
    settle_round: m.settleRound,
    settled_at: m.settledAt ?? null,
    void_reason: m.voidReason ?? null,
  };
}

async function extras(q: Queryable, marketId: string): Promise<{ settledAt: string | null; voidReason: string | null }> {
  const r = await q.query<{ settled_at: unknown; void_reason: string | null }>(
    'SELECT settled_at, void_reason FROM exchange_markets WHERE market_id = $1',
    [marketId],
  );
  return { settledAt: isoTimestamp(r.rows[0]?.settled_at), voidReason: r.rows[0]?.void_reason ?? null };
}

async function stateOf(q: Queryable, m: MarketRow) {
  return marketState({ ...m, ...(await extras(q, m.marketId)) });
}

// --- The markets list ------------------------------------------------------------------------------

/**
 * One page of markets with the book in one currency. Players' P&L if runner r wins, from the fills (each player side
 * of a fill: +1 for a back, -1 for a lay; a house side counts nothing): A_r + B_r - B, where A_r sums sign * profit
 * (stake * (price - 1), rounded down as the engine does) over the fills on r, B_r sums sign * stake on r and B over
 * all runners. Fancy: the players' P&L at every value where it changes (each line and the one below). Sorted by a
 * figure, every filtered market is aggregated; sorted by start time, only the page's markets are.
 */
export async function listMarkets(q: Queryable, query: Query<typeof staffMarkets>) {
  const params: unknown[] = [query.currency];
  const where: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (query.sport) where.push(`m.sport = ${p(query.sport)}`);
  if (query.kind) where.push(`m.kind = ${p(query.kind)}`);
  if (query.status) where.push(`m.status = ${p(query.status)}`);
  if (query.inplay) where.push(`m.inplay = ${p(query.inplay === 'true')}`);
  if (query.settled === 'settled') where.push('m.settled_result IS NOT NULL');
  if (query.settled === 'unsettled') where.push('m.settled_result IS NULL');
  if (query.open_bets)
    where.push(
      `${query.open_bets === 'true' ? '' : 'NOT '}EXISTS (SELECT 1 FROM exchange_bets ob WHERE ob.market_id = m.market_id AND ob.status IN ${OPEN_STATUSES})`,
    );
  if (query.q) {
    const like = p(`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(m.market_id ILIKE ${like} OR m.event_name ILIKE ${like} OR m.name ILIKE ${like})`);
  }
  // $1 (the currency) is named in the filter so the count query takes the same parameters
  const filter = `WHERE $1::text IS NOT NULL${where.map((w) => ` AND ${w}`).join('')}`;
  const dir = query.dir === 'asc' ? 'ASC' : 'DESC';
  const sort = query.sort ?? 'start_time';
  const offset = (query.page - 1) * query.per_page;
  const byFigure = sort !== 'start_time';
  const startOrder = `m.start_time ${dir} NULLS LAST, m.market_id ${dir}`;
  const page = `LIMIT ${query.per_page} OFFSET ${offset}`;
  const figureOrder = sort === 'matched' ? 'matched' : 'liability';

  const total = Number((await q.query<{ n: string }>(`SELECT count(*) AS n FROM exchange_markets m ${filter}`, params)).rows[0]!.n);
  // the page's markets in order, with their book (exchange_market_book: sums kept as fills are written; Fancy from bets)
  const rows = await q.query<{
    market_id: string;
    liability: string | null;
    runners: [string, string, string][] | null;
    matched: string | null;
  }>(
    `WITH m AS (
       SELECT m.market_id, m.kind, m.runners, m.start_time FROM exchange_markets m ${filter}
       ${byFigure ? '' : `ORDER BY ${startOrder} ${page}`}
     ),
     fl AS (
       SELECT k.market_id, k.selection_id, k.a_minor AS a, k.b_minor AS b, k.matched_minor AS mt
       FROM exchange_market_book k JOIN m ON m.market_id = k.market_id WHERE k.currency = $1
     ),
     ft AS (SELECT market_id, SUM(b) AS btot, SUM(mt) AS matched FROM fl GROUP BY market_id),
     rl AS (
       SELECT m.market_id, r.ord, r.v->>'selectionId' AS sel, r.v->>'name' AS rname,
              COALESCE(fl.a, 0) + COALESCE(fl.b, 0) - COALESCE(ft.btot, 0) AS pl
       FROM m CROSS JOIN LATERAL jsonb_array_elements(m.runners) WITH ORDINALITY AS r(v, ord)
       LEFT JOIN fl ON fl.market_id = m.market_id AND fl.selection_id = r.v->>'selectionId'
       LEFT JOIN ft ON ft.market_id = m.market_id
       WHERE m.kind <> 'FANCY'
     ),
     fb AS (
       SELECT b.market_id, b.side, b.line, b.price AS rate, b.matched_minor AS stake
       FROM exchange_bets b JOIN m ON m.market_id = b.market_id
       WHERE m.kind = 'FANCY' AND b.kind = 'FANCY' AND b.matched_minor > 0 AND b.currency = $1
     ),
     fm AS (SELECT market_id, SUM(stake) AS matched FROM fb GROUP BY market_id),
     fc AS (SELECT DISTINCT fb.market_id, x.v FROM fb CROSS JOIN LATERAL (VALUES (fb.line), (GREATEST(fb.line - 1, 0))) AS x(v)),
     fpl AS (
       SELECT fc.market_id, SUM(CASE WHEN fb.side = 'YES' THEN CASE WHEN fc.v >= fb.line THEN (fb.stake * fb.rate) / 100 ELSE -fb.stake END
                                     ELSE CASE WHEN fc.v < fb.line THEN fb.stake ELSE -((fb.stake * fb.rate + 99) / 100) END END) AS pl
       FROM fc JOIN fb ON fb.market_id = fc.market_id GROUP BY fc.market_id, fc.v
     ),
     liab AS (
       SELECT market_id, GREATEST(0, MAX(pl)) AS liability, jsonb_agg(jsonb_build_array(sel, rname, pl::text) ORDER BY ord) AS runners
       FROM rl GROUP BY market_id
       UNION ALL
       SELECT market_id, GREATEST(0, MAX(pl)), '[]'::jsonb FROM fpl GROUP BY market_id
     )
     SELECT m.market_id, liab.liability, liab.runners, COALESCE(ft.matched, fm.matched, 0) AS matched
     FROM m LEFT JOIN liab ON liab.market_id = m.market_id LEFT JOIN ft ON ft.market_id = m.market_id
       LEFT JOIN fm ON fm.market_id = m.market_id
     ORDER BY ${
       byFigure
         ? `${figureOrder === 'liability' ? 'COALESCE(liab.liability, 0)' : 'COALESCE(ft.matched, fm.matched, 0)'} ${dir}, ${startOrder} ${page}`
         : startOrder
     }`,
    params,
  );
  const ids = rows.rows.map((r) => r.market_id);
  const extra = new Map(
    (
      await q.query<{ market_id: string; settled_at: unknown; void_reason: string | null }>(
        'SELECT market_id, settled_at, void_reason FROM exchange_markets WHERE market_id = ANY($1::text[])',
        [ids],
      )
    ).rows.map((r) => [r.market_id, { settledAt: isoTimestamp(r.settled_at), voidReason: r.void_reason }]),
  );
  const markets = new Map((await readMarkets(q, ids)).map((m) => [m.marketId, { ...m, ...extra.get(m.marketId)! }]));
  // unmatched volume, players and open bets of the page's markets only (they change with every bet's status)
  const stats = new Map(
    (
      await q.query<{ market_id: string; open: string; players: string; open_bets: string }>(
        `SELECT b.market_id, SUM(b.remaining_minor + CASE WHEN b.status = 'PENDING' THEN b.stake_minor ELSE 0 END) AS open,
                COUNT(DISTINCT b.player_id) AS players, COUNT(*) FILTER (WHERE b.status IN ${OPEN_STATUSES}) AS open_bets
         FROM exchange_bets b WHERE b.market_id = ANY($1::text[]) AND b.currency = $2 GROUP BY b.market_id`,
        [ids, query.currency],
      )
    ).rows.map((r) => [r.market_id, r]),
  );
  return {
    data: rows.rows
      .filter((r) => markets.has(r.market_id))
      .map((r) => {
        const m = markets.get(r.market_id)!;
        const runners = r.runners ?? m.runners.map((x) => [String(x.selectionId), x.name, '0'] as [string, string, string]);
        return {
          ...marketState(m),
          currency: query.currency,
          runners:
            m.kind === 'FANCY'
              ? []
              : runners.map(([selection_id, name, pl]) => ({
                  selection_id,
                  name,
                  players_pl: fromMinor(BigInt(pl)),
                  house_pl: fromMinor(-BigInt(pl)),
                })),
          liability: fromMinor(BigInt(r.liability ?? 0)),
          matched: fromMinor(BigInt(r.matched ?? 0)),
          open: fromMinor(BigInt(stats.get(r.market_id)?.open ?? 0)),
          players: Number(stats.get(r.market_id)?.players ?? 0),
          open_bets: Number(stats.get(r.market_id)?.open_bets ?? 0),
        };
      }),
    page: query.page,
    per_page: query.per_page,
    total,
  };
}

// --- One market ------------------------------------------------------------------------------------

/** The market's book per currency, from the engine's own positions (positions.ts, engine/position.ts). */
export async function marketBooks(q: Queryable, m: MarketRow) {
  const data = await loadMarketBets(q, m.marketId);
  const currencies = [...new Set(data.bets.map((b) => b.currency))].sort();
  const currencyOf = new Map(data.bets.map((b) => [b.id, b.currency]));
  return currencies.map((currency) => {
    const bets = data.bets.filter((b) => b.currency === currency);
    const players = new Set(bets.map((b) => b.playerId));
    const matched = bets.reduce((s, b) => s + b.matched, 0);
    const open = bets.reduce((s, b) => s + (b.status === 'PENDING' ? b.stake : b.remaining), 0);
    const common = {
      currency: currency as 'BDT' | 'INR' | 'PKR',
      matched: fromMinor(matched),
      open: fromMinor(open),
      players: players.size,
      bets: bets.length,
    };
    if (m.kind === 'FANCY') {
      const table = fancyPosition(bets.filter((b) => b.matched > 0).map((b) => fancyBet(b))).table;
      const worst = Math.max(0, ...table.map((t) => t.pl));
      return {
        ...common,
        runners: [],
        runs: table.map((t) => ({ runs: t.runs, players_pl: fromMinor(t.pl), house_pl: fromMinor(-t.pl) })),
        liability: fromMinor(worst),
      };
    }
    // the players' P&L summed is the P&L of all their matched parts together (the engine's runnerPl, rounding per part)
    const sum = runnerPl(
      runnerIds(m),
      data.parts
        .filter((p) => currencyOf.get(p.betId) === currency)
        .map((p) => ({ playerId: String(p.playerId), selectionId: p.selectionId, side: p.side, price: p.price, stake: p.stake })),
    );
    const names = new Map(m.runners.map((r) => [String(r.selectionId), r.name]));
    return {
      ...common,
      runners: [...sum].map(([selection_id, pl]) => ({
        selection_id,
        name: names.get(selection_id) ?? '',
        players_pl: fromMinor(pl),
        house_pl: fromMinor(-pl),
      })),
      runs: [],
      liability: fromMinor(Math.max(0, ...sum.values())),
    };
  });
}

export async function marketDetail(q: Queryable, marketId: string) {
  const m = await readMarket(q, marketId);
  if (!m) throw new NotFound(M.unknown);
  const history = await q.query<{
    id: string;
    created_at: unknown;
    source: 'feed' | 'staff';
    action: string;
    status: string | null;
    inplay: boolean | null;
    result: { winner?: string | number | null; runs?: number; void?: boolean } | null;
    username: string | null;
    reason: string | null;
  }>(
    `SELECT h.id, h.created_at, h.source, h.action, h.status, h.inplay, h.result, o.username, h.reason
     FROM exchange_market_history h LEFT JOIN operators o ON o.id = h.operator_id
     WHERE h.market_id = $1 ORDER BY h.id DESC LIMIT 200`,
    [marketId],
  );
  return {
    ...(await stateOf(q, m)),
    runners: m.runners.map((r) => ({ selection_id: String(r.selectionId), name: r.name })),
    fancy: m.fancy ? { selection_id: String(m.fancy.selectionId), type: m.fancy.type, yes: m.fancy.yes, no: m.fancy.no } : null,
    books: await marketBooks(q, m),
    history: history.rows.map((h) => ({
      id: Number(h.id),
      at: isoTimestamp(h.created_at)!,
      source: h.source,
      action: h.action,
      status: h.status,
      inplay: h.inplay,
      result: h.result
        ? h.result.void
          ? { void: true }
          : h.result.winner !== undefined && h.result.winner !== null
            ? { winner: String(h.result.winner) }
            : typeof h.result.runs === 'number'
              ? { runs: h.result.runs }
              : null
        : null,
      operator: h.username,
      reason: h.reason,
    })),
  };
}

export async function marketBets(q: Queryable, marketId: string, query: Query<typeof staffMarketBets>) {
  if (!(await readMarket(q, marketId))) throw new NotFound(M.unknown);
  const params: unknown[] = [marketId];
  const where = ['b.market_id = $1'];
  if (query.state === 'open') where.push(`b.status IN ${OPEN_STATUSES}`);
  if (query.state === 'settled') where.push(`b.status NOT IN ${OPEN_STATUSES}`);
  if (query.q) {
    params.push(`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(b.public_id ILIKE $${params.length} OR p.username ILIKE $${params.length})`);
  }
  const dir = query.dir === 'asc' ? 'ASC' : 'DESC';
  const order = { placed_at: 'b.id', stake: 'b.stake_minor', matched: 'b.matched_minor' }[query.sort ?? 'placed_at'];
  const from = `FROM exchange_bets b JOIN players p ON p.id = b.player_id WHERE ${where.join(' AND ')}`;
  const total = Number((await q.query<{ n: string }>(`SELECT count(*) AS n ${from}`, params)).rows[0]!.n);
  const r = await q.query<Record<string, any>>(
    `SELECT b.public_id, b.player_id, p.username, b.currency, b.selection_id, b.selection_name, b.side, b.price, b.line, b.kind,
            b.stake_minor, b.matched_minor, b.remaining_minor, b.status, b.voided, b.profit_minor, b.placed_at, b.settled_at
     ${from} ORDER BY ${order} ${dir}, b.id ${dir} LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`,
    params,
  );
  return {
    data: r.rows.map((b) => ({
      id: String(b.public_id),
      player_id: Number(b.player_id),
      username: String(b.username),
      currency: String(b.currency),
      selection_id: String(b.selection_id),
      selection_name: String(b.selection_name),
      side: b.side,
      price: b.kind === 'FANCY' ? Number(b.price) : Number(b.price) / 100,
      line: b.line === null ? null : Number(b.line),
      stake: fromMinor(BigInt(b.stake_minor)),
      matched: fromMinor(BigInt(b.matched_minor)),
      open: fromMinor(BigInt(b.status === 'PENDING' ? b.stake_minor : b.remaining_minor)),
      status: String(b.status),
      voided: !!b.voided,
      profit: b.profit_minor === null ? null : fromMinor(BigInt(b.profit_minor)),
      placed_at: isoTimestamp(b.placed_at)!,
      settled_at: isoTimestamp(b.settled_at),
    })),
    page: query.page,
    per_page: query.per_page,
    total,
  };
}

// --- Staff decisions -------------------------------------------------------------------------------

export interface StaffOutcome {
  changed: boolean;
  message: string;
  market: ReturnType<typeof marketState>;
  /** Players to push (balance and "your bets changed"). */
  players: number[];
}

const unprocessable = (message: string) => new HttpError(422, message);

/** Players with bets still open in the market (they watch it: "your bets changed" refetches their view). */
async function openPlayers(q: Queryable, marketId: string): Promise<number[]> {
  const r = await q.query<{ player_id: string }>(
    `SELECT DISTINCT player_id FROM exchange_bets WHERE market_id = $1 AND status IN ${OPEN_STATUSES}`,
    [marketId],
  );
  return r.rows.map((x) => Number(x.player_id));
}

async function history(q: Queryable, m: MarketRow, action: string, staffId: number | null, reason: string, result?: SettledResult) {
  await q.query(
    `INSERT INTO exchange_market_history (market_id, source, action, status, inplay, result, operator_id, reason)
     VALUES ($1, 'staff', $2, $3, $4, $5::jsonb, $6, $7)`,
    [m.marketId, action, m.status, m.inplay, result ? JSON.stringify(result) : null, staffId, reason],
  );
}

async function locked(q: Queryable, marketId: string): Promise<MarketRow> {
  const m = await lockMarket(q, marketId);
  if (!m) throw new NotFound(M.unknown);
  return m;
}

/** Staff suspension: the market is SUSPENDED whatever the feed says until staff resume it. */
export async function suspendMarket(q: Queryable, actor: AuditActor, marketId: string, reason: string): Promise<StaffOutcome> {
  const m = await locked(q, marketId);
  if (m.staffResult || m.settledResult) throw unprocessable(M.settledNoSuspend);
  if (m.status === 'CLOSED') throw unprocessable(M.closedNoSuspend);
  if (m.staffSuspended) return { changed: false, message: 'Already suspended.', market: await stateOf(q, m), players: [] };
  const before = await stateOf(q, m);
  await q.query(
    `UPDATE exchange_markets SET staff_suspended = true, staff_suspended_by = $2, staff_suspended_at = now(), staff_reason = $3,
       status = $4, updated_at = now() WHERE market_id = $1`,
    [marketId, actor.staffId, reason, effectiveStatus(m.feedStatus, true, null)],
  );
  const after = (await lockMarket(q, marketId))!;
  await history(q, after, 'suspend', actor.staffId, reason);
  const state = await stateOf(q, after);
  await writeAudit(q, actor, { action: 'market.suspend', entityType: 'market', entityId: marketId, reason, before, after: state });
  return { changed: true, message: 'Suspended.', market: state, players: await openPlayers(q, marketId) };
}

/** Lifts the staff suspension: the market takes the feed's status; a reopened Match Odds book is swept (bets.ts). */
export async function resumeMarket(
  q: Queryable,
  actor: AuditActor,
  marketId: string,
  reason: string,
  cfg: ExchangeConfig,
): Promise<StaffOutcome> {
  const m = await locked(q, marketId);
  if (m.staffResult || m.settledResult) throw unprocessable(M.settledNoSuspend);
  if (!m.staffSuspended) return { changed: false, message: 'Not suspended by staff.', market: await stateOf(q, m), players: [] };
  const before = await stateOf(q, m);
  await q.query(
    `UPDATE exchange_markets SET staff_suspended = false, staff_suspended_by = NULL, staff_suspended_at = NULL, staff_reason = $2,
       status = $3, updated_at = now() WHERE market_id = $1`,
    [marketId, reason, effectiveStatus(m.feedStatus, false, null)],
  );
  const after = (await lockMarket(q, marketId))!;
  // the feed may have moved across resting orders while the market was held: match them now, as the feed sync would
  const swept = await sweepCrossing(q, after, cfg);
  await history(q, after, 'resume', actor.staffId, reason);
  const state = await stateOf(q, after);
  await writeAudit(q, actor, { action: 'market.resume', entityType: 'market', entityId: marketId, reason, before, after: state });
  return { changed: true, message: 'Resumed.', market: state, players: [...new Set([...(await openPlayers(q, marketId)), ...swept])] };
}

/** What staff asked for, checked against the market (422 with nothing changed). */
export function staffTarget(m: MarketRow, body: { winner?: string; runs?: number; void?: boolean }): SettledResult {
  if (body.void) return { void: true };
  if (m.kind === 'FANCY') {
    if (body.winner !== undefined) throw new ValidationFailed({ winner: [M.fancyRuns] });
    if (body.runs === undefined) throw new ValidationFailed({ runs: [M.runsRequired] });
    return { runs: body.runs };
  }
  if (body.winner === undefined) throw new ValidationFailed({ winner: [M.winnerRequired] });
  if (!runnerIds(m).includes(body.winner)) throw new ValidationFailed({ winner: [M.notRunner] });
  return { winner: body.winner };
}

/**
 * Staff settle, void or re-settle: the market is closed and held so, the staff result recorded as final, and the
 * engine's settleResult settles it (money moves by the difference from the last round, once: a repeated request
 * finds the same result settled and changes nothing). Audited with before/after in the same transaction.
 */
export async function settleByStaff(
  q: Queryable,
  actor: AuditActor,
  marketId: string,
  body: { winner?: string; runs?: number; void?: boolean },
  reason: string,
  cfg: ExchangeConfig,
): Promise<StaffOutcome & { action: string }> {
  const m = await locked(q, marketId);
  const target = staffTarget(m, body);
  const action =
    'void' in target ? 'market.void' : m.settledResult && !sameResult(m.settledResult, target) ? 'market.resettle' : 'market.settle';
  if (sameResult(m.staffResult, target) && sameResult(m.settledResult, target))
    return { changed: false, action, message: 'Already settled so.', market: await stateOf(q, m), players: [] };
  const before = await stateOf(q, m);
  await q.query(
    `UPDATE exchange_markets SET staff_result = $2::jsonb, staff_settled_by = $3, staff_settled_at = now(), staff_reason = $4,
       feed_alerted_result = NULL, staff_suspended = false, status = 'CLOSED', updated_at = now() WHERE market_id = $1`,
    [marketId, JSON.stringify(target), actor.staffId, reason],
  );
  const closed = (await lockMarket(q, marketId))!;
  const players = await settleResult(q, closed, cfg, target, { source: 'staff', staffId: actor.staffId ?? undefined, reason });
  // the same result the feed had already settled: no money moves, the decision is recorded as staff's (final)
  if (sameResult(m.settledResult, target)) await history(q, closed, 'confirm', actor.staffId, reason, target);
  const state = await stateOf(q, (await readMarket(q, marketId))!);
  await writeAudit(q, actor, { action, entityType: 'market', entityId: marketId, reason, before, after: state });
  const message = action === 'market.void' ? 'Voided.' : action === 'market.resettle' ? 'Re-settled.' : 'Settled.';
  return { changed: true, action, message, market: state, players };
}
