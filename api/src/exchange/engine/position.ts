// Positions, exposure and settlement for one player in one market, from matched bets. Pure: no database.
//
// The maths itself (rounding, runner P&L, worst case and exposure, the Fancy run table, commission) lives in
// @khela/contracts rules/exchange-maths.ts, shared with the API's views, the protection checks and the bet slip;
// this file is the engine's API over it (bets carry their player) and settles a market's players.
import {
  MAX_PRICE,
  MIN_PRICE,
  commissionMinor,
  fancyPl,
  runnerPl,
  type FancyRunBet,
  type FancyRunPosition,
  type RunnerBet,
  type RunnerPosition,
} from '@khela/contracts';

export { backProfit, bookmakerPrice, exchangePosition, fancyBetPl, fancyPl, fancyPosition, minProfitOk, runnerPl } from '@khela/contracts';

export type ExchangeSide = 'BACK' | 'LAY';
export type FancySide = 'YES' | 'NO';

/** A back or lay of one player (price in hundredths, BookMaker 100 + R; stake in minor units). */
export interface ExchangeBet extends RunnerBet {
  playerId: string;
}

/** A Fancy bet of one player (the line of the side taken, its rate per 100). */
export interface FancyBet extends FancyRunBet {
  playerId: string;
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

export type ExchangePosition = RunnerPosition;
export type FancyPosition = FancyRunPosition;

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
    const commission = commissionMinor(gross, bps);
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
