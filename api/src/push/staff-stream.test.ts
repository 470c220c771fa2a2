import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@khela/contracts/signing';
import type { Db } from '../db';
import { createPlayer, memoryDb, testApp, tokenFor } from '../testing/helpers';
import { readEvents } from '../testing/sse';

let db: Db;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  db = await memoryDb();
  // a fast heartbeat so the session re-check is seen within the test
  app = await testApp(db, { PUSH_HEARTBEAT_MS: '100', OPERATOR_TOTP_REQUIRED: '0' });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await app.close();
  await db.close();
});

let n = 0;
/** An operator of `role` with a live session; returns its id and token. */
async function operator(role: string) {
  const r = await db.query<{ id: string }>(
    `INSERT INTO operators (username, password_hash, name, role) VALUES ($1, 'x', $1, $2) RETURNING id`,
    [`stream${++n}${role}`, role],
  );
  const token = randomBytes(16).toString('hex');
  await db.query(`INSERT INTO operator_sessions (token_hash, operator_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [
    sha256Hex(token),
    r.rows[0]!.id,
  ]);
  return { id: Number(r.rows[0]!.id), token };
}

async function ticketFor(token: string) {
  return app.inject({ method: 'POST', url: '/api/operator/stream/ticket', headers: { authorization: `Bearer ${token}` } });
}

describe('staff stream', () => {
  it('a ticket needs an operator token: none or a player token is 401', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/operator/stream/ticket' })).statusCode).toBe(401);
    const player = await createPlayer(db);
    expect((await ticketFor(await tokenFor(db, player))).statusCode).toBe(401);
  });

  it('every role may open it; the stream carries staff events and a ticket works once', async () => {
    const op = await operator('payments');
    const t = await ticketFor(op.token);
    expect(t.statusCode).toBe(200);
    const { ticket, expires_in } = t.json() as { ticket: string; expires_in: number };
    expect(expires_in).toBe(30);
    const res = await fetch(`${base}/api/operator/stream?ticket=${ticket}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    setTimeout(() => void app.push.publishStaff('alert', { kind: 'test', message: 'look here' }), 150);
    const { events } = await readEvents(res, (e) => e.some((x) => x.event === 'alert'));
    expect(events[0]).toEqual({ event: 'ready', data: { staffId: String(op.id) } });
    expect(events.find((x) => x.event === 'alert')!.data).toEqual({ kind: 'test', message: 'look here' });
    // single use
    const again = await fetch(`${base}/api/operator/stream?ticket=${ticket}`);
    expect(again.status).toBe(401);
    await again.body?.cancel();
    // unknown ticket
    const unknown = await fetch(`${base}/api/operator/stream?ticket=nope`);
    expect(unknown.status).toBe(401);
    await unknown.body?.cancel();
  });

  it('an expired ticket is refused', async () => {
    const op = await operator('support');
    const { ticket } = (await ticketFor(op.token)).json() as { ticket: string };
    await db.query(`UPDATE operator_stream_tickets SET expires_at = now() - interval '1 second' WHERE ticket_hash = $1`, [
      sha256Hex(ticket),
    ]);
    const res = await fetch(`${base}/api/operator/stream?ticket=${ticket}`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('ends when the operator logs out (checked on the heartbeat)', async () => {
    const op = await operator('support');
    const { ticket } = (await ticketFor(op.token)).json() as { ticket: string };
    const res = await fetch(`${base}/api/operator/stream?ticket=${ticket}`);
    expect(res.status).toBe(200);
    const reading = readEvents(res, () => false, 5000);
    const out = await app.inject({ method: 'POST', url: '/api/operator/logout', headers: { authorization: `Bearer ${op.token}` } });
    expect(out.statusCode).toBe(200);
    const { ended } = await reading;
    expect(ended).toBe(true);
  });

  it('ends when the operator is disabled', async () => {
    const op = await operator('support');
    const { ticket } = (await ticketFor(op.token)).json() as { ticket: string };
    const res = await fetch(`${base}/api/operator/stream?ticket=${ticket}`);
    const reading = readEvents(res, () => false, 5000);
    await db.query('UPDATE operators SET disabled_at = now() WHERE id = $1', [op.id]);
    expect((await reading).ended).toBe(true);
  });

  it('a ticket issued before a log-out cannot open a stream', async () => {
    const op = await operator('admin');
    const { ticket } = (await ticketFor(op.token)).json() as { ticket: string };
    await app.inject({ method: 'POST', url: '/api/operator/logout', headers: { authorization: `Bearer ${op.token}` } });
    const res = await fetch(`${base}/api/operator/stream?ticket=${ticket}`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('a player push ticket never opens the staff stream', async () => {
    const player = await createPlayer(db);
    const t = await app.inject({
      method: 'POST',
      url: '/api/push/ticket',
      headers: { authorization: `Bearer ${await tokenFor(db, player)}` },
    });
    const res = await fetch(`${base}/api/operator/stream?ticket=${(t.json() as { ticket: string }).ticket}`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });
});

describe('staff stream with a slow heartbeat', () => {
  let slowDb: Db;
  let slow: FastifyInstance;
  let slowBase: string;
  beforeAll(async () => {
    slowDb = await memoryDb();
    // a heartbeat far beyond the test: only the immediate end notice can end these streams in time
    slow = await testApp(slowDb, { PUSH_HEARTBEAT_MS: '60000', OPERATOR_TOTP_REQUIRED: '0' });
    slowBase = await slow.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await slow.close();
    await slowDb.close();
  });

  async function staff(role: string) {
    const r = await slowDb.query<{ id: string }>(
      `INSERT INTO operators (username, password_hash, name, role) VALUES ($1, 'x', $1, $2) RETURNING id`,
      [`slow${++n}${role}`, role],
    );
    const token = randomBytes(16).toString('hex');
    await slowDb.query(`INSERT INTO operator_sessions (token_hash, operator_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [
      sha256Hex(token),
      r.rows[0]!.id,
    ]);
    return { id: Number(r.rows[0]!.id), token };
  }
  async function open(token: string) {
    const t = await slow.inject({ method: 'POST', url: '/api/operator/stream/ticket', headers: { authorization: `Bearer ${token}` } });
    const res = await fetch(`${slowBase}/api/operator/stream?ticket=${(t.json() as { ticket: string }).ticket}`);
    expect(res.status).toBe(200);
    return res;
  }

  it("log-out ends the console's stream at once", async () => {
    const op = await staff('support');
    const reading = readEvents(await open(op.token), () => false, 3000);
    await slow.inject({ method: 'POST', url: '/api/operator/logout', headers: { authorization: `Bearer ${op.token}` } });
    expect((await reading).ended).toBe(true);
  });

  it("an admin's disable ends the operator's stream at once; another operator's stream goes on", async () => {
    const admin = await staff('admin');
    const victim = await staff('support');
    const other = await staff('support');
    const victimReading = readEvents(await open(victim.token), () => false, 3000);
    const otherReading = readEvents(await open(other.token), () => false, 1500);
    const res = await slow.inject({
      method: 'POST',
      url: `/api/operator/operators/${victim.id}/disable`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { reason: 'left the company' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await victimReading).ended).toBe(true);
    expect((await otherReading).ended).toBe(false);
  });
});
