// A player's position in a market, from the database: matched bets (fills) and unmatched remainders, the worst case
// over outcomes (engine/position.ts), and the hold of that exposure in the ledger (player:N:exposure). SQL only.
import { RunnerPositionTally, fancyExposure, fancyValue, type RunnerBet } from '@khela/contracts';
import type { Queryable } from '../db';
import { playerAccounts, transfer } from '../ledger';
import { exchangePosition, type ExchangeBet, type FancyBet } from './engine';
import type { MarketRow } from './markets';

/** One bet as positions read it. */
export interface BetRow {
  id: number;
  playerId: number;
  currency: string;
  selectionId: string;
  side: 'BACK' | 'LAY' | 'YES' | 'NO';
  price: number;
  line: number | null;
  fancyType: number | null;
  stake: number;
  matched: number;
  remaining: number;
  status: string;
}

/** A matched part of a back or lay: one fill seen from one player's bet. */
export interface MatchedPart {
  betId: number;
  playerId: number;
  selectionId: string;
  side: 'BACK' | 'LAY';
  price: number;
  stake: number;
}

export interface MarketBets {
  bets: BetRow[];
  /** Match Odds and BookMaker: matched parts from the fills. */
  parts: MatchedPart[];
}

/**
 * The two reads of loadMarketBets as SQL, with `market` and `players` placeholders (players: null for every player):
 * for a caller that puts them in a statement of its own (the exchange writer's batch reads them in one).
 */
export function marketBetsSql(market: string, players: string | null): { bets: string; parts: string } {
  const filter = players ? `AND b.player_id = ANY(${players}::bigint[])` : '';
  return {
    bets: `SELECT id, player_id, currency, selection_id, side, price, line, fancy_type, stake_minor, matched_minor, remaining_minor, status
     FROM exchange_bets b WHERE b.market_id = ${market} ${filter} ORDER BY id`,
    // two joins, each by its own index (a fill's back bet, its lay bet), not one join on "back OR lay": that one is a
    // nested loop over every fill of the market for every bet, and a hot market's batch spent most of its time in it
    parts: `SELECT b.id AS bet_id, b.player_id, f.selection_id, 'BACK' AS side, f.price, f.stake_minor, f.id AS fill_id
     FROM exchange_bets b JOIN exchange_fills f ON f.back_bet_id = b.id
     WHERE b.market_id = ${market} ${filter}
     UNION ALL
     SELECT b.id AS bet_id, b.player_id, f.selection_id, 'LAY' AS side, f.price, f.stake_minor, f.id AS fill_id
     FROM exchange_bets b JOIN exchange_fills f ON f.lay_bet_id = b.id
     WHERE b.market_id = ${market} ${filter}
     ORDER BY fill_id, side`,
  };
}

type Num = string | number;
/** A row of marketBetsSql's bets (numbers as the driver gives them: text, or JSON numbers). */
export interface MarketBetRow {
  id: Num;
  player_id: Num;
  currency: string;
  selection_id: string;
  side: BetRow['side'];
  price: Num;
  line: Num | null;
  fancy_type: Num | null;
  stake_minor: Num;
  matched_minor: Num;
  remaining_minor: Num;
  status: string;
}
/** A row of marketBetsSql's parts. */
export interface MarketPartRow {
  bet_id: Num;
  player_id: Num;
  selection_id: string;
  side: 'BACK' | 'LAY';
  price: Num;
  stake_minor: Num;
}

export function toMarketBets(bets: MarketBetRow[], parts: MarketPartRow[]): MarketBets {
  return {
    bets: bets.map((b) => ({
      id: Number(b.id),
      playerId: Number(b.player_id),
      currency: b.currency,
      selectionId: String(b.selection_id),
      side: b.side,
      price: Number(b.price),
      line: b.line === null ? null : Number(b.line),
      fancyType: b.fancy_type === null ? null : Number(b.fancy_type),
      stake: Number(b.stake_minor),
      matched: Number(b.matched_minor),
      remaining: Number(b.remaining_minor),
      status: b.status,
    })),
    parts: parts.map((p) => ({
      betId: Number(p.bet_id),
      playerId: Number(p.player_id),
      selectionId: String(p.selection_id),
      side: p.side,
      price: Number(p.price),
      stake: Number(p.stake_minor),
    })),
  };
}

/** Every bet of a market (optionally of some players), with the matched parts of its backs and lays. */
export async function loadMarketBets(q: Queryable, marketId: string, playerIds?: number[]): Promise<MarketBets> {
  const params: unknown[] = playerIds ? [marketId, playerIds] : [marketId];
  const sql = marketBetsSql('$1', playerIds ? '$2' : null);
  const bets = await q.query<MarketBetRow>(sql.bets, params);
  const parts = await q.query<MarketPartRow>(sql.parts, params);
  return toMarketBets(bets.rows, parts.rows);
}

/** Runner ids of a Match Odds or BookMaker market, as the bets name them. */
export const runnerIds = (market: MarketRow) => market.runners.map((r) => String(r.selectionId));

/** A matched Fancy bet in the engine's terms: the line is compared with the settling value (runs, digit or parity). */
export function fancyBet(b: BetRow, stake = b.matched): FancyBet {
  return { playerId: String(b.playerId), side: b.side as 'YES' | 'NO', line: b.line ?? 0, rate: b.price, stake };
}

/** The value a Fancy market settles on. */
export const fancyResultValue = (market: MarketRow, runs: number) => fancyValue(market.fancy?.type ?? 2, runs);

