import { envInt } from '../config';
import type { Db, Queryable } from '../db';
import { LIVE_SESSION_SQL } from '../auth/sessions';
import { HttpError } from '../errors';

/**
 * Open push streams, one row each, so the limits hold across API processes: a session has at most
 * `streamsPerSession` streams and a player (all sessions) at most `streamsPerPlayer` (opening one more closes the
 * oldest), an address at most `streamsPerAddress` (a high ceiling: a mobile carrier puts thousands of players behind
 * one address; one more is refused with 429, as closing another player's stream is not ours to do), and every
 * heartbeat re-checks that the stream's session is still live (log-out, password change, disable, expiry) in case a
 * NOTIFY was lost.
 */
export interface PushLimits {
  /** Open streams per session; the oldest is closed when a new one would exceed it. */
  streamsPerSession: number;
  /** Open streams per player over all sessions (PUSH_STREAMS_PER_PLAYER, default 20); the oldest is closed. */
  streamsPerPlayer: number;
  /** Open streams per client address over all players (PUSH_STREAMS_PER_ADDRESS, default 10,000); then 429. */
  streamsPerAddress: number;
  /** Heartbeat comment and session re-check interval of every stream. */
  heartbeatMs: number;
}

export function pushLimits(env: NodeJS.ProcessEnv = process.env, overrides: Partial<PushLimits> = {}): PushLimits {
  const int = (name: string, dflt: number, min: number) => envInt(env, name, dflt, min);
  return {
    streamsPerSession: int('PUSH_STREAMS_PER_SESSION', 5, 1),
    streamsPerPlayer: int('PUSH_STREAMS_PER_PLAYER', 20, 1),
    streamsPerAddress: int('PUSH_STREAMS_PER_ADDRESS', 10_000, 1),
    heartbeatMs: int('PUSH_HEARTBEAT_MS', 20_000, 50),
    ...overrides,
  };
}

/** The answer when an address already has `streamsPerAddress` open streams. */
export const ADDRESS_STREAMS_FULL = 'Too many live connections from your network. Please try again in a minute.';

/**
 * Registers a new stream of the session; returns its id and the ids of older streams it pushed over the session's
 * or the player's cap. Refuses (429) when the address already has its ceiling of open streams.
 */
export function openStream(
  db: Db,
  s: { playerId: number; sessionHash: string; ip?: string | null },
  limits: PushLimits,
): Promise<{ id: string; evicted: string[] }> {
  const liveSecs = (limits.heartbeatMs * 3) / 1000;
  return db.tx(async (q) => {
    // one session's openings are serialised, so two parallel opens cannot both stay under the cap; likewise one
    // player's and one address's (advisory locks, always in this order: session, player, address)
    await q.query('SELECT 1 FROM sessions WHERE token_hash = $1 FOR UPDATE', [s.sessionHash]);
    await q.query(`SELECT pg_advisory_xact_lock(hashtext('push-streams:player'), hashtext($1))`, [String(s.playerId)]);
    if (s.ip) {
      await q.query(`SELECT pg_advisory_xact_lock(hashtext('push-streams:ip'), hashtext($1))`, [s.ip]);
      // rows a crashed process left behind stop counting after three missed heartbeats (here and below)
      const n = await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM push_streams
         WHERE ip = $1 AND closed_at IS NULL AND seen_at > now() - make_interval(secs => $2)`,
        [s.ip, liveSecs],
      );
      if (Number(n.rows[0]!.n) >= limits.streamsPerAddress) {
        throw new HttpError(429, ADDRESS_STREAMS_FULL, { code: 'push_address_ceiling' });
      }
    }
    const ins = await q.query<{ id: string }>('INSERT INTO push_streams (player_id, session_hash, ip) VALUES ($1, $2, $3) RETURNING id', [
      s.playerId,
      s.sessionHash,
      s.ip ?? null,
    ]);
    const id = String(ins.rows[0]!.id);
    const evicted = await q.query<{ id: string }>(
      `UPDATE push_streams SET closed_at = now() WHERE id IN (
         SELECT id FROM push_streams
         WHERE session_hash = $1 AND closed_at IS NULL AND seen_at > now() - make_interval(secs => $2)
         ORDER BY opened_at DESC, id DESC OFFSET $3)
       RETURNING id`,
      [s.sessionHash, liveSecs, limits.streamsPerSession],
    );
    const overPlayer = await q.query<{ id: string }>(
      `UPDATE push_streams SET closed_at = now() WHERE id IN (
         SELECT id FROM push_streams
         WHERE player_id = $1 AND closed_at IS NULL AND seen_at > now() - make_interval(secs => $2)
         ORDER BY opened_at DESC, id DESC OFFSET $3)
       RETURNING id`,
      [s.playerId, liveSecs, limits.streamsPerPlayer],
    );
    return { id, evicted: [...evicted.rows, ...overPlayer.rows].map((r) => String(r.id)) };
  });
}

/** Open streams of a player, or of an address (tests, diagnostics). */
export async function openStreamCountOf(q: Queryable, by: { playerId: number } | { ip: string }): Promise<number> {
  const [col, v] = 'ip' in by ? ['ip', by.ip] : ['player_id', by.playerId];
  const r = await q.query<{ n: string }>(`SELECT count(*) AS n FROM push_streams WHERE ${col} = $1 AND closed_at IS NULL`, [v]);
  return Number(r.rows[0]!.n);
}

/** Heartbeat: true while the stream is open and its session live (the player not disabled). */
export async function touchStream(q: Queryable, id: string): Promise<boolean> {
  const r = await q.query(
    `UPDATE push_streams st SET seen_at = now()
     FROM sessions s JOIN players p ON p.id = s.player_id
     WHERE st.id = $1 AND st.closed_at IS NULL AND s.token_hash = st.session_hash AND ${LIVE_SESSION_SQL}
     RETURNING st.id`,
    [id],
  );
  return r.rows.length > 0;
}

export async function closeStream(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE push_streams SET closed_at = now() WHERE id = $1 AND closed_at IS NULL', [id]);
}

/** Marks the streams of some sessions (or all of the player's) closed. */
export async function closeSessionStreams(q: Queryable, playerId: number, sessions: string[] | 'all'): Promise<void> {
  if (sessions === 'all') {
    await q.query('UPDATE push_streams SET closed_at = now() WHERE player_id = $1 AND closed_at IS NULL', [playerId]);
  } else if (sessions.length) {
    await q.query('UPDATE push_streams SET closed_at = now() WHERE session_hash = ANY($1::text[]) AND closed_at IS NULL', [sessions]);
  }
}

/** Open streams of a session (tests, diagnostics). */
export async function openStreamCount(q: Queryable, sessionHash: string): Promise<number> {
  const r = await q.query<{ n: string }>('SELECT count(*) AS n FROM push_streams WHERE session_hash = $1 AND closed_at IS NULL', [
    sessionHash,
  ]);
  return Number(r.rows[0]!.n);
}
