import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { fromMinor, toMinor } from '@khela/contracts';
import { getPlayerBalance, houseAccount, playerAccounts, transfer } from '../ledger';
import { ExchangeFeed, MARKETS } from '../testing/exchange-fixture';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { staffTokens } from '../testing/fixtures';
import { createPlayer, tokenFor } from '../testing/helpers';
import { createStaffAccount } from './staff-accounts';

/**
 * Maker–checker (issue 32) on every path: a balance adjustment and a withdrawal payout above the amount, and a market
 * settlement and void, wait for a second operator; the maker cannot approve their own; the checker's approval carries
 * the action out (audited as the checker's, naming the request); a reject and a cancel leave everything as it was.
 */
describeEachDatabase('maker–checker on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  suiteDatabase(engine, (t) => ({ db, app } = t), {
    env: {
      MAKER_CHECKER_ABOVE_BDT: '1000',
      MAKER_CHECKER_MARKETS: '1',
      EXCHANGE_BET_DELAY_MS: '0',
      AUDIT_SEAL_INTERVAL_MS: '0',
    },
  });
  beforeAll(async () => {
    await new ExchangeFeed(db, app).load();
    await createStaffAccount(db, { username: 'cashier2', password: 'second-cashier-pass', role: 'payments' });
    await createStaffAccount(db, { username: 'risk2', password: 'second-risk-analyst', role: 'risk' });
    Object.assign(
      tokens,
      await staffTokens(app, ['operator', 'cashier2', 'risk', 'risk2', 'support'], {
        cashier2: 'second-cashier-pass',
        risk2: 'second-risk-analyst',
      }),
    );
  }, 90_000);

  const as = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}`, ...headers },
      ...(payload ? { payload: payload as object } : {}),
    });
  const balance = async (id: number) => fromMinor((await getPlayerBalance(db, id)).balanceMinor);
  async function fundedPlayer(amount: string): Promise<number> {
    return db.tx(async (q) => {
      const id = await createPlayer(q);
      await q.query(`UPDATE players SET phone_verified = true, phone = $2 WHERE id = $1`, [id, `018${String(id).padStart(8, '0')}`]);
      const { main, currency } = await playerAccounts(q, id);
      await transfer(q, {
        idempotencyKey: `approvals-test:fund:${id}`,
        kind: 'seed',
        legs: [
          { account: await houseAccount(q, 'cash', currency), amountMinor: -toMinor(amount) },
          { account: main, amountMinor: toMinor(amount) },
        ],
      });
      return id;
    });
  }
  const audit = async (action: string, entityId: string | number) =>
    (
      await db.query<{ username: string; reason: string | null; after: Record<string, unknown> | null }>(
        `SELECT username, reason, after FROM operator_audit WHERE action = $1 AND entity_id = $2 ORDER BY id`,
        [action, String(entityId)],
      )
    ).rows;

  it('an adjustment at or below the amount is done at once; above it waits, is refused to its maker, and the second operator’s approval credits it', async () => {
    const pushed: Array<{ topic: string; payload: any }> = [];
    const off = app.push.subscribeStaff((topic: string, payload: unknown) => pushed.push({ topic, payload }));
    const id = await fundedPlayer('100');
    const small = await as(
      'operator',
      'POST',
      `/api/operator/players/${id}/adjust`,
      { direction: 'credit', amount: '1000.00', reason: 'goodwill' },
      {
        'idempotency-key': `small-${id}`,
      },
    );
    expect(small.statusCode, small.body).toBe(200);
    expect(await balance(id)).toBe('1100.00');

    const big = () =>
      as(
        'operator',
        'POST',
        `/api/operator/players/${id}/adjust`,
        { direction: 'credit', amount: '1000.01', reason: 'large goodwill' },
        {
          'idempotency-key': `big-${id}`,
        },
      );
    const asked = await big();
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'approval_pending' });
    const approvalId = asked.json().approval_id as number;
    expect(await balance(id)).toBe('1100.00');
    // the same form again: the same request
    expect((await big()).json()).toMatchObject({ code: 'approval_pending', approval_id: approvalId });

    // the maker sees it as theirs; the checker's queue lists it; support sees no queue
    const mine = await as('operator', 'GET', '/api/operator/approvals?mine=1&status=pending');
    expect(mine.json().data).toEqual([
      expect.objectContaining({
        id: approvalId,
        kind: 'balance_adjustment',
        status: 'pending',
        amount: '1000.01',
        currency: 'BDT',
        requested_by: expect.objectContaining({ username: 'operator' }),
      }),
    ]);
    expect((await as('support', 'GET', '/api/operator/approvals')).statusCode).toBe(403);
    // a risk operator does not see (or decide) payments' kinds
    expect((await as('risk', 'GET', '/api/operator/approvals?status=pending')).json().data.map((r: { id: number }) => r.id)).not.toContain(
      approvalId,
    );
    expect((await as('risk', 'POST', `/api/operator/approvals/${approvalId}/approve`, {})).statusCode).toBe(403);

    const self = await as('operator', 'POST', `/api/operator/approvals/${approvalId}/approve`, {});
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('same_operator');
    expect(await balance(id)).toBe('1100.00');

    const ok = await as('cashier2', 'POST', `/api/operator/approvals/${approvalId}/approve`, { reason: 'checked the ticket' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().approval).toMatchObject({ status: 'approved', decided_by: { username: 'cashier2' } });
    expect(await balance(id)).toBe('2100.01');
    // decided: neither a second approval nor a cancel moves anything
    expect((await as('cashier2', 'POST', `/api/operator/approvals/${approvalId}/approve`, {})).statusCode).toBe(409);
    expect(await balance(id)).toBe('2100.01');

    expect((await audit('approval.request', id)).map((r) => r.username)).toEqual(['operator']);
    expect((await audit('approval.approve', id)).map((r) => r.username)).toEqual(['cashier2']);
    const adjusted = await audit('player.adjust', id);
    expect(adjusted.at(-1)).toMatchObject({ username: 'cashier2', reason: `large goodwill (approval #${approvalId}, asked by operator)` });

    // the request and its decision reached every console at once (the staff stream's `approval` topic): once each
    await new Promise((r) => setTimeout(r, 50));
    off();
    const news = pushed.filter((e) => e.topic === 'approval' && e.payload.id === approvalId).map((e) => e.payload);
    expect(news).toEqual([
      expect.objectContaining({
        status: 'pending',
        kind: 'balance_adjustment',
        requested_by_username: 'operator',
        decided_by_username: null,
      }),
      expect.objectContaining({ status: 'approved', requested_by_username: 'operator', decided_by_username: 'cashier2' }),
    ]);
    expect(news[0].requested_by).toBe(news[1].requested_by);
  });

  it('a debit the balance no longer covers is refused at approval and stays pending; the checker rejects it', async () => {
    const id = await fundedPlayer('5000');
    const asked = await as(
      'operator',
      'POST',
      `/api/operator/players/${id}/adjust`,
      { direction: 'debit', amount: '4000.00', reason: 'chargeback' },
      {
        'idempotency-key': `debit-${id}`,
      },
    );
    const approvalId = asked.json().approval_id as number;
    await db.tx(async (q) => {
      const { main, currency } = await playerAccounts(q, id);
      await transfer(q, {
        idempotencyKey: `approvals-test:spend:${id}`,
        kind: 'seed',
        legs: [
          { account: main, amountMinor: -toMinor('4500') },
          { account: await houseAccount(q, 'cash', currency), amountMinor: toMinor('4500') },
        ],
      });
    });
    const refused = await as('cashier2', 'POST', `/api/operator/approvals/${approvalId}/approve`, {});
    expect(refused.statusCode).toBe(422);
    expect((await as('cashier2', 'GET', `/api/operator/approvals?status=pending`)).json().data.map((r: { id: number }) => r.id)).toContain(
      approvalId,
    );
    expect((await as('operator', 'POST', `/api/operator/approvals/${approvalId}/reject`, { reason: 'mine' })).json().code).toBe(
      'same_operator',
    );
    const rejected = await as('cashier2', 'POST', `/api/operator/approvals/${approvalId}/reject`, { reason: 'balance spent meanwhile' });
    expect(rejected.json().approval).toMatchObject({ status: 'rejected', decision_reason: 'balance spent meanwhile' });
    expect(await balance(id)).toBe('500.00');
  });

  it('a withdrawal payout above the amount waits; the second operator’s approval pays it out', async () => {
    const id = await fundedPlayer('3000');
    const player = { authorization: `Bearer ${await tokenFor(db, id)}` };
    const method = Number((await db.query<{ id: string }>(`SELECT id FROM payment_methods WHERE code = 'bkash'`)).rows[0]!.id);
    const wd = await app.inject({
      method: 'POST',
      url: '/api/submit-withdraw',
      headers: player,
      payload: { amount: '2000', account_number: `018${String(id).padStart(8, '0')}`, payment_id: method },
    });
    expect(wd.statusCode, wd.body).toBe(200);
    const txId = Number(
      (await db.query<{ id: string }>('SELECT id FROM wallet_transactions WHERE public_id = $1', [wd.json().transaction_id])).rows[0]!.id,
    );
    const asked = await as('operator', 'POST', `/api/operator/payments/${txId}/approve`, { reason: 'looks fine' });
    expect(asked.statusCode).toBe(409);
    const approvalId = asked.json().approval_id as number;
    expect((await db.query<{ status: number }>('SELECT status FROM wallet_transactions WHERE id = $1', [txId])).rows[0]!.status).toBe(0);
    expect((await as('operator', 'POST', `/api/operator/approvals/${approvalId}/approve`, {})).statusCode).toBe(409);
    const ok = await as('cashier2', 'POST', `/api/operator/approvals/${approvalId}/approve`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await db.query<{ status: number }>('SELECT status FROM wallet_transactions WHERE id = $1', [txId])).rows[0]!.status).toBe(1);
    expect((await audit('payment.approve', txId)).map((r) => r.username)).toEqual(['cashier2']);
    // rejecting a withdrawal needs no second operator
    const wd2 = await app.inject({
      method: 'POST',
      url: '/api/submit-withdraw',
      headers: player,
      payload: { amount: '1000', account_number: `018${String(id).padStart(8, '0')}`, payment_id: method },
    });
    const tx2 = Number(
      (await db.query<{ id: string }>('SELECT id FROM wallet_transactions WHERE public_id = $1', [wd2.json().transaction_id])).rows[0]!.id,
    );
    expect((await as('operator', 'POST', `/api/operator/payments/${tx2}/reject`, { reason: 'wrong number' })).statusCode).toBe(200);
  });

  it('every market settlement and void waits for a second risk operator; the maker may cancel; the approval settles', async () => {
    const market = MARKETS.preplay;
    const voidAsk = await as('risk', 'POST', `/api/operator/markets/${market}/void`, { reason: 'match abandoned' });
    expect(voidAsk.statusCode).toBe(409);
    const voidId = voidAsk.json().approval_id as number;
    // one request per market at a time
    const again = await as('risk', 'POST', `/api/operator/markets/${market}/settle`, { reason: 'result in', winner: '100301' });
    expect(again.json()).toMatchObject({ code: 'approval_pending', approval_id: voidId });
    expect((await as('risk2', 'POST', `/api/operator/approvals/${voidId}/cancel`, { reason: 'not yours' })).statusCode).toBe(403);
    const cancelled = await as('risk', 'POST', `/api/operator/approvals/${voidId}/cancel`, { reason: 'wrong market' });
    expect(cancelled.json().approval).toMatchObject({ status: 'cancelled' });
    expect(
      (await db.query<{ status: string }>('SELECT status FROM exchange_markets WHERE market_id = $1', [market])).rows[0]!.status,
    ).not.toBe('CLOSED');

    const settleAsk = await as('risk', 'POST', `/api/operator/markets/${market}/settle`, { reason: 'result in', winner: '100301' });
    const settleId = settleAsk.json().approval_id as number;
    expect((await as('risk', 'GET', `/api/operator/approvals?kind=market_settle`)).json().data[0]).toMatchObject({
      id: settleId,
      summary: expect.stringContaining('Settle on 100301'),
    });
    expect((await as('risk', 'POST', `/api/operator/approvals/${settleId}/approve`, {})).json().code).toBe('same_operator');
    const ok = await as('risk2', 'POST', `/api/operator/approvals/${settleId}/approve`, { reason: 'confirmed on the broadcast' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Approved: Settled.');
    const m = await db.query<{ status: string; staff_settled_by: string }>(
      'SELECT status, staff_settled_by FROM exchange_markets WHERE market_id = $1',
      [market],
    );
    expect(m.rows[0]).toMatchObject({ status: 'CLOSED' });
    expect((await audit('market.settle', market)).map((r) => r.username)).toEqual(['risk2']);
    const cfg = await as('risk', 'GET', '/api/operator/approvals/config');
    expect(cfg.json()).toEqual({ above: { BDT: '1000.00', INR: '7500.00', PKR: '35000.00' }, markets: true });
  });
});
