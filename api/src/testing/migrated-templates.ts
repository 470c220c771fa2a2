// Vitest global setup (vitest.config.ts): the databases every test file starts from, migrated once for the whole run
// instead of once per database (initdb and ~100 migrations cost ~3-5 s a database on a busy 2-core machine):
// - PGlite: a migrated in-memory database dumped to a file; memoryDb() starts from it (loadDataDir).
// - PostgreSQL (when one answers on TEST_DATABASE_URL): a migrated database that postgresDb() copies per suite with
//   CREATE DATABASE ... TEMPLATE (a file copy on the server).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../db';
import { createPgliteDb } from '../db/pglite';
import { createPostgresDb } from '../db/postgres';

/** The PostgreSQL server the tests use (its database `test` when unset). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The PGlite image's file, for the test files (set by the setup below). */
export const PGLITE_IMAGE_VAR = 'KHELA_TEST_PGLITE_IMAGE';
/** The PostgreSQL template database's name (set by the setup below when PostgreSQL answers). */
export const PG_TEMPLATE_VAR = 'KHELA_TEST_PG_TEMPLATE';

/** `url` with another database name. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `sql` on the server of `url` through a short-lived connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function onServer(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function pgliteImage(dir: string): Promise<string> {
  const db = await createPgliteDb('memory');
  await migrate(db);
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await db.dumpImage()).arrayBuffer()));
  await db.close();
  return file;
}

/** The migrated template database, or null when no PostgreSQL answers (its suites are then reported skipped). */
async function postgresTemplate(url: string): Promise<string | null> {
  const name = `khela_tmpl_${randomBytes(4).toString('hex')}`;
  try {
    await onServer(url, `CREATE DATABASE ${name}`);
  } catch {
    return null;
  }
  const db = await createPostgresDb({ url: databaseUrl(url, name), max: 2 });
  try {
    await migrate(db);
  } finally {
    // a template must have no connection while it is copied
    await db.close();
  }
  return name;
}

export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'khela-test-templates-'));
  const [image, template] = await Promise.all([pgliteImage(dir), postgresTemplate(TEST_DATABASE_URL)]);
  // the test files' processes are started after this and inherit them
  process.env[PGLITE_IMAGE_VAR] = image;
  if (template) process.env[PG_TEMPLATE_VAR] = template;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (template) await onServer(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
  };
}
