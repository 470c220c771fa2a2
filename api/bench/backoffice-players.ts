// Benchmark: the back office's players table and search at 100,000 players on PostgreSQL (a fresh schema, dropped at
// the end). Seeds the players with one INSERT ... SELECT generate_series (user names bp000001..., phones, e-mails,
// creation times over two years, a mix of statuses and currencies) and a main ledger account for all but 0.1% of them
// (sign-up makes one; one in ten at 0), ANALYZEs, then times the staff endpoints through the whole API (app.inject: operator auth hook, zod, SQL,
// the page's count): searches by user-name prefix, phone, e-mail and id, and pages of the table (first and deep
// pages, sorted by id, user name, creation time and balance, with a status filter). Prints median and p95 per case
// against the 300 ms target; asserts nothing. Not part of any test script.
// Run: pnpm --filter api run bench:backoffice [--players 100000] [--runs 30] [--keep (the schema, to EXPLAIN)]
import type { FastifyInstance } from 'fastify';
import { postgresAvailable, postgresDb, testApp } from '../src/testing/helpers';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const PLAYERS = Number(flag('players', '100000'));
const RUNS = Number(flag('runs', '30'));
const TARGET_MS = 300;
const PER_PAGE = 50;

let seed = 2026;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return (seed >>> 8) % n;
};
const pad = (n: number) => String(n).padStart(6, '0');

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

