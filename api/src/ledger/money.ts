import { HttpError } from '../http/errors';

export class InvalidAmount extends HttpError {
  constructor(value: unknown) {
    super(422, 'Invalid amount', { errors: { amount: [`Invalid amount: ${String(value)}`] } });
  }
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "1000.50" -> 100050n. Exact: no floats; more than 2 decimals is an error, not a rounding. */
export function toMinor(value: string): bigint {
  const m = DECIMAL.exec(typeof value === 'string' ? value.trim() : '');
  if (!m) throw new InvalidAmount(value);
  const minor = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -minor : minor;
}

/** 100050n -> "1000.50" */
export function fromMinor(minor: bigint): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${abs / 100n}.${cents}`;
}

/** pg returns int8 as a string; never go through Number for money. */
export function parseMinor(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'string' || typeof v === 'number') return BigInt(v);
  throw new TypeError(`Not an integer amount: ${String(v)}`);
}
