import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './index';
import { migrate, withRetry } from './index';
import { findMigrations } from './migrate';
import { memoryDb } from '../testing/helpers';

let db: Db;
beforeAll(async () => {
  db = await memoryDb();
  await db.exec('CREATE TABLE t (id serial PRIMARY KEY, tx int NOT NULL, step int NOT NULL)');
});
afterAll(async () => db.close());

describe('migrations', () => {
  it('are found per domain, ordered by number, and applied once', async () => {
    const names = findMigrations().map((m) => m.name);
    expect(names.slice(0, 3)).toEqual(['0001_core.sql', '0002_ledger.sql', '0003_push.sql']);
    expect(await migrate(db)).toEqual([]);
    const r = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY number');
    expect(r.rows.map((x) => x.name)).toEqual(names);
  });
});

describe('PGlite transactions', () => {
  it('never interleave statements of concurrent transactions', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        db.tx(async (q) => {
          for (let step = 0; step < 3; step++) {
            await q.query('INSERT INTO t (tx, step) VALUES ($1, $2)', [n, step]);
            await new Promise((r) => setTimeout(r, 1));
          }
        }),
      ),
    );
    const rows = (await db.query<{ tx: number }>('SELECT tx FROM t ORDER BY id')).rows.map((r) => r.tx);
    for (let i = 0; i < rows.length; i += 3) expect(new Set(rows.slice(i, i + 3)).size).toBe(1);
  });

  it("give the event loop a turn between queued operations (a burst's sockets are read while the queue drains)", async () => {
    // 200 queries queued at once; a timer set now must fire before the last is answered: without a turn between them
    // the whole queue resolves in one run of microtasks and no timer, socket or other I/O is seen until it ends
    let timerAt = -1;
    let answered = 0;
    setTimeout(() => (timerAt = answered), 0);
    await Promise.all(Array.from({ length: 200 }, () => db.query('SELECT 1').then(() => answered++)));
    expect(timerAt).toBeGreaterThanOrEqual(0);
    expect(timerAt).toBeLessThan(200);
  });

  it('roll back when the body throws', async () => {
    await expect(
      db.tx(async (q) => {
        await q.query('INSERT INTO t (tx, step) VALUES (99, 0)');
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await db.query('SELECT 1 FROM t WHERE tx = 99')).rows).toHaveLength(0);
  });

  it('refuse the Db itself inside a transaction (it would wait forever)', async () => {
    await expect(db.tx(async () => db.query('SELECT 1'))).rejects.toThrow(/use the `q`/);
  });

  it('return int8 as string and date as YYYY-MM-DD, like node-postgres', async () => {
    const r = await db.query<{ n: unknown; d: unknown }>(`SELECT 9007199254740993::bigint AS n, '2024-12-31'::date AS d`);
    expect(r.rows[0]).toEqual({ n: '9007199254740993', d: '2024-12-31' });
  });
});

describe('withRetry', () => {
  it('retries serialization failures and deadlocks, not other errors', async () => {
    let calls = 0;
    const result = await withRetry(async () => {
      calls++;
      if (calls < 3) throw Object.assign(new Error('deadlock'), { code: calls === 1 ? '40P01' : '40001' });
      return 'ok';
    });
    expect([result, calls]).toEqual(['ok', 3]);
    calls = 0;
    await expect(
      withRetry(async () => {
        calls++;
        throw Object.assign(new Error('unique'), { code: '23505' });
      }),
    ).rejects.toThrow('unique');
    expect(calls).toBe(1);
  });
});
