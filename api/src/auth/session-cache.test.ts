// The per-process session cache (session-cache.ts): a revoked token dies within one second on every API process,
// whichever process (or person at psql) ended it. Two apps stand for two processes: on PostgreSQL each has its own
// pool and LISTEN connection on the same schema; on PGlite (one process by design) they share the database. The
// cache's TTL is set far longer than a second here, so only the NOTIFY can make the deadline.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { staffTokens } from '../testing/fixtures';
import { createPlayer, otherProcessDb, processOn, tokenFor } from '../testing/helpers';
import { hashPassword } from './passwords';
import { tokenHash } from './sessions';

const PASSWORD = 'oldpass123';
const LONG_TTL = { SESSION_CACHE_TTL_MS: '600000', OPERATOR_TOTP_REQUIRED: '0' };
/** The promise of issue 15: dead on every process within one second of the revocation. */
const DEADLINE = { timeout: 1000, interval: 10 };

describeEachDatabase('the session cache of two processes on $name', (engine) => {
  let db: TestDb;
  /** The second process's own connection to the same database (PostgreSQL), or the same PGlite. */
  let otherDb: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let staffToken: string;

  suiteDatabase(engine, (t) => ({ db, app: a } = t), { env: LONG_TTL });
  beforeAll(async () => {
    otherDb = await otherProcessDb(db);
    b = await processOn(otherDb, LONG_TTL);
    ({ risk: staffToken } = await staffTokens(a, ['risk']));
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    if (otherDb && otherDb !== db) await otherDb.close();
  });

  const balance = async (app: FastifyInstance, token: string) =>
    (await app.inject({ method: 'POST', url: '/api/balance', headers: { authorization: `Bearer ${token}` } })).statusCode;
  const staff = (method: 'POST', url: string, payload: object) =>
    a.inject({ method, url, payload, headers: { authorization: `Bearer ${staffToken}` } });

  /** A player with a token both processes have looked up (and so hold in memory). */
  async function cachedOnBoth() {
    const id = await createPlayer(db);
    await db.query('UPDATE players SET password_hash = $2 WHERE id = $1', [id, await hashPassword(PASSWORD)]);
    const token = await tokenFor(db, id);
    expect(await balance(a, token)).toBe(200);
    expect(await balance(b, token)).toBe(200);
    expect(a.sessions.enabled && b.sessions.enabled).toBe(true);
    return { id, token };
  }

  /** Ends a session without firing the triggers (as if its notice were lost). */
  const revokeSilently = (token: string) =>
    db.tx(async (q) => {
      await q.query('SET LOCAL session_replication_role = replica');
      await q.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [tokenHash(token)]);
    });

  it('the cache is real: a revocation that sends no notice goes unseen while the entry lives', async () => {
    const p = await cachedOnBoth();
    await revokeSilently(p.token);
    expect(await balance(a, p.token)).toBe(200);
    expect(await balance(b, p.token)).toBe(200);
    // a fresh process (nothing cached) reads the database
    const fresh = await processOn(otherDb, LONG_TTL);
    try {
      expect(await balance(fresh, p.token)).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('log-out through one process: refused by the other within 1 s', async () => {
    const p = await cachedOnBoth();
    const res = await a.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${p.token}` } });
    expect(res.statusCode).toBe(200);
    expect(await balance(a, p.token)).toBe(401); // the revoking process at once
    await expect.poll(() => balance(b, p.token), DEADLINE).toBe(401);
  });

  it('log-out everywhere (staff "end all sessions"): every token refused on both within 1 s', async () => {
    const p = await cachedOnBoth();
    const second = await tokenFor(db, p.id);
    expect(await balance(b, second)).toBe(200);
    const res = await staff('POST', `/api/operator/players/${p.id}/sessions/revoke`, { reason: 'cache test' });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(async () => [await balance(a, p.token), await balance(b, p.token), await balance(b, second)], DEADLINE)
      .toEqual([401, 401, 401]);
  });

  it('password change on one process: refused by the other within 1 s', async () => {
    const p = await cachedOnBoth();
    const res = await a.inject({
      method: 'POST',
      url: '/api/user-pwd',
      headers: { authorization: `Bearer ${p.token}` },
      payload: { old_password: PASSWORD, new_password: 'newpass123', new_password_confirmation: 'newpass123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => balance(b, p.token), DEADLINE).toBe(401);
  });

  it('staff disable: refused by both within 1 s', async () => {
    const p = await cachedOnBoth();
    const res = await staff('POST', `/api/operator/players/${p.id}/status`, { status: 'disabled', reason: 'cache test' });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(async () => [await balance(a, p.token), await balance(b, p.token)], DEADLINE).toEqual([401, 401]);
  });

  it('a change made outside the API (psql) reaches both within 1 s', async () => {
    const p = await cachedOnBoth();
    await db.query(`UPDATE players SET status = 'disabled' WHERE id = $1`, [p.id]);
    await expect.poll(async () => [await balance(a, p.token), await balance(b, p.token)], DEADLINE).toEqual([401, 401]);
    const q = await cachedOnBoth();
    await db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [tokenHash(q.token)]);
    await expect.poll(async () => [await balance(a, q.token), await balance(b, q.token)], DEADLINE).toEqual([401, 401]);
  });

  it('a session that expires while cached is refused from its expiry on, without any notice', async () => {
    const id = await createPlayer(db);
    const token = await tokenFor(db, id);
    await revokeSilently(token); // undone below: only the expiry counts
    await db.tx(async (q) => {
      await q.query('SET LOCAL session_replication_role = replica');
      await q.query(`UPDATE sessions SET revoked_at = NULL, expires_at = now() + interval '300 milliseconds' WHERE token_hash = $1`, [
        tokenHash(token),
      ]);
    });
    expect(await balance(b, token)).toBe(200);
    await expect.poll(() => balance(b, token), { timeout: 2000, interval: 20 }).toBe(401);
  });

  it('the TTL is the safety net for a lost notice', async () => {
    const short = await processOn(otherDb, { SESSION_CACHE_TTL_MS: '150' });
    try {
      const id = await createPlayer(db);
      const token = await tokenFor(db, id);
      expect(await balance(short, token)).toBe(200);
      await revokeSilently(token);
      await expect.poll(() => balance(short, token), { timeout: 1000, interval: 20 }).toBe(401);
    } finally {
      await short.close();
    }
  });
});
