import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { staffStreamTicket } from '@khela/contracts';
import { sha256Hex } from '@khela/contracts/signing';
import type { Queryable } from '../db';
import { registerEndpoint } from '../http/endpoint';
import { Unauthenticated } from '../errors';
import { requireStaff } from '../auth/staff';
import { STAFF_CHANNEL, TICKET_TTL_SECONDS } from './service';
import { openSseStream } from './sse-stream';

/** The operator session behind a stream is live: not revoked, not expired, the operator not disabled. */
const LIVE_OPERATOR_SESSION_SQL = `s.revoked_at IS NULL AND s.expires_at > now() AND o.disabled_at IS NULL`;

export async function issueStaffTicket(q: Queryable, staffId: number, sessionHash: string): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  await q.query(
    `INSERT INTO operator_stream_tickets (ticket_hash, operator_id, session_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [sha256Hex(ticket), staffId, sessionHash, TICKET_TTL_SECONDS],
  );
  // old tickets are useless; keep the table small
  await q.query(`DELETE FROM operator_stream_tickets WHERE expires_at < now() - interval '1 hour'`);
  return ticket;
}

/** Single use: the operator and session, or null when unknown, used, expired, or the session/operator is no longer live. */
export async function redeemStaffTicket(q: Queryable, ticket: string): Promise<{ staffId: number; sessionHash: string } | null> {
  const r = await q.query<{ operator_id: string; session_hash: string }>(
    `UPDATE operator_stream_tickets t SET used_at = now()
     FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
     WHERE t.ticket_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
       AND s.token_hash = t.session_hash AND ${LIVE_OPERATOR_SESSION_SQL}
     RETURNING t.operator_id, t.session_hash`,
    [sha256Hex(ticket)],
  );
  const row = r.rows[0];
  return row ? { staffId: Number(row.operator_id), sessionHash: row.session_hash } : null;
}

/** Heartbeat check: the stream's operator session is still live. */
export async function staffSessionLive(q: Queryable, sessionHash: string): Promise<boolean> {
  const r = await q.query(
    `SELECT 1 FROM operator_sessions s JOIN operators o ON o.id = s.operator_id WHERE s.token_hash = $1 AND ${LIVE_OPERATOR_SESSION_SQL}`,
    [sessionHash],
  );
  return r.rows.length > 0;
}

/**
 * Ends the staff streams of some operator sessions in every process at once (log-out, disable). Optional: without
 * it a stream still ends at its next heartbeat, which re-checks the session.
 */
export function endStaffStreams(app: FastifyInstance, sessionHashes: string[]): Promise<void> {
  return app.push.broker.end(STAFF_CHANNEL, { sessions: sessionHashes });
}

/**
 * The back office's staff stream: POST /api/operator/stream/ticket (operator token) then
 * GET /api/operator/stream?ticket= (Server-Sent Events): `event: <staff topic>` with its JSON, a heartbeat comment
 * every PUSH_HEARTBEAT_MS (20 s) that also re-checks the session, ending when the session ends or the operator is
 * disabled.
 */
export function staffStreamRoutes(app: FastifyInstance, open: Set<() => void>) {
  registerEndpoint(app, staffStreamTicket, async (req) => {
    const op = requireStaff(req);
    return { ticket: await issueStaffTicket(app.db, op.id, op.sessionHash), expires_in: TICKET_TTL_SECONDS };
  });

  app.get(
    '/api/operator/stream',
    {
      schema: {
        querystring: z.object({ ticket: z.string().min(1, 'The ticket field is required.') }),
        tags: ['staff'],
        summary:
          'Staff stream (Server-Sent Events) of the back office: `event: chat | payment | alert` (staffPushTopics); `event: ready` first; heartbeat comment every 20 s that re-checks the session; ends with the operator session (log-out, expiry, operator disabled)',
      },
    },
    async (req, reply) => {
      const { ticket } = req.query as { ticket: string };
      const redeemed = await redeemStaffTicket(app.db, ticket);
      if (!redeemed) throw new Unauthenticated();
      const { staffId, sessionHash } = redeemed;

      const stream = openSseStream(req, reply, { open, heartbeatMs: app.push.limits.heartbeatMs });
      stream.send('ready', { staffId: String(staffId) });
      stream.onEnd(
        app.push.broker.subscribe(
          STAFF_CHANNEL,
          (topic, payload) => stream.send(topic, payload),
          (e) => {
            if (!e.sessions || e.sessions.includes(sessionHash)) stream.end();
          },
        ),
      );
      stream.watch(() => staffSessionLive(app.db, sessionHash));
    },
  );
}
