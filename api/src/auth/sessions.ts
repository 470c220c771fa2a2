import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@khela/contracts/signing';
import type { Queryable } from '../db';

export const SESSION_TTL_DAYS = 30;

export interface AuthPlayer {
  id: number;
  username: string;
  currency: 'BDT' | 'INR' | 'PKR';
  status: string;
}

export const newToken = () => randomBytes(32).toString('base64url');

/** Issues a bearer token; only its hash is stored. */
export async function createSession(q: Queryable, playerId: number, ttlDays = SESSION_TTL_DAYS): Promise<string> {
  const token = newToken();
  await q.query(
    `INSERT INTO sessions (token_hash, player_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
    [sha256Hex(token), playerId, ttlDays],
  );
  return token;
}

export async function revokeSession(q: Queryable, token: string): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [sha256Hex(token)]);
}

/** Revokes every session of a player (password change/reset). */
export async function revokePlayerSessions(q: Queryable, playerId: number): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE player_id = $1 AND revoked_at IS NULL', [playerId]);
}

/** The player behind a live token, or null. */
export async function playerForToken(q: Queryable, token: string): Promise<AuthPlayer | null> {
  const r = await q.query<{ id: string; username: string; currency: AuthPlayer['currency']; status: string }>(
    `SELECT p.id, p.username, p.currency, p.status FROM sessions s JOIN players p ON p.id = s.player_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [sha256Hex(token)],
  );
  const row = r.rows[0];
  return row ? { id: Number(row.id), username: row.username, currency: row.currency, status: row.status } : null;
}

export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1]! : null;
}
