import { beforeAll, expect, it } from 'vitest';
import { WALLET_STATUS } from '@khela/contracts';
import type { Queryable } from '../../db';
import { fromMinor, houseAccount, playerAccounts, transfer, type Currency, type Leg, type LedgerKind } from '../../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../../testing/both-databases';
import { createPlayer } from '../../testing/helpers';
import { decide } from '../../wallet/decisions';
import { findTransactionForUpdate } from '../../wallet/transactions';
import { reportDays, type ReportRow } from './service';

type Figure = 'deposits' | 'withdrawals' | 'casino_ggr' | 'exchange_commission' | 'bonus_cost';
/** What the test expects a movement to count for, worked out by hand (minor units). */
interface Expect {
  at: string;
  currency: Currency;
  figures: Partial<Record<Figure, bigint>>;
}

/** The Dhaka date of an instant, by plain arithmetic (UTC+6), independent of the service's SQL. */
const dhakaDay = (iso: string) => new Date(Date.parse(iso) + 6 * 3_600_000).toISOString().slice(0, 10);

// Around the Dhaka midnight between 2024-03-09 and 2024-03-10 (18:00 UTC) and the next one.
const BEFORE = '2024-03-09T17:59:59.999Z'; // 2024-03-09 in Dhaka
const MIDNIGHT = '2024-03-09T18:00:00.000Z'; // 2024-03-10 00:00 in Dhaka
const LATE = '2024-03-10T17:59:59.000Z'; // 2024-03-10 23:59:59 in Dhaka
const NEXT = '2024-03-10T18:00:00.000Z'; // 2024-03-11 in Dhaka

