// Benchmark: exchange bet placements per second through the whole API over real HTTP (the app listening on a port),
// on PostgreSQL (a fresh schema, dropped at the end) and on PGlite. The sandbox odds world is loaded as the tests'
// fixture does; N funded players place Match Odds backs and lays on the pre-play markets from a pool of concurrent
// callers (fetch, `--concurrency` in flight): prices spread around each runner's best offers, so some orders take the
// feed's liquidity, some cross other players' orders and some rest. Afterwards every held exposure is checked against
// the position recomputed from scratch (positions.ts playerPosition over loadMarketBets), with the bets' and fills'
// invariants and the ledger. Then the in-process matching benchmark (bench/matching.ts) runs for comparison.
// Prints figures; asserts nothing. Not part of any test script.
// Run: pnpm --filter api exec tsx bench/exchange-placement.ts [--seconds 10 | --count 2000] [--concurrency 32]
//        [--players 200] [--db both|postgres|pglite] [--no-matching]
import { PRICE_LADDER, priceIndex } from '@khela/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db';
import { checkLedger } from '../src/ledger';
import { memoryDb, postgresAvailable, postgresDb, testApp } from '../src/testing/helpers';
import { ExchangeFeed, fundedPlayer } from '../src/testing/exchange-fixture';
import { checkBetsAndFills, checkExposures } from '../src/testing/exchange-checks';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const COUNT = Number(flag('count', '0'));
const SECONDS = Number(flag('seconds', '10'));
const CONCURRENCY = Number(flag('concurrency', '32'));
const PLAYERS = Number(flag('players', '200'));
const DBS = flag('db', 'both');

/** The sandbox world's pre-play Match Odds markets (sandbox/src/odds/feed.ts). */
const MARKETS = ['1.230001003', '1.230001004', '1.230002002', '1.230003002'];

let seed = 2024;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return (seed >>> 8) % n;
};

interface Runner {
  marketId: string;
  selectionId: number;
  /** Ladder index of the feed's best back price. */
  mid: number;
}

async function run(label: string, db: Db): Promise<void> {
  let app: FastifyInstance | undefined;
  try {
    app = await testApp(db);
    const feed = new ExchangeFeed(db, app);
    await feed.load();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const runners: Runner[] = MARKETS.flatMap((id) =>
      feed
        .market(id)
        .runners.map((r) => ({ marketId: id, selectionId: r.selectionId, mid: priceIndex(Math.round(r.back[0]!.price * 100)) })),
    );
    const players: { token: string }[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await fundedPlayer(db, '1000000'));

    // one placement: a back or a lay within 4 ticks of the feed's best back price; backs at or below it and lays
    // above it take the feed (1-3 levels of its size), the rest rest or meet other players' orders
    const body = () => {
      const r = runners[rnd(runners.length)]!;
      return JSON.stringify({
        market_id: r.marketId,
        selection_id: r.selectionId,
        side: rnd(2) ? 'BACK' : 'LAY',
        price: PRICE_LADDER[r.mid + rnd(9) - 4]! / 100,
        stake: String(100 * (1 + rnd(10))),
        persistence: 'PERSIST',
      });
    };

    const latencies: number[] = [];
    const codes = new Map<string, number>();
    const statuses = new Map<string, number>();
    let sent = 0;
    let key = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const deadline = t0 + SECONDS * 1000;
    const more = () => (COUNT > 0 ? sent < COUNT : performance.now() < deadline);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (more()) {
          sent++;
          const player = players[rnd(players.length)]!;
          const t = performance.now();
          const res = await fetch(`${base}/api/exchange/bets`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${player.token}`,
              'content-type': 'application/json',
              'idempotency-key': `bench-${label}-${++key}`,
            },
            body: body(),
          });
          const json = (await res.json()) as { bet?: { status: string }; message?: string };
          latencies.push(performance.now() - t);
          const code = res.status === 200 ? '200' : `${res.status} ${json.message ?? ''}`;
          codes.set(code, (codes.get(code) ?? 0) + 1);
          if (json.bet) statuses.set(json.bet.status, (statuses.get(json.bet.status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuShare = ((cpu.user + cpu.system) / 1e6 / seconds) * 100;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(0);

    const exposures = await checkExposures(db);
    const invariants = await checkBetsAndFills(db);
    const ledger = await checkLedger(db);
    const fills = (await db.query<{ n: string }>('SELECT count(*) AS n FROM exchange_fills')).rows[0]!.n;
    const rate = (latencies.length / seconds).toFixed(0);
    console.log(
      [
        `${label.padEnd(8)} ${latencies.length} placements in ${seconds.toFixed(1)} s = ${rate}/s (${CONCURRENCY} in flight, ` +
          `${PLAYERS} players, ${MARKETS.length} markets; latency p50 ${pct(50)} ms, p99 ${pct(99)} ms; ` +
          `this process, API and callers, used ${cpuShare.toFixed(0)}% of a core)`,
        `answers ${JSON.stringify(Object.fromEntries(codes))}; bets ${JSON.stringify(Object.fromEntries(statuses))}; ${fills} fills`,
        `exposures exact: ${exposures.problems.length === 0 ? 'yes' : 'NO'} (${exposures.checked} positions); ` +
          `bets and fills add up: ${invariants.length === 0 ? 'yes' : 'NO'}; ledger balanced: ${ledger.ok ? 'yes' : 'NO'}`,
      ].join('\n         '),
    );
    for (const p of [...exposures.problems, ...invariants, ...ledger.problems].slice(0, 10)) console.log(`         ! ${p}`);
  } finally {
    await app?.close();
  }
}

if (DBS !== 'pglite') {
  if (await postgresAvailable()) {
    const pg = await postgresDb();
    try {
      await run('postgres', pg);
    } finally {
      await pg.drop();
    }
  } else {
    console.log('postgres not reachable on 127.0.0.1:5432, skipped');
  }
}
if (DBS !== 'postgres') {
  const lite = await memoryDb();
  try {
    await run('pglite', lite);
  } finally {
    await lite.close();
  }
}
if (!process.argv.includes('--no-matching')) {
  // the same engine without database or HTTP: prints its own line
  await import('./matching');
}
