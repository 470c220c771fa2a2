// The Betfair price ladder: 350 decimal prices from 1.01 to 1000. Prices are held internally as integer
// hundredths (1.01 -> 101, 1000 -> 100000) so no floating-point error ever reaches matching or money.
// Ticks: 0.01 to 2, 0.02 to 3, 0.05 to 4, 0.1 to 6, 0.2 to 10, 0.5 to 20, 1 to 30, 2 to 50, 5 to 100, 10 to 1000.

/** [upper bound (inclusive), tick] in hundredths, from the bottom of the ladder. */
const BANDS: readonly (readonly [number, number])[] = [
  [200, 1],
  [300, 2],
  [400, 5],
  [600, 10],
  [1000, 20],
  [2000, 50],
  [3000, 100],
  [5000, 200],
  [10000, 500],
  [100000, 1000],
];

export const MIN_PRICE = 101;
export const MAX_PRICE = 100000;

function build(): number[] {
  const out: number[] = [];
  let p = MIN_PRICE;
  for (const [top, tick] of BANDS) {
    // the first price of a band is the previous band's top plus this band's tick
    if (out.length > 0) p = out[out.length - 1]! + tick;
    for (; p <= top; p += tick) out.push(p);
  }
  return out;
}

/** The 350 ladder prices in hundredths, ascending. */
export const PRICE_LADDER: readonly number[] = Object.freeze(build());
export const PRICE_LADDER_SIZE = PRICE_LADDER.length;

const INDEX = new Map<number, number>(PRICE_LADDER.map((p, i) => [p, i]));

/** Ladder index (0..349) of a price in hundredths, or -1 when it is not a ladder price. */
export function priceIndex(price: number): number {
  return INDEX.get(price) ?? -1;
}

export function isValidPrice(price: number): boolean {
  return INDEX.has(price);
}

/** The price `n` ticks above (n < 0: below); undefined when that runs off the ladder or `price` is not on it. */
export function stepPrice(price: number, n: number): number | undefined {
  const i = priceIndex(price);
  if (i < 0) return undefined;
  return PRICE_LADDER[i + n];
}

export const tickUp = (price: number, n = 1) => stepPrice(price, n);
export const tickDown = (price: number, n = 1) => stepPrice(price, -n);

/** The nearest ladder price at or below (`down`) or at or above (`up`) any price in hundredths; clamped to the ladder. */
export function snapToLadder(price: number, dir: 'down' | 'up'): number {
  if (price <= MIN_PRICE) return MIN_PRICE;
  if (price >= MAX_PRICE) return MAX_PRICE;
  let lo = 0;
  let hi = PRICE_LADDER_SIZE - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (PRICE_LADDER[mid]! < price) lo = mid + 1;
    else hi = mid;
  }
  const at = PRICE_LADDER[lo]!; // smallest ladder price >= price
  if (at === price || dir === 'up') return at;
  return PRICE_LADDER[lo - 1]!;
}

/**
 * A decimal price as sent by a client ("2.5", 2.5, "1000") to hundredths, exactly: more than two decimals or a
 * non-number is refused (undefined). Does not check the ladder; use isValidPrice for that.
 */
export function parsePrice(input: string | number): number | undefined {
  const s = typeof input === 'number' ? String(input) : input.trim();
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Hundredths to the decimal string a client sees: 250 -> "2.5", 101 -> "1.01", 1000 -> "10". */
export function formatPrice(price: number): string {
  const whole = Math.trunc(price / 100);
  const frac = price % 100;
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}
