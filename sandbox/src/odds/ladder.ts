import { MAX_PRICE, PRICE_LADDER, priceIndex, snapToLadder } from '@khela/contracts';

/**
 * The feed speaks decimal prices (the spec's odds-host shapes); the ladder itself is the contract's
 * (`PRICE_LADDER`, integer hundredths), so the feed, the API's matching engine and the bet slip step along the
 * same 350 prices.
 */
const hundredths = (price: number) => Math.round(price * 100);

/** The 350 prices as decimals, 1.01 .. 1000. */
export const LADDER: readonly number[] = Object.freeze(PRICE_LADDER.map((p) => p / 100));

/** The tick above a price (the band it starts): tickSize(2) = 0.02, tickSize(1.99) = 0.01, tickSize(1000) = 10. */
export function tickSize(price: number): number {
  const h = hundredths(price);
  if (h >= MAX_PRICE) return 10;
  const next = snapToLadder(h + 1, 'up');
  return (next - snapToLadder(next - 1, 'down')) / 100;
}

/** Ladder index of a price, or -1 when the price is not on the ladder. */
export function ladderIndex(price: number): number {
  return priceIndex(hundredths(price));
}

export const isOnLadder = (price: number) =>
  Number.isFinite(price) && ladderIndex(price) >= 0 && Math.abs(price * 100 - hundredths(price)) < 1e-6;

/** Index of the ladder price nearest to any price. */
export function nearestLadderIndex(price: number): number {
  const h = hundredths(price);
  const down = snapToLadder(h, 'down');
  const up = snapToLadder(h, 'up');
  return priceIndex(h - down <= up - h ? down : up);
}

/** The price n ticks away (clamped to 1.01 .. 1000). */
export function stepPrice(price: number, n: number): number {
  const i = ladderIndex(price) >= 0 ? ladderIndex(price) : nearestLadderIndex(price);
  return LADDER[Math.max(0, Math.min(LADDER.length - 1, i + n))]!;
}
