import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Db } from '../db';
import { createBroker } from '../push/broker';
import { openStreamCount } from '../push/streams';
import { seed } from '../seed';
import { createPlayer, memoryDb, postgresAvailable, postgresDb, tokenFor } from '../testing/helpers';
import { disablePlayer, tokenHash } from './sessions';
import { hashPassword } from './passwords';
import { takeFrames, type SseEvent } from '../testing/sse';

/**
 * Issue 10 item 8: the exchange token is scoped and ends with its session; push streams end with
 * their session (log-out, password change, disable) and a session has at most a few streams.
 */

const PASSWORD = 'oldpass123';

/** The next SSE frames of a stream, and whether it ended. */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buf = '';
  let ended = false;
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      const taken = takeFrames(buf + decoder.decode(value, { stream: true }));
      events.push(...taken.events);
      buf = taken.rest;
    }
    ended = true;
  })();
  return {
    events,
    get ended() {
      return ended;
    },
    /** Resolves true when the server ended the stream within `ms`. */
    async endsWithin(ms: number) {
      return Promise.race([pump.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function suite(label: string, makeDb: () => Promise<Db & { drop?: () => Promise<void> }>) {
  describe(label, () => {
    let db: Db & { drop?: () => Promise<void> };
    let app: FastifyInstance;
    let base: string;
    const apps: FastifyInstance[] = [];

    /** An app on the shared db with its own broker (a separate "process" on PostgreSQL). */
    async function start(push: { heartbeatMs?: number; streamsPerSession?: number }, channel: string) {
      const a = await buildApp({ db, logger: false, push, broker: await createBroker(db, channel) });
      const url = await a.listen({ port: 0, host: '127.0.0.1' });
      apps.push(a);
      return { app: a, url };
    }

    const channel = `khela_push_t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    beforeAll(async () => {
      db = await makeDb();
      await seed(db, { images: false });
      ({ app, url: base } = await start({ heartbeatMs: 60_000, streamsPerSession: 2 }, channel));
    }, 60_000);
    afterAll(async () => {
      for (const a of apps) await a.close();
      if (db.drop) await db.drop();
      else await db.close();
    });

    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const call = async (a: FastifyInstance, method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
      const res = await a.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
      return { status: res.statusCode, body: res.json() as any };
    };

    async function player() {
      const id = await createPlayer(db);
      await db.query('UPDATE players SET password_hash = $2, vip_coin = 100 WHERE id = $1', [id, await hashPassword(PASSWORD)]);
      return { id, token: await tokenFor(db, id) };
    }
    async function exchangeToken(token: string) {
      const res = await call(app, 'POST', '/api/player-login', token, {});
      expect(res.status).toBe(200);
      return res.body.access_token as string;
    }
    async function openStream(token: string, on = { app, url: base }) {
      const t = await call(on.app, 'POST', '/api/push/ticket', token);
      expect(t.status).toBe(200);
      const res = await fetch(`${on.url}/api/push/stream?ticket=${t.body.ticket}`);
      expect(res.status).toBe(200);
      const stream = sseReader(res);
      await expect.poll(() => stream.events.length).toBe(1); // the balance on connect
      return stream;
    }

    describe('the exchange token', () => {
      it('works on the exchange calls only; elsewhere 403 with a clear message', async () => {
        const p = await player();
        const ex = await exchangeToken(p.token);
        expect(ex).not.toBe(p.token);
        expect((await call(app, 'GET', '/api/exchange-hub', ex)).status).toBe(200);
        expect((await call(app, 'POST', '/api/balance', ex)).status).toBe(200);
        expect((await call(app, 'GET', '/api/market/block', ex)).status).toBe(200);
        const refused = [
          await call(app, 'GET', `/api/convert-vipcoin?vip_coin=10`, ex),
          await call(app, 'GET', '/api/user/show', ex),
          await call(app, 'POST', '/api/player-login', ex, {}),
          await call(app, 'POST', '/api/push/ticket', ex),
          await call(app, 'POST', '/api/user-pwd', ex, {
            old_password: PASSWORD,
            new_password: 'newpass123',
            new_password_confirmation: 'newpass123',
          }),
        ];
        for (const r of refused)
          expect(r).toEqual({ status: 403, body: { message: 'This token is only valid on the exchange. Please log in.' } });
        const vip = await db.query<{ vip_coin: number }>('SELECT vip_coin FROM players WHERE id = $1', [p.id]);
        expect(vip.rows[0]!.vip_coin).toBe(100);
      });

      it("the player's own session token keeps working on the exchange calls", async () => {
        const p = await player();
        expect((await call(app, 'GET', '/api/exchange-hub', p.token)).status).toBe(200);
        expect((await call(app, 'POST', '/api/balance', p.token)).status).toBe(200);
      });

      it('dies when its session logs out (and the VIP conversion with it)', async () => {
        const p = await player();
        const ex = await exchangeToken(p.token);
        expect((await call(app, 'POST', '/api/logout', p.token)).status).toBe(200);
        expect((await call(app, 'GET', '/api/exchange-hub', ex)).status).toBe(401);
        expect((await call(app, 'POST', '/api/balance', ex)).status).toBe(401);
        expect((await call(app, 'GET', '/api/convert-vipcoin?vip_coin=10', ex)).status).toBe(401);
      });

      it('dies on password change; its own log-out leaves the session alive', async () => {
        const p = await player();
        const ex1 = await exchangeToken(p.token);
        expect((await call(app, 'POST', '/api/logout', ex1)).status).toBe(200);
        expect((await call(app, 'GET', '/api/exchange-hub', ex1)).status).toBe(401);
        expect((await call(app, 'GET', '/api/user/show', p.token)).status).toBe(200);

        const ex2 = await exchangeToken(p.token);
        const pwd = await call(app, 'POST', '/api/user-pwd', p.token, {
          old_password: PASSWORD,
          new_password: 'newpass123',
          new_password_confirmation: 'newpass123',
        });
        expect(pwd.status, JSON.stringify(pwd.body)).toBe(200);
        expect((await call(app, 'GET', '/api/exchange-hub', ex2)).status).toBe(401);
      });

      it('dies with an expired parent session even before its own day is up', async () => {
        const p = await player();
        const ex = await exchangeToken(p.token);
        await db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [tokenHash(p.token)]);
        await expect.poll(async () => (await call(app, 'GET', '/api/exchange-hub', ex)).status, { timeout: 1000 }).toBe(401);
      });
    });

    describe('a disabled player', () => {
      it('every existing token stops at once, even when only the status changed', async () => {
        const p = await player();
        const ex = await exchangeToken(p.token);
        await db.query(`UPDATE players SET status = 'disabled' WHERE id = $1`, [p.id]);
        // a change behind the API's back reaches its session cache by NOTIFY: within a second (session-cache.ts)
        await expect
          .poll(
            async () => [
              (await call(app, 'POST', '/api/balance', p.token)).status,
              (await call(app, 'GET', '/api/exchange-hub', ex)).status,
            ],
            {
              timeout: 1000,
            },
          )
          .toEqual([401, 401]);
        // an upline restriction (docs/README.md#spec-6) is not a disable: the session stays
        const q = await player();
        await db.query(`UPDATE players SET status = 'suspended' WHERE id = $1`, [q.id]);
        expect((await call(app, 'POST', '/api/balance', q.token)).status).toBe(200);
      });
    });

    describe('push streams', () => {
      it('log-out closes the stream; a later balance change is not delivered', async () => {
        const p = await player();
        const stream = await openStream(p.token);
        expect((await call(app, 'POST', '/api/logout', p.token)).status).toBe(200);
        expect(await stream.endsWithin(2000)).toBe(true);
        await app.push.publish(p.id, 'balance', { balance: '999.00', currency: 'BDT' });
        await wait(100);
        expect(stream.events).toHaveLength(1);
        // and no new stream: the ticket endpoint refuses the dead token
        expect((await call(app, 'POST', '/api/push/ticket', p.token)).status).toBe(401);
      });

      it("log-out of one session leaves the player's other sessions streaming", async () => {
        const p = await player();
        const other = await tokenFor(db, p.id);
        const a = await openStream(p.token);
        const b = await openStream(other);
        await call(app, 'POST', '/api/logout', p.token);
        expect(await a.endsWithin(2000)).toBe(true);
        await app.push.publish(p.id, 'balance', { balance: '5.00', currency: 'BDT' });
        await expect.poll(() => b.events.length).toBe(2);
        expect(b.ended).toBe(false);
        await b.cancel();
      });

      it('password change closes every stream of the player', async () => {
        const p = await player();
        const stream = await openStream(p.token);
        const res = await call(app, 'POST', '/api/user-pwd', p.token, {
          old_password: PASSWORD,
          new_password: 'newpass123',
          new_password_confirmation: 'newpass123',
        });
        expect(res.status).toBe(200);
        expect(await stream.endsWithin(2000)).toBe(true);
      });

      it('disablePlayer closes the streams at once', async () => {
        const p = await player();
        const stream = await openStream(p.token);
        await disablePlayer(db, p.id);
        await app.push.endStreams(p.id, 'all');
        expect(await stream.endsWithin(2000)).toBe(true);
      });

      it('the heartbeat ends a stream whose player was disabled behind its back', async () => {
        const quick = await start({ heartbeatMs: 100 }, `${channel}_hb`);
        const p = await player();
        const stream = await openStream(p.token, quick);
        await db.query(`UPDATE players SET status = 'disabled' WHERE id = $1`, [p.id]);
        expect(await stream.endsWithin(2000)).toBe(true);
      });

      it('a session has at most PUSH_STREAMS_PER_SESSION streams: opening one more closes the oldest', async () => {
        const p = await player();
        const first = await openStream(p.token);
        const second = await openStream(p.token);
        const third = await openStream(p.token);
        expect(await first.endsWithin(2000)).toBe(true);
        expect(second.ended || third.ended).toBe(false);
        expect(await openStreamCount(db, tokenHash(p.token))).toBe(2);
        await app.push.publish(p.id, 'balance', { balance: '7.00', currency: 'BDT' });
        await expect.poll(() => [second.events.length, third.events.length]).toEqual([2, 2]);
        await second.cancel();
        await third.cancel();
        await expect.poll(() => openStreamCount(db, tokenHash(p.token))).toBe(0);
      });

      it('a ticket of a session that ended before the stream opened is refused', async () => {
        const p = await player();
        const t = await call(app, 'POST', '/api/push/ticket', p.token);
        await call(app, 'POST', '/api/logout', p.token);
        expect((await fetch(`${base}/api/push/stream?ticket=${t.body.ticket}`)).status).toBe(401);
      });

      it('log-out on another API process closes the stream here (broker end notice)', async () => {
        // a second app with its own broker; on PostgreSQL the notice crosses processes by LISTEN/NOTIFY
        const other = await start({ heartbeatMs: 60_000 }, channel);
        const p = await player();
        const stream = await openStream(p.token);
        expect((await call(other.app, 'POST', '/api/logout', p.token)).status).toBe(200);
        // on PGlite each app has its own in-process broker; only PostgreSQL shares the notice
        if (db.kind === 'postgres') expect(await stream.endsWithin(2000)).toBe(true);
        else await stream.cancel();
      });
    });
  });
}

suite('PGlite', () => memoryDb());
const pgUp = await postgresAvailable();
describe.skipIf(!pgUp)('PostgreSQL', () => {
  suite('PostgreSQL', () => postgresDb());
});
