import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, TEST_DATABASE_URL } from '../testing/helpers';
import { createPostgresDb } from './postgres';
import type { Db } from './types';

// Issue 16: a PostgreSQL restart (here: the server ending this process's connections) must not end the process
// (an 'error' on the LISTEN client with no handler would) nor silence push: the LISTEN connection comes back and
// listens to every channel again; a transaction whose connection died leaves the pool instead of poisoning it.
const available = await postgresAvailable();
let db: Db;
let admin: pg.Client;
const terminateOthers = async () => {
  await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = 'khela-reconnect-test'`,
  );
};

describe.skipIf(!available)('PostgreSQL connections lost and regained', () => {
  beforeAll(async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('application_name', 'khela-reconnect-test');
    db = await createPostgresDb({ url: url.toString(), max: 2, reconnectMs: 20 });
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await db?.close();
    await admin?.end();
  });

  it('listens again after its connection is cut, and queries and transactions work again', async () => {
    const heard: string[] = [];
    const channel = `reconnect_${process.pid}`;
    // told when the connection is lost and again when it listens anew (the session cache drops what it kept)
    let resets = 0;
    await db.listen(
      channel,
      (p) => heard.push(p),
      () => resets++,
    );
    await db.notify(channel, 'before');
    await expect.poll(() => heard).toEqual(['before']);

    expect(resets).toBe(0);
    await terminateOthers();
    await expect.poll(() => resets).toBeGreaterThanOrEqual(1);
    // the pool's idle clients died too: the next query may fail once, then a fresh connection answers
    await db.query('SELECT 1').catch(() => undefined);
    await expect.poll(async () => (await db.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
    await expect
      .poll(
        async () => {
          await db.notify(channel, 'after');
          return heard.includes('after');
        },
        { timeout: 5_000, interval: 100 },
      )
      .toBe(true);
    expect(resets).toBeGreaterThanOrEqual(2);

    // a transaction cut mid-way fails, and the next ones run on healthy connections
    await expect(
      db.tx(async (q) => {
        await q.query('SELECT 1');
        await terminateOthers();
        await q.query('SELECT 1');
      }),
    ).rejects.toThrow();
    for (let i = 0; i < 3; i++) expect(await db.tx(async (q) => (await q.query<{ n: number }>('SELECT 2 AS n')).rows[0]!.n)).toBe(2);
  });
});
