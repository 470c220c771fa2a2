import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Db } from '../db';
import { seed } from '../seed';
import { createPlayer, memoryDb, tokenFor, withEnv } from '../testing/helpers';
import { gatewayClient } from '../wallet/gateway';
import { walletConfig } from '../wallet/config';
import { httpRequests, registry } from './metrics';
import { requestIdFrom, requestIdHeaders } from './request-id';
import { gracefulShutdown } from './shutdown';

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

let db: Db;
const logs: LogLine[] = [];
let app: FastifyInstance;

/** An app whose pino lines land in `logs` (parsed). */
function capturedLogger() {
  return pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
}

beforeAll(async () => {
  db = await memoryDb();
  await seed(db, { images: false });
  app = await withEnv({ ODDS_FEED: 'off' }, () => buildApp({ db, logger: capturedLogger() }));
  // a route that calls out, as the wallet's gateway client does, to see the request id go with it
  app.get('/test/outgoing', async () => ({ headers: requestIdHeaders() }));
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('request ids', () => {
  it('keeps a valid incoming x-request-id: echoed in the answer and in every log line of the request', async () => {
    const res = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'edge-42.abc' } });
    expect(res.headers['x-request-id']).toBe('edge-42.abc');
    const mine = logs.filter((l) => l.reqId === 'edge-42.abc');
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('replaces a malformed or oversized id with a fresh one', async () => {
    for (const bad of ['has space', 'x'.repeat(129), 'quote"d', '']) {
      const res = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': bad } });
      const id = res.headers['x-request-id'] as string;
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdFrom(['a', 'b'])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('generates one when none is sent, different per request', async () => {
    const a = (await app.inject({ method: 'GET', url: '/health' })).headers['x-request-id'];
    const b = (await app.inject({ method: 'GET', url: '/health' })).headers['x-request-id'];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it('is handed to outgoing calls made while handling the request, and only then', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/outgoing', headers: { 'x-request-id': 'out-1' } });
    expect(res.json()).toEqual({ headers: { 'x-request-id': 'out-1' } });
    expect(requestIdHeaders()).toEqual({});
  });

  it('the payment gateway client sends it (and the body-parsed POST keeps it)', async () => {
    const seen: Array<Record<string, string>> = [];
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      seen.push(init.headers as Record<string, string>);
      throw new Error('offline');
    }) as unknown as typeof fetch;
    const client = gatewayClient(walletConfig(), fakeFetch);
    const probe = await withEnv({}, async () => {
      const a = await buildApp({ db, logger: false });
      a.post('/test/pay', async () => {
        await client.getPayment('PG1').catch(() => undefined);
        return { ok: true };
      });
      return a;
    });
    await probe.inject({ method: 'POST', url: '/test/pay', headers: { 'x-request-id': 'pay-7' }, payload: { any: 'body' } });
    await probe.close();
    expect(seen[0]?.['x-request-id']).toBe('pay-7');
  });
});

describe('/ready', () => {
  it('is 200 with every check ok when the database answers and every migration is applied', async () => {
    const res = await app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', failed: [], checks: { database: 'ok', migrations: 'ok' } });
  });

  it('names a migration that is missing', async () => {
    const row = (
      await db.query<{ name: string; number: number }>('SELECT name, number FROM schema_migrations ORDER BY number DESC LIMIT 1')
    ).rows[0]!;
    await db.query('DELETE FROM schema_migrations WHERE name = $1', [row.name]);
    try {
      const res = await app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().failed).toEqual(['migrations']);
      expect(res.json().checks.migrations).toBe(`not applied: ${row.name}`);
    } finally {
      await db.query('INSERT INTO schema_migrations (name, number) VALUES ($1, $2)', [row.name, row.number]);
    }
  });

  it('waits for the odds feed unless ODDS_FEED=off, and asks the consumer whether it is connected', async () => {
    const withFeed = await withEnv({ ODDS_FEED: 'on' }, () => buildApp({ db, logger: false }));
    try {
      let res = await withFeed.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.oddsFeed).toBe('not started');
      let connected = false;
      withFeed.ops.feed = { isConnected: () => connected, isDown: () => !connected };
      res = await withFeed.inject({ method: 'GET', url: '/ready' });
      expect(res.json()).toMatchObject({ failed: ['oddsFeed'], checks: { oddsFeed: 'disconnected' } });
      connected = true;
      expect((await withFeed.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
      // before the consumer has isConnected(), its isDown() answers
      withFeed.ops.feed = { isDown: () => true };
      expect((await withFeed.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(503);
    } finally {
      await withFeed.close();
    }
  });

  it('is 503 at once while shutting down; /health stays alive', async () => {
    app.ops.draining = true;
    try {
      const res = await app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', failed: ['shutdown'], checks: { shutdown: 'shutting down' } });
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      app.ops.draining = false;
    }
  });
});

describe('/metrics', () => {
  const count = async (labels: Record<string, string>) =>
    (await httpRequests.get()).values.find((v) =>
      Object.entries(labels).every(([k, x]) => String((v.labels as Record<string, unknown>)[k]) === x),
    )?.value ?? 0;

  it('counts requests by route pattern, method and status, and serves the Prometheus text', async () => {
    const before = await count({ route: '/ready', method: 'GET', status: '200' });
    const notFound = await count({ route: 'unmatched', method: 'GET', status: '404' });
    await app.inject({ method: 'GET', url: '/ready' });
    await app.inject({ method: 'GET', url: '/no/such/page/123' });
    expect(await count({ route: '/ready', method: 'GET', status: '200' })).toBe(before + 1);
    expect(await count({ route: 'unmatched', method: 'GET', status: '404' })).toBe(notFound + 1);

    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(registry.contentType);
    expect(res.body).toContain('khela_http_requests_total{route="/ready",method="GET",status="200"}');
    expect(res.body).toContain('khela_http_request_duration_seconds_bucket');
    expect(res.body).toContain('process_resident_memory_bytes');
  });

  it('wants METRICS_TOKEN when set; in production without one, a direct loopback connection only', async () => {
    const guarded = await withEnv({ METRICS_TOKEN: 'scrape-secret' }, () => buildApp({ db, logger: false }));
    const prod = await withEnv({ METRICS_TOKEN: '' }, () => buildApp({ db, logger: false, production: true }));
    try {
      expect((await guarded.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
      expect((await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-secret' } })).statusCode).toBe(
        403,
      );
      expect(
        (await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } })).statusCode,
      ).toBe(200);
      // inject comes from 127.0.0.1
      expect((await prod.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      expect((await prod.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
      expect((await prod.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    } finally {
      await guarded.close();
      await prod.close();
    }
  });
});

describe('graceful shutdown', () => {
  /** A listening app on the shared database (its own close() does not close the database). */
  async function listeningApp(env: Record<string, string>) {
    let entered!: () => void;
    const inSlow = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const a = await withEnv({ ODDS_FEED: 'off', ...env }, () => buildApp({ db, logger: false }));
    // an in-flight request holding a transaction open until the test releases it
    a.get('/test/slow', async () =>
      db.tx(async (q) => {
        entered();
        await released;
        const r = await q.query<{ n: number }>('SELECT 1 AS n');
        return { n: r.rows[0]!.n };
      }),
    );
    a.get('/test/hang', () => new Promise(() => entered()));
    const base = await a.listen({ port: 0, host: '127.0.0.1' });
    return { a, base, inSlow, release, port: Number(new URL(base).port) };
  }

  const refused = (port: number) =>
    new Promise<string>((resolve) => {
      const s = net.connect({ port, host: '127.0.0.1' });
      s.once('connect', () => (s.destroy(), resolve('connected')));
      s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });

  const quietLog = { info: () => undefined, warn: () => undefined };
  const keepDb = { close: async () => undefined };

  it('lets a slow request finish with 200, refuses new connections, and tells streams to reconnect', async () => {
    const { a, base, inSlow, release, port } = await listeningApp({ SHUTDOWN_GRACE_MS: '30000' });
    const playerId = await createPlayer(db);
    const token = await tokenFor(db, playerId);
    const ticket = (await a.inject({ method: 'POST', url: '/api/push/ticket', headers: { authorization: `Bearer ${token}` } })).json()
      .ticket;
    const stream = await fetch(`${base}/api/push/stream?ticket=${ticket}`);
    expect(stream.status).toBe(200);
    expect(a.ops.sse.size).toBe(1);
    const streamText = stream.text();

    const slow = fetch(`${base}/test/slow`);
    await inSlow;
    const stopping = gracefulShutdown({ app: a, db: keepDb, log: quietLog });

    // the stream hears the reconnect event, then ends
    const text = await streamText;
    expect(text).toContain('event: balance');
    expect(text.trimEnd().endsWith('event: reconnect\ndata: {"reason":"shutdown"}')).toBe(true);

    // the port is closed while the slow request is still running
    await expect.poll(() => a.server.listening).toBe(false);
    expect(await refused(port)).toBe('ECONNREFUSED');
    expect(a.ops.draining).toBe(true);

    release();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ n: 1 });
    expect(await stopping).toEqual({ clean: true, streamsTold: 1 });
    expect(a.ops.sse.size).toBe(0);
  });

  it('cuts what is still running after SHUTDOWN_GRACE_MS and still closes', async () => {
    const { a, base, inSlow } = await listeningApp({ SHUTDOWN_GRACE_MS: '50' });
    const hung = fetch(`${base}/test/hang`).then(
      () => 'answered',
      () => 'cut',
    );
    await inSlow;
    let dbClosed = false;
    const result = await gracefulShutdown({ app: a, db: { close: async () => void (dbClosed = true) }, log: quietLog });
    expect(result.clean).toBe(false);
    expect(await hung).toBe('cut');
    expect(dbClosed).toBe(true);
  });
});
