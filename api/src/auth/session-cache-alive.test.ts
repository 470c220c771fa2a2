// The session cache's proof of a live LISTEN connection (session-cache.ts), with a stand-in database: on PostgreSQL
// an entry older than a second answers only while the process's own notice comes back within a second, and the cache
// forgets everything when the connection is lost or listens anew, so a lost notice cannot keep a revoked token alive
// for the (long) TTL.
import { describe, expect, it } from 'vitest';
import type { Db, DbKind } from '../db';
import { ALIVE_WITHIN_MS, SessionCache } from './session-cache';
import { tokenHash } from './sessions';

/** A database of one session whose notices can be cut without a word (`silent`) or its connection reset. */
function standIn(kind: DbKind) {
  const handlers = new Map<string, (payload: string) => void>();
  const resets: (() => void)[] = [];
  const state = { live: true, lookups: 0, silent: false };
  const db = {
    kind,
    async query(_sql: string, params?: unknown[]) {
      state.lookups++;
      if (!state.live || params?.[0] !== tokenHash('tok')) return { rows: [] };
      const row = { id: '7', username: 'p7', currency: 'BDT', status: 'active', token_hash: params[0], scope: 'full' };
      return { rows: [{ ...row, expires_ms: String(Date.now() + 3_600_000) }] };
    },
    async exec() {},
    async tx() {
      throw new Error('not used');
    },
    async listen(channel: string, handler: (payload: string) => void, onReset?: () => void) {
      handlers.set(channel, handler);
      if (onReset) resets.push(onReset);
      return async () => void handlers.delete(channel);
    },
    async notify(channel: string, payload: string) {
      if (!state.silent) setImmediate(() => handlers.get(channel)?.(payload));
    },
    async close() {},
  } as unknown as Db;
  return { db, state, reset: () => resets.forEach((r) => r()) };
}

const cfg = { sessionCacheTtlMs: 600_000, sessionCacheMax: 100 };

describe('the session cache on PostgreSQL: answers only while its LISTEN connection is proven live', () => {
  it('answers from memory while its own notice comes back', async () => {
    const { db, state } = standIn('postgres');
    const cache = new SessionCache(db, cfg);
    await cache.start();
    try {
      expect(cache.enabled).toBe(true);
      for (let i = 0; i < 5; i++) expect((await cache.playerForToken(db, 'tok'))?.id).toBe(7);
      expect(state.lookups).toBe(1);
    } finally {
      await cache.stop();
    }
  });

  it('forgets everything when the connection is lost (a revocation then unheard is seen at once)', async () => {
    const { db, state, reset } = standIn('postgres');
    const cache = new SessionCache(db, cfg);
    await cache.start();
    try {
      expect((await cache.playerForToken(db, 'tok'))?.id).toBe(7);
      state.live = false; // revoked, its notice lost with the connection
      expect((await cache.playerForToken(db, 'tok'))?.id).toBe(7); // not known yet: the long TTL holds it
      reset();
      expect(await cache.playerForToken(db, 'tok')).toBeNull();
    } finally {
      await cache.stop();
    }
  });

  it('a connection that stops delivering without a word brings the cache back to the 1 s bound', async () => {
    const { db, state } = standIn('postgres');
    const cache = new SessionCache(db, cfg);
    await cache.start();
    try {
      expect((await cache.playerForToken(db, 'tok'))?.id).toBe(7);
      state.silent = true; // every notice from now on is lost, the revocation's too
      state.live = false;
      const t0 = Date.now();
      await expect.poll(() => cache.playerForToken(db, 'tok'), { timeout: 2 * ALIVE_WITHIN_MS, interval: 20 }).toBeNull();
      expect(Date.now() - t0).toBeLessThanOrEqual(ALIVE_WITHIN_MS + 500);
      expect(cache.proven).toBe(false);
      // unproven, an entry answers in its first second only
      state.live = true;
      let before = state.lookups;
      expect((await cache.playerForToken(db, 'tok'))?.id).toBe(7);
      expect((await cache.playerForToken(db, 'tok'))?.id).toBe(7);
      expect(state.lookups).toBe(before + 1);
      await new Promise((r) => setTimeout(r, ALIVE_WITHIN_MS + 50));
      before = state.lookups;
      expect((await cache.playerForToken(db, 'tok'))?.id).toBe(7);
      expect(state.lookups).toBe(before + 1);
      // the notices come back: entries answer for their TTL again
      state.silent = false;
      await expect.poll(() => cache.proven, { timeout: 2 * ALIVE_WITHIN_MS, interval: 20 }).toBe(true);
      await new Promise((r) => setTimeout(r, ALIVE_WITHIN_MS + 50));
      before = state.lookups;
      expect((await cache.playerForToken(db, 'tok'))?.id).toBe(7);
      expect(state.lookups).toBe(before);
    } finally {
      await cache.stop();
    }
  });
});

describe('the session cache on PGlite', () => {
  it('sends no proof: its notices are delivered in-process and cannot be lost', async () => {
    const { db, state } = standIn('pglite');
    const notify = db.notify.bind(db);
    let sent = 0;
    db.notify = async (c, p) => {
      sent++;
      await notify(c, p);
    };
    const cache = new SessionCache(db, cfg);
    await cache.start();
    try {
      expect((await cache.playerForToken(db, 'tok'))?.id).toBe(7);
      await new Promise((r) => setTimeout(r, 300));
      expect((await cache.playerForToken(db, 'tok'))?.id).toBe(7);
      expect(state.lookups).toBe(1);
      expect(sent).toBe(0);
    } finally {
      await cache.stop();
    }
  });
});
