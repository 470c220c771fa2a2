import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The sandbox's odds feed, so the consumer reads the real stream protocol.
import { oddsPlugin } from '../../../../sandbox/src/odds/plugin';
import { World } from '../../../../sandbox/src/odds/world';
import type { Db } from '../../db';
import { appPerFile } from '../../testing/app-per-file';
import { createPlayer, tokenFor } from '../../testing/helpers';
import { eventsUntil } from '../../testing/sse';
import { exchangeConfig } from '../config';
import { readMarket } from '../markets';
import { FeedConsumer, feedConsumerOptions, type AppliedMessage, type FeedConsumerOptions } from './consumer';
import type { FeedLog } from './sync';

const T0 = Date.UTC(2025, 0, 10, 6, 0, 0);
const MO = '1.230001001';
const FANCY = '34001001-F1';
/** Short settings: a dead stream is seen in 4 x 40 ms, a retry comes after 10-80 ms. */
const FAST: Partial<FeedConsumerOptions> = { reconnectMs: 10, maxReconnectMs: 80, heartbeatMs: 40, silentHeartbeats: 4 };

let db: Db;
let app: FastifyInstance;
appPerFile((t) => ({ db, app } = t));

/** The sandbox odds host on a fixed port, which can go away and come back (with the same world or a new one). */
class FeedServer {
  server: FastifyInstance | null = null;
  /** Every stream request's path and query, in order. */
  readonly requests: string[] = [];
  constructor(
    public world: World,
    readonly port: number,
  ) {}
  get url() {
    return `http://127.0.0.1:${this.port}/odds`;
  }
  async start() {
    const server = Fastify();
    server.addHook('onRequest', async (req) => {
      if (req.url.includes('/stream')) this.requests.push(req.url);
    });
    // the world moves only through control calls: the clock never advances
    await server.register(oddsPlugin({ world: this.world, now: () => T0, advanceEveryMs: 0, heartbeatMs: 40, minHeartbeatMs: 10 }), {
      prefix: '/odds',
    });
    await server.listen({ port: this.port, host: '127.0.0.1' });
    this.server = server;
  }
  async stop() {
    await this.server?.close();
    this.server = null;
  }
  async control(marketId: string, action: string, body?: unknown): Promise<number> {
    const res = await fetch(`${this.url}/markets/${marketId}/${action}`, {
      method: 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { clk: number }).clk;
  }
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** Resolves when `check` holds, polling every 5 ms (for states with no event to await, such as "down"). */
async function until(check: () => boolean, timeoutMs = 3_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

function nextApplied(consumer: FeedConsumer, pred: (m: AppliedMessage) => boolean, timeoutMs = 3_000): Promise<AppliedMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (off(), reject(new Error('no such message applied in time'))), timeoutMs);
    const off = consumer.onApplied((m) => {
      if (!pred(m)) return;
      clearTimeout(timer);
      off();
      resolve(m);
    });
  });
}

function recordingLog() {
  const lines: Array<{ level: string; msg: string }> = [];
  const log: FeedLog = {
    info: (_o, msg) => lines.push({ level: 'info', msg }),
    warn: (_o, msg) => lines.push({ level: 'warn', msg }),
    error: (_o, msg) => lines.push({ level: 'error', msg }),
  };
  return { lines, log };
}

