import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { bothDatabases, createPlayer } from '../testing/helpers';
import {
  IdempotencyConflict,
  InsufficientFunds,
  LedgerError,
  checkLedger,
  fromMinor,
  getBalance,
  getPlayerBalance,
  houseAccount,
  playerAccounts,
  toMinor,
  transfer,
  type TransferInput,
} from './index';

describe('money', () => {
  it('parses decimal strings exactly', () => {
    expect(toMinor('1000.50')).toBe(100050n);
    expect(toMinor('1000.5')).toBe(100050n);
    expect(toMinor('7')).toBe(700n);
    expect(toMinor('-0.05')).toBe(-5n);
    expect(toMinor('90071992547409.93')).toBe(9007199254740993n); // beyond float precision
  });
  it('rejects more than 2 decimals and non-numbers', () => {
    for (const bad of ['1.005', '', 'abc', '1e3', '1,000', '.5', '0x10']) expect(() => toMinor(bad)).toThrow('Invalid amount');
  });
  it('formats minor units', () => {
    expect(fromMinor(100050n)).toBe('1000.50');
    expect(fromMinor(5n)).toBe('0.05');
    expect(fromMinor(-150n)).toBe('-1.50');
    expect(fromMinor(0n)).toBe('0.00');
  });
});

const engines = await bothDatabases();

