import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './types';
import { withRetry } from './types';

const raw = (v: string) => v;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Same row values as node-postgres: int8/numeric as strings (parse money with BigInt), date as 'YYYY-MM-DD'. */
export const PGLITE_PARSERS = { 20: raw, 1700: raw, 1082: raw };

/**
 * Embedded PostgreSQL (WASM). One connection, so every transaction and every top-level
 * query goes through one queue: concurrent callers never interleave statements.
 */
export async function createPgliteDb(
  dataDir: string | 'memory',
  opts: { loadDataDir?: Blob } = {},
): Promise<Db & { dumpImage(): Promise<Blob> }> {
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  // loadDataDir: a database image (dumpDataDir's tarball) to start from instead of an empty initdb
  const pg = await PGlite.create(dataDir === 'memory' ? undefined : dataDir, { parsers: PGLITE_PARSERS, ...opts });
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const inTx = new AsyncLocalStorage<true>();
  let tail: Promise<unknown> = Promise.resolve();

  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (inTx.getStore()) {
      throw new Error('Db used inside its own transaction: use the `q` handed to tx()');
    }
    // each turn of the one connection starts on a later turn of the event loop: PGlite runs its statements in WASM and
    // resolves them as microtasks, so a queue of database work would otherwise run to its end before the loop read a
    // socket (under a burst of 2,000 bets, requests waited seconds between their connection and their first read)
    const run = tail.then(nextTurn).then(fn);
    tail = run.catch(() => undefined);
    return run;
  }

  const memo = new Map<string, unknown>();
  const db: Db & { dumpImage(): Promise<Blob> } = {
    kind: 'pglite',
    memo,
    query: (sql, params) => exclusive(() => pg.query(sql, params)),
    exec: (sql) => exclusive(async () => void (await pg.exec(sql))),
    tx: (fn, options) =>
      withRetry(() =>
        exclusive(() =>
          pg.transaction((t) => {
            const q: Queryable = {
              query: (sql, params) => t.query(sql, params),
              exec: async (sql) => void (await t.exec(sql)),
              memo,
            };
            return inTx.run(true, async () => {
              const result = await fn(q);
              // one process, no round trips to save: the last statement simply runs before the commit
              const last = options?.lastWithCommit?.(result);
              if (last) await t.query(last.sql, last.params);
              return result;
            });
          }),
        ),
      ),
    // Single process: an in-memory emitter is the notification bus; what SQL notifies (pg_notify in a trigger,
    // delivered when its transaction commits) reaches the same handlers.
    async listen(channel, handler) {
      events.on(channel, handler);
      const unlistenSql = await exclusive(() => pg.listen(channel, handler));
      return async () => {
        events.off(channel, handler);
        await exclusive(() => unlistenSql()).catch(() => undefined);
      };
    },
    async notify(channel, payload) {
      queueMicrotask(() => events.emit(channel, payload));
    },
    async close() {
      events.removeAllListeners();
      await tail;
      await pg.close();
    },
    // the database as an image another createPgliteDb can start from (the test suites' migrated template)
    dumpImage: () => exclusive(() => pg.dumpDataDir('none')),
  };
  return db;
}