describe('odds feed consumer (one feed and consumer through the file, in order)', { timeout: 5_000 }, () => {
  let feed: FeedServer;
  let consumer: FeedConsumer;
  const { lines, log } = recordingLog();

  beforeAll(async () => {
    // a small backlog, so a long enough outage forces a re-image
    feed = new FeedServer(new World({ seed: 1, startMs: T0, backlog: 20 }), await freePort());
    consumer = new FeedConsumer({ db, push: app.push, cfg: exchangeConfig({}), log }, feedConsumerOptions({}, { url: feed.url, ...FAST }));
  });
  afterAll(async () => {
    await consumer.stop();
    await feed.stop();
  });

  it('waits for a feed that starts later, then lands its image in exchange_markets (one log line each)', async () => {
    consumer.start();
    await until(() => lines.length > 0); // refused: the feed is not up yet
    expect(consumer.isDown()).toBe(true);
    expect(consumer.downSince).not.toBeNull();
    await feed.start();
    const img = feed.world.image();
    await consumer.waitForClk(img.clk);
    expect(consumer.status).toBe('connected');
    expect(consumer.downSince).toBeNull();
    expect(consumer.stats.images).toBe(1);
    console.log(`image of ${img.markets.length} markets applied in ${consumer.stats.lastImageMs} ms (PGlite, through the stream)`);

    const n = await db.query<{ n: string }>('SELECT count(*) AS n FROM exchange_markets');
    expect(Number(n.rows[0]!.n)).toBe(img.markets.length);
    const fed = img.markets.find((m) => m.marketId === MO)!;
    expect(await readMarket(db, MO)).toMatchObject({
      eventName: 'Bangladesh v India',
      status: 'OPEN',
      inplay: true,
      runners: fed.runners,
      feedVersion: fed.version,
      feedClk: img.clk,
    });
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual(['warn odds feed unavailable; reconnecting', 'info odds feed connected']);
    expect(feed.requests).toEqual([`/odds/stream?heartbeatMs=${FAST.heartbeatMs}`]);
  });

  it('a control call on the feed reaches the row', async () => {
    const clk = await feed.control(MO, 'suspend');
    await consumer.waitForClk(clk);
    expect(await readMarket(db, MO)).toMatchObject({ status: 'SUSPENDED', feedClk: clk });
    await consumer.waitForClk(await feed.control(FANCY, 'ball-running'));
    expect(await readMarket(db, FANCY)).toMatchObject({ ballRunning: true });
  });

  it('relays each market change to the SSE streams of the app', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = await tokenFor(db, await createPlayer(db));
    const t = await app.inject({ method: 'POST', url: '/api/push/ticket', headers: { authorization: `Bearer ${token}` } });
    const res = await fetch(`${base}/api/push/stream?ticket=${t.json().ticket}`);
    expect(res.status).toBe(200);
    const events = eventsUntil(res, (ev) => ev.some((e) => e.event === 'odds' && e.data.marketId === FANCY && !e.data.ballRunning));
    const clk = await feed.control(FANCY, 'resume');
    await consumer.waitForClk(clk);
    const odds = (await events).filter((e) => e.event === 'odds');
    expect(odds).toEqual([
      {
        event: 'odds',
        data: { marketId: FANCY, status: 'OPEN', inplay: true, ballRunning: false, version: feed.world.market(FANCY)!.version },
      },
    ]);
  });

  it('after the feed went away and came back, resumes from the last clk without a new image', async () => {
    const before = consumer.lastClk!;
    const images = consumer.stats.images;
    lines.length = 0;
    await feed.stop();
    await until(() => consumer.isDown());
    // the world moves on while nobody listens
    feed.world.control(MO, 'resume');
    feed.world.control(FANCY, 'suspend');
    await until(() => lines.some((l) => l.msg.includes('unavailable')));
    await feed.start();
    await consumer.waitForClk(feed.world.clk);
    expect(consumer.stats.images).toBe(images);
    expect(feed.requests.at(-1)).toBe(`/odds/stream?heartbeatMs=${FAST.heartbeatMs}&since=${before}`);
    expect(await readMarket(db, MO)).toMatchObject({ status: 'OPEN' });
    expect(await readMarket(db, FANCY)).toMatchObject({ status: 'SUSPENDED', feedClk: feed.world.clk });
    expect(consumer.isDown()).toBe(false);
    // one line for the outage and one for the connection, however many attempts it took
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual(['warn odds feed unavailable; reconnecting', 'info odds feed connected']);
  });

  it('re-images when the feed no longer has the deltas since the last clk', async () => {
    const images = consumer.stats.images;
    await feed.stop();
    await until(() => consumer.isDown());
    for (let i = 0; i < 15; i++) {
      feed.world.control(MO, 'suspend');
      feed.world.control(MO, 'resume');
    }
    feed.world.control(MO, 'suspend');
    const image = nextApplied(consumer, (m) => m.op === 'img');
    await feed.start();
    expect((await image).clk).toBe(feed.world.clk);
    expect(consumer.stats.images).toBe(images + 1);
    expect(await readMarket(db, MO)).toMatchObject({ status: 'SUSPENDED', feedVersion: feed.world.market(MO)!.version });
  });

  it('takes the image of a feed that restarted with a new history (clk back to the start)', async () => {
    await feed.stop();
    await until(() => consumer.isDown());
    feed.world = new World({ seed: 1, startMs: T0 }); // a restarted sandbox
    const image = nextApplied(consumer, (m) => m.op === 'img');
    await feed.start();
    expect((await image).clk).toBe(0);
    expect(consumer.lastClk).toBe(0);
    // the old history's later versions did not hide the new states
    expect(await readMarket(db, MO)).toMatchObject({ status: 'OPEN', feedVersion: 0, feedClk: 0 });
    expect(await readMarket(db, FANCY)).toMatchObject({ status: 'OPEN', ballRunning: false });
    const clk = await feed.control(MO, 'suspend');
    await consumer.waitForClk(clk);
    expect(await readMarket(db, MO)).toMatchObject({ status: 'SUSPENDED', feedVersion: 1 });
  });

  it('stop() ends the stream at once', async () => {
    const t = Date.now();
    await consumer.stop();
    expect(Date.now() - t).toBeLessThan(500);
    expect(consumer.isDown()).toBe(true);
  });
});

describe('a feed that answers but goes silent', { timeout: 5_000 }, () => {
  it('is dropped after the missed heartbeats and retried, logging the outage once', async () => {
    let requests = 0;
    const open = new Set<http.ServerResponse>();
    const server = http.createServer((_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      open.add(res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/odds`;
    const { lines, log } = recordingLog();
    const consumer = new FeedConsumer({ db, push: app.push, cfg: exchangeConfig({}), log }, feedConsumerOptions({}, { url, ...FAST }));
    consumer.start();
    await until(() => requests >= 3);
    await consumer.stop();
    for (const res of open) res.destroy();
    await new Promise((r) => server.close(r));
    expect(consumer.isDown()).toBe(true);
    expect(consumer.lastClk).toBeNull();
    expect(lines).toEqual([{ level: 'warn', msg: 'odds feed unavailable; reconnecting' }]);
  });
});

describe('settings', () => {
  it('come from the environment, with the sandbox feed as the default address', () => {
    expect(feedConsumerOptions({})).toEqual({
      url: 'http://127.0.0.1:4100/odds',
      reconnectMs: 500,
      maxReconnectMs: 15_000,
      heartbeatMs: 5_000,
      silentHeartbeats: 3,
      concurrency: 8,
    });
    expect(
      feedConsumerOptions({
        ODDS_URL: 'https://odds.example.com/',
        ODDS_RECONNECT_MS: '20',
        ODDS_HEARTBEAT_MS: '100',
        ODDS_SILENT_HEARTBEATS: '2',
      }),
    ).toMatchObject({ url: 'https://odds.example.com', reconnectMs: 20, heartbeatMs: 100, silentHeartbeats: 2 });
    expect(() => feedConsumerOptions({ ODDS_RECONNECT_MS: 'soon' })).toThrow(/ODDS_RECONNECT_MS/);
  });
});
