// Placing, matching, cancelling and lapsing exchange bets. (Being written: see issue 11.)
import type { Queryable } from '../db';
import type { ExchangeConfig } from './config';
import type { MarketRow } from './markets';

/** The turn in-play: unmatched LAPSE orders of the market lapse (caller holds the market lock). Answers affected player ids. */
export async function lapseUnpersisted(_q: Queryable, _market: MarketRow): Promise<number[]> {
  return [];
}

/** After the feed changed a Match Odds market's prices: resting orders the new prices cross are matched (market locked). */
export async function sweepCrossing(_q: Queryable, _market: MarketRow, _cfg: ExchangeConfig): Promise<number[]> {
  return [];
}
