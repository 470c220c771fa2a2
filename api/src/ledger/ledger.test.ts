import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../db';
import { findMigrations } from '../db/migrate';
import { createPgliteDb } from '../db/pglite';
import { createPostgresDb } from '../db/postgres';
import { reportDays } from '../staff/reports/service';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { TEST_DATABASE_URL, createPlayer } from '../testing/helpers';
import { ledgerConfig } from './config';
import {
  IdempotencyConflict,
  InsufficientFunds,
  LedgerError,
  checkLedger,
  fromMinor,
  getBalance,
  getHouseBalance,
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

describeEachDatabase('ledger on $name', (engine) => {
  let db: TestDb;
  suiteDatabase(engine, (t) => ({ db } = t), { app: false });

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
    expect(await getPlayerBalance(db, p.id)).toEqual({
      balanceMinor: 74950n,
      heldMinor: 25050n,
      exposureMinor: 0n,
      owedMinor: 0n,
      currency: 'BDT',
    });
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

  it('replays a key whose retry names another shard of the same house account', async () => {
    const p = await fundedPlayer('100.00');
    const shards = new Set<number>();
    while (shards.size < 2) shards.add(await db.tx((q) => houseAccount(q, 'cash', 'BDT')));
    const [a, b] = [...shards];
    const input = (house: number): TransferInput => ({
      idempotencyKey: `retry:${p.id}`,
      kind: 'deposit',
      legs: [
        { account: p.main, amountMinor: 700n },
        { account: house, amountMinor: -700n },
      ],
    });
    const first = await db.tx((q) => transfer(q, input(a!)));
    const again = await db.tx((q) => transfer(q, input(b!)));
    expect(again).toMatchObject({ replayed: true, transferId: first.transferId });
    expect(await getBalance(db, p.main)).toBe(10700n);
    // another house account is other details, not the same transfer
    const other = await db.tx((q) => houseAccount(q, 'games', 'BDT'));
    await expect(db.tx((q) => transfer(q, input(other)))).rejects.toThrow(IdempotencyConflict);
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

  it('refuses a transfer naming an account that does not exist, and records nothing', async () => {
    const p = await fundedPlayer('1.00');
    const legs = [
      { account: p.main, amountMinor: -100n },
      { account: 987_654_321, amountMinor: 100n },
    ];
    await expect(db.tx((q) => transfer(q, { idempotencyKey: `ghost:${p.id}`, kind: 'seed', legs }))).rejects.toThrow(
      'Unknown ledger account',
    );
    const left = await db.query('SELECT 1 FROM ledger_transfers WHERE idempotency_key = $1', [`ghost:${p.id}`]);
    expect(left.rows).toEqual([]);
  });

  it('50 concurrent transfers across house shards keep every balance exact and never overdraw a player', async () => {
    expect(ledgerConfig().houseShards).toBeGreaterThan(1);
    const houseBefore = await db.tx((q) => getHouseBalance(q, 'cash', 'BDT'));
    const players = await Promise.all(Array.from({ length: 5 }, () => fundedPlayer('10.00')));
    const shardsBefore = await db.query<{ id: string }>(`SELECT id FROM ledger_accounts WHERE code = 'house:cash' AND currency = 'BDT'`);
    // Each player holds 1000 minor; ten payouts of 300 each race per player (3 fit), and five deposits of 7 each.
    const jobs = players.flatMap((p, i) => [
      ...Array.from({ length: 5 }, (_, k) => ({ p, key: `shard:${p.id}:${i}:out:${k}`, delta: -300n })),
      ...Array.from({ length: 5 }, (_, k) => ({ p, key: `shard:${p.id}:${i}:in:${k}`, delta: 7n })),
    ]);
    expect(jobs).toHaveLength(50);
    const results = await Promise.allSettled(
      jobs.map((j) =>
        db.tx(async (q) =>
          transfer(q, {
            idempotencyKey: j.key,
            kind: j.delta > 0n ? 'deposit' : 'withdraw.payout',
            legs: [
              { account: j.p.main, amountMinor: j.delta },
              { account: await houseAccount(q, 'cash', 'BDT'), amountMinor: -j.delta },
            ],
          }),
        ),
      ),
    );
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(failed.every((e) => e instanceof InsufficientFunds)).toBe(true);
    let moved = 0n;
    for (const p of players) {
      const done = jobs.filter((j, i) => j.p === p && results[i]!.status === 'fulfilled');
      const expected = 1000n + done.reduce((s, j) => s + j.delta, 0n);
      const balance = await getBalance(db, p.main);
      expect(balance).toBe(expected);
      expect(balance).toBeGreaterThanOrEqual(0n);
      // 1000 + 35 covers at most three payouts of 300
      expect(done.filter((j) => j.delta < 0n).length).toBe(3);
      moved += expected - 1000n;
    }
    // the house is every shard summed: it gave out the 5 × 1000 funding and took back what the players lost
    expect(await db.tx((q) => getHouseBalance(q, 'cash', 'BDT'))).toBe(houseBefore - 5000n - moved);
    const shards = await db.query<{ id: string }>(`SELECT id FROM ledger_accounts WHERE code = 'house:cash' AND currency = 'BDT'`);
    expect(Math.max(shards.rows.length, shardsBefore.rows.length)).toBeGreaterThan(1);
    const total = await db.query<{ s: string }>('SELECT SUM(balance_minor)::text AS s FROM ledger_accounts');
    expect(total.rows[0]!.s).toBe('0');
    expect((await checkLedger(db)).problems).toEqual([]);
  });
});

describeEachDatabase('house shards on an existing database ($name)', ({ name }) => {
  const before = findMigrations().filter((m) => m.number < 30);
  const after = findMigrations().filter((m) => m.number >= 30);
  let db: Db;
  let dropSchema = async () => undefined;
  beforeAll(async () => {
    if (name === 'pglite') db = await createPgliteDb('memory');
    else {
      const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      db = await createPostgresDb({ url: TEST_DATABASE_URL, schema, max: 5 });
      dropSchema = async () => {
        const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await c.connect();
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
        await c.end();
      };
    }
    await migrate(db, before);
  });
  afterAll(async () => {
    await db.close();
    await dropSchema();
  });

  it('keeps the report and house totals of the unsharded house rows, then spreads new transfers over shards', async () => {
    expect(after[0]?.name).toBe('0030_ledger_house_shards.sql');
    // History written before the migration: one house:cash row, as the old code made it.
    const players = await db.tx(async (q) => {
      const ids = [await createPlayer(q), await createPlayer(q)];
      const cash = await q.query<{ id: string }>(
        `INSERT INTO ledger_accounts (code, currency, allow_negative) VALUES ('house:cash', 'BDT', true) RETURNING id`,
      );
      const out = [];
      for (const id of ids) {
        const main = await q.query<{ id: string }>(
          `INSERT INTO ledger_accounts (player_id, code, currency) VALUES ($1, $2, 'BDT') RETURNING id`,
          [id, `player:${id}:main`],
        );
        const t = await q.query<{ id: string }>(
          `INSERT INTO ledger_transfers (idempotency_key, kind) VALUES ($1, 'deposit') RETURNING id`,
          [`old:${id}`],
        );
        await q.query(`INSERT INTO ledger_postings (transfer_id, account_id, amount_minor) VALUES ($1, $2, 12345), ($1, $3, -12345)`, [
          t.rows[0]!.id,
          main.rows[0]!.id,
          cash.rows[0]!.id,
        ]);
        await q.query('UPDATE ledger_accounts SET balance_minor = balance_minor + 12345 WHERE id = $1', [main.rows[0]!.id]);
        await q.query('UPDATE ledger_accounts SET balance_minor = balance_minor - 12345 WHERE id = $1', [cash.rows[0]!.id]);
        out.push({ id, main: Number(main.rows[0]!.id) });
      }
      return out;
    });
    const today = new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);
    const reportBefore = await db.tx((q) => reportDays(q, { from: today, to: today }));
    expect(reportBefore[0]?.deposits).toBe('246.90');

    await migrate(db, after);
    expect(await db.tx((q) => reportDays(q, { from: today, to: today }))).toEqual(reportBefore);
    expect(await db.tx((q) => getHouseBalance(q, 'cash', 'BDT'))).toBe(-24690n);

    // New deposits land on several shards; the totals still read as one house account.
    for (let i = 0; i < 40; i++) {
      await db.tx(async (q) =>
        transfer(q, {
          idempotencyKey: `new:${i}`,
          kind: 'deposit',
          legs: [
            { account: players[i % 2]!.main, amountMinor: 100n },
            { account: await houseAccount(q, 'cash', 'BDT'), amountMinor: -100n },
          ],
        }),
      );
    }
    const shards = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ledger_accounts WHERE code = 'house:cash'`);
    expect(Number(shards.rows[0]!.n)).toBeGreaterThan(1);
    expect(await db.tx((q) => getHouseBalance(q, 'cash', 'BDT'))).toBe(-24690n - 4000n);
    const reportAfter = await db.tx((q) => reportDays(q, { from: today, to: today }));
    expect(reportAfter[0]?.deposits).toBe('286.90');
    expect(await getPlayerBalance(db, players[0]!.id)).toMatchObject({ balanceMinor: 12345n + 2000n });
    expect((await checkLedger(db)).problems).toEqual([]);
  });
});
