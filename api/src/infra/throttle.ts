import { CHALLENGE_MESSAGES } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { HttpError } from '../errors';
import { ChallengeRequired, redeemChallenge, type ChallengeConfig } from './challenge';

export interface RateRule {
  /** Events allowed inside the window (already multiplied by RATE_LIMIT_SCALE); past it the attempt is refused (429). */
  max: number;
  windowSeconds: number;
  /**
   * Unusual volume (issue 27 item 11): from this many events on, an attempt needs a solved proof-of-work challenge
   * (428 `challenge_required` without one) instead of being refused; `max` stays the hard ceiling.
   */
  challengeAt?: number;
}

export class TooManyRequests extends HttpError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      retry_after: retryAfterSeconds,
    });
  }
}

/** One throttle an attempt counts against: `rule.max` events of `bucket`+`key` per window. */
export interface Limit {
  bucket: string;
  key: string;
  rule: RateRule;
}

/** The events an attempt reserved; `release` takes them back (e.g. a successful log-in is no failure). */
export interface Reservation {
  ids: string[];
}

/**
 * Reserves one attempt in every limit at once, or in none: 429 when any of them is already full; 428
 * `challenge_required` when one has reached its `challengeAt` and the request has no solved, unused challenge.
 * Count and insert run in one transaction under a per-key advisory lock (taken in a fixed order, so
 * two attempts never deadlock), which every API process on the database shares: N parallel attempts
 * can never all see "under the limit". Call it BEFORE the expensive or secret check (argon2, sending
 * a code), and keep the reservation when the attempt should count.
 */
export function reserveAttempt(
  db: Db,
  limits: Limit[],
  /** The request's solved challenge (X-Challenge), spent only when a limit's `challengeAt` is reached. */
  challenge?: { config: ChallengeConfig; header: string | undefined; solved?: boolean },
): Promise<Reservation> {
  const sorted = [...limits].sort((a, b) => (a.bucket + '\0' + a.key < b.bucket + '\0' + b.key ? -1 : 1));
  return db.tx(async (q) => {
    for (const l of sorted) await q.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [l.bucket, l.key]);
    let unusual = false;
    for (const l of sorted) {
      const r = await q.query<{ n: number; oldest: number | null }>(
        `SELECT count(*)::int AS n, extract(epoch FROM min(created_at))::float8 AS oldest FROM rate_limit_events
         WHERE bucket = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3)`,
        [l.bucket, l.key, l.rule.windowSeconds],
      );
      const n = Number(r.rows[0]?.n ?? 0);
      if (n >= l.rule.max) {
        const oldest = Number(r.rows[0]?.oldest ?? Date.now() / 1000);
        throw new TooManyRequests(Math.max(1, Math.ceil(oldest + l.rule.windowSeconds - Date.now() / 1000)));
      }
      if (l.rule.challengeAt !== undefined && n >= l.rule.challengeAt) unusual = true;
    }
    // unusual volume: a solved challenge (used up in this transaction) instead of a refusal; none or a bad one: 428
    if (unusual) {
      const header = challenge?.header;
      // `solved`: the caller already spent this request's challenge (desktop registration always needs one)
      if (!challenge?.solved && !(challenge && (await redeemChallenge(q, challenge.config, header))))
        throw new ChallengeRequired(header ? CHALLENGE_MESSAGES.invalid : undefined);
    }
    const ids: string[] = [];
    for (const l of sorted) {
      const ins = await q.query<{ id: string }>('INSERT INTO rate_limit_events (bucket, key) VALUES ($1, $2) RETURNING id', [
        l.bucket,
        l.key,
      ]);
      ids.push(String(ins.rows[0]!.id));
    }
    // keep the table small: nothing older than a day matters
    if (Math.random() < 0.02) await q.query(`DELETE FROM rate_limit_events WHERE created_at < now() - interval '1 day'`);
    return { ids };
  });
}

/** Takes a reservation back (the attempt turned out not to count). */
export async function releaseAttempt(q: Queryable, reservation: Reservation): Promise<void> {
  if (reservation.ids.length) await q.query('DELETE FROM rate_limit_events WHERE id = ANY($1::bigint[])', [reservation.ids]);
}

export async function clearEvents(q: Queryable, bucket: string, key: string): Promise<void> {
  await q.query('DELETE FROM rate_limit_events WHERE bucket = $1 AND key = $2', [bucket, key]);
}
