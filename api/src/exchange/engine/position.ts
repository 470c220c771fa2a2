// Positions, exposure and settlement for one player in one market, from matched bets. Pure: no database.
//
// Money is integer minor units (paisa); prices are integer hundredths (ladder.ts); rates are integers per 100.
// Rounding (documented rule, tested in position.test.ts):
//   - Match Odds and BookMaker: the profit of a matched back, S*(P-1), is rounded DOWN to the minor unit, and the
//     layer's liability on that same bet is the SAME rounded amount, so every matched pair is exactly zero-sum
//     (what one side wins the other loses, to the paisa). Rounding down favours the layer, which for house-priced
//     BookMaker and the feed's liquidity is the house. A stake whose profit rounds to 0 is refused (minProfitOk).
//   - Fancy (always against the house): the player's winnings are rounded DOWN (YES: S*r/100) and the player's
//     losses rounded UP (NO: S*r/100), both in the house's favour. Stakes are exact.
//   - Commission: floor(net winnings * rate), so it never exceeds the stated rate.
//
// Exposure (Match Odds, BookMaker): pl[r] is the player's profit if runner r wins, from matched bets:
//   pl[r] = sum backs on r of S(P-1) - sum lays on r of S(P-1) + sum lays on other runners of S - sum backs on
//   other runners of S (domain.md). Unmatched orders count "at their worst": each unmatched remainder adds, for every
//   outcome, its loss in that outcome and never its win (an unmatched back of S on r adds -S to every other runner's
//   outcome and 0 to r's; an unmatched lay of S at P on r adds -S(P-1) to r's outcome and 0 to the others'), so an
//   unmatched order can never lower exposure and a matched hedge can. exposure = max(0, -min over r of worst[r]).
import { MAX_PRICE, MIN_PRICE } from '@khela/contracts';

export type ExchangeSide = 'BACK' | 'LAY';
export type FancySide = 'YES' | 'NO';

export interface ExchangeBet {
  playerId: string;
  selectionId: string;
  side: ExchangeSide;
  /** Hundredths: a ladder price for Match Odds, 100 + R for a BookMaker rate R. */
  price: number;
  /** Backer's stake, minor units. */
  stake: number;
}

export interface FancyBet {
  playerId: string;
  side: FancySide;
  /** The line of the side taken (YES line for YES, NO line for NO), in runs. */
  line: number;
  /** Rate per 100 of the side taken. */
  rate: number;
  stake: number;
}

export type MarketKind = 'MATCH_ODDS' | 'BOOKMAKER' | 'FANCY';

export interface MarketDef {
  id: string;
  kind: MarketKind;
  /** Runners (selection ids) of a Match Odds or BookMaker market. */
  runners?: readonly string[];
  /** Commission in basis points on net winnings; default 500 (5%) for Match Odds, 0 for BookMaker and Fancy. */
  commissionBps?: number;
}

export type MarketResult = { winner: string } | { runs: number } | { void: true };

const DEFAULT_COMMISSION_BPS: Record<MarketKind, number> = { MATCH_ODDS: 500, BOOKMAKER: 0, FANCY: 0 };

function mulDiv(a: number, b: number, d: number, up: boolean): number {
  const n = BigInt(a) * BigInt(b);
  const q = n / BigInt(d);
  const r = up && q * BigInt(d) !== n ? q + 1n : q;
  const out = Number(r);
  if (!Number.isSafeInteger(out)) throw new RangeError('amount out of range');
  return out;
}

/** S*(P-1) rounded down: a back's profit and the matching lay's liability. */
export function backProfit(stake: number, price: number): number {
  if (price <= 100) throw new RangeError(`price ${price} must be above 1.00`);
  return mulDiv(stake, price - 100, 100, false);
}

/** Decimal price in hundredths of a BookMaker rate R (integer, per 100): 45 -> 145. */
export function bookmakerPrice(rate: number): number {
  if (!Number.isSafeInteger(rate) || rate <= 0) throw new RangeError(`BookMaker rate ${rate} must be a positive integer`);
  return 100 + rate;
}

/** A stake that cannot pay at least one minor unit is refused (domain.md). */
export function minProfitOk(stake: number, price: number): boolean {
  return backProfit(stake, price) >= 1;
}

/** Profit if each runner wins, from matched bets (all bets given are counted; filter by player first). */
export function runnerPl(runners: readonly string[], bets: readonly ExchangeBet[]): Map<string, number> {
  // pl[x] = (sum of every bet's outcome when its runner loses) + sum over bets on x of (win - lose)
  let base = 0;
  const delta = new Map<string, number>(runners.map((r) => [r, 0]));
  for (const b of bets) {
    const d = delta.get(b.selectionId);
    if (d === undefined) throw new RangeError(`selection ${b.selectionId} is not a runner of this market`);
    const profit = backProfit(b.stake, b.price);
    const win = b.side === 'BACK' ? profit : -profit;
    const lose = b.side === 'BACK' ? -b.stake : b.stake;
    base += lose;
    delta.set(b.selectionId, d + win - lose);
  }
  const out = new Map<string, number>();
  for (const r of runners) out.set(r, base + delta.get(r)!);
  return out;
}

export interface ExchangePosition {
  /** Profit (negative: loss) if each runner wins, matched bets only. */
  pl: Map<string, number>;
  /** pl with unmatched orders counted at their worst. */
  worst: Map<string, number>;
  /** max(0, -min over runners of worst). */
  exposure: number;
}

