/**
 * Exact money maths on both sides of the wire: amounts travel as decimal strings ("1000.50") and are
 * added up as integer paisa (bigint), never as floats.
 */

/** A decimal amount with at most two places, optionally negative: the shape of `money` at the API edge. */
export const MONEY_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

export class InvalidMoney extends Error {
  constructor(readonly value: unknown) {
    super(`Invalid amount: ${String(value)}`);
    this.name = 'InvalidMoney';
  }
}

/** "1000.50" -> 100050n. More than two decimals is an error, not a rounding. */
export function toMinor(value: string): bigint {
  const m = MONEY_PATTERN.exec(typeof value === 'string' ? value.trim() : '');
  if (!m) throw new InvalidMoney(value);
  const minor = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -minor : minor;
}

/** 100050n -> "1000.50". A number is accepted for sums a screen keeps (whole paisa only). */
export function fromMinor(minor: bigint | number): string {
  const n = typeof minor === 'bigint' ? minor : BigInt(minor);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${abs / 100n}.${cents}`;
}
