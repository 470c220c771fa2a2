import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { tokenHash } from '../auth/sessions';
import { seed } from '../seed';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { createPlayer, tokenFor } from '../testing/helpers';
import { createBroker } from './broker';
import { ADDRESS_STREAMS_FULL, openStream, openStreamCount, openStreamCountOf, pushLimits, type PushLimits } from './streams';

/**
 * Issue 27 item 12: push streams are capped per session (the oldest closes), per player over all sessions (the oldest
 * closes) and per client address (a high ceiling for carrier NAT; one more is refused with 429). The rows live in
 * the database, so every ceiling holds across API processes.
 */

describe('pushLimits', () => {
  it('reads the ceilings from the environment', () => {
    expect(pushLimits({})).toMatchObject({ streamsPerSession: 5, streamsPerPlayer: 20, streamsPerAddress: 10_000 });
    expect(pushLimits({ PUSH_STREAMS_PER_PLAYER: '3', PUSH_STREAMS_PER_ADDRESS: '50000' })).toMatchObject({
      streamsPerPlayer: 3,
      streamsPerAddress: 50_000,
    });
    expect(() => pushLimits({ PUSH_STREAMS_PER_ADDRESS: '0' })).toThrow(/PUSH_STREAMS_PER_ADDRESS/);
    expect(() => pushLimits({ PUSH_STREAMS_PER_PLAYER: 'many' })).toThrow(/PUSH_STREAMS_PER_PLAYER/);
  });
});

describeEachDatabase('push stream ceilings on $name', (engine) => {
  let db: TestDb;
  const apps: FastifyInstance[] = [];
  const channel = `khela_push_c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const limits = (o: Partial<PushLimits>): PushLimits => ({ ...pushLimits({}), heartbeatMs: 60_000, ...o });

  suiteDatabase(engine, (t) => ({ db } = t), { app: false });
  beforeAll(() => seed(db, { images: false }));
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  /** An API process on the shared database with its own broker and limits. */
  async function start(push: Partial<PushLimits>) {
    const a = await buildApp({ db, logger: false, push: { heartbeatMs: 60_000, ...push }, broker: await createBroker(db, channel) });
    const url = await a.listen({ port: 0, host: '127.0.0.1' });
    apps.push(a);
    return { app: a, url };
  }
  async function session(playerId: number) {
    const token = await tokenFor(db, playerId);
    return { token, hash: tokenHash(token) };
  }
  async function stream(on: { app: FastifyInstance; url: string }, token: string) {
    const t = await on.app.inject({ method: 'POST', url: '/api/push/ticket', headers: { authorization: `Bearer ${token}` } });
    expect(t.statusCode).toBe(200);
    return fetch(`${on.url}/api/push/stream?ticket=${t.json().ticket}`);
  }

  it('a player has at most streamsPerPlayer streams over all sessions: the oldest closes', async () => {
    const player = await createPlayer(db);
    const l = limits({ streamsPerSession: 5, streamsPerPlayer: 2 });
    const [a, b, c] = [await session(player), await session(player), await session(player)];
    const first = await openStream(db, { playerId: player, sessionHash: a.hash, ip: '198.51.100.1' }, l);
    const second = await openStream(db, { playerId: player, sessionHash: b.hash, ip: '198.51.100.2' }, l);
    expect(first.evicted.concat(second.evicted)).toEqual([]);
    const third = await openStream(db, { playerId: player, sessionHash: c.hash, ip: '198.51.100.3' }, l);
    expect(third.evicted).toEqual([first.id]);
    expect(await openStreamCountOf(db, { playerId: player })).toBe(2);
    // another player is not touched
    const other = await createPlayer(db);
    const o = await openStream(db, { playerId: other, sessionHash: (await session(other)).hash }, l);
    expect(o.evicted).toEqual([]);
  });

  it('the per-session cap still applies under the per-player one', async () => {
    const player = await createPlayer(db);
    const l = limits({ streamsPerSession: 1, streamsPerPlayer: 20 });
    const s = await session(player);
    const one = await openStream(db, { playerId: player, sessionHash: s.hash }, l);
    const two = await openStream(db, { playerId: player, sessionHash: s.hash }, l);
    expect(two.evicted).toEqual([one.id]);
    expect(await openStreamCount(db, s.hash)).toBe(1);
  });

  it('an address has at most streamsPerAddress streams over all players: one more is refused (429)', async () => {
    const ip = '203.0.113.77';
    const l = limits({ streamsPerAddress: 3 });
    const players = [await createPlayer(db), await createPlayer(db), await createPlayer(db), await createPlayer(db)];
    for (const p of players.slice(0, 3)) await openStream(db, { playerId: p, sessionHash: (await session(p)).hash, ip }, l);
    const s4 = await session(players[3]!);
    await expect(openStream(db, { playerId: players[3]!, sessionHash: s4.hash, ip }, l)).rejects.toMatchObject({
      status: 429,
      message: ADDRESS_STREAMS_FULL,
    });
    expect(await openStreamCount(db, s4.hash)).toBe(0); // the refused one left no row
    expect(await openStreamCountOf(db, { ip })).toBe(3);
    // another address is not affected; stale rows (three missed heartbeats) stop counting
    await openStream(db, { playerId: players[3]!, sessionHash: s4.hash, ip: '203.0.113.78' }, l);
    await db.query(`UPDATE push_streams SET seen_at = now() - interval '1 hour' WHERE ip = $1`, [ip]);
    await openStream(db, { playerId: players[3]!, sessionHash: s4.hash, ip }, l);
  });

  it('parallel opens from one address never pass the ceiling', async () => {
    const ip = '203.0.113.90';
    const l = limits({ streamsPerAddress: 4 });
    const ids = await Promise.all(Array.from({ length: 8 }, () => createPlayer(db)));
    const sessions = await Promise.all(ids.map((p) => session(p)));
    const results = await Promise.allSettled(ids.map((p, i) => openStream(db, { playerId: p, sessionHash: sessions[i]!.hash, ip }, l)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.status === 429)).toBe(true);
    expect(await openStreamCountOf(db, { ip })).toBe(4);
  });

  it('over HTTP, across two API processes: the player cap ends the oldest stream, the address ceiling answers 429', async () => {
    // both "processes" count the same rows; the address is the test's own (127.0.0.1), so the ceiling is set above
    // whatever other tests of this file left open there
    const already = await openStreamCountOf(db, { ip: '127.0.0.1' });
    const push = { streamsPerPlayer: 1, streamsPerAddress: already + 2 };
    const one = await start(push);
    const two = await start(push);
    const p = await createPlayer(db);
    const first = await stream(one, (await session(p)).token);
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    const second = await stream(two, (await session(p)).token); // another session, another process
    expect(second.status).toBe(200);
    // the first stream is ended: over LISTEN/NOTIFY on PostgreSQL; on PGlite each app has its own in-process
    // broker, so there its row is closed and its next heartbeat ends it
    if (db.kind === 'postgres') {
      const drained = (async () => {
        for (;;) if ((await reader.read()).done) return true;
      })();
      expect(await Promise.race([drained, new Promise((r) => setTimeout(() => r(false), 3000))])).toBe(true);
    } else await reader.cancel();
    expect(await openStreamCountOf(db, { playerId: p })).toBe(1);
    const q = await createPlayer(db);
    const third = await stream(one, (await session(q)).token);
    expect(third.status).toBe(200);
    const r = await createPlayer(db);
    const refused = await stream(two, (await session(r)).token);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(ADDRESS_STREAMS_FULL);
    await second.body!.cancel();
    await third.body!.cancel();
  });
});
