import type { Queryable } from '../db';
import { HttpError } from '../http/errors';
import type { RateRule } from './config';

export class TooManyRequests extends HttpError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      retry_after: retryAfterSeconds,
    });
  }
}

/** Throws 429 when `key` already has `rule.max` events in the window of `bucket`. */
export async function assertUnderLimit(q: Queryable, bucket: string, key: string, rule: RateRule): Promise<void> {
  const r = await q.query<{ n: string; oldest: string | null }>(
    `SELECT count(*)::int AS n, extract(epoch FROM min(created_at))::float8 AS oldest FROM rate_limit_events
     WHERE bucket = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3)`,
    [bucket, key, rule.windowSeconds],
  );
  const n = Number(r.rows[0]?.n ?? 0);
  if (n >= rule.max) {
    const oldest = Number(r.rows[0]?.oldest ?? Date.now() / 1000);
    const retry = Math.max(1, Math.ceil(oldest + rule.windowSeconds - Date.now() / 1000));
    throw new TooManyRequests(retry);
  }
}

export async function recordEvent(q: Queryable, bucket: string, key: string): Promise<void> {
  await q.query('INSERT INTO rate_limit_events (bucket, key) VALUES ($1, $2)', [bucket, key]);
  // keep the table small: nothing older than a day matters
  if (Math.random() < 0.02) await q.query(`DELETE FROM rate_limit_events WHERE created_at < now() - interval '1 day'`);
}

export async function clearEvents(q: Queryable, bucket: string, key: string): Promise<void> {
  await q.query('DELETE FROM rate_limit_events WHERE bucket = $1 AND key = $2', [bucket, key]);
}
