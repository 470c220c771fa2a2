// Benchmark: API throughput (autocannon, 32 connections) of POST /api/balance, GET /api/get-games and exchange bet
// placement (POST /api/exchange/bets), each beside two ceilings measured in the same run: a bare node:http server
// answering the endpoint's body as a fixed string, and a bare Fastify route (no plugins, hooks, logger or zod)
// running the endpoint's own SQL functions on the same database (no token lookup: the player comes in a header).
// Every server is a separate child process (this same file with --serve), so autocannon here never shares the event
// loop with the server it measures. The API child is the real app (buildApp, pino at info level to stdout, which goes
// to /dev/null) with the per-address request limit raised out of the way (its hook still runs).
// PGlite: the database directory is prepared here, then opened by one child at a time. PostgreSQL: a database
// khela_bench_<pid> on 127.0.0.1:5432, created and dropped here.
// Run: pnpm --filter api exec tsx bench/api-throughput.ts [--smoke] [--db pglite|postgres|both] [--json <file>]
//        [--seconds 10] [--connections 32] [--only balance,games,bets]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { placeExchangeBet, PRICE_LADDER, priceIndex } from '@khela/contracts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] && !argv[i + 1]!.startsWith('--') ? argv[i + 1]! : fallback;
};
const SMOKE = argv.includes('--smoke');
const SECONDS = Number(flag('seconds', SMOKE ? '2' : '10'));
const WARMUP = SMOKE ? 0.5 : 2;
const CONNECTIONS = Number(flag('connections', '32'));
const DBS = flag('db', 'both');
const JSON_OUT = flag('json', '');
// the smoke (CI: can every part run?) leaves out the game list, a plain GET through the same servers as the balance
const ONLY = new Set(flag('only', SMOKE ? 'balance,bets' : 'balance,games,bets').split(','));
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The sandbox world's pre-play Match Odds markets (as bench/exchange-placement.ts). */
const MARKETS = ['1.230001003', '1.230001004', '1.230002002', '1.230003002'];

// ------------------------------------------------------------------------------------------------------------------
// Child mode: one server, told what to be by --serve and the environment.

async function openDb() {
  const { createDb } = await import('../src/db');
  return createDb(process.env);
}

/** Every server listens on a port of the system's choosing and tells the parent which. */
const ready = (server: { address(): unknown }) => process.send?.({ port: (server.address() as { port: number }).port });

