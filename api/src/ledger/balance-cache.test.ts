// The per-process balance cache (balance-cache.ts): POST /api/balance answers from memory, yet a move shows on the
// very next call in the process that made it and within a moment on every other process (the balance push over
// NOTIFY), whichever domain moved the money. Two apps stand for two processes, as in auth/session-cache.test.ts;
// the TTL is set far longer than the test, so only the push can make these deadlines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { staffTokens } from '../testing/fixtures';
import { createPlayer, otherProcessDb, processOn, tokenFor } from '../testing/helpers';
import { PlayerBalanceCache } from './balance-cache';
import { houseAccount, playerAccounts, transfer } from './ledger';

const LONG_TTL = { BALANCE_CACHE_TTL_MS: '600000', OPERATOR_TOTP_REQUIRED: '0' };

/** Moves money straight through the ledger, with no push (as a forgotten publishBalance would). */
async function silentCredit(db: Db, playerId: number, minor: bigint) {
  await db.tx(async (q) => {
    const { main } = await playerAccounts(q, playerId);
    await transfer(q, {
      idempotencyKey: `silent:${playerId}:${Math.random()}`,
      kind: 'deposit',
      legs: [
        { account: main, amountMinor: minor },
        { account: await houseAccount(q, 'cash', 'BDT'), amountMinor: -minor },
      ],
    });
  });
}

describeEachDatabase('the balance cache of two processes on $name', (engine) => {
  let db: TestDb;
  let otherDb: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let payments: string;

  suiteDatabase(engine, (t) => ({ db, app: a } = t), { env: LONG_TTL });
  beforeAll(async () => {
    otherDb = await otherProcessDb(db);
    b = await processOn(otherDb, LONG_TTL, db.kind === 'pglite' ? a.push.broker : undefined);
    ({ payments } = await staffTokens(a, ['payments']));
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    if (otherDb && otherDb !== db) await otherDb.close();
  });

  const balance = async (app: FastifyInstance, token: string) => {
    const r = await app.inject({ method: 'POST', url: '/api/balance', headers: { authorization: `Bearer ${token}` } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { balance: string; available: string };
  };

  async function cachedOnBoth() {
    const id = await createPlayer(db, { currency: 'BDT' });
    const token = await tokenFor(db, id);
    expect((await balance(a, token)).balance).toBe('0.00');
    expect((await balance(b, token)).balance).toBe('0.00');
    expect(a.balances.size).toBeGreaterThan(0);
    return { id, token };
  }

  it('answers from memory: a move without a push is not seen until the entry expires', async () => {
    const { id, token } = await cachedOnBoth();
    await silentCredit(db, id, 1_000n);
    expect((await balance(a, token)).balance).toBe('0.00');
    a.balances.invalidate(id);
    expect((await balance(a, token)).balance).toBe('10.00');
  });

  it('a staff adjustment through one process shows on the next call there and within a moment on the other', async () => {
    const { id, token } = await cachedOnBoth();
    const r = await a.inject({
      method: 'POST',
      url: `/api/operator/players/${id}/adjust`,
      payload: { direction: 'credit', amount: '25.50', reason: 'goodwill credit' },
      headers: { authorization: `Bearer ${payments}`, 'idempotency-key': `adj-${id}` },
    });
    expect(r.statusCode, r.body).toBe(200);
    // the process that moved the money: at once, no waiting for its own notice
    expect((await balance(a, token)).balance).toBe('25.50');
    await expect.poll(async () => (await balance(b, token)).balance, { timeout: 1000, interval: 10 }).toBe('25.50');
  });
});

describe('PlayerBalanceCache', () => {
  /** A database whose balance read waits until released, to hold a read in flight. */
  function slowDb() {
    let release: () => void = () => undefined;
    let value = '100';
    const q: Queryable = {
      async query<T>() {
        await new Promise<void>((r) => (release = r));
        return { rows: [{ currency: 'BDT', main: value, held: '0', exposure: '0' }] as T[] };
      },
      async exec() {},
    };
    return { q, release: () => release(), set: (v: string) => (value = v) };
  }

  it('does not keep a read that was in flight when the player was invalidated', async () => {
    const cache = new PlayerBalanceCache({ balanceCacheTtlMs: 60_000, balanceCacheMax: 10 });
    const db = slowDb();
    const first = cache.get(db.q, 7);
    await Promise.resolve();
    cache.invalidate(7); // a move committed while the read was on its way
    db.release();
    expect((await first).balanceMinor).toBe(100n);
    expect(cache.size).toBe(0);
    db.set('250');
    const second = cache.get(db.q, 7);
    await Promise.resolve();
    db.release();
    expect((await second).balanceMinor).toBe(250n);
    expect(cache.size).toBe(1);
  });

  it('keeps at most balanceCacheMax players and nothing when the TTL is 0', async () => {
    const q: Queryable = {
      async query<T>() {
        return { rows: [{ currency: 'BDT', main: '1', held: '0', exposure: '0' }] as T[] };
      },
      async exec() {},
    };
    const small = new PlayerBalanceCache({ balanceCacheTtlMs: 60_000, balanceCacheMax: 3 });
    for (let id = 1; id <= 5; id++) await small.get(q, id);
    expect(small.size).toBe(3);
    const off = new PlayerBalanceCache({ balanceCacheTtlMs: 0, balanceCacheMax: 3 });
    await off.get(q, 1);
    expect(off.size).toBe(0);
  });
});
