import { InvalidMoney, fromMinor, toMinor as parseDecimal } from '@khela/contracts';
import { HttpError } from '../errors';

// The maths is the contracts' (the browser adds money the same way); here a bad amount becomes a 422.
export { fromMinor };

export class InvalidAmount extends HttpError {
  constructor(value: unknown) {
    super(422, 'Invalid amount', { errors: { amount: [`Invalid amount: ${String(value)}`] } });
  }
}

/** "1000.50" -> 100050n. Exact: no floats; more than 2 decimals is an error, not a rounding. */
export function toMinor(value: string): bigint {
  try {
    return parseDecimal(value);
  } catch (err) {
    if (err instanceof InvalidMoney) throw new InvalidAmount(value);
    throw err;
  }
}

/** pg returns int8 as a string; never go through Number for money. */
export function parseMinor(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'string' || typeof v === 'number') return BigInt(v);
  throw new TypeError(`Not an integer amount: ${String(v)}`);
}