async function serve(kind: string): Promise<void> {
  const port = 0;
  if (kind === 'node') {
    const bodies = JSON.parse(process.env.BENCH_BODIES ?? '{}') as Record<string, string>;
    const server = http.createServer((req, res) => {
      const body = bodies[(req.url ?? '').split('?')[0]!] ?? '{}';
      // drain any request body first, like any real server must
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    server.listen(port, '127.0.0.1', () => ready(server));
    return;
  }
  const db = await openDb();
  if (kind === 'fastify') {
    const { default: Fastify } = await import('fastify');
    const { getPlayerBalance, walletFigures, fromMinor } = await import('../src/ledger');
    const content = await import('../src/content/service');
    const { idempotent } = await import('../src/core/idempotency');
    const { placeBet, readBet } = await import('../src/exchange/bets');
    const { exchangeConfig } = await import('../src/exchange/config');
    const cfg = exchangeConfig();
    const app = Fastify({ logger: false });
    const playerOf = (h: string | string[] | undefined) => Number(h);
    app.post('/api/balance', async (req) => {
      const b = await getPlayerBalance(db, playerOf(req.headers['x-player']));
      return { ...walletFigures(b), pending_withdrawals: fromMinor(b.heldMinor) };
    });
    app.get('/api/get-games', async (req) => {
      const q = req.query as { type: string; system?: string };
      return { games: await content.games(db, q.type.toUpperCase(), q.system) };
    });
    app.post('/api/exchange/bets', async (req) => {
      const playerId = playerOf(req.headers['x-player']);
      const key = String(req.headers['idempotency-key']);
      // the endpoint's own body schema turns price and stake into what placeBet takes
      const body = placeExchangeBet.body!.parse(req.body);
      const outcome = await db.tx((q) =>
        idempotent(q, { playerId, endpoint: 'exchange.bet', key, body }, () => placeBet(q, playerId, body as any, cfg)),
      );
      const [bet, b] = await Promise.all([readBet(db, outcome.betId), getPlayerBalance(db, playerId)]);
      const { balance, available, exposure } = walletFigures(b);
      return { bet, balance, available, exposure };
    });
    await app.listen({ port, host: '127.0.0.1' });
    closeOnSignal(app, db);
    ready(app.server);
    return;
  }
  // the API as main.ts builds it (no odds feed: the markets were loaded before it started)
  const { default: pino } = await import('pino');
  const { buildApp } = await import('../src/app');
  const app = await buildApp({ db, logger: pino({ level: process.env.LOG_LEVEL ?? 'info' }) });
  await app.listen({ port, host: '127.0.0.1' });
  closeOnSignal(app, db);
  ready(app.server);
}

/** PGlite's directory is opened by the next child: close it cleanly (and write the --cpu-prof profile). */
function closeOnSignal(app: { close(): Promise<unknown> }, db: { close(): Promise<void> }) {
  process.once('SIGINT', () => {
    void (async () => {
      await app.close().catch(() => undefined);
      await db.close().catch(() => undefined);
      process.exit(0);
    })();
  });
}

// ------------------------------------------------------------------------------------------------------------------
// Bench mode.

interface Player {
  id: number;
  token: string;
}
interface Prepared {
  env: Record<string, string>;
  players: Player[];
  /** Runners of the pre-play markets with the ladder index of the feed's best back price. */
  runners: { marketId: string; selectionId: number; mid: number }[];
  cleanup: () => Promise<void>;
}

/** Migrates, seeds, loads the sandbox odds world and makes funded players, then lets go of the database. */
async function prepare(kind: 'pglite' | 'postgres'): Promise<Prepared> {
  const { createDb, migrate } = await import('../src/db');
  const { seed } = await import('../src/seed');
  const { ExchangeFeed, fundedPlayer } = await import('../src/testing/exchange-fixture');
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'khela-api-bench-'));
    env = { DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `khela_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const db = await createDb({ ...process.env, DATABASE_URL: '', ...env });
  try {
    await migrate(db);
    await seed(db, { images: false });
    const feed = new ExchangeFeed(db);
    await feed.load();
    const runners = MARKETS.flatMap((id) =>
      feed
        .market(id)
        .runners.map((r) => ({ marketId: id, selectionId: r.selectionId, mid: priceIndex(Math.round(r.back[0]!.price * 100)) })),
    );
    const players: Player[] = [];
    for (let i = 0; i < 64; i++) players.push(await fundedPlayer(db, '10000000'));
    return { env, players, runners, cleanup };
  } finally {
    await db.close();
  }
}

function startServer(kind: 'api' | 'node' | 'fastify', env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const prof = process.env.BENCH_CPU_PROF && kind === 'api' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', kind], {
    cwd: path.resolve(HERE, '..'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      ...env,
      ODDS_FEED: 'off',
      // the request limits would answer 429 to one load generator (per address) and to its one balance player (per
      // player and per session): the 429s were counted as the balance's throughput. Their hook still runs on every request.
      REQUEST_LIMIT_PER_MINUTE: '100000000',
      REQUEST_LIMIT_PER_PLAYER_PER_MINUTE: '100000000',
      REQUEST_LIMIT_PER_SESSION_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code}) before it was ready`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  const t = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(t);
}

interface Load {
  method: 'GET' | 'POST';
  path: string;
  /** Per request: headers and body (a fresh idempotency key per bet). */
  request: (forFastify: boolean) => { headers: Record<string, string>; body?: string };
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

async function cannon(port: number, load: Load, forFastify: boolean, seconds: number): Promise<Measured> {
  const { default: autocannon } = (await import('autocannon')) as any;
  const first = load.request(forFastify);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: load.method,
        path: load.path,
        setupRequest: (req: any) => {
          const r = load.request(forFastify);
          return { ...req, headers: { ...req.headers, ...r.headers }, ...(r.body !== undefined ? { body: r.body } : {}) };
        },
      },
    ],
    headers: first.headers,
  });
  // only answered requests count: a refusal (429, 5xx) or an error is not throughput
  const answered = result.requests.total
    ? (result.requests.total - result.non2xx - result.errors - result.timeouts) / result.requests.total
    : 0;
  return {
    rps: result.requests.average * Math.max(0, answered),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

interface Figure {
  id: string;
  label: string;
  value: number;
  unit: string;
  target: { op: '>=' | '<='; value: number; text: string } | null;
  note?: string;
}
const figures: Figure[] = [];

let seq = 7;
const rnd = (n: number) => {
  seq = (seq * 1103515245 + 12345) >>> 0;
  return (seq >>> 8) % n;
};

async function runDb(kind: 'pglite' | 'postgres'): Promise<void> {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const prep = await prepare(kind);
  try {
    const tokenHeaders = (p: Player, forFastify: boolean): Record<string, string> =>
      forFastify ? { 'x-player': String(p.id) } : { authorization: `Bearer ${p.token}` };
    const balancePlayer = prep.players[0]!;
    let key = 0;
    const loads: Record<string, Load & { name: string }> = {
      balance: {
        name: 'POST /api/balance',
        method: 'POST',
        path: '/api/balance',
        request: (f) => ({ headers: tokenHeaders(balancePlayer, f) }),
      },
      games: {
        name: 'GET /api/get-games?type=SLOT',
        method: 'GET',
        path: '/api/get-games?type=SLOT',
        request: () => ({ headers: {} }),
      },
      bets: {
        name: 'POST /api/exchange/bets',
        method: 'POST',
        path: '/api/exchange/bets',
        request: (f) => {
          const r = prep.runners[rnd(prep.runners.length)]!;
          const p = prep.players[1 + rnd(prep.players.length - 1)]!;
          return {
            headers: {
              ...tokenHeaders(p, f),
              'content-type': 'application/json',
              'idempotency-key': `bench-${process.pid}-${kind}-${++key}`,
            },
            body: JSON.stringify({
              market_id: r.marketId,
              selection_id: r.selectionId,
              side: rnd(2) ? 'BACK' : 'LAY',
              price: PRICE_LADDER[r.mid + rnd(9) - 4]! / 100,
              stake: String(100 * (1 + rnd(10))),
              persistence: 'PERSIST',
            }),
          };
        },
      },
    };

    for (const [id, load] of Object.entries(loads)) {
      if (!ONLY.has(id)) continue;
      // the API first: its answer is the fixed body of the node:http ceiling
      const results: Record<'api' | 'fastify' | 'node', Measured> = {} as any;
      let sample = '{}';
      for (const server of ['api', 'fastify', 'node'] as const) {
        const { child, port } = await startServer(
          server,
          server === 'node' ? { BENCH_BODIES: JSON.stringify({ [load.path.split('?')[0]!]: sample }) } : prep.env,
        );
        try {
          if (server === 'api') {
            const r = load.request(false);
            const res = await fetch(`http://127.0.0.1:${port}${load.path}`, { method: load.method, headers: r.headers, body: r.body });
            sample = await res.text();
            if (res.status !== 200) throw new Error(`${load.name}: ${res.status} ${sample}`);
          }
          await cannon(port, load, server === 'fastify', WARMUP);
          results[server] = await cannon(port, load, server === 'fastify', SECONDS);
        } finally {
          await stopServer(child);
        }
      }
      const ceiling = results.node.rps;
      const line = (name: string, m: Measured) =>
        `  ${name.padEnd(22)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  ` +
        `${((m.rps / ceiling) * 100).toFixed(1).padStart(5)}% of node:http` +
        (m.non2xx || m.errors ? `  (${m.non2xx} non-2xx, ${m.errors} errors of ${m.total})` : '');
      console.log(`${load.name} on ${label}, ${CONNECTIONS} connections, ${SECONDS} s`);
      console.log(line('API', results.api));
      console.log(line('bare Fastify + same SQL', results.fastify));
      console.log(line('bare node:http', results.node));

      const share = { pglite: 0.1, postgres: 0.25 }[kind];
      const base = `${id}.${kind}`;
      const note = `p50 ${results.api.p50} ms, p99 ${results.api.p99} ms; ${results.api.non2xx} non-2xx of ${results.api.total}`;
      figures.push(
        {
          id: `${base}.rps`,
          label: `${load.name} (${label})`,
          value: round(results.api.rps),
          unit: 'req/s',
          target:
            id === 'balance'
              ? { op: '>=', value: round(ceiling * share), text: `≥ ${share * 100}% of node:http (${ceiling.toFixed(0)} req/s)` }
              : null,
          note,
        },
        { id: `${base}.p50`, label: `${load.name} p50 (${label})`, value: results.api.p50, unit: 'ms', target: null },
        { id: `${base}.p99`, label: `${load.name} p99 (${label})`, value: results.api.p99, unit: 'ms', target: null },
        {
          id: `${base}.ratio`,
          label: `${load.name} / node:http (${label})`,
          value: round(results.api.rps / ceiling, 3),
          unit: 'ratio',
          target: id === 'balance' ? { op: '>=', value: share, text: `≥ ${share}` } : null,
        },
        {
          id: `${base}.fastify_rps`,
          label: `bare Fastify + same SQL, ${load.name} (${label})`,
          value: round(results.fastify.rps),
          unit: 'req/s',
          target: null,
          note: `p50 ${results.fastify.p50} ms, p99 ${results.fastify.p99} ms; ratio to node:http ${(results.fastify.rps / ceiling).toFixed(3)}`,
        },
        {
          id: `${base}.node_rps`,
          label: `bare node:http, ${load.name} body (${label} run)`,
          value: round(ceiling),
          unit: 'req/s',
          target: null,
          note: `p50 ${results.node.p50} ms, p99 ${results.node.p99} ms`,
        },
      );
    }
  } finally {
    await prep.cleanup();
  }
}

const round = (v: number, digits = 1) => Number(v.toFixed(digits));

async function postgresUp(): Promise<boolean> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

const serveKind = flag('serve', '');
if (serveKind) {
  await serve(serveKind);
} else {
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${os.cpus().length} cores`,
  );
  if (DBS !== 'postgres') await runDb('pglite');
  if (DBS !== 'pglite') {
    if (await postgresUp()) await runDb('postgres');
    else console.log('PostgreSQL not reachable on 127.0.0.1:5432: skipped');
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ part: 'api-throughput', figures }, null, 2) + '\n');
}
