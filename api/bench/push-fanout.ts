// Benchmark: one odds change fanned out to 2,000 server-sent-event streams open on ONE API process.
// The API and the sandbox (odds feed) run as child processes, as in production: the change is injected where a real
// one starts, at the feed (the sandbox's control API suspends or resumes a Match Odds market); the API's feed
// consumer applies it to the database and relays it as a public `odds` event to every stream of the process.
// Delivery time = from just before the control call until each client has read that event. Memory per connection =
// the API process's RSS and heap (its /metrics) after the streams opened minus before, divided by the streams.
// Sessions are made directly in the database before the API starts (at most PUSH_STREAMS_PER_SESSION streams each,
// 5 by default, so no stream is evicted); each stream redeems its own one-use ticket over HTTP.
// Prints figures; with --json writes them in the bench figure contract.
// Run: pnpm --filter api exec tsx bench/push-fanout.ts [--smoke] [--db postgres|pglite|both] [--json <file>]
//        [--clients 2000] [--rounds 5] [--port 5040]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate, type Db } from '../src/db';
import { createPgliteDb } from '../src/db/pglite';
import { createPostgresDb } from '../src/db/postgres';
import { createSession } from '../src/auth/sessions';
import { createPlayer, postgresAvailable, TEST_DATABASE_URL } from '../src/testing/helpers';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const SMOKE = process.argv.includes('--smoke');
const CLIENTS = Number(flag('clients', SMOKE ? '100' : '2000'));
const ROUNDS = Number(flag('rounds', SMOKE ? '1' : '5'));
const DBS = flag('db', SMOKE ? 'postgres' : 'both');
const JSON_FILE = flag('json', '');
const API_PORT = Number(flag('port', '5040'));
const SANDBOX_PORT = API_PORT + 1;
const STREAMS_PER_SESSION = 5;
/** A pre-play Match Odds market of the sandbox world. */
const MARKET = '1.230001003';
const P99_TARGET_MS = 250;

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(API_DIR, '..');
const base = `http://127.0.0.1:${API_PORT}`;

interface Figure {
  id: string;
  label: string;
  value: number;
  unit: string;
  target: { op: '>=' | '<=' | '<' | '>'; value: number; text: string } | null;
  note?: string;
}
const figures: Figure[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Players and sessions for the streams, written before the API opens the database. */
async function prepare(db: Db): Promise<string[]> {
  await migrate(db);
  const sessions = Math.ceil(CLIENTS / STREAMS_PER_SESSION);
  const tokens: string[] = [];
  await db.tx(async (q) => {
    for (let i = 0; i < sessions; i++) {
      const player = await createPlayer(q);
      tokens.push(await createSession(q, player));
    }
  });
  return tokens;
}

function start(name: string, cwd: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(path.join(cwd, 'node_modules/.bin/tsx'), [script], {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d}`));
  return child;
}

async function waitFor(url: string, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

async function memory(): Promise<{ rss: number; heap: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: read('process_resident_memory_bytes'), heap: read('nodejs_heap_size_used_bytes') };
}

class Client {
  private tail = '';
  private waitingFor: string | null = null;
  receivedAt = 0;
  constructor(readonly req: http.ClientRequest) {}
  expect(marker: string) {
    this.waitingFor = marker;
    this.receivedAt = 0;
    this.tail = '';
  }
  onData(chunk: string) {
    if (!this.waitingFor) return;
    const text = this.tail + chunk;
    if (text.includes(this.waitingFor)) {
      this.receivedAt = performance.now();
      this.waitingFor = null;
    } else this.tail = text.slice(-200);
  }
}

function openStream(ticket: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/push/stream?ticket=${encodeURIComponent(ticket)}`, { agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      const c = new Client(req);
      res.on('data', (d: string) => c.onData(d));
      res.on('error', () => undefined);
      resolve(c);
    });
    req.on('error', reject);
  });
}

