// Balance and position movements are updated in place (HOT: no new index entries, no dead index entries) — issue 28,
// stop 52, migrations 0970 and 0971. PostgreSQL keeps an update on its page only when no index of the table refers
// to a column the update changes (a partial index's predicate counts), so one index by balance made every balance
// movement of the site write four index entries. These tests fail when such an index comes back.
import { expect, it } from 'vitest';
import type { Queryable } from '../db';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { createPlayer, fund } from '../testing/helpers';
import { playerAccounts, transferManyParts } from './index';

/** The columns each hot path changes on every movement. */
const MOVED: Record<string, string[]> = {
  ledger_accounts: ['balance_minor', 'version'],
  exchange_positions: ['exposure_minor', 'hold_version', 'updated_at'],
};

/** This transaction's updates of a table so far, and how many of them were HOT (counted at once, before any flush). */
async function updates(q: Queryable, table: string) {
  const r = await q.query<{ upd: string; hot: string }>(
    'SELECT n_tup_upd::text AS upd, n_tup_hot_upd::text AS hot FROM pg_stat_xact_user_tables WHERE relname = $1',
    [table],
  );
  return { upd: Number(r.rows[0]!.upd), hot: Number(r.rows[0]!.hot) };
}

describeEachDatabase('balance and position updates stay in place on $name', (engine) => {
  let db: TestDb;
  suiteDatabase(engine, (t) => ({ db } = t), { app: false });

  it('no index of the hot tables refers to a column their movements change', async () => {
    for (const [table, columns] of Object.entries(MOVED)) {
      const r = await db.query<{ name: string; def: string }>(
        'SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = $1::regclass',
        [table],
      );
      expect(r.rows.length).toBeGreaterThan(0);
      for (const { name, def } of r.rows)
        for (const column of columns) expect(new RegExp(`\\b${column}\\b`).test(def), `${name}: ${def}`).toBe(false);
    }
  });

  it("a hold's balance moves are HOT updates", async () => {
    const id = await db.tx(async (q) => {
      const p = await createPlayer(q);
      await fund(q, p, '100.00');
      return p;
    });
    const accounts = await playerAccounts(db, id);
    await db.tx(async (q) => {
      const before = await updates(q, 'ledger_accounts');
      const params: unknown[] = [];
      const parts = transferManyParts(
        [
          {
            idempotencyKey: `hot:${id}`,
            kind: 'exchange.hold',
            legs: [
              { account: accounts.main, amountMinor: -2500n },
              { account: accounts.exposure, amountMinor: 2500n },
            ],
          },
        ],
        (v) => `$${params.push(v)}`,
      )!;
      const row = await q.query<Record<string, unknown>>(`WITH ${parts.ctes.join(', ')} SELECT ${parts.columns.join(', ')}`, params);
      parts.check(row.rows[0]!);
      const after = await updates(q, 'ledger_accounts');
      expect(after.upd - before.upd).toBe(2);
      expect(after.hot - before.hot).toBe(2);
    });
  });
});
