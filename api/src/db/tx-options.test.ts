// db.tx's round-trip savings (TxOptions, issue 28): BEGIN sent with the first statement, a last statement sent with
// the COMMIT that stops the commit by failing. Both must keep the transaction what it was: all or nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeTestDb, describeEachDatabase, type TestDb } from '../testing/both-databases';
import { pgErrorCode } from './types';

describeEachDatabase('db.tx options on $name', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await engine.make();
    await db.exec('CREATE TABLE tx_options_t (id serial PRIMARY KEY, label text NOT NULL)');
  });
  afterAll(async () => closeTestDb(db));
  const labels = async () => (await db.query<{ label: string }>('SELECT label FROM tx_options_t ORDER BY id')).rows.map((r) => r.label);
  // fails with its own code when the label is 'stop' (as the writer's fence fails when the lease is lost)
  const guard = (label: string) => ({
    sql: `SELECT CASE WHEN $1::text = 'stop' THEN (SELECT 1 / 0) ELSE 1 END`,
    params: [label],
  });

  it('pipelineBegin: the first statement is inside the transaction (a body that throws leaves nothing)', async () => {
    await expect(
      db.tx(
        async (q) => {
          await q.query(`INSERT INTO tx_options_t (label) VALUES ('first-then-throw')`);
          await q.query(`INSERT INTO tx_options_t (label) VALUES ('second')`);
          throw new Error('stop');
        },
        { pipelineBegin: true },
      ),
    ).rejects.toThrow('stop');
    expect(await labels()).toEqual([]);
    await db.tx(async (q) => void (await q.query(`INSERT INTO tx_options_t (label) VALUES ('kept')`)), { pipelineBegin: true });
    expect(await labels()).toEqual(['kept']);
  });

  it('lastWithCommit: commits when the last statement passes, rolls back and throws its error when it fails', async () => {
    const run = (label: string) =>
      db.tx(
        async (q) => {
          await q.query('INSERT INTO tx_options_t (label) VALUES ($1)', [label]);
          return label;
        },
        { pipelineBegin: true, lastWithCommit: guard },
      );
    expect(await run('go')).toBe('go');
    const err = await run('stop').catch((e: unknown) => e);
    expect(pgErrorCode(err)).toBe('22012'); // the last statement's own error, not a generic one
    expect(await labels()).toEqual(['kept', 'go']);
    // the connection it ran on is usable again (PostgreSQL: back in the pool after the server's rollback)
    await Promise.all(['a', 'b', 'c'].map((l) => run(l)));
    expect((await labels()).slice(2).sort()).toEqual(['a', 'b', 'c']);
    // null: no last statement
    await db.tx(async (q) => void (await q.query(`INSERT INTO tx_options_t (label) VALUES ('stop')`)), { lastWithCommit: () => null });
    expect(await labels()).toContain('stop');
  });
});
