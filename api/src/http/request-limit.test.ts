import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { createPlayer, memoryDb, processOn, testApp, tokenFor } from '../testing/helpers';
import { internalCallHeaders, internalCallKey } from './internal-call';

/**
 * Issue 27 item 10: limits that survive carrier NAT. Signed-in calls are limited per player and per session, the
 * client address only by a high ceiling; with REDIS_URL the counts are shared by every API process.
 */
let db: Db;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  db = await memoryDb();
}, 60_000);
afterAll(async () => {
  for (const a of apps) await a.close();
  await db.close();
});
const make = async (env: Record<string, string> = {}) => {
  const a = apps.length ? await processOn(db, env) : await testApp(db, env);
  apps.push(a);
  return a;
};
/** A new address per test (the Redis counters outlive a test run). */
const address = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const players = async (n: number) => {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) tokens.push(await tokenFor(db, await createPlayer(db)));
  return tokens;
};
const call = (a: FastifyInstance, ip: string, token?: string) =>
  a.inject({ url: '/api/market/block', remoteAddress: ip, headers: token ? { authorization: `Bearer ${token}` } : {} });
const anonymous = (a: FastifyInstance, ip: string) => a.inject({ url: '/api/promotion', remoteAddress: ip });

describe('request limits behind carrier NAT (in memory)', () => {
  it('3,000 signed-in requests in a minute from one address, spread over 200 players: none refused', async () => {
    const a = await make();
    const tokens = await players(200);
    const ip = address();
    const codes = new Map<number, number>();
    for (let round = 0; round < 15; round++) {
      const answers = await Promise.all(tokens.map((t) => call(a, ip, t)));
      for (const r of answers) codes.set(r.statusCode, (codes.get(r.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(codes)).toEqual({ 200: 3000 });
  }, 120_000);

  it('one player over their own limit gets 429; the next player on the same address does not', async () => {
    const a = await make({ REQUEST_LIMIT_PER_PLAYER_PER_MINUTE: '20', REQUEST_LIMIT_PER_SESSION_PER_MINUTE: '1000' });
    const [busy, other] = await players(2);
    const ip = address();
    for (let i = 0; i < 20; i++) expect((await call(a, ip, busy)).statusCode).toBe(200);
    const refused = await call(a, ip, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: 'Too many requests. Please slow down and try again shortly.' });
    expect(refused.json().retry_after).toBeGreaterThan(0);
    // from another address too: the limit follows the player
    expect((await call(a, address(), busy)).statusCode).toBe(429);
    expect((await call(a, ip, other)).statusCode).toBe(200);
  });

  it('a session has its own limit: a second session of the player still gets through', async () => {
    const a = await make({ REQUEST_LIMIT_PER_SESSION_PER_MINUTE: '10' });
    const id = await createPlayer(db);
    const [first, second] = [await tokenFor(db, id), await tokenFor(db, id)];
    const ip = address();
    for (let i = 0; i < 10; i++) expect((await call(a, ip, first)).statusCode).toBe(200);
    expect((await call(a, ip, first)).statusCode).toBe(429);
    expect((await call(a, ip, second)).statusCode).toBe(200);
  });

  it('a bet another API process passed on (signed as an internal call) is not counted again; a forged or unsigned one is', async () => {
    const a = await make({ REQUEST_LIMIT_PER_PLAYER_PER_MINUTE: '3', REQUEST_LIMIT_PER_SESSION_PER_MINUTE: '1000' });
    const [token] = await players(1);
    const ip = address();
    const url = '/api/market/block';
    const base = { authorization: `Bearer ${token}`, 'idempotency-key': 'k-1' };
    const signed = { ...base, ...internalCallHeaders(internalCallKey(), 'GET', url, base) };
    for (let i = 0; i < 3; i++) expect((await a.inject({ url, remoteAddress: ip, headers: base })).statusCode).toBe(200);
    expect((await a.inject({ url, remoteAddress: ip, headers: base })).statusCode).toBe(429);
    // the process that took the client's request counted it; the holder answers the passed-on copy
    for (let i = 0; i < 5; i++) expect((await a.inject({ url, remoteAddress: ip, headers: signed })).statusCode).toBe(200);
    // what a client could send: the header without a signature, a signature with another key, another bet's key
    const forged = { ...base, ...internalCallHeaders('not-the-key', 'GET', url, base) };
    const otherBet = { ...signed, 'idempotency-key': 'k-2' };
    for (const headers of [{ ...base, 'x-khela-forwarded': 'x' }, forged, otherBet]) {
      expect((await a.inject({ url, remoteAddress: ip, headers })).statusCode).toBe(429);
    }
  });

  it('an anonymous flood from one address meets the address ceiling; other addresses are not affected', async () => {
    const a = await make({ REQUEST_LIMIT_PER_MINUTE: '100' });
    const ip = address();
    const codes = await Promise.all(Array.from({ length: 130 }, () => anonymous(a, ip)));
    expect(codes.map((r) => r.statusCode).filter((c) => c !== 429).length, JSON.stringify(codes.slice(0, 2).map((r) => r.body))).toBe(100);
    expect(codes.filter((r) => r.statusCode === 200).length).toBe(100);
    expect(codes.filter((r) => r.statusCode === 429).length).toBe(30);
    expect((await anonymous(a, address())).statusCode).toBe(200);
    // signed-in calls count against the ceiling too (it guards the address, whoever calls)
    const [t] = await players(1);
    expect((await call(a, ip, t)).statusCode).toBe(429);
  });

  it("a partner's signed callbacks have their own ceiling per address: the provider's spins do not meet the players'", async () => {
    const a = await make({ REQUEST_LIMIT_PER_MINUTE: '20', REQUEST_LIMIT_PER_PARTNER_PER_MINUTE: '50' });
    const ip = address();
    // an unsigned callback is refused by its own check (401/403), never by the address ceiling, up to the partner's
    const callback = () => a.inject({ method: 'POST', url: '/api/seamless/sandbox/balance', remoteAddress: ip, payload: {} });
    const first = await Promise.all(Array.from({ length: 50 }, callback));
    expect(first.filter((r) => r.statusCode === 429)).toHaveLength(0);
    expect((await callback()).statusCode).toBe(429);
    // the players' ceiling of that address is untouched by the callbacks, and meets its own 20
    const players = await Promise.all(Array.from({ length: 21 }, () => anonymous(a, ip)));
    expect(players.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(players.filter((r) => r.statusCode === 429)).toHaveLength(1);
  });

  it('RATE_LIMIT_SCALE scales the ceiling and the per-player limits alike', async () => {
    const a = await make({ REQUEST_LIMIT_PER_MINUTE: '4', REQUEST_LIMIT_PER_PLAYER_PER_MINUTE: '2', RATE_LIMIT_SCALE: '2' });
    const ip = address();
    const anon = [];
    for (let i = 0; i < 9; i++) anon.push((await anonymous(a, ip)).statusCode);
    expect(anon).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    const [t] = await players(1);
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push((await call(a, address(), t)).statusCode);
    expect(mine).toEqual([200, 200, 200, 200, 429]);
  });

  it('without REDIS_URL each process counts for itself', async () => {
    const env = { REQUEST_LIMIT_PER_PLAYER_PER_MINUTE: '6', REQUEST_LIMIT_PER_SESSION_PER_MINUTE: '1000' };
    const [one, two] = [await make(env), await make(env)];
    const [t] = await players(1);
    const ip = address();
    for (let i = 0; i < 6; i++) expect((await call(one, ip, t)).statusCode).toBe(200);
    expect((await call(two, ip, t)).statusCode).toBe(200);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await (async () => {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
})();

describe('request limits shared by API processes through Redis', () => {
  if (!redisUp) {
    it.skip(`Redis not reachable at ${REDIS_URL}`, () => undefined);
    return;
  }
  it("one player's calls spread over two processes count together; so do an address's", async () => {
    const env = {
      REDIS_URL,
      REQUEST_LIMIT_PER_PLAYER_PER_MINUTE: '6',
      REQUEST_LIMIT_PER_SESSION_PER_MINUTE: '1000',
      REQUEST_LIMIT_PER_MINUTE: '10',
    };
    const [one, two] = [await make(env), await make(env)];
    const [t] = await players(1);
    for (let i = 0; i < 3; i++) expect((await call(one, address(), t)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await call(two, address(), t)).statusCode).toBe(200);
    expect((await call(one, address(), t)).statusCode).toBe(429);
    expect((await call(two, address(), t)).statusCode).toBe(429);
    const ip = address();
    for (let i = 0; i < 5; i++) expect((await anonymous(one, ip)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await anonymous(two, ip)).statusCode).toBe(200);
    expect((await anonymous(one, ip)).statusCode).toBe(429);
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  const whoIs = async (a: FastifyInstance, remoteAddress: string, xff: string) => {
    // the address the per-address ceiling counts: exhaust it for one client and see who is refused
    const r = await a.inject({ url: '/api/promotion', remoteAddress, headers: { 'x-forwarded-for': xff } });
    return r.statusCode;
  };
  it("'true' trusts only a proxy on a private address, and takes the address it appended, not the client's own", async () => {
    const a = await make({ TRUST_PROXY: 'true', REQUEST_LIMIT_PER_MINUTE: '2' });
    const real = address();
    // through the proxy (loopback): the client forges a first entry; the proxy appends the real address
    expect(await whoIs(a, '127.0.0.1', `198.51.100.1, ${real}`)).toBe(200);
    expect(await whoIs(a, '127.0.0.1', `198.51.100.2, ${real}`)).toBe(200);
    expect(await whoIs(a, '127.0.0.1', `198.51.100.3, ${real}`)).toBe(429);
    // a client straight from the internet cannot pick its address with X-Forwarded-For
    const direct = '203.0.113.77';
    expect(await whoIs(a, direct, '198.51.100.10')).toBe(200);
    expect(await whoIs(a, direct, '198.51.100.11')).toBe(200);
    expect(await whoIs(a, direct, '198.51.100.12')).toBe(429);
  });
});
