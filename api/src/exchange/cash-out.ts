// Cash out (green-up) of a Match Odds or BookMaker position at current prices: for each runner, the opposite bet that
// makes the runner's win and lose outcomes equal (lay S_b * P_b / P_l after a back: docs/exchange-rules.md#cash-out),
// so the profit is the same whoever wins; one runner's bets only, and a share of the position (issue 33). Quoted here
// from the book as it stands; taken by the market's writer (writer/batch.ts `cashOut`), which prices the same pure quote (`cashOutQuote`)
// from the book its batch holds and places the hedges as fill-or-kill bets (the bet delay, market checks and holds
// the ordinary ones).
import { EXCHANGE_MESSAGES as M, cashOutShare, greenUpSide, greenUpStake, runnerOutcome } from '@khela/contracts';
import type { Queryable } from '../db';
import { runnerPl, type ExchangeBet } from './engine';
import type { ExchangeConfig } from './config';
import { BetRefused, loadBook } from './bets';
import type { MarketRow } from './markets';
import { loadMarketBets, runnerIds } from './positions';

export interface Hedge {
  selectionId: string;
  side: 'BACK' | 'LAY';
  /** Hundredths. */
  price: number;
  /** Minor units. */
  stake: number;
}

export interface CashOutQuote {
  hedges: Hedge[];
  /** Profit (negative: loss) whatever wins, once every hedge matches, minor units (partial: that share of it). */
  value: number;
  /** The position after the hedges: profit per runner if it wins (matched bets), minor units. */
  after: Map<string, number>;
}

/**
 * What to cash out (issue 33): one runner's own bets (`selectionId`) or every runner's (null), and the share of the
 * position hedged (`percent`, 1-100: a partial cash-out hedges that share of each runner's green-up stake).
 */
export interface CashOutScope {
  selectionId?: string | null;
  percent?: number;
}

/** BookMaker: the rate shown now for a hedge on one runner and side, as a price (100 + R), or null. */
export function bookmakerHedgePrice(market: MarketRow, selectionId: string, side: 'BACK' | 'LAY'): number | null {
  const r = market.runners.find((x) => String(x.selectionId) === selectionId);
  const rate = side === 'BACK' ? r?.backRate : r?.layRate;
  return typeof rate === 'number' && rate > 0 && !r?.suspended ? 100 + rate : null;
}

/** The best price a player can get now on one runner and side, or null: the book's top (feed and resting orders). */
async function bestPrice(
  q: Queryable,
  market: MarketRow,
  currency: string,
  selectionId: string,
  side: 'BACK' | 'LAY',
  cfg: ExchangeConfig,
) {
  if (market.kind === 'BOOKMAKER') return bookmakerHedgePrice(market, selectionId, side);
  const depth = (await loadBook(q, market, currency, selectionId, ['BACK', 'LAY'], cfg, false)).depth(selectionId, 1);
  const top = side === 'BACK' ? depth.availableToBack[0] : depth.availableToLay[0];
  return top ? top[0] : null;
}

/** The hedges that green up a player's matched position in the market at current prices. */
export async function quoteCashOut(
  q: Queryable,
  market: MarketRow,
  playerId: number,
  currency: string,
  cfg: ExchangeConfig,
  scope: CashOutScope = {},
): Promise<CashOutQuote> {
  if (market.kind === 'FANCY') throw new BetRefused(409, M.cashOutUnavailable, { code: 'cash_out' });
  const data = await loadMarketBets(q, market.marketId, [playerId]);
  const matched = data.parts.map((p) => ({ selectionId: p.selectionId, side: p.side, price: p.price, stake: p.stake }));
  // the prices the hedges would take, read first (the quote itself is pure)
  const prices = new Map<string, number | null>();
  for (const r of runnerIds(market)) {
    const side = greenUpSide(runnerOutcome(matched, r));
    if (side) prices.set(`${r}:${side}`, await bestPrice(q, market, currency, r, side, cfg));
  }
  return cashOutQuote(market, playerId, matched, scope, (r, side) => prices.get(`${r}:${side}`) ?? null);
}

/**
 * The quote of a cash-out at the prices `priceOf` answers (null: no price, refused): pure, shared by the quote read
 * above and the market writer's batch (writer/batch.ts), which prices from the book it holds.
 */
export function cashOutQuote(
  market: MarketRow,
  playerId: number,
  matchedParts: readonly { selectionId: string; side: 'BACK' | 'LAY'; price: number; stake: number }[],
  scope: CashOutScope,
  priceOf: (selectionId: string, side: 'BACK' | 'LAY') => number | null,
): CashOutQuote {
  if (market.kind === 'FANCY') throw new BetRefused(409, M.cashOutUnavailable, { code: 'cash_out' });
  const percent = scope.percent ?? 100;
  const only = scope.selectionId ?? null;
  if (only !== null && !runnerIds(market).includes(only)) throw new BetRefused(422, M.selectionNotFound, { code: 'selection' });
  const matched: ExchangeBet[] = matchedParts.map((p) => ({ playerId: String(playerId), ...p }));
  if (!matched.length) throw new BetRefused(409, M.nothingToCashOut, { code: 'nothing' });
  const runners = runnerIds(market);
  const hedges: Hedge[] = [];
  /** The whole green-up of the scope (what 100% would place): its value is what a share is a share of. */
  const whole: Hedge[] = [];
  for (const r of only === null ? runners : [only]) {
    // this runner's own bets: profit if it wins and if it loses; the hedge that evens them (exchange-maths)
    const outcome = runnerOutcome(matched, r);
    const side = greenUpSide(outcome);
    if (side === null) continue;
    const price = priceOf(r, side);
    if (price === null) throw new BetRefused(409, M.cashOutUnavailable, { code: 'cash_out' });
    const full = greenUpStake(outcome, price);
    if (full > 0) whole.push({ selectionId: r, side, price, stake: full });
    const stake = greenUpStake(outcome, price, percent);
    if (stake > 0) hedges.push({ selectionId: r, side, price, stake });
  }
  if (!hedges.length || !whole.length)
    throw new BetRefused(409, only === null ? M.nothingToCashOut : M.cashOutSelection, { code: 'nothing' });
  const as = (hs: Hedge[]) => hs.map((h) => ({ playerId: String(playerId), ...h }));
  // the whole value: every runner's P&L alike after the market's green-up (its worst, to the paisa of rounding); for
  // one runner, what its own bets lock whatever wins
  let wholeValue: number;
  if (only === null) wholeValue = Math.min(...runnerPl(runners, [...matched, ...as(whole)]).values());
  else {
    const o = runnerOutcome([...matched, ...as(whole)], only);
    wholeValue = Math.min(o.win, o.lose);
  }
  const after = runnerPl(runners, [...matched, ...as(hedges)]);
  return { hedges, value: cashOutShare(wholeValue, percent), after };
}