describeEachDatabase('daily reports equal the ledger on $name', (engine) => {
  let db: TestDb;
  const expected: Expect[] = [];

  /** Moves the rows of a transfer to `at` (the ledger is append-only: the test lifts its guard for this only). */
  async function stamp(q: Queryable, transferIds: number[], at: string) {
    await q.query('ALTER TABLE ledger_postings DISABLE TRIGGER ledger_postings_append_only');
    await q.query('ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_append_only');
    await q.query('UPDATE ledger_postings SET created_at = $2 WHERE transfer_id = ANY($1::bigint[])', [transferIds, at]);
    await q.query('UPDATE ledger_transfers SET created_at = $2 WHERE id = ANY($1::bigint[])', [transferIds, at]);
    await q.query('ALTER TABLE ledger_postings ENABLE TRIGGER ledger_postings_append_only');
    await q.query('ALTER TABLE ledger_transfers ENABLE TRIGGER ledger_transfers_append_only');
  }

  let seq = 0;
  async function move(at: string, kind: LedgerKind, legs: (q: Queryable) => Promise<Leg[]>) {
    await db.tx(async (q) => {
      const t = await transfer(q, { idempotencyKey: `report-test:${++seq}`, kind, legs: await legs(q) });
      await stamp(q, [t.transferId], at);
    });
  }

  /** A deposit or withdrawal request decided through the wallet's own `decide`. */
  async function request(
    playerId: number,
    at: string,
    action: 'deposit' | 'withdraw',
    amount: bigint,
    outcome: 1 | 2,
    bonus = 0n,
  ): Promise<void> {
    await db.tx(async (q) => {
      const { main, held, currency } = await playerAccounts(q, playerId);
      const publicId = `${action === 'deposit' ? 'D' : 'W'}T${++seq}`;
      const ins = await q.query<{ id: string }>(
        `INSERT INTO wallet_transactions (public_id, player_id, action, amount_minor, bonus_minor, currency)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [publicId, playerId, action, amount.toString(), bonus.toString(), currency],
      );
      const before = await q.query<{ m: string }>('SELECT COALESCE(max(id), 0) AS m FROM ledger_transfers');
      if (action === 'withdraw') {
        await transfer(q, {
          idempotencyKey: `wallet:withdraw:${publicId}:hold`,
          kind: 'withdraw.hold',
          reference: publicId,
          legs: [
            { account: main, amountMinor: -amount },
            { account: held, amountMinor: amount },
          ],
        });
      }
      const tx = await findTransactionForUpdate(q, 'id', Number(ins.rows[0]!.id));
      await decide(q, tx!, outcome === 1 ? WALLET_STATUS.approved : WALLET_STATUS.rejected, 'test');
      const moved = await q.query<{ id: string }>('SELECT id FROM ledger_transfers WHERE id > $1', [before.rows[0]!.m]);
      await stamp(
        q,
        moved.rows.map((r) => Number(r.id)),
        at,
      );
    });
  }

  suiteDatabase(engine, (t) => ({ db } = t), { app: false });
  beforeAll(async () => {
    const bdt = await db.tx((q) => createPlayer(q, { currency: 'BDT' }));
    const inr = await db.tx((q) => createPlayer(q, { currency: 'INR' }));
    // money to play with; a seed is not a deposit
    for (const [id, currency] of [
      [bdt, 'BDT'],
      [inr, 'INR'],
    ] as const) {
      await move(BEFORE, 'seed', async (q) => [
        { account: await houseAccount(q, 'cash', currency), amountMinor: -10_000_000n },
        { account: (await playerAccounts(q, id)).main, amountMinor: 10_000_000n },
      ]);
    }
    const main = async (q: Queryable, id: number) => (await playerAccounts(q, id)).main;

    // deposits: approved (one with a bonus), rejected (counts nothing)
    for (const [id, currency, at, amount, bonus] of [
      [bdt, 'BDT', BEFORE, 100_050n, 0n],
      [bdt, 'BDT', MIDNIGHT, 200_000n, 20_000n],
      [inr, 'INR', LATE, 50_001n, 0n],
      [bdt, 'BDT', NEXT, 30_000n, 3_000n],
    ] as const) {
      await request(id, at, 'deposit', amount, 1, bonus);
      expected.push({ at, currency, figures: { deposits: amount, bonus_cost: bonus } });
    }
    await request(bdt, MIDNIGHT, 'deposit', 999_900n, 2);

    // withdrawals: approved ones pay out; a rejected one only holds and releases
    for (const [id, currency, at, amount] of [
      [bdt, 'BDT', BEFORE, 70_000n],
      [bdt, 'BDT', MIDNIGHT, 12_345n],
      [inr, 'INR', NEXT, 8_000n],
    ] as const) {
      await request(id, at, 'withdraw', amount, 1);
      expected.push({ at, currency, figures: { withdrawals: amount } });
    }
    await request(bdt, LATE, 'withdraw', 55_500n, 2);

    // casino: bets, wins and a rollback against house:games
    const casino = [
      [bdt, 'BDT', BEFORE, 'casino.bet', 10_000n],
      [bdt, 'BDT', MIDNIGHT, 'casino.bet', 25_000n],
      [bdt, 'BDT', MIDNIGHT, 'casino.win', 40_000n],
      [bdt, 'BDT', LATE, 'casino.bet', 5_000n],
      [bdt, 'BDT', LATE, 'casino.rollback', 5_000n],
      [inr, 'INR', LATE, 'casino.bet', 7_700n],
      [inr, 'INR', NEXT, 'casino.win', 1_100n],
    ] as const;
    for (const [id, currency, at, kind, amount] of casino) {
      const toHouse = kind === 'casino.bet' ? amount : -amount;
      await move(at, kind, async (q) => [
        { account: await main(q, id), amountMinor: -toHouse },
        { account: await houseAccount(q, 'games', currency), amountMinor: toHouse },
      ]);
      expected.push({ at, currency, figures: { casino_ggr: toHouse } });
    }

    // exchange settlements: the player's net, the house's gross and the commission (a re-settlement takes some back)
    const exchange = [
      [bdt, 'BDT', BEFORE, 'exchange.settle', 50_000n, 2_500n],
      [bdt, 'BDT', MIDNIGHT, 'exchange.settle', 20_000n, 1_000n],
      [bdt, 'BDT', LATE, 'exchange.resettle', -20_000n, -1_000n],
      [inr, 'INR', MIDNIGHT, 'exchange.settle', 30_000n, 1_500n],
    ] as const;
    for (const [id, currency, at, kind, gross, commission] of exchange) {
      await move(at, kind, async (q) => [
        { account: await main(q, id), amountMinor: gross - commission },
        { account: await houseAccount(q, 'exchange', currency), amountMinor: -gross },
        { account: await houseAccount(q, 'commission', currency), amountMinor: commission },
      ]);
      expected.push({ at, currency, figures: { exchange_commission: commission } });
    }

    // bonuses: a claimed cash bonus and a VIP conversion
    for (const [id, currency, at, kind, house, amount] of [
      [bdt, 'BDT', MIDNIGHT, 'bonus.claim', 'bonus', 2_500n],
      [inr, 'INR', BEFORE, 'vip.convert', 'vip', 5_000n],
      [inr, 'INR', LATE, 'bonus.claim', 'bonus', 1_234n],
    ] as const) {
      await move(at, kind, async (q) => [
        { account: await houseAccount(q, house, currency), amountMinor: -amount },
        { account: await main(q, id), amountMinor: amount },
      ]);
      expected.push({ at, currency, figures: { bonus_cost: amount } });
    }
  });

  const FIGURES: Figure[] = ['deposits', 'withdrawals', 'casino_ggr', 'exchange_commission', 'bonus_cost'];
  /** The expected rows for Dhaka dates from..to, summed in JS from the seeded movements. */
  function expectedRows(from: string, to: string): ReportRow[] {
    const sums = new Map<string, Record<Figure, bigint>>();
    for (const e of expected) {
      const day = dhakaDay(e.at);
      if (day < from || day > to) continue;
      const key = `${day}|${e.currency}`;
      const s = sums.get(key) ?? { deposits: 0n, withdrawals: 0n, casino_ggr: 0n, exchange_commission: 0n, bonus_cost: 0n };
      for (const f of FIGURES) s[f] += e.figures[f] ?? 0n;
      sums.set(key, s);
    }
    return [...sums.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, s]) => {
        const [day, currency] = key.split('|') as [string, string];
        return { day, currency, ...(Object.fromEntries(FIGURES.map((f) => [f, fromMinor(s[f])])) as Record<Figure, string>) };
      });
  }

  it('splits the days at Dhaka midnight, per currency, to the paisa', async () => {
    const rows = await reportDays(db, { from: '2024-03-09', to: '2024-03-11' });
    expect(rows).toEqual(expectedRows('2024-03-09', '2024-03-11'));
    // spot-check the hand sums: 2024-03-10 in BDT
    expect(rows.find((r) => r.day === '2024-03-10' && r.currency === 'BDT')).toEqual({
      day: '2024-03-10',
      currency: 'BDT',
      deposits: '2000.00',
      withdrawals: '123.45',
      casino_ggr: '-150.00', // 250 + 50 bet, 400 won, 50 rolled back
      exchange_commission: '0.00', // 10 earned, 10 taken back by the re-settlement
      bonus_cost: '225.00', // 200 deposit bonus + 25 claimed
    });
  });

  it('a one-day window holds exactly that Dhaka day', async () => {
    expect(await reportDays(db, { from: '2024-03-10', to: '2024-03-10' })).toEqual(expectedRows('2024-03-10', '2024-03-10'));
    expect(await reportDays(db, { from: '2024-03-09', to: '2024-03-09' })).toEqual(expectedRows('2024-03-09', '2024-03-09'));
    expect(await reportDays(db, { from: '2024-03-12', to: '2024-03-20' })).toEqual([]);
  });

  it('each total equals the sum of the house postings in the same UTC window', async () => {
    // the window of Dhaka 2024-03-10 as UTC instants, summed straight from the postings by account and kind
    const r = await db.query<{ code: string; kind: string; currency: string; total: string }>(
      `SELECT a.code, t.kind, a.currency, SUM(p.amount_minor)::text AS total
       FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transfers t ON t.id = p.transfer_id
       WHERE a.code LIKE 'house:%' AND p.created_at >= '2024-03-09T18:00:00Z' AND p.created_at < '2024-03-10T18:00:00Z'
       GROUP BY 1, 2, 3`,
    );
    const sum = (currency: string, test: (code: string, kind: string) => boolean) =>
      r.rows.filter((x) => x.currency === currency && test(x.code, x.kind)).reduce((s, x) => s + BigInt(x.total), 0n);
    const rows = await reportDays(db, { from: '2024-03-10', to: '2024-03-10' });
    for (const currency of ['BDT', 'INR']) {
      const row = rows.find((x) => x.currency === currency)!;
      expect(row.deposits).toBe(fromMinor(-sum(currency, (c, k) => c === 'house:cash' && k === 'deposit')));
      expect(row.withdrawals).toBe(fromMinor(sum(currency, (c, k) => c === 'house:cash' && k === 'withdraw.payout')));
      expect(row.casino_ggr).toBe(fromMinor(sum(currency, (c) => c === 'house:games')));
      expect(row.exchange_commission).toBe(fromMinor(sum(currency, (c) => c === 'house:commission')));
      expect(row.bonus_cost).toBe(fromMinor(-sum(currency, (c) => c === 'house:bonus' || c === 'house:vip')));
    }
  });

  it('refuses a reversed or malformed range', async () => {
    await expect(reportDays(db, { from: '2024-03-11', to: '2024-03-10' })).rejects.toMatchObject({ status: 422 });
    await expect(reportDays(db, { from: '2024-02-30', to: '2024-03-10' })).rejects.toMatchObject({ status: 422 });
  });
});