async function main(): Promise<void> {
  if (!(await postgresAvailable())) {
    console.log('PostgreSQL is not reachable on the test URL: nothing to measure.');
    return;
  }
  const db = await postgresDb();
  let app: FastifyInstance | undefined;
  try {
    app = await testApp(db, { OPERATOR_TOTP_REQUIRED: '0' });
    const t0 = performance.now();
    await db.query(
      `INSERT INTO players (username, password_hash, name, phone, email, currency, referral_code, status, exchange_market, cs_market,
                            phone_verified, created_at)
       SELECT 'bp' || lpad(i::text, 6, '0'), 'x', 'Bench Player ' || i, '017' || lpad(i::text, 8, '0'),
              'bp' || lpad(i::text, 6, '0') || '@mail.test',
              (ARRAY['BDT', 'BDT', 'BDT', 'INR', 'PKR'])[1 + i % 5], 'BP' || i,
              CASE WHEN i % 50 = 0 THEN 'suspended' WHEN i % 97 = 0 THEN 'disabled' ELSE 'active' END,
              CASE WHEN i % 50 = 0 THEN 0 ELSE 1 END, 1, i % 3 = 0,
              now() - make_interval(mins => (i * 7919) % 1051200)
       FROM generate_series(1, $1::int) AS i`,
      [PLAYERS],
    );
    await db.query(
      `INSERT INTO ledger_accounts (player_id, code, currency, balance_minor)
       SELECT id, 'player:' || id || ':main', currency, CASE WHEN id % 10 = 0 THEN 0 ELSE (id * 104729) % 10000000 END
       FROM players WHERE username LIKE 'bp%' AND id % 1000 <> 0`,
    );
    await db.query('ANALYZE players');
    await db.query('ANALYZE ledger_accounts');
    console.log(`seeded ${PLAYERS.toLocaleString('en')} players in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const login = await app.inject({ method: 'POST', url: '/api/operator/login', payload: { username: 'risk', password: 'risk123' } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const get = async (url: string) => {
      const start = performance.now();
      const r = await app!.inject({ method: 'GET', url, headers });
      const ms = performance.now() - start;
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return { ms, total: r.json().total as number, rows: (r.json().data as unknown[]).length };
    };
    const deep = Math.max(1, Math.floor(PLAYERS / PER_PAGE) - 1);
    const cases: { name: string; url: () => string }[] = [
      { name: 'search: username prefix (bp0123…)', url: () => `/api/operator/players?q=bp${pad(1 + rnd(PLAYERS)).slice(0, 5)}` },
      { name: 'search: phone (+880 17…)', url: () => `/api/operator/players?q=%2B88017${pad(1 + rnd(PLAYERS)).padStart(8, '0')}` },
      {
        name: 'search: phone prefix (0170000…)',
        url: () =>
          `/api/operator/players?q=017${pad(1 + rnd(PLAYERS))
            .padStart(8, '0')
            .slice(0, 5)}`,
      },
      { name: 'search: e-mail', url: () => `/api/operator/players?q=bp${pad(1 + rnd(PLAYERS))}%40mail` },
      { name: 'search: id', url: () => `/api/operator/players?q=${1 + rnd(PLAYERS)}` },
      { name: 'table: first page, id desc', url: () => `/api/operator/players?sort=id&dir=desc&per_page=${PER_PAGE}` },
      { name: `table: deep page ${deep}, id asc`, url: () => `/api/operator/players?sort=id&dir=asc&per_page=${PER_PAGE}&page=${deep}` },
      { name: 'table: first page, username asc', url: () => `/api/operator/players?sort=username&dir=asc&per_page=${PER_PAGE}` },
      {
        name: `table: deep page ${deep}, username asc`,
        url: () => `/api/operator/players?sort=username&dir=asc&per_page=${PER_PAGE}&page=${deep}`,
      },
      { name: 'table: first page, created_at desc', url: () => `/api/operator/players?sort=created_at&dir=desc&per_page=${PER_PAGE}` },
      {
        name: `table: deep page ${deep}, created_at desc`,
        url: () => `/api/operator/players?sort=created_at&dir=desc&per_page=${PER_PAGE}&page=${deep}`,
      },
      { name: 'table: first page, balance desc', url: () => `/api/operator/players?sort=balance&dir=desc&per_page=${PER_PAGE}` },
      { name: 'table: page 1000, balance desc', url: () => `/api/operator/players?sort=balance&dir=desc&per_page=${PER_PAGE}&page=1000` },
      { name: 'table: first page, balance asc', url: () => `/api/operator/players?sort=balance&dir=asc&per_page=${PER_PAGE}` },
      {
        name: `table: deep page ${deep}, balance desc`,
        url: () => `/api/operator/players?sort=balance&dir=desc&per_page=${PER_PAGE}&page=${deep}`,
      },
      {
        name: 'table: status=suspended, created_at desc',
        url: () => `/api/operator/players?status=suspended&sort=created_at&per_page=${PER_PAGE}`,
      },
      { name: 'table: currency=INR, page 100, id desc', url: () => `/api/operator/players?currency=INR&per_page=${PER_PAGE}&page=100` },
    ];

    console.log(`\n${RUNS} runs each (after 2 warm-ups), ${PER_PAGE} rows a page; target ${TARGET_MS} ms\n`);
    console.log(`${'case'.padEnd(44)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'rows'.padStart(6)} ${'total'.padStart(8)}  verdict`);
    let worst = 0;
    for (const c of cases) {
      for (let i = 0; i < 2; i++) await get(c.url());
      const times: number[] = [];
      let last = { rows: 0, total: 0 };
      for (let i = 0; i < RUNS; i++) {
        const r = await get(c.url());
        times.push(r.ms);
        last = r;
      }
      times.sort((a, b) => a - b);
      const p95 = pct(times, 0.95);
      worst = Math.max(worst, p95);
      console.log(
        `${c.name.padEnd(44)} ${pct(times, 0.5).toFixed(1).padStart(6)} ms ${p95.toFixed(1).padStart(6)} ms ${String(last.rows).padStart(6)} ${String(last.total).padStart(8)}  ${p95 <= TARGET_MS ? 'ok' : 'SLOW'}`,
      );
    }
    console.log(`\nworst p95 ${worst.toFixed(1)} ms (target ${TARGET_MS} ms): ${worst <= TARGET_MS ? 'within target' : 'OVER TARGET'}`);
  } finally {
    await app?.close();
    if (process.argv.includes('--keep')) {
      console.log(`kept: schema ${(await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s}`);
      await db.close();
    } else await db.drop();
  }
}

await main();