describe.each(engines)('ledger on $name', ({ make, skip }) => {
  if (skip) {
    it.skip('PostgreSQL not reachable on 127.0.0.1:5432', () => undefined);
    return;
  }
  let db: Db & { drop?: () => Promise<void> };
  beforeAll(async () => {
    db = await make();
  });
  afterAll(async () => {
    if (db.drop) await db.drop();
    else await db.close();
  });

  async function fundedPlayer(amount: string) {
    return db.tx(async (q) => {
      const id = await createPlayer(q);
      const acc = await playerAccounts(q, id);
      const cash = await houseAccount(q, 'cash', acc.currency);
      if (amount !== '0') {
        await transfer(q, {
          idempotencyKey: `fund:${id}`,
          kind: 'deposit',
          legs: [
            { account: cash, amountMinor: -toMinor(amount) },
            { account: acc.main, amountMinor: toMinor(amount) },
          ],
        });
      }
      return { id, ...acc, cash };
    });
  }

  it('moves balanced legs and keeps accounts in step with postings', async () => {
    const p = await fundedPlayer('1000.00');
    const r = await db.tx((q) =>
      transfer(q, {
        idempotencyKey: `hold:${p.id}`,
        kind: 'withdraw.hold',
        reference: 'trx-1',
        metadata: { method: 'bkash' },
        legs: [
          { account: p.main, amountMinor: -25050n },
          { account: p.held, amountMinor: 25050n },
        ],
      }),
    );
    expect(r.replayed).toBe(false);
    expect(r.balances.get(p.main)).toBe(74950n);
    expect(await getBalance(db, p.held)).toBe(25050n);
    expect(await getPlayerBalance(db, p.id)).toEqual({ balanceMinor: 74950n, heldMinor: 25050n, exposureMinor: 0n, currency: 'BDT' });
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('rejects unbalanced, single-leg and zero legs', async () => {
    const p = await fundedPlayer('10.00');
    const bad = [
      [
        { account: p.main, amountMinor: -100n },
        { account: p.cash, amountMinor: 99n },
      ],
      [
        { account: p.main, amountMinor: 0n },
        { account: p.cash, amountMinor: 0n },
      ],
      [{ account: p.main, amountMinor: 0n }],
    ];
    for (const legs of bad) {
      await expect(db.tx((q) => transfer(q, { idempotencyKey: `bad:${Math.random()}`, kind: 'seed', legs }))).rejects.toThrow(LedgerError);
    }
  });

  it('replays an idempotency key without moving money again', async () => {
    const p = await fundedPlayer('100.00');
    const input: TransferInput = {
      idempotencyKey: `bet:${p.id}:1`,
      kind: 'casino.bet',
      legs: [
        { account: p.main, amountMinor: -1000n },
        { account: p.cash, amountMinor: 1000n },
      ],
    };
    const first = await db.tx((q) => transfer(q, input));
    const second = await db.tx((q) => transfer(q, input));
    expect(second.replayed).toBe(true);
    expect(second.transferId).toBe(first.transferId);
    expect(await getBalance(db, p.main)).toBe(9000n);
  });

  it('throws IdempotencyConflict when a key comes back with other legs', async () => {
    const p = await fundedPlayer('100.00');
    const legs = (n: bigint) => [
      { account: p.main, amountMinor: -n },
      { account: p.cash, amountMinor: n },
    ];
    await db.tx((q) => transfer(q, { idempotencyKey: `k:${p.id}`, kind: 'casino.bet', legs: legs(500n) }));
    await expect(db.tx((q) => transfer(q, { idempotencyKey: `k:${p.id}`, kind: 'casino.bet', legs: legs(600n) }))).rejects.toThrow(
      IdempotencyConflict,
    );
    await expect(db.tx((q) => transfer(q, { idempotencyKey: `k:${p.id}`, kind: 'casino.win', legs: legs(500n) }))).rejects.toThrow(
      IdempotencyConflict,
    );
    expect(await getBalance(db, p.main)).toBe(9500n);
  });

  it('refuses to overdraw a player account and reports the balance', async () => {
    const p = await fundedPlayer('50.00');
    const err = await db
      .tx((q) =>
        transfer(q, {
          idempotencyKey: `over:${p.id}`,
          kind: 'withdraw.hold',
          legs: [
            { account: p.main, amountMinor: -5001n },
            { account: p.cash, amountMinor: 5001n },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientFunds);
    expect((err as InsufficientFunds).balanceMinor).toBe(5000n);
    expect((err as InsufficientFunds).body()).toMatchObject({ message: 'Insufficient balance.', balance: '50.00' });
    // The rolled-back transaction left no transfer behind: the key is free again.
    const ok = await db.tx((q) =>
      transfer(q, {
        idempotencyKey: `over:${p.id}`,
        kind: 'withdraw.hold',
        legs: [
          { account: p.main, amountMinor: -5000n },
          { account: p.cash, amountMinor: 5000n },
        ],
      }),
    );
    expect(ok.replayed).toBe(false);
    expect(await getBalance(db, p.main)).toBe(0n);
  });

  it('keeps postings append-only', async () => {
    await expect(db.query('UPDATE ledger_postings SET amount_minor = 1')).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM ledger_transfers')).rejects.toThrow(/append-only/);
  });

  it('checkLedger finds a balance that drifted from its postings', async () => {
    const p = await fundedPlayer('1.00');
    await db.query('UPDATE ledger_accounts SET balance_minor = balance_minor + 1 WHERE id = $1', [p.main]);
    const check = await checkLedger(db);
    expect(check.ok).toBe(false);
    expect(check.problems.join()).toContain(`player:${p.id}:main`);
    await db.query('UPDATE ledger_accounts SET balance_minor = balance_minor - 1 WHERE id = $1', [p.main]);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('50 parallel withdrawals of 100.00 from 1000.00: exactly 10 succeed', async () => {
    const p = await fundedPlayer('1000.00');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        db.tx((q) =>
          transfer(q, {
            idempotencyKey: `wd:${p.id}:${i}`,
            kind: 'withdraw.hold',
            legs: [
              { account: p.main, amountMinor: -10000n },
              { account: p.cash, amountMinor: 10000n },
            ],
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(failed.every((r) => r.reason instanceof InsufficientFunds)).toBe(true);
    expect(await getBalance(db, p.main)).toBe(0n);
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('the same idempotency key sent 20 times at once moves money once', async () => {
    const p = await fundedPlayer('100.00');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.tx((q) =>
          transfer(q, {
            idempotencyKey: `dup:${p.id}`,
            kind: 'casino.bet',
            legs: [
              { account: p.main, amountMinor: -100n },
              { account: p.cash, amountMinor: 100n },
            ],
          }),
        ),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await getBalance(db, p.main)).toBe(9900n);
  });
});
