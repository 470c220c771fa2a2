/**
 * The Betfair price ladder: 350 prices from 1.01 to 1000, the tick growing with the price
 * (0.01 to 2, 0.02 to 3, 0.05 to 4, 0.1 to 6, 0.2 to 10, 0.5 to 20, 1 to 30, 2 to 50, 5 to 100, 10 to 1000).
 * Prices are kept in integer hundredths while building so no 1.0300000001 lands on the ladder.
 */
export const LADDER_BANDS: ReadonlyArray<readonly [from: number, to: number, tick: number]> = [
  [1.01, 2, 0.01],
  [2, 3, 0.02],
  [3, 4, 0.05],
  [4, 6, 0.1],
  [6, 10, 0.2],
  [10, 20, 0.5],
  [20, 30, 1],
  [30, 50, 2],
  [50, 100, 5],
  [100, 1000, 10],
];

export function buildLadder(): number[] {
  const out: number[] = [];
  for (const [from, to, step] of LADDER_BANDS) {
    for (let c = Math.round(from * 100); c < Math.round(to * 100); c += Math.round(step * 100)) out.push(c / 100);
  }
  out.push(1000);
  return out;
}

export const LADDER: readonly number[] = Object.freeze(buildLadder());
const INDEX = new Map(LADDER.map((p, i) => [Math.round(p * 100), i]));

/** The tick above a price (the band it starts): tickSize(2) = 0.02, tickSize(1.99) = 0.01. */
export function tickSize(price: number): number {
  for (const [from, to, step] of LADDER_BANDS) if (price >= from - 1e-9 && price < to - 1e-9) return step;
  return 10;
}

/** Ladder index of a price, or -1 when the price is not on the ladder. */
export function ladderIndex(price: number): number {
  return INDEX.get(Math.round(price * 100)) ?? -1;
}

export const isOnLadder = (price: number) =>
  Number.isFinite(price) && ladderIndex(price) >= 0 && Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

export function nearestLadderIndex(price: number): number {
  let best = 0;
  for (let i = 1; i < LADDER.length; i++) if (Math.abs(LADDER[i]! - price) < Math.abs(LADDER[best]! - price)) best = i;
  return best;
}

/** The price n ticks away (clamped to 1.01 .. 1000). */
export function stepPrice(price: number, n: number): number {
  const i = ladderIndex(price) >= 0 ? ladderIndex(price) : nearestLadderIndex(price);
  return LADDER[Math.max(0, Math.min(LADDER.length - 1, i + n))]!;
}