export interface PlayerPosition {
  /** Match Odds / BookMaker: profit per runner from matched bets, and with unmatched orders at their worst. */
  pl: Map<string, number>;
  worst: Map<string, number>;
  /** Fancy: profit per settling value. */
  table: { runs: number; pl: number }[];
  exposure: number;
}

/**
 * One player's position in a market. Unmatched remainders and bets still in the delay (PENDING: the whole stake)
 * count at their worst; a PENDING Fancy bet adds its whole possible loss.
 */
export function playerPosition(market: MarketRow, playerId: number, data: MarketBets): PlayerPosition {
  const own = data.bets.filter((b) => b.playerId === playerId);
  if (market.kind === 'FANCY') {
    const matched = own.filter((b) => b.matched > 0 && b.status !== 'VOID').map((b) => fancyBet(b));
    const pending = own.filter((b) => b.status === 'PENDING').map((b) => fancyBet(b, b.stake));
    const pos = fancyExposure(matched, pending);
    return { pl: new Map(), worst: new Map(), table: pos.table, exposure: pos.exposure };
  }
  const runners = runnerIds(market);
  const matched: ExchangeBet[] = data.parts
    .filter((p) => p.playerId === playerId)
    .map((p) => ({ playerId: String(playerId), selectionId: p.selectionId, side: p.side, price: p.price, stake: p.stake }));
  const unmatched: ExchangeBet[] = [];
  for (const b of own) {
    const open = openOrder(b);
    if (open) unmatched.push({ playerId: String(playerId), ...open });
  }
  const pos = exchangePosition(runners, matched, unmatched);
  return { pl: pos.pl, worst: pos.worst, table: [], exposure: pos.exposure };
}

/** What of a back or lay counts as open at its worst: its unmatched remainder, or in the delay (PENDING) its whole stake. */
export function openOrder(b: BetRow): RunnerBet | null {
  const open = b.status === 'PENDING' ? b.stake : b.remaining;
  return open > 0 && (b.side === 'BACK' || b.side === 'LAY')
    ? { selectionId: b.selectionId, side: b.side, price: b.price, stake: open }
    : null;
}

/**
 * A Match Odds or BookMaker player's position as a running tally (the market writer keeps one per player, so a bet's
 * exposure does not cost a pass over the player's whole history): the player's matched parts and open orders of
 * `data`, each open order under its bet id. Null for Fancy (its table is recomputed: few bets, and lines, not runners).
 * playerPosition stays on exchangePosition: the checks from scratch read it, so they do not share the tally's code.
 */
export function positionTally(market: MarketRow, playerId: number, data: MarketBets): RunnerPositionTally | null {
  if (market.kind === 'FANCY') return null;
  const tally = new RunnerPositionTally(runnerIds(market));
  for (const p of data.parts) if (p.playerId === playerId) tally.addMatched(p);
  for (const b of data.bets) if (b.playerId === playerId) tally.setOpen(b.id, openOrder(b));
  return tally;
}

/**
 * Sets the amount held for a player's position in a market to `exposure` (minor units): the difference moves between
 * the player's main and exposure accounts. Raising it takes InsufficientFunds from the ledger when main cannot cover
 * it (the caller refuses the bet). Answers the previous hold. Call under the market's lock.
 */
export async function setHold(q: Queryable, playerId: number, market: MarketRow, exposure: number): Promise<number> {
  const accounts = await playerAccounts(q, playerId);
  const read = () =>
    q.query<{ exposure_minor: string; hold_version: number }>(
      'SELECT exposure_minor, hold_version FROM exchange_positions WHERE player_id = $1 AND market_id = $2 FOR UPDATE',
      [playerId, market.marketId],
    );
  let r = await read();
  if (!r.rows[0]) {
    await q.query(
      `INSERT INTO exchange_positions (player_id, market_id, currency) VALUES ($1, $2, $3) ON CONFLICT (player_id, market_id) DO NOTHING`,
      [playerId, market.marketId, accounts.currency],
    );
    r = await read();
  }
  const before = Number(r.rows[0]!.exposure_minor);
  const version = Number(r.rows[0]!.hold_version) + 1;
  if (before === exposure) return before;
  const delta = BigInt(exposure - before);
  await transfer(q, {
    idempotencyKey: `exchange:hold:${playerId}:${market.marketId}:${version}`,
    kind: 'exchange.hold',
    reference: market.marketId,
    metadata: { market_id: market.marketId, exposure },
    legs: [
      { account: accounts.main, amountMinor: -delta },
      { account: accounts.exposure, amountMinor: delta },
    ],
  });
  await q.query(
    'UPDATE exchange_positions SET exposure_minor = $3, hold_version = $4, updated_at = now() WHERE player_id = $1 AND market_id = $2',
    [playerId, market.marketId, exposure, version],
  );
  return before;
}

/**
 * Recomputes and re-holds the exposure of these players in the market (after matches, cancels, lapses). Players are
 * taken in id order so two transactions never lock the same ledger accounts in opposite orders.
 */
export async function rehold(q: Queryable, market: MarketRow, playerIds: Iterable<number>): Promise<Map<number, number>> {
  const ids = [...new Set(playerIds)].sort((a, b) => a - b);
  const out = new Map<number, number>();
  if (!ids.length) return out;
  const data = await loadMarketBets(q, market.marketId, ids);
  for (const id of ids) {
    const { exposure } = playerPosition(market, id, data);
    await setHold(q, id, market, exposure);
    out.set(id, exposure);
  }
  return out;
}
