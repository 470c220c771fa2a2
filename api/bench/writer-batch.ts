// Benchmark: the API process's own CPU per market-writer batch, without HTTP (issue 28, stop 53). The real app
// (buildApp, no listen, no odds feed) on a fresh PostgreSQL database with the sandbox odds world and funded players;
// commands are submitted straight to the app's market writers in rounds of k at once (one batch of k each round), on
// one pre-play Match Odds market, k taking turns between the sizes given. For each size it prints the process's CPU
// (user + system) and wall time per batch; a least-squares fit over the sizes gives the CPU of a batch whatever its
// size (F) and of each command in it (c). PostgreSQL's own CPU is not in these figures (it is another process).
// Run: pnpm --filter api exec tsx bench/writer-batch.ts [--sizes 1,4,16,64] [--rounds 60] [--warm-rounds 100] [--players 200]
// Also printed: the process's CPU with no command (its timers), a `SELECT 1` round trip's CPU for scale, and each
// thread's CPU over the measured rounds (`main`, and V8's helper threads, named `node`; BENCH_BY_TID=1 one by one).
// --phases: the main thread's CPU between one statement sent or answered and the next event, per round. --no-push:
// the pushes after each batch left out (a test). --cold: the warm-up rounds printed 10 at a time (a fresh process).
// BENCH_CPU_PROF=<file>: a CPU profile (.cpuprofile) of the measured rounds only (node:inspector), not the set-up.
// EXCHANGE_WRITER_TURBOFAN=on: V8's default for runBatch (stop 53's comparison).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { PRICE_LADDER, priceIndex } from '@khela/contracts';

const argv = process.argv.slice(2);
function flag(name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
}
const SIZES = flag('sizes', '1,4,16,64').split(',').map(Number);
const ROUNDS = Number(flag('rounds', '60'));
const WARM_ROUNDS = Number(flag('warm-rounds', '100'));
const PLAYERS = Number(flag('players', '200'));
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MARKET = '1.230001003';

/** CPU seconds (user, system) of each thread of this process, by thread name, from /proc (Linux). */
function threadCpu(): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      const f = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const key = tid === String(process.pid) ? 'main' : process.env.BENCH_BY_TID ? `${name}:${tid}` : name;
      const was = out.get(key) ?? [0, 0];
      out.set(key, [was[0] + Number(f[11]) / 100, was[1] + Number(f[12]) / 100]);
    }
  } catch {
    // not Linux
  }
  return out;
}

let seed = 2024;
const rnd = (n: number) => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
};

