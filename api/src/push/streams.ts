import type { Db, Queryable } from '../db';
import { LIVE_SESSION_SQL } from '../auth/sessions';

/**
 * Open push streams, one row each, so the limits hold across API processes: a session has at most
 * `streamsPerSession` streams (opening one more closes its oldest), and every heartbeat re-checks that the
 * stream's session is still live (log-out, password change, disable, expiry) in case a NOTIFY was lost.
 */
export interface PushLimits {
  /** Open streams per session; the oldest is closed when a new one would exceed it. */
  streamsPerSession: number;
  /** Heartbeat comment and session re-check interval of every stream. */
  heartbeatMs: number;
}

export function pushLimits(env: NodeJS.ProcessEnv = process.env, overrides: Partial<PushLimits> = {}): PushLimits {
  const int = (name: string, dflt: number, min: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return dflt;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min} (got "${raw}")`);
    return n;
  };
  return {
    streamsPerSession: int('PUSH_STREAMS_PER_SESSION', 5, 1),
    heartbeatMs: int('PUSH_HEARTBEAT_MS', 20_000, 50),
    ...overrides,
  };
}

/** Registers a new stream of the session; returns its id and the ids of older streams it pushed over the cap. */
export function openStream(
  db: Db,
  s: { playerId: number; sessionHash: string },
  limits: PushLimits,
): Promise<{ id: string; evicted: string[] }> {
  return db.tx(async (q) => {
    // one session's openings are serialised, so two parallel opens cannot both stay under the cap
    await q.query('SELECT 1 FROM sessions WHERE token_hash = $1 FOR UPDATE', [s.sessionHash]);
    const ins = await q.query<{ id: string }>('INSERT INTO push_streams (player_id, session_hash) VALUES ($1, $2) RETURNING id', [
      s.playerId,
      s.sessionHash,
    ]);
    const id = String(ins.rows[0]!.id);
    // rows a crashed process left behind stop counting after three missed heartbeats
    const evicted = await q.query<{ id: string }>(
      `UPDATE push_streams SET closed_at = now() WHERE id IN (
         SELECT id FROM push_streams
         WHERE session_hash = $1 AND closed_at IS NULL AND seen_at > now() - make_interval(secs => $2)
         ORDER BY opened_at DESC, id DESC OFFSET $3)
       RETURNING id`,
      [s.sessionHash, (limits.heartbeatMs * 3) / 1000, limits.streamsPerSession],
    );
    return { id, evicted: evicted.rows.map((r) => String(r.id)) };
  });
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
