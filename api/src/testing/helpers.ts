import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { PushBroker } from '../push/broker';
import { buildApp } from '../app';
import { migrate, type Db, type Queryable } from '../db';
import { createPgliteDb } from '../db/pglite';
import { createPostgresDb } from '../db/postgres';
import { createSession } from '../auth/sessions';
import { houseAccount, playerAccounts, primeHouseAccounts, toMinor, transfer } from '../ledger';
import { seed } from '../seed';
import { databaseUrl, onServer, PG_TEMPLATE_VAR, PGLITE_IMAGE_VAR, TEST_DATABASE_URL } from './migrated-templates';

export { TEST_DATABASE_URL };

/**
 * The migrated database image the test run's global setup made (testing/migrated-templates.ts): a PGlite started from it
 * skips initdb and the migrations (~1 s in place of ~3-5 s on a busy 2-core machine, once per database of each file).
 */
let image: Blob | undefined;
function migratedImage(): Blob | undefined {
  const file = process.env[PGLITE_IMAGE_VAR];
  if (!file || !existsSync(file)) return undefined;
  return (image ??= new Blob([readFileSync(file)]));
}

/** In-memory PGlite with all migrations. ~1-3 s: share one per test file. */
export async function memoryDb(): Promise<Db> {
  const db = await createPgliteDb('memory', { loadDataDir: migratedImage() });
  // from the image: nothing to apply (a migration added since is applied here all the same)
  await migrate(db);
  await primeHouseAccounts(db);
  return db;
}

/** True when a PostgreSQL server answers on the test URL's host and port. */
export async function postgresAvailable(url = TEST_DATABASE_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const open = await new Promise<boolean>((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port || 5432) });
    s.setTimeout(500);
    s.once('connect', () => (s.end(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
  if (!open) return false;
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** A test's PostgreSQL database: its URL (another process's pool connects there), `drop()` removes it. */
export type PostgresTestDb = Db & { url: string; drop(): Promise<void> };

/**
 * A PostgreSQL db of its own (parallel files and runs never collide); `drop()` removes it. In a vitest run: a copy of
 * the run's migrated template database (testing/migrated-templates.ts); otherwise a fresh schema, migrated here.
 */
export async function postgresDb(url = TEST_DATABASE_URL): Promise<PostgresTestDb> {
  const template = process.env[PG_TEMPLATE_VAR];
  if (template && url === TEST_DATABASE_URL) {
    const name = `khela_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await onServer(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    const own = databaseUrl(url, name);
    const db = await createPostgresDb({ url: own, max: 10 });
    await migrate(db);
    await primeHouseAccounts(db);
    return Object.assign(db, {
      url: own,
      async drop() {
        await db.close();
        await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    });
  }
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await createPostgresDb({ url, schema, max: 10 });
  await migrate(db);
  await primeHouseAccounts(db);
  return Object.assign(db, {
    url,
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  });
}

let counter = 0;
/**
 * A minimal player row (no password check needed in tests), with an adult birthday (every stake and deposit needs
 * one; `dofb: null` leaves it unset).
 */
export async function createPlayer(
  q: Queryable,
  overrides: { username?: string; currency?: 'BDT' | 'INR' | 'PKR'; status?: string; exchange_market?: number; dofb?: string | null } = {},
): Promise<number> {
  const username = overrides.username ?? `player${Date.now().toString(36)}${++counter}`;
  const r = await q.query<{ id: string }>(
    `INSERT INTO players (username, password_hash, name, currency, referral_code, status, exchange_market, dofb)
     VALUES ($1, 'x', $1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      username,
      overrides.currency ?? 'BDT',
      `R${randomBytes(5).toString('hex')}`,
      overrides.status ?? 'active',
      overrides.exchange_market ?? 1,
      overrides.dofb === undefined ? '1990-01-01' : overrides.dofb,
    ],
  );
  return Number(r.rows[0]!.id);
}

export const tokenFor = (db: Db, playerId: number) => createSession(db, playerId);

/** Puts `amount` (major units) from house:cash into the player's main wallet, once per `key` (a ledger `seed` move). */
export async function fund(db: Db | Queryable, playerId: number, amount: string, key = `test:fund:${playerId}`): Promise<void> {
  const run = async (q: Queryable) => {
    const { main, currency } = await playerAccounts(q, playerId);
    await transfer(q, {
      idempotencyKey: key,
      kind: 'seed',
      legs: [
        { account: await houseAccount(q, 'cash', currency), amountMinor: -toMinor(amount) },
        { account: main, amountMinor: toMinor(amount) },
      ],
    });
  };
  return 'tx' in db ? db.tx(run) : run(db);
}

// One withEnv at a time: process.env is the process's, so two apps built at once (a suite's PGlite run beside its
// PostgreSQL run) would read each other's settings, or none when one restores the environment while the other reads
// (the replay test's PostgreSQL apps once got no bet-delay override and waited the feed's 5 s). Not for nesting.
let envTurn: Promise<unknown> = Promise.resolve();

/** Runs `fn` with `env` set in process.env, then puts process.env back (apps read their settings while they register). */
export function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const run = envTurn.then(async () => {
    const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    try {
      return await fn();
    } finally {
      for (const [k, v] of Object.entries(before)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
  envTurn = run.catch(() => undefined);
  return run;
}

/**
 * A seeded app on `db`. `env` is set only while the app reads its configuration (the domains read
 * process.env when they register), then restored, so one test file can build apps with different settings.
 */
export function testApp(db: Db, env: Record<string, string> = {}): Promise<FastifyInstance> {
  // the risk rules' job stays off unless a test turns it on (a test runs evaluateRiskEvents itself)
  return withEnv({ RISK_EVAL_INTERVAL_MS: '0', ...env }, async () => {
    await seed(db, { images: false });
    const app = await buildApp({ db, logger: process.env.TEST_LOG ? { level: 'error' } : false });
    await app.ready();
    return app;
  });
}

/**
 * Another API process on an already seeded database: the app alone, `env` set while it reads its settings. On PGlite
 * (one process by design) pass the first app's broker, so the two hear each other's pushes as processes do over NOTIFY.
 */
export function processOn(db: Db, env: Record<string, string> = {}, broker?: PushBroker): Promise<FastifyInstance> {
  return withEnv({ RISK_EVAL_INTERVAL_MS: '0', ...env }, async () => {
    const app = await buildApp({ db, logger: false, broker });
    await app.ready();
    return app;
  });
}

/** The second process's own pool on the same schema (PostgreSQL), or the same PGlite. */
export async function otherProcessDb(db: Db, max = 4): Promise<Db> {
  if (db.kind !== 'postgres') return db;
  const schema = (await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
  return createPostgresDb({ url: (db as Partial<PostgresTestDb>).url ?? TEST_DATABASE_URL, schema, max });
}

export interface TestEngine {
  name: 'pglite' | 'postgres';
  make: () => Promise<Db & { drop?: () => Promise<void> }>;
  /** True when no PostgreSQL answers: its suite is reported as skipped, never silently passed. */
  skip: boolean;
}

/** The two databases the money and concurrency suites run on (for `describe.each`). */
export async function bothDatabases(): Promise<TestEngine[]> {
  const pgUp = await postgresAvailable();
  return [
    { name: 'pglite', make: memoryDb, skip: false },
    { name: 'postgres', make: postgresDb, skip: !pgUp },
  ];
}