async function main() {
  const { createDb, migrate } = await import('../src/db');
  const { seed: seedDb } = await import('../src/seed');
  const { ExchangeFeed, fundedPlayer } = await import('../src/testing/exchange-fixture');
  const { buildApp } = await import('../src/app');
  const { requestHash } = await import('../src/core/idempotency');
  const { writersOf } = await import('../src/exchange/writer/market-writer');
  const { default: pino } = await import('pino');
  const name = `khela_wbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const env = { ...process.env, DATABASE_URL: url.toString(), ODDS_FEED: 'off', EXCHANGE_BET_DELAY_MS: '' };
  Object.assign(process.env, { ODDS_FEED: 'off' });
  const db = await createDb(env);
  try {
    await migrate(db);
    await seedDb(db, { images: false });
    const feed = new ExchangeFeed(db);
    await feed.load();
    const runners = feed
      .market(MARKET)
      .runners.map((r) => ({ selectionId: r.selectionId, mid: priceIndex(Math.round(r.back[0]!.price * 100)) }));
    const players: number[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push((await fundedPlayer(db, '1000000')).id);
    // --phases: the process's CPU between one event and the next (a statement sent, its answer, the round's end),
    // summed per pair of events over the measured rounds: what each statement's wait and the work between costs
    const phases = new Map<string, number>();
    let mark: { label: string; cpu: number } | null = null;
    // the main thread's own CPU (ns, /proc's schedstat), not the process's: V8's helper threads are not in it
    const cpuNow = () => Number(readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    const event = (label: string) => {
      if (!argv.includes('--phases')) return;
      const now = cpuNow();
      if (mark) {
        const k = `${mark.label} -> ${label}`;
        phases.set(k, (phases.get(k) ?? 0) + now - mark.cpu);
      }
      mark = { label, cpu: cpuNow() };
    };
    const short = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 28);
    const traced = <Q extends { query: (sql: string, params?: unknown[]) => Promise<unknown> }>(q: Q, where: string): Q =>
      Object.assign(Object.create(q) as Q, {
        query: (sql: string, params?: unknown[]) => {
          event(`${where} send ${short(sql)}`);
          const r = q.query(sql, params);
          event(`${where} sent ${short(sql)}`);
          return r.finally(() => event(`${where} got ${short(sql)}`));
        },
      });
    if (argv.includes('--phases')) {
      const tx = db.tx.bind(db);
      const query = db.query.bind(db);
      Object.assign(db, {
        query: ((sql: string, params?: unknown[]) => traced({ query }, 'db').query(sql, params)) as typeof db.query,
        tx: ((fn: (q: Parameters<Parameters<typeof db.tx>[0]>[0]) => Promise<unknown>, o?: unknown) =>
          tx((q) => fn(Object.assign(traced(q, 'tx'), { memo: q.memo, exec: (s: string) => q.exec(s) })), o as never)) as typeof db.tx,
      });
    }
    const app = await buildApp({ db, logger: pino({ level: 'error' }) });
    await app.ready();
    const writers = writersOf(app);
    if (!writers) throw new Error('the app has no market writers');
    // --no-push: the pushes after each batch (balances read, NOTIFY) left out, to see their share
    if (argv.includes('--no-push')) (writers as unknown as { hooks: { push: () => Promise<void> } }).hooks.push = async () => undefined;
    let key = 0;
    const command = () => {
      const r = runners[rnd(runners.length)]!;
      const input = {
        market_id: MARKET,
        selection_id: String(r.selectionId),
        side: rnd(2) ? ('BACK' as const) : ('LAY' as const),
        price: PRICE_LADDER[r.mid + rnd(9) - 4]! / 100,
        stake: String(100 * (1 + rnd(10))),
        persistence: 'PERSIST' as const,
      };
      return {
        kind: 'place' as const,
        playerId: players[rnd(players.length)]!,
        input,
        key: `wb-${process.pid}-${++key}`,
        hash: requestHash(input),
      };
    };
    let refused = 0;
    const round = async (k: number) => {
      const answers = await Promise.all(Array.from({ length: k }, () => writers.submit(MARKET, command())));
      for (const a of answers) if (a.ok !== true) refused++;
    };
    // warm-up: JIT, the kept book, the pool's connections. --cold: its rounds printed 10 at a time (a fresh process)
    const mainCpu = () => Number(readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    for (let i = 0; i < WARM_ROUNDS; i += 10) {
      const c0 = mainCpu();
      const p0 = process.cpuUsage();
      const t0 = performance.now();
      for (let j = i; j < Math.min(WARM_ROUNDS, i + 10); j++) await round(SIZES[j % SIZES.length]!);
      const p = process.cpuUsage(p0);
      if (argv.includes('--cold'))
        console.log(
          `warm-up rounds ${i}-${i + 9}: main thread ${((mainCpu() - c0) / 10).toFixed(2)} ms a round, process ${((p.user + p.system) / 10000).toFixed(2)}, wall ${((performance.now() - t0) / 10).toFixed(2)}`,
        );
    }
    const session = process.env.BENCH_CPU_PROF ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    // what the process spends with no command at all (its timers: the lease's renewal, the bet delay's sweep, …)
    const idle0 = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 2000));
    const idle = process.cpuUsage(idle0);
    console.log(`idle: ${((idle.user + idle.system) / 2000).toFixed(2)} ms of CPU a second (system ${(idle.system / 2000).toFixed(2)})`);
    // a round trip's own cost here, for scale: `SELECT 1` one after another on the app's pool
    const rt0 = process.cpuUsage();
    const rtT = performance.now();
    for (let i = 0; i < 500; i++) await db.query('SELECT 1');
    const rt = process.cpuUsage(rt0);
    console.log(
      `SELECT 1: ${((rt.user + rt.system) / 500 / 1000).toFixed(3)} ms of CPU a round trip (system ${(rt.system / 500 / 1000).toFixed(3)}), wall ${((performance.now() - rtT) / 500).toFixed(3)} ms`,
    );
    const threads0 = threadCpu();
    const cpu = new Map<number, number>();
    const sys = new Map<number, number>();
    const wall = new Map<number, number>();
    for (let i = 0; i < ROUNDS; i++)
      for (const k of SIZES) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        if (k === SIZES[0]) mark = null;
        event('round start');
        await round(k);
        event('round end');
        mark = null;
        const c = process.cpuUsage(c0);
        cpu.set(k, (cpu.get(k) ?? 0) + (c.user + c.system) / 1000);
        sys.set(k, (sys.get(k) ?? 0) + c.system / 1000);
        wall.set(k, (wall.get(k) ?? 0) + performance.now() - t0);
      }
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(process.env.BENCH_CPU_PROF!, JSON.stringify(profile));
      session.disconnect();
    }
    const threads1 = threadCpu();
    console.log(
      `threads over the measured rounds (CPU s, user/system): ${[...threads1]
        .map(([k, [u, sy]]) => [k, u - (threads0.get(k)?.[0] ?? 0), sy - (threads0.get(k)?.[1] ?? 0)] as const)
        .filter(([, u, sy]) => u + sy > 0)
        .map(([k, u, sy]) => `${k} ${u.toFixed(2)}/${sy.toFixed(2)}`)
        .join(', ')}`,
    );
    if (phases.size) {
      console.log(`CPU between events, ms a round (batches of ${SIZES[0]} and ${SIZES.slice(1).join(', ')} summed):`);
      for (const [k, v] of [...phases].sort((a, b) => b[1] - a[1]).slice(0, 30))
        console.log(`  ${(v / ROUNDS).toFixed(3).padStart(7)}  ${k}`);
    }
    const rows = SIZES.map((k) => ({ k, cpu: cpu.get(k)! / ROUNDS, sys: sys.get(k)! / ROUNDS, wall: wall.get(k)! / ROUNDS }));
    for (const r of rows)
      console.log(
        `batch of ${String(r.k).padStart(3)}: API CPU ${r.cpu.toFixed(2)} ms a batch (${(r.cpu / r.k).toFixed(3)} a command; system ${r.sys.toFixed(2)}), wall ${r.wall.toFixed(2)} ms`,
      );
    // least squares: cpu = F + c·k
    const n = rows.length;
    const mk = rows.reduce((s, r) => s + r.k, 0) / n;
    const mc = rows.reduce((s, r) => s + r.cpu, 0) / n;
    const c = rows.reduce((s, r) => s + (r.k - mk) * (r.cpu - mc), 0) / rows.reduce((s, r) => s + (r.k - mk) ** 2, 0);
    console.log(
      `fit: F = ${(mc - c * mk).toFixed(2)} ms a batch, c = ${c.toFixed(3)} ms a command; refused ${refused}; load ${(
        await import('node:os')
      )
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    await app.close();
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
