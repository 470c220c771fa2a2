// transferManyParts (issue 28 stop 42): transferMany's work as parts of the caller's one statement (the exchange
// writer's batch write). The same money moves, and the same rules refuse: below zero, below a debt, a key used twice,
// an account of two transfers. Its refusals come after the statement wrote, so the caller's transaction rolls back.
import { expect, it } from 'vitest';
import type { Queryable } from '../db';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { createPlayer, fund } from '../testing/helpers';
import {
  InsufficientFunds,
  LedgerError,
  checkLedger,
  getBalance,
  houseAccount,
  playerAccounts,
  playerOwedAccount,
  transfer,
  transferManyParts,
  type TransferInput,
} from './index';

/** The parts in a statement of their own, as the batch puts them in its write; the check as it runs it. */
async function runParts(q: Queryable, inputs: TransferInput[]) {
  const params: unknown[] = [];
  const parts = transferManyParts(inputs, (v) => {
    params.push(v);
    return `$${params.length}`;
  })!;
  const r = await q.query<Record<string, unknown>>(`WITH ${parts.ctes.join(', ')} SELECT ${parts.columns.join(', ')}`, params);
  parts.check(r.rows[0]!);
}

const hold = (key: string, main: number, exposure: number, amount: bigint): TransferInput => ({
  idempotencyKey: key,
  kind: 'exchange.hold',
  legs: [
    { account: main, amountMinor: -amount },
    { account: exposure, amountMinor: amount },
  ],
});

describeEachDatabase('ledger transfers as parts of one statement on $name', (engine) => {
  let db: TestDb;
  suiteDatabase(engine, (t) => ({ db } = t), { app: false });

  async function fundedPlayer(amount: string) {
    return db.tx(async (q) => {
      const id = await createPlayer(q);
      await fund(q, id, amount);
      return { id, ...(await playerAccounts(q, id)) };
    });
  }

  it('moves what transferMany moves, every transfer in one statement', async () => {
    const a = await fundedPlayer('100.00');
    const b = await fundedPlayer('50.00');
    await db.tx((q) =>
      runParts(q, [hold(`parts:${a.id}:1`, a.main, a.exposure, 2500n), hold(`parts:${b.id}:1`, b.main, b.exposure, 5000n)]),
    );
    expect(await getBalance(db, a.main)).toBe(7500n);
    expect(await getBalance(db, a.exposure)).toBe(2500n);
    expect(await getBalance(db, b.main)).toBe(0n);
    expect(await getBalance(db, b.exposure)).toBe(5000n);
    // and back (a release), on the balances the first statement left
    await db.tx((q) => runParts(q, [hold(`parts:${a.id}:2`, a.main, a.exposure, -2500n)]));
    expect(await getBalance(db, a.main)).toBe(10000n);
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('refuses what transferMany refuses, and the transaction keeps nothing', async () => {
    const a = await fundedPlayer('10.00');
    const b = await fundedPlayer('10.00');
    // below zero: the whole statement rolls back with the caller's transaction, the other player's hold too
    await expect(
      db.tx((q) => runParts(q, [hold(`parts:${b.id}:x`, b.main, b.exposure, 500n), hold(`parts:${a.id}:x`, a.main, a.exposure, 1001n)])),
    ).rejects.toThrow(InsufficientFunds);
    expect(await getBalance(db, a.main)).toBe(1000n);
    expect(await getBalance(db, b.main)).toBe(1000n);
    // a key already used
    await db.tx((q) => runParts(q, [hold(`parts:${a.id}:k`, a.main, a.exposure, 100n)]));
    await expect(db.tx((q) => runParts(q, [hold(`parts:${a.id}:k`, a.main, a.exposure, 100n)]))).rejects.toThrow(LedgerError);
    expect(await getBalance(db, a.main)).toBe(900n);
    // a debt: main may not go below what the player owes
    await db.tx(async (q) => {
      const owed = await playerOwedAccount(q, b.id, 'BDT');
      const house = await houseAccount(q, 'exchange', 'BDT');
      await transfer(q, {
        idempotencyKey: `parts-debt:${b.id}`,
        kind: 'staff.adjustment',
        legs: [
          { account: owed, amountMinor: -600n },
          { account: house, amountMinor: 600n },
        ],
      });
    });
    await expect(db.tx((q) => runParts(q, [hold(`parts:${b.id}:d`, b.main, b.exposure, 500n)]))).rejects.toThrow(InsufficientFunds);
    await db.tx((q) => runParts(q, [hold(`parts:${b.id}:d`, b.main, b.exposure, 400n)]));
    expect(await getBalance(db, b.main)).toBe(600n);
    // one account in two transfers: refused before any SQL
    expect(() => transferManyParts([hold('x1', a.main, a.exposure, 1n), hold('x2', a.main, b.exposure, 1n)], () => '$1')).toThrow(
      LedgerError,
    );
    expect((await checkLedger(db)).problems).toEqual([]);
  });
});
