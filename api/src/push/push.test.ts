import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { houseAccount, playerAccounts, transfer } from '../ledger';
import { createPlayer, otherProcessDb, postgresAvailable, postgresDb, testApp, tokenFor } from '../testing/helpers';
import { appPerFile } from '../testing/app-per-file';
import { eventsUntil } from '../testing/sse';
import { PgNotifyBroker, playerEvent } from './broker';

let db: Db;
let app: FastifyInstance;
let base: string;
appPerFile((t) => ({ db, app } = t));
beforeAll(async () => {
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

async function ticketFor(token: string) {
  const res = await app.inject({ method: 'POST', url: '/api/push/ticket', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.json() as { ticket: string; expires_in: number };
}

describe('push channel', () => {
  it('a ticket needs a bearer token', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/push/ticket' })).statusCode).toBe(401);
  });

  it('streams the balance on connect and after a transfer is published', async () => {
    const playerId = await createPlayer(db);
    const token = await tokenFor(db, playerId);
    const { ticket, expires_in } = await ticketFor(token);
    expect(expires_in).toBe(30);

    const res = await fetch(`${base}/api/push/stream?ticket=${ticket}`, { headers: { origin: 'http://localhost:3000' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');

    const done = eventsUntil(res, (ev) => ev.length >= 2);
    // Give the stream a moment to subscribe before the money moves.
    await new Promise((r) => setTimeout(r, 100));
    await db.tx(async (q) => {
      const acc = await playerAccounts(q, playerId);
      const cash = await houseAccount(q, 'cash', acc.currency);
      await transfer(q, {
        idempotencyKey: `push-test:${playerId}`,
        kind: 'deposit',
        legs: [
          { account: cash, amountMinor: -123456n },
          { account: acc.main, amountMinor: 123456n },
        ],
      });
    });
    await app.push.publishBalance(playerId);
    const events = await done;
    expect(events).toEqual([
      { event: 'balance', data: { balance: '0.00', currency: 'BDT', exposure: '0.00', available: '0.00' } },
      { event: 'balance', data: { balance: '1234.56', currency: 'BDT', exposure: '0.00', available: '1234.56' } },
    ]);
  });

  it('a broadcast reaches every stream of this process, whoever its player', async () => {
    const streams = await Promise.all(
      [0, 1].map(async () => {
        const { ticket } = await ticketFor(await tokenFor(db, await createPlayer(db)));
        const res = await fetch(`${base}/api/push/stream?ticket=${ticket}`);
        expect(res.status).toBe(200);
        return { events: eventsUntil(res, (ev) => ev.some((e) => e.event === 'odds')) }; // not awaited here
      }),
    );
    // no wait: a stream subscribes in the same tick as it writes its headers, which fetch has seen
    app.push.broadcast('odds', { marketId: '1.230001001', status: 'SUSPENDED', inplay: true, ballRunning: false, version: 7 });
    for (const events of await Promise.all(streams.map((s) => s.events)))
      expect(events.filter((e) => e.event === 'odds')).toEqual([
        { event: 'odds', data: { marketId: '1.230001001', status: 'SUSPENDED', inplay: true, ballRunning: false, version: 7 } },
      ]);
  });

  it('tickets are single use; unknown tickets are refused', async () => {
    const playerId = await createPlayer(db);
    const { ticket } = await ticketFor(await tokenFor(db, playerId));
    const first = await fetch(`${base}/api/push/stream?ticket=${ticket}`);
    expect(first.status).toBe(200);
    await first.body!.cancel();
    const again = await fetch(`${base}/api/push/stream?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect((await fetch(`${base}/api/push/stream?ticket=made-up`)).status).toBe(401);
  });

  it('tickets expire after 30 s', async () => {
    const playerId = await createPlayer(db);
    const { ticket } = await ticketFor(await tokenFor(db, playerId));
    await db.query(`UPDATE push_tickets SET expires_at = now() - interval '1 second' WHERE player_id = $1`, [playerId]);
    expect((await fetch(`${base}/api/push/stream?ticket=${ticket}`)).status).toBe(401);
  });
});

const pgUp = await postgresAvailable();
describe.skipIf(!pgUp)('PgNotifyBroker on PostgreSQL', () => {
  it('delivers a publish from one process to a subscriber of another', async () => {
    // two processes on one database (NOTIFY reaches the listeners of its own database)
    const a = await postgresDb();
    const b = await otherProcessDb(a);
    const channel = `khela_push_test_${Date.now()}`;
    const sender = new PgNotifyBroker(a, channel);
    const receiver = new PgNotifyBroker(b, channel);
    await receiver.start();
    const got = new Promise((resolve) => receiver.subscribe(42, (topic, payload) => resolve({ topic, payload })));
    receiver.subscribe(43, () => {
      throw new Error('wrong player');
    });
    await sender.publish(42, 'balance', { balance: '1.00', currency: 'BDT' });
    expect(await got).toEqual({ topic: 'balance', payload: { balance: '1.00', currency: 'BDT' } });
    await receiver.close();
    await b.close();
    await a.drop();
  });

  it('publishMany: every event in one statement, in the order given, to every process', async () => {
    const a = await postgresDb();
    const b = await otherProcessDb(a);
    const channel = `khela_push_many_${Date.now()}`;
    const sender = new PgNotifyBroker(a, channel);
    const receivers = [sender, new PgNotifyBroker(b, channel)];
    const heard = receivers.map(() => [] as unknown[]);
    for (const [i, r] of receivers.entries()) {
      await r.start();
      for (const p of [7, 8]) r.subscribe(p, (topic, payload) => void heard[i]!.push([p, topic, payload]));
    }
    const statements: string[] = [];
    const query = a.query.bind(a);
    a.query = ((sql: string, params?: unknown[]) => {
      statements.push(sql);
      return query(sql, params);
    }) as typeof a.query;
    // quotes, backslashes and non-ASCII survive the array's text form
    const events = [
      playerEvent(7, 'balance', { balance: '1.00', currency: 'BDT' }),
      playerEvent(8, 'balance', { balance: '2.00', currency: 'BDT' }),
      playerEvent(7, 'odds', { marketId: '1."2\\3', bets: true }),
      playerEvent(8, 'odds', { marketId: 'বাংলা', bets: true }),
    ];
    await sender.publishMany(events);
    expect(statements).toHaveLength(1);
    const want = events.map((e) => [e.playerId, e.topic, e.payload]);
    for (const h of heard) await expect.poll(() => h).toEqual(want);
    for (const r of receivers) await r.close();
    await b.close();
    await a.drop();
  });
});

describe('shutdown', () => {
  it('app.close() ends open streams instead of waiting for them', async () => {
    const other = await testApp(db);
    const url = await other.listen({ port: 0, host: '127.0.0.1' });
    const playerId = await createPlayer(db);
    const token = await tokenFor(db, playerId);
    const t = await other.inject({ method: 'POST', url: '/api/push/ticket', headers: { authorization: `Bearer ${token}` } });
    const res = await fetch(`${url}/api/push/stream?ticket=${t.json().ticket}`);
    expect(res.status).toBe(200);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
