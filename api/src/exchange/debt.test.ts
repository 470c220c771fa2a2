// A re-settlement's debt is collected (issue 27 item 2), over HTTP on PGlite and PostgreSQL. The scenario:
// back 1,000, staff settle as a win, the player moves the winnings into an unmatched bet, staff re-settle the other
// way (a debt), the player cancels the bet: the withdrawal check refuses, the withdrawal, an exchange stake and a
// casino stake use only what is left (available = main - exposure - owed); the player sees the debt in the balance
// and an inbox message, staff on the player page; a later deposit and a casino win repay the debt first.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { DEBT_MESSAGES } from '@khela/contracts';
import {
  checkLedger,
  getPlayerBalance,
  getPlayerOwed,
  houseAccount,
  InsufficientFunds,
  playerAccounts,
  playerOwedAccount,
  toMinor,
  transfer,
  type LedgerKind,
} from '../ledger';
import { ExchangeFeed, fundedPlayer } from '../testing/exchange-fixture';
import { staffTokens } from '../testing/fixtures';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';

let keySeq = 0;

type Player = { id: number; token: string };

const MO = '1.230001004'; // pre-play, runners 100401 and 100402
const SPEND_ON = '1.230002002'; // pre-play, runners 200201, 200202, 200203

describeEachDatabase('a re-settlement debt is collected on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let feed: ExchangeFeed;
  let risk: string;
  let payments: string;

  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { EXCHANGE_BET_DELAY_MS: '0' } });
  beforeAll(async () => {
    feed = new ExchangeFeed(db, app);
    await feed.load();
    ({ risk, admin: payments } = await staffTokens(app, ['risk', 'admin']));
  });

  const auth = (p: Player) => ({ authorization: `Bearer ${p.token}` });
  const placeBet = (p: Player, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/exchange/bets', headers: { ...auth(p), 'idempotency-key': `d${++keySeq}` }, payload: body });
  const bet = async (p: Player, body: Record<string, unknown>) => {
    const r = await placeBet(p, body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().bet as { id: string; status: string };
  };
  const wallet = async (p: Player) =>
    (await app.inject({ method: 'POST', url: '/api/balance', headers: auth(p) })).json() as Record<string, string>;
  const settle = async (marketId: string, winner: string) => {
    const r = await app.inject({
      method: 'POST',
      url: `/api/operator/markets/${marketId}/settle`,
      headers: { authorization: `Bearer ${risk}` },
      payload: { reason: 'debt test', winner },
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  const noHouse = async (marketId: string) => {
    for (const r of feed.market(marketId).runners) await feed.control(marketId, 'liquidity', { selectionId: r.selectionId });
  };
  /** A credit or debit of the player's main against a house account, of a given kind (a deposit, a casino bet or win). */
  const move = async (p: Player, kind: LedgerKind, amount: string) =>
    moved(
      p,
      await db.tx(async (q) => {
        const acc = await playerAccounts(q, p.id);
        const house = await houseAccount(q, kind === 'deposit' ? 'cash' : 'games', acc.currency);
        const m = toMinor(amount) * (kind === 'casino.bet' ? -1n : 1n);
        return transfer(q, {
          idempotencyKey: `debt-test:${++keySeq}`,
          kind,
          legs: [
            { account: acc.main, amountMinor: m },
            { account: house, amountMinor: -m },
          ],
        });
      }),
    );
  const ledgerOk = async () => expect(await checkLedger(db)).toEqual({ ok: true, problems: [] });
  /** A ledger move made here is not pushed: drop the cached balance as the push would. */
  const moved = <T>(p: Player, t: T) => (app.balances.invalidate(p.id), t);

  it("the issue's scenario: the debt comes off what is available, refuses withdrawals and stakes, and later credits repay it", async () => {
    await noHouse(MO);
    await noHouse(SPEND_ON);
    const A = await fundedPlayer(db, '1000');
    const B = await fundedPlayer(db, '5000');
    await bet(A, { market_id: MO, selection_id: 100401, side: 'BACK', price: 2, stake: '1000' });
    expect((await bet(B, { market_id: MO, selection_id: 100401, side: 'LAY', price: 2, stake: '1000' })).status).toBe('MATCHED');

    // staff settle as a win: +1000 less 5 % commission
    await settle(MO, '100401');
    expect(await wallet(A)).toMatchObject({ balance: '1950.00', available: '1950.00' });

    // the winnings go into an unmatched bet
    const spend = await bet(A, { market_id: SPEND_ON, selection_id: 200201, side: 'BACK', price: 50, stake: '1950' });
    expect(spend.status).not.toBe('MATCHED');
    expect(await wallet(A)).toMatchObject({ balance: '1950.00', exposure: '1950.00', available: '0.00' });

    // staff re-settle the other way: 1950 to take back, nothing in main, all of it owed
    await settle(MO, '100402');
    expect(await getPlayerOwed(db, A.id)).toBe(195_000n);
    expect(await wallet(A)).toMatchObject({ exposure: '1950.00', available: '0.00', owed: '1950.00' });
    // the player is told in the inbox
    const inbox = await db.query<{ title: string; message: string }>('SELECT title, message FROM inbox_messages WHERE player_id = $1', [
      A.id,
    ]);
    const told = inbox.rows.find((m) => m.title === DEBT_MESSAGES.inboxTitle);
    expect(told?.message).toContain('you now owe BDT 1950.00');
    // and staff see it on the player page
    const page = await app.inject({ url: `/api/operator/players/${A.id}`, headers: { authorization: `Bearer ${payments}` } });
    expect(page.json().wallet).toMatchObject({ owed: '1950.00', available: '0.00' });

    // the player cancels the bet: the money is back in main, but it is owed
    const cancel = await app.inject({ method: 'DELETE', url: `/api/exchange/bets/${spend.id}`, headers: auth(A) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await wallet(A)).toMatchObject({ balance: '1950.00', exposure: '0.00', available: '0.00', owed: '1950.00' });

    // the withdrawal check refuses, and so does the withdrawal itself
    const check = await app.inject({ url: '/api/userwithdrawcheck', headers: auth(A) });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toMatchObject({ success: false, code: 'debt', error: DEBT_MESSAGES.withdrawRefused('1950.00', 'BDT') });
    await db.query(`UPDATE players SET phone = $2, phone_verified = true WHERE id = $1`, [A.id, `0171${String(A.id).padStart(7, '0')}`]);
    const method = Number((await db.query<{ id: string }>(`SELECT id FROM payment_methods WHERE code = 'bkash'`)).rows[0]!.id);
    const out = await app.inject({
      method: 'POST',
      url: '/api/submit-withdraw',
      headers: { ...auth(A), 'idempotency-key': `w${++keySeq}` },
      payload: { amount: '1000', account_number: '01712345678', payment_id: method },
    });
    expect(out.statusCode).not.toBe(200);
    expect((await getPlayerBalance(db, A.id)).heldMinor).toBe(0n);

    // an exchange stake and a casino stake are refused too
    const stake = await placeBet(A, { market_id: SPEND_ON, selection_id: 200202, side: 'BACK', price: 50, stake: '100' });
    expect(stake.statusCode).toBe(422);
    expect(stake.json()).toMatchObject({ code: 'insufficient', available: '0.00' });
    await expect(move(A, 'casino.bet', '10')).rejects.toBeInstanceOf(InsufficientFunds);

    // a deposit repays the debt first (from main, which holds the cancelled 1950 and the 1000): 1000 left, all of it
    // available, nothing owed
    const dep = await move(A, 'deposit', '1000');
    const mainId = (await db.tx((q) => playerAccounts(q, A.id))).main;
    expect(dep.balances.get(mainId)).toBe(100_000n);
    expect(dep.available.get(mainId)).toBe(100_000n);
    expect(await getPlayerOwed(db, A.id)).toBe(0n);
    const repaid = await db.query<{ kind: string }>(
      `SELECT kind FROM ledger_transfers WHERE kind = 'debt.collect' AND metadata->>'repays' = $1`,
      [String(dep.transferId)],
    );
    expect(repaid.rows).toHaveLength(1);
    expect(await wallet(A)).toMatchObject({ balance: '1000.00', available: '1000.00' });
    expect((await wallet(A)).owed).toBeUndefined();
    expect((await app.inject({ url: '/api/userwithdrawcheck', headers: auth(A) })).statusCode).toBe(200);
    await ledgerOk();
  });

  it('part of main owed: a spend may use only the rest; a casino win repays before it is available', async () => {
    const P = await fundedPlayer(db, '0');
    // book a debt of 300 with 500 in main (as a correction before this change could leave it)
    await db.tx(async (q) => {
      const acc = await playerAccounts(q, P.id);
      await transfer(q, {
        idempotencyKey: `debt-test:${++keySeq}`,
        kind: 'exchange.resettle',
        legs: [
          { account: acc.main, amountMinor: 50_000n },
          { account: await playerOwedAccount(q, P.id, acc.currency), amountMinor: -30_000n },
          { account: await houseAccount(q, 'exchange', acc.currency), amountMinor: -20_000n },
        ],
      });
    });
    app.balances.invalidate(P.id);
    expect(await wallet(P)).toMatchObject({ balance: '500.00', available: '200.00', owed: '300.00' });
    await expect(move(P, 'casino.bet', '200.01')).rejects.toMatchObject({ balanceMinor: 20_000n });
    const spent = await move(P, 'casino.bet', '150');
    expect([...spent.available.values()]).toEqual([5_000n]);
    // a casino win of 100 repays the whole debt (from main, which then holds 450): 150 left, all of it available
    const win = await move(P, 'casino.win', '100');
    expect([...win.available.values()]).toEqual([15_000n]);
    expect(await getPlayerOwed(db, P.id)).toBe(0n);
    expect(await wallet(P)).toMatchObject({ balance: '150.00', available: '150.00' });
    await ledgerOk();
  });

  it('under concurrency: 10 parallel stakes of 50 with 500 in main and 300 owed: exactly 4 go through', async () => {
    const P = await fundedPlayer(db, '500');
    await db.tx(async (q) => {
      const acc = await playerAccounts(q, P.id);
      await transfer(q, {
        idempotencyKey: `debt-test:${++keySeq}`,
        kind: 'exchange.resettle',
        legs: [
          { account: await playerOwedAccount(q, P.id, acc.currency), amountMinor: -30_000n },
          { account: await houseAccount(q, 'exchange', acc.currency), amountMinor: 30_000n },
        ],
      });
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => move(P, 'casino.bet', '50')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(4);
    expect(
      outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof InsufficientFunds),
    ).toBe(true);
    expect(await getPlayerBalance(db, P.id)).toMatchObject({ balanceMinor: 30_000n, owedMinor: 30_000n });
    await ledgerOk();
  });
});
