import { DHAKA_OFFSET_MS } from '@khela/contracts';
import { HttpError } from '../errors';

/** A timestamp column (pg gives a Date, some drivers a string) as the API's ISO string; null stays null. */
export const isoTimestamp = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : new Date(String(v)).toISOString();

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The UTC instant a Dhaka calendar day starts (Asia/Dhaka is UTC+6 all year). */
export function dhakaDateStart(day: string): Date {
  const t = DATE.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) {
    throw new HttpError(422, `Invalid date: ${day} (expected YYYY-MM-DD).`);
  }
  return new Date(t - DHAKA_OFFSET_MS);
}
