// Benchmark: how many player-to-house transfers per second the ledger commits, sequentially and with
// concurrent callers, on PGlite and (when it answers) PostgreSQL. Prints figures; asserts nothing.
// Run: pnpm --filter api exec tsx bench/ledger-transfers.ts
import { memoryDb, postgresAvailable, postgresDb, createPlayer } from '../src/testing/helpers';
import { transfer, playerAccounts, houseAccount, checkLedger } from '../src/ledger';
import type { Db } from '../src/db';

const N = Number(process.env.BENCH_TRANSFERS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

async function run(label: string, db: Db) {
  const players = await db.tx(async (q) => {
    const ids: { main: number; house: number }[] = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const id = await createPlayer(q);
      const acc = await playerAccounts(q, id);
      const house = await houseAccount(q, 'cash', 'BDT');
      await transfer(q, {
        idempotencyKey: `bench:${label}:fund:${id}`,
        kind: 'deposit',
        legs: [
          { account: acc.main, amountMinor: 10_000_000n },
          { account: house, amountMinor: -10_000_000n },
        ],
      });
      ids.push({ main: acc.main, house });
    }
    return ids;
  });
  const move = (i: number, p: { main: number; house: number }) =>
    db.tx((q) =>
      transfer(q, {
        idempotencyKey: `bench:${label}:${i}`,
        kind: 'bet',
        legs: [
          { account: p.main, amountMinor: -100n },
          { account: p.house, amountMinor: 100n },
        ],
      }),
    );

  let t = performance.now();
  for (let i = 0; i < N; i++) await move(i, players[0]!);
  const seqRate = N / ((performance.now() - t) / 1000);

  t = performance.now();
  let next = N;
  await Promise.all(
    players.map(async (p) => {
      while (next < 2 * N) await move(next++, p);
    }),
  );
  const parRate = N / ((performance.now() - t) / 1000);

  const check = await db.tx((q) => checkLedger(q));
  console.log(
    `${label.padEnd(10)} sequential ${seqRate.toFixed(0).padStart(6)} transfers/s   ${CONCURRENCY} concurrent callers ${parRate.toFixed(0).padStart(6)} transfers/s   ledger ${JSON.stringify(check)}`,
  );
}

const lite = await memoryDb();
await run('pglite', lite);
await lite.close();
if (await postgresAvailable()) {
  const pg = await postgresDb();
  await run('postgres', pg);
  await pg.drop();
} else {
  console.log('postgres   not reachable on 127.0.0.1:5432, skipped');
}
