import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, idempotencyKeyOf } from '@khela/contracts';
import { sha256Hex } from '@khela/contracts/signing';
import type { Queryable } from '../db';
import { Conflict, HttpError } from '../errors';
import { lockPlayer } from './players';

/*
 * The one idempotency rule and store of player money requests (deposits, withdrawals, e-wallet
 * requests, VIP conversion, cash-bonus claim). Ledger transfers have their own, internal keys.
 */

/** The client's Idempotency-Key of a request (see contracts' rule), undefined when none was sent. */
export const requestIdempotencyKey = (req: { headers: FastifyRequest['headers'] }) => idempotencyKeyOf(req.headers[IDEMPOTENCY_KEY_HEADER]);

export const requestHash = (body: unknown) => sha256Hex(JSON.stringify(body ?? null));

/** The answer to a key another request of the same player is using right now (a retry gets that request's answer). */
export const KEY_IN_FLIGHT = 'This request is still being processed. Please wait.';

/**
 * Runs `work` at most once per (player, endpoint, key) inside the caller's transaction.
 * A repeat with the same body answers the stored response; a different body is a 409.
 * Only successes are stored: a refused request may be retried with the same key.
 */
export async function idempotent<T>(
  q: Queryable,
  scope: { playerId: number; endpoint: string; key: string | undefined; body: unknown },
  work: () => Promise<T>,
): Promise<T> {
  if (!scope.key) return work();
  if (scope.key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw new HttpError(422, 'Idempotency-Key is too long.');
  // The player row first: the insert below takes a key-share lock on it (foreign key), and taking
  // FOR UPDATE after that in two transactions at once would deadlock.
  await lockPlayer(q, scope.playerId);
  const hash = requestHash(scope.body);
  const ins = await q.query(
    `INSERT INTO wallet_idempotency (player_id, endpoint, key, request_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING key`,
    [scope.playerId, scope.endpoint, scope.key, hash],
  );
  if (!ins.rows.length) {
    const stored = await q.query<{ request_hash: string; response: T | null }>(
      'SELECT request_hash, response FROM wallet_idempotency WHERE player_id = $1 AND endpoint = $2 AND key = $3',
      [scope.playerId, scope.endpoint, scope.key],
    );
    const row = stored.rows[0]!;
    if (row.request_hash !== hash) throw new Conflict('This request was already processed with different details.');
    if (row.response === null) throw new Conflict(KEY_IN_FLIGHT);
    return row.response;
  }
  const result = await work();
  await q.query('UPDATE wallet_idempotency SET response = $4 WHERE player_id = $1 AND endpoint = $2 AND key = $3', [
    scope.playerId,
    scope.endpoint,
    scope.key,
    JSON.stringify(result),
  ]);
  return result;
}

/**
 * The stored answer of a key another request already used (the exchange's market writer claims keys in its batch):
 * the same body answers the stored response, another body 409, a request still running 409.
 */
export async function storedResponse<T>(
  q: Queryable,
  scope: { playerId: number; endpoint: string; key: string; hash: string },
): Promise<T> {
  const stored = await q.query<{ request_hash: string; response: T | null }>(
    'SELECT request_hash, response FROM wallet_idempotency WHERE player_id = $1 AND endpoint = $2 AND key = $3',
    [scope.playerId, scope.endpoint, scope.key],
  );
  const row = stored.rows[0];
  if (row && row.request_hash !== scope.hash) throw new Conflict('This request was already processed with different details.');
  if (!row || row.response === null) throw new Conflict('This request is still being processed. Please wait.');
  return row.response;
}
