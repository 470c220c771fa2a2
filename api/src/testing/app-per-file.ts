import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db';
import { memoryDb, testApp } from './helpers';

export interface FileApp {
  db: Db;
  app: FastifyInstance;
}

/**
 * One in-memory database and one seeded app for a whole test file (booting one takes ~3 s): registers the
 * file's beforeAll/afterAll and hands both to `ready` once built. `before` runs first (environment,
 * stand-ins the app must see), `after` once the app and database are closed.
 * (Apart from helpers.ts, which the benchmark imports outside vitest.)
 */
export function appPerFile(
  ready: (t: FileApp) => void,
  hooks: { before?: () => Promise<void> | void; after?: () => Promise<void> | void } = {},
): void {
  let t: FileApp | undefined;
  beforeAll(async () => {
    await hooks.before?.();
    const db = await memoryDb();
    t = { db, app: await testApp(db) };
    ready(t);
  }, 60_000);
  afterAll(async () => {
    await t?.app.close();
    await t?.db.close();
    await hooks.after?.();
  });
}
