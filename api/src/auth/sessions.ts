import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@khela/contracts/signing';
import type { Queryable } from '../db';

export const SESSION_TTL_DAYS = 30;
/** The exchange token of POST /api/player-login: short-lived, and never longer than its parent session. */
export const EXCHANGE_TOKEN_TTL_DAYS = 1;
/**
 * The player status that ends every token at once and refuses log-in. The other non-active status, 'suspended'
 * (older rows may say 'blocked'), is the upline restriction (docs/README.md#spec-6): the player logs in, plays and withdraws, and
 * every section whose market flag is 0 is blocked.
 */
export const DISABLED_STATUS = 'disabled';

/** Whether a player of this status may log in (and keep their tokens): every status but disabled. */
export const mayLogIn = (status: string) => status !== DISABLED_STATUS;

/** 'player': the shell's log-in token, valid everywhere. 'exchange': valid only on the exchange's calls. */
export type SessionScope = 'player' | 'exchange';

export interface AuthPlayer {
  id: number;
  username: string;
  currency: 'BDT' | 'INR' | 'PKR';
  status: string;
  /** The token's session (set by the token lookup). */
  session?: { hash: string; scope: SessionScope };
}

export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => sha256Hex(token);

/** Issues a bearer token; only its hash is stored. An exchange token names its parent session. */
export async function createSession(
  q: Queryable,
  playerId: number,
  ttlDays = SESSION_TTL_DAYS,
  opts: { scope?: SessionScope; parentHash?: string } = {},
): Promise<string> {
  const token = newToken();
  await q.query(
    `INSERT INTO sessions (token_hash, player_id, expires_at, scope, parent_hash)
     VALUES ($1, $2, now() + make_interval(days => $3), $4, $5)`,
    [tokenHash(token), playerId, ttlDays, opts.scope ?? 'player', opts.parentHash ?? null],
  );
  return token;
}

/** Who a session was made for, as the console's Sessions tab shows it (0870). */
export interface SessionClient {
  address: string | null;
  deviceId: string | null;
  userAgent: string | null;
}

/** Records the client of a session just made (log-in, registration); a failure here must not fail the log-in. */
export async function recordSessionClient(q: Queryable, token: string, c: SessionClient): Promise<void> {
  await q.query('UPDATE sessions SET address = $2, device_id = $3, user_agent = $4 WHERE token_hash = $1', [
    tokenHash(token),
    c.address?.slice(0, 64) ?? null,
    c.deviceId?.slice(0, 64) ?? null,
    c.userAgent?.slice(0, 300) ?? null,
  ]);
}

/** Ends one session and the exchange tokens made from it. Returns the hashes ended (for the push streams). */
export async function revokeSession(q: Queryable, token: string): Promise<{ playerId: number; hashes: string[] } | null> {
  return revokeSessionHash(q, tokenHash(token));
}

/** revokeSession by the session's stored hash (the back office, which never sees tokens). */
export async function revokeSessionHash(q: Queryable, hash: string): Promise<{ playerId: number; hashes: string[] } | null> {
  const r = await q.query<{ token_hash: string; player_id: string }>(
    `UPDATE sessions SET revoked_at = COALESCE(revoked_at, now())
     WHERE token_hash = $1 OR parent_hash = $1 RETURNING token_hash, player_id`,
    [hash],
  );
  if (!r.rows.length) return null;
  return { playerId: Number(r.rows[0]!.player_id), hashes: r.rows.map((row) => row.token_hash) };
}

/** Revokes every session of a player, exchange tokens included (password change/reset, disable). */
export async function revokePlayerSessions(q: Queryable, playerId: number): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE player_id = $1 AND revoked_at IS NULL', [playerId]);
}

/** Disables a player: every token stops at once (the lookup checks the status too). */
export async function disablePlayer(q: Queryable, playerId: number): Promise<void> {
  await q.query('UPDATE players SET status = $2, updated_at = now() WHERE id = $1', [playerId, DISABLED_STATUS]);
  await revokePlayerSessions(q, playerId);
}

/**
 * SQL condition: session `s` is live (not revoked, not expired, its parent session too) and its player `p`
 * is not disabled. The one definition, used by the token lookup and by the push streams.
 */
export const LIVE_SESSION_SQL = `s.revoked_at IS NULL AND s.expires_at > now() AND p.status <> '${DISABLED_STATUS}'
  AND (s.parent_hash IS NULL OR EXISTS (SELECT 1 FROM sessions ps WHERE ps.token_hash = s.parent_hash
       AND ps.revoked_at IS NULL AND ps.expires_at > now()))`;

/** The player behind a live token, or null (no cache: see session-cache.ts for the one the routes use). */
export async function playerForToken(q: Queryable, token: string): Promise<AuthPlayer | null> {
  return (await lookupSession(q, tokenHash(token)))?.player ?? null;
}

/** A live session by its hash: its player, and when it (or its parent session) expires, in ms since the epoch. */
export async function lookupSession(q: Queryable, hash: string): Promise<{ player: AuthPlayer; expiresAtMs: number } | null> {
  const r = await q.query<{
    id: string;
    username: string;
    currency: AuthPlayer['currency'];
    status: string;
    token_hash: string;
    scope: SessionScope;
    expires_ms: string;
  }>(
    `SELECT p.id, p.username, p.currency, p.status, s.token_hash, s.scope,
            (extract(epoch FROM LEAST(s.expires_at, (SELECT ps.expires_at FROM sessions ps WHERE ps.token_hash = s.parent_hash))) * 1000)::bigint AS expires_ms
     FROM sessions s JOIN players p ON p.id = s.player_id
     WHERE s.token_hash = $1 AND ${LIVE_SESSION_SQL}`,
    [hash],
  );
  const row = r.rows[0];
  if (!row) return null;
  const player: AuthPlayer = {
    id: Number(row.id),
    username: row.username,
    currency: row.currency,
    status: row.status,
    session: { hash: row.token_hash, scope: row.scope },
  };
  return { player: Object.freeze(player), expiresAtMs: Number(row.expires_ms) };
}

export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1]! : null;
}
