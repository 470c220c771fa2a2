// Settlement of exchange markets on the feed's result: pay winners, take commission, release holds, write records;
// void; re-settle a corrected result. (Being written: see issue 11.)
import type { Queryable } from '../db';
import type { ExchangeConfig } from './config';
import type { MarketRow } from './markets';

/**
 * Settles (or voids, or re-settles) a CLOSED market whose feed result differs from what was last settled, under the
 * market's lock (the caller locked it). Answers the ids of players whose money moved (to push their balance).
 */
export async function settleMarket(_q: Queryable, _market: MarketRow, _cfg: ExchangeConfig): Promise<number[]> {
  return [];
}
