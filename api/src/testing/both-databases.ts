// The money and concurrency suites run on both databases: PGlite always, PostgreSQL when one answers on
// TEST_DATABASE_URL (a database of its own per suite, copied from the run's migrated template, dropped after). One
// place for what every such file did by hand: the describe per database, the skipped PostgreSQL suite, the database and the seeded app made before and closed after.
// (Vitest only, like app-per-file.ts; helpers.ts stays importable by the benchmark.)
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Db } from '../db';
import { bothDatabases, testApp, type TestEngine } from './helpers';

/** A suite's database: PostgreSQL's has `drop()` (closes the pool and drops its database). */
export type TestDb = Db & { drop?: () => Promise<void> };

const engines = await bothDatabases();

/**
 * `describe(title)` once per database, `$name` in the title naming it ('pglite', 'postgres'). Without a PostgreSQL
 * server its suite is one skipped test that says so (reported, never silently passed), and `suite` is not called.
 */
export function describeEachDatabase(title: string, suite: (engine: TestEngine) => void): void {
  describe.each(engines)(title, (engine) => {
    if (engine.skip) {
      it.skip('PostgreSQL not reachable on 127.0.0.1:5432', () => undefined);
      return;
    }
    suite(engine);
  });
}

/**
 * `describe(title)` on PostgreSQL alone, for what PGlite (one process by design) cannot have: several API processes,
 * each with its own pool, on one database. Without a server its suite is one skipped test that says so.
 */
export function describeOnPostgres(title: string, suite: (engine: TestEngine) => void): void {
  const postgres = engines.find((e) => e.name === 'postgres')!;
  describe(title, () => {
    if (postgres.skip) {
      it.skip('PostgreSQL not reachable on 127.0.0.1:5432', () => undefined);
      return;
    }
    suite(postgres);
  });
}

/** Closes a test database: PostgreSQL's is dropped (its pool closed, its database removed), PGlite's closed. */
export async function closeTestDb(db: TestDb): Promise<void> {
  if (db.drop) await db.drop();
  else await db.close();
}

/** Migrations, seed and app on a busy CI machine (two files at a time, PostgreSQL shared): more than one hook's 60 s. */
const SUITE_SETUP_MS = 120_000;

export interface SuiteDb {
  db: TestDb;
  app: FastifyInstance;
}

/**
 * The suite's database and a seeded app on it (`testApp(db, env)`: `env` is set while the app reads its settings; a
 * function when it is known only in an earlier beforeAll), made in a beforeAll and handed to `ready`; the app closed and
 * the database closed (PostgreSQL: dropped) in an afterAll. `app: false`: the database alone (`app` is then undefined).
 * The suite's own beforeAll hooks, registered after this call, run after it.
 */
export function suiteDatabase(
  engine: TestEngine,
  ready: (t: SuiteDb) => void,
  opts: { env?: Record<string, string> | (() => Record<string, string>); app?: boolean } = {},
): void {
  let t: Partial<SuiteDb> = {};
  beforeAll(async () => {
    const db = await engine.make();
    t = { db };
    if (opts.app !== false) t.app = await testApp(db, typeof opts.env === 'function' ? opts.env() : opts.env);
    ready(t as SuiteDb);
  }, SUITE_SETUP_MS);
  afterAll(async () => {
    await t.app?.close();
    if (t.db) await closeTestDb(t.db);
  });
}