async function pool<T, R>(items: T[], width: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

async function bench(name: 'postgres' | 'pglite', label: string, dbEnv: Record<string, string>, tokens: string[]) {
  const children: ChildProcess[] = [];
  const clients: Client[] = [];
  try {
    children.push(
      start('sandbox', path.join(ROOT, 'sandbox'), 'src/main.ts', {
        PORT: String(SANDBOX_PORT),
        API_URL: base,
        SANDBOX_PUBLIC_URL: `http://127.0.0.1:${SANDBOX_PORT}`,
      }),
    );
    children.push(
      start('api', API_DIR, 'src/main.ts', {
        ...dbEnv,
        PORT: String(API_PORT),
        PUBLIC_URL: base,
        SANDBOX_URL: `http://127.0.0.1:${SANDBOX_PORT}`,
        PUSH_STREAMS_PER_SESSION: String(STREAMS_PER_SESSION),
        // 2,000 players' ticket requests all come from this one address here
        REQUEST_LIMIT_PER_MINUTE: '1000000',
        PUSH_HEARTBEAT_MS: process.env.PUSH_HEARTBEAT_MS ?? '20000',
      }),
    );
    await waitFor(`http://127.0.0.1:${SANDBOX_PORT}/odds/markets/${MARKET}`);
    await waitFor(`${base}/ready`); // the feed consumer is connected
    const before = await memory();

    // each ticket lives 30 s and serves once: take it just before its stream opens
    const t0 = performance.now();
    const opened = await pool(
      Array.from({ length: CLIENTS }, (_, i) => tokens[i % tokens.length]!),
      50,
      async (token) => {
        const r = await fetch(`${base}/api/push/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
        if (!r.ok) throw new Error(`ticket answered ${r.status}: ${await r.text()}`);
        return openStream(((await r.json()) as { ticket: string }).ticket);
      },
    );
    clients.push(...opened);
    const openSeconds = (performance.now() - t0) / 1000;
    await sleep(1000);
    const after = await memory();

    const delivery: number[] = [];
    let missed = 0;
    // round 0 warms the path up and is not counted
    for (let round = 0; round <= ROUNDS; round++) {
      const action = round % 2 === 0 ? 'suspend' : 'resume';
      const status = action === 'suspend' ? 'SUSPENDED' : 'OPEN';
      for (const c of clients) c.expect(`"marketId":"${MARKET}","status":"${status}"`);
      const injected = performance.now();
      const r = await fetch(`http://127.0.0.1:${SANDBOX_PORT}/odds/markets/${MARKET}/${action}`, { method: 'POST' });
      if (!r.ok) throw new Error(`feed control answered ${r.status}: ${await r.text()}`);
      const until = performance.now() + 10_000;
      while (clients.some((c) => !c.receivedAt) && performance.now() < until) await sleep(5);
      const got = clients.filter((c) => c.receivedAt).map((c) => c.receivedAt - injected);
      // the first receipt is mostly the feed's path (consumer, database, relay); last − first is the fan-out itself
      console.log(
        `  round ${round} (${action}): ${got.length}/${clients.length} received, first ${Math.min(...got).toFixed(1)} ms, ` +
          `last ${Math.max(...got).toFixed(1)} ms${round === 0 ? ' (warm-up, not counted)' : ''}`,
      );
      if (round === 0) continue;
      for (const c of clients) {
        if (c.receivedAt) delivery.push(c.receivedAt - injected);
        else missed++;
      }
      await sleep(300);
    }
    delivery.sort((a, b) => a - b);
    const p50 = pct(delivery, 0.5);
    const p99 = pct(delivery, 0.99);
    const rssPer = (after.rss - before.rss) / CLIENTS;
    const heapPer = (after.heap - before.heap) / CLIENTS;
    console.log(
      `${label.padEnd(10)} ${CLIENTS} streams (opened in ${openSeconds.toFixed(1)} s), ${ROUNDS} odds changes: ` +
        `p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  max ${delivery.at(-1)?.toFixed(1)} ms  missed ${missed}  ` +
        `memory per stream: RSS ${(rssPer / 1024).toFixed(1)} KiB, heap ${(heapPer / 1024).toFixed(1)} KiB`,
    );
    const note = `${CLIENTS} streams on one API process, ${ROUNDS} odds changes injected at the sandbox feed; ${missed} deliveries missed`;
    figures.push(
      {
        id: `push.${name}.p50`,
        label: `Push odds change to ${CLIENTS} streams, p50 (${label})`,
        value: round1(p50),
        unit: 'ms',
        target: null,
        note,
      },
      {
        id: `push.${name}.p99`,
        label: `Push odds change to ${CLIENTS} streams, p99 (${label})`,
        value: round1(p99),
        unit: 'ms',
        target: { op: '<', value: P99_TARGET_MS, text: `< ${P99_TARGET_MS} ms to 2,000 clients` },
        note,
      },
      {
        id: `push.${name}.missed`,
        label: `Push deliveries missed (${label})`,
        value: missed,
        unit: 'events',
        target: { op: '<=', value: 0, text: 'every stream gets every change' },
      },
      {
        id: `push.${name}.rss_per_stream`,
        label: `API RSS per open stream (${label})`,
        value: round1(rssPer / 1024),
        unit: 'KiB',
        target: null,
      },
      {
        id: `push.${name}.heap_per_stream`,
        label: `API heap per open stream (${label})`,
        value: round1(heapPer / 1024),
        unit: 'KiB',
        target: null,
      },
    );
  } finally {
    for (const c of clients) c.req.destroy();
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
  }
}
const round1 = (x: number) => Math.round(x * 10) / 10;

console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; ${CLIENTS} clients, ${ROUNDS} rounds, API on ${base}`,
);
if (DBS === 'both' || DBS === 'postgres') {
  if (await postgresAvailable()) {
    const dbName = `khela_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${dbName}`;
    try {
      const db = await createPostgresDb({ url: url.toString() });
      const tokens = await prepare(db);
      await db.close();
      await bench('postgres', 'PostgreSQL', { DATABASE_URL: url.toString() }, tokens);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  } else console.log('postgres   not reachable on 127.0.0.1:5432, skipped');
}
if (DBS === 'both' || DBS === 'pglite') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'khela-push-bench-'));
  try {
    const db = await createPgliteDb(dir);
    const tokens = await prepare(db);
    await db.close();
    await bench('pglite', 'PGlite', { DATA_DIR: dir }, tokens);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (JSON_FILE) writeFileSync(JSON_FILE, JSON.stringify({ part: 'push-fanout', figures }, null, 2) + '\n');
