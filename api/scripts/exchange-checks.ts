// The exchange's invariants from scratch on a PostgreSQL database (DATABASE_URL), for suites outside vitest (the
// cluster's fault suite, e2e/cluster/run.mjs): every held exposure equals the position recomputed from the bets and
// fills, every bet's matched stake is the sum of its fills and within its stake, the book is never left crossed, the
// ledger balances. Prints one JSON line { exposures, positions, invariants, ledger } (lists of problems); exit 1 on any.
// With --lines it stays up and checks again for every line read on stdin (one JSON line each), so a suite that
// checks after every fault pays the start once.
//
//   DATABASE_URL=postgres://… node --import tsx scripts/exchange-checks.ts [--lines]
import readline from 'node:readline';
import { createPostgresDb } from '../src/db/postgres';
import { checkLedger } from '../src/ledger';
import { checkBetsAndFills, checkExposures } from '../src/testing/exchange-checks';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const db = await createPostgresDb({ url, max: 2 });

async function once(): Promise<boolean> {
  const exposures = await checkExposures(db);
  const invariants = await checkBetsAndFills(db);
  const ledger = await checkLedger(db);
  const out = { exposures: exposures.problems, positions: exposures.checked, invariants, ledger: ledger.problems };
  console.log(JSON.stringify(out));
  return !(out.exposures.length || out.invariants.length || out.ledger.length);
}

try {
  if (process.argv.includes('--lines')) {
    for await (const _line of readline.createInterface({ input: process.stdin })) {
      await once().catch((err: unknown) => console.log(JSON.stringify({ error: String(err) })));
    }
  } else process.exitCode = (await once()) ? 0 : 1;
} finally {
  await db.close();
}
