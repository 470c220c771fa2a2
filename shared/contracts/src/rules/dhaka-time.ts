/**
 * docs/README.md#spec-9: record dates are Dhaka calendar days (GMT+6) whatever the phone's or the server's zone.
 * The server filters betting records with these ranges and the wallet screens filter transactions
 * with the same ones, so "Today" means the same rows on both sides.
 */

export const DHAKA_TZ = 'Asia/Dhaka';
export const DAY_MS = 86_400_000;
/** Asia/Dhaka is UTC+6 all year (no daylight saving). */
export const DHAKA_OFFSET_MS = 6 * 3_600_000;

export type DhakaDateFilter = 'today' | 'yesterday' | 'last7';

/** [from, to): `to` null is open-ended, so a row stamped by a clock slightly ahead of ours still shows. */
export interface DhakaRange {
  from: Date;
  to: Date | null;
}

/** Start of the Dhaka calendar day containing `now`, as a UTC instant. */
export function dhakaDayStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() + DHAKA_OFFSET_MS) / DAY_MS) * DAY_MS - DHAKA_OFFSET_MS);
}

/** The range of a record date filter; "Last 7 days" is now minus 7 days (docs/README.md#spec-9). */
export function dhakaDateRange(filter: DhakaDateFilter, now: Date = new Date()): DhakaRange {
  const today = dhakaDayStart(now);
  if (filter === 'yesterday') return { from: new Date(today.getTime() - DAY_MS), to: today };
  if (filter === 'last7') return { from: new Date(now.getTime() - 7 * DAY_MS), to: null };
  return { from: today, to: null };
}

export function inDhakaDateRange(instant: string | number | Date, filter: DhakaDateFilter, now: Date = new Date()): boolean {
  const t = new Date(instant).getTime();
  const { from, to } = dhakaDateRange(filter, now);
  return t >= from.getTime() && (to === null || t < to.getTime());
}