/** One player's position in a Match Odds or BookMaker market: matched bets plus unmatched remainders (stake = remaining). */
export function exchangePosition(
  runners: readonly string[],
  matched: readonly ExchangeBet[],
  unmatched: readonly ExchangeBet[] = [],
): ExchangePosition {
  const pl = runnerPl(runners, matched);
  const worst = new Map(pl);
  for (const u of unmatched) {
    if (!worst.has(u.selectionId)) throw new RangeError(`selection ${u.selectionId} is not a runner of this market`);
    if (u.side === 'BACK') {
      for (const r of runners) if (r !== u.selectionId) worst.set(r, worst.get(r)! - u.stake);
    } else {
      worst.set(u.selectionId, worst.get(u.selectionId)! - backProfit(u.stake, u.price));
    }
  }
  let min = 0;
  for (const v of worst.values()) if (v < min) min = v;
  return { pl, worst, exposure: min < 0 ? -min : 0 };
}

/** A Fancy bet's profit (negative: loss) when the innings ends on `runs`. */
export function fancyBetPl(b: FancyBet, runs: number): number {
  if (b.side === 'YES') return runs >= b.line ? mulDiv(b.stake, b.rate, 100, false) : -b.stake;
  return runs < b.line ? b.stake : -mulDiv(b.stake, b.rate, 100, true);
}

export function fancyPl(bets: readonly FancyBet[], runs: number): number {
  let s = 0;
  for (const b of bets) s += fancyBetPl(b, runs);
  return s;
}

export interface FancyPosition {
  /**
   * Profit per run value from one below the lowest line to the highest line. The P&L only changes at a line, so
   * every run value below the table equals its first row and every one above equals its last: the table is complete.
   */
  table: { runs: number; pl: number }[];
  exposure: number;
}

export function fancyPosition(bets: readonly FancyBet[]): FancyPosition {
  if (bets.length === 0) return { table: [], exposure: 0 };
  let lo = Infinity;
  let hi = -Infinity;
  for (const b of bets) {
    if (!Number.isSafeInteger(b.line) || b.line < 0) throw new RangeError(`line ${b.line} must be a whole number of runs`);
    lo = Math.min(lo, b.line);
    hi = Math.max(hi, b.line);
  }
  const table: { runs: number; pl: number }[] = [];
  let min = 0;
  for (let runs = Math.max(0, lo - 1); runs <= hi; runs++) {
    const pl = fancyPl(bets, runs);
    table.push({ runs, pl });
    if (pl < min) min = pl;
  }
  return { table, exposure: min < 0 ? -min : 0 };
}

export interface Settlement {
  playerId: string;
  /** Profit before commission (negative: loss). */
  gross: number;
  commission: number;
  /** gross - commission: what the ledger moves for the player (0 on void: every stake returned, nothing taken). */
  net: number;
}

function byPlayer<T extends { playerId: string }>(bets: readonly T[]): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const b of bets) {
    const l = m.get(b.playerId);
    if (l) l.push(b);
    else m.set(b.playerId, [b]);
  }
  return new Map([...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Settle a market's matched bets on its result: each player's net amount, sorted by player id. Commission is taken
 * per player per market on the net winnings only (a player who lost, or broke even, pays none). A void result
 * returns every stake (net 0). Unmatched orders are not bets: cancel them before settling.
 */
export function settle(market: MarketDef, bets: readonly ExchangeBet[] | readonly FancyBet[], result: MarketResult): Settlement[] {
  const bps = market.commissionBps ?? DEFAULT_COMMISSION_BPS[market.kind];
  if (!Number.isSafeInteger(bps) || bps < 0 || bps > 10_000) throw new RangeError(`commission ${bps} bps out of range`);
  const out: Settlement[] = [];
  for (const [playerId, own] of byPlayer<ExchangeBet | FancyBet>(bets)) {
    let gross: number;
    if ('void' in result) gross = 0;
    else if (market.kind === 'FANCY') {
      if (!('runs' in result)) throw new RangeError('a Fancy market settles on runs');
      gross = fancyPl(own as FancyBet[], result.runs);
    } else {
      if (!('winner' in result)) throw new RangeError('a Match Odds or BookMaker market settles on a winner');
      const runners = market.runners ?? [];
      if (!runners.includes(result.winner)) throw new RangeError(`winner ${result.winner} is not a runner`);
      gross = runnerPl(runners, own as ExchangeBet[]).get(result.winner)!;
    }
    const commission = gross > 0 ? mulDiv(gross, bps, 10_000, false) : 0;
    out.push({ playerId, gross, commission, net: gross - commission });
  }
  return out;
}

/** The two bets (one back, one lay) each fill makes, for positions and settlement. */
export function betsFromFills(
  fills: readonly { runnerId: string; price: number; stake: number; backPlayerId: string; layPlayerId: string }[],
): ExchangeBet[] {
  const out: ExchangeBet[] = [];
  for (const f of fills) {
    out.push({ playerId: f.backPlayerId, selectionId: f.runnerId, side: 'BACK', price: f.price, stake: f.stake });
    out.push({ playerId: f.layPlayerId, selectionId: f.runnerId, side: 'LAY', price: f.price, stake: f.stake });
  }
  return out;
}

/** Unmatched remainders of orders as bets (stake = remaining), for exchangePosition's `unmatched`. */
export function betsFromOrders(
  orders: readonly { playerId: string; runnerId: string; side: ExchangeSide; price: number; remaining: number }[],
): ExchangeBet[] {
  return orders
    .filter((o) => o.remaining > 0)
    .map((o) => ({ playerId: o.playerId, selectionId: o.runnerId, side: o.side, price: o.price, stake: o.remaining }));
}

export const PRICE_RANGE = { min: MIN_PRICE, max: MAX_PRICE } as const;
