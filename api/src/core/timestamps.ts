/** A timestamp column (pg gives a Date, some drivers a string) as the API's ISO string; null stays null. */
export const isoTimestamp = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : new Date(String(v)).toISOString();
