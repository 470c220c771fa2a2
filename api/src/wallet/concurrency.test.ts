import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_MESSAGES as M } from '@khela/contracts';
import type { Db } from '../db';
import { checkLedger, getPlayerBalance, houseAccount, playerAccounts, toMinor, transfer } from '../ledger';
import { bothDatabases, createPlayer, testApp, tokenFor } from '../testing/helpers';

const engines = await bothDatabases();

/**
 * The HTTP-level test: 50 parallel POST /api/submit-withdraw against a balance that covers 10.
 * The spec's one-pending-withdrawal rule would stop 49 of them before the ledger is even asked, so the
 * first app raises WALLET_MAX_PENDING to 50 to prove the hold itself never overdraws; the second keeps
 * the spec's rule and proves exactly one gets through.
 */
describe.each(engines)('50 parallel withdrawals on $name', ({ make, skip }) => {
  if (skip) {
    it.skip('PostgreSQL not reachable on 127.0.0.1:5432', () => undefined);
    return;
  }
  let db: Db & { drop?: () => Promise<void> };
  let app: FastifyInstance;
  let spec: FastifyInstance;
  beforeAll(async () => {
    db = await make();
    app = await testApp(db, { WALLET_MAX_PENDING: '50' });
    spec = await testApp(db);
  });
  afterAll(async () => {
    await app.close();
    await spec.close();
    if (db.drop) await db.drop();
    else await db.close();
  });

  async function fundedPlayer(balance: string) {
    const id = await db.tx(async (q) => {
      const id = await createPlayer(q);
      await q.query(`UPDATE players SET phone_verified = true, dofb = '1990-01-01' WHERE id = $1`, [id]);
      const { main, currency } = await playerAccounts(q, id);
      const cash = await houseAccount(q, 'cash', currency);
      const amount = toMinor(balance);
      await transfer(q, {
        idempotencyKey: `test:fund:${id}`,
        kind: 'seed',
        legs: [
          { account: cash, amountMinor: -amount },
          { account: main, amountMinor: amount },
        ],
      });
      return id;
    });
    return { id, token: await tokenFor(db, id) };
  }

  async function bkashId() {
    return Number((await db.query<{ id: string }>(`SELECT id FROM payment_methods WHERE code = 'bkash'`)).rows[0]!.id);
  }

  it('accepts exactly 10 and leaves the balance exact', async () => {
    const p = await fundedPlayer('10000.00');
    const payment_id = await bkashId();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/submit-withdraw',
          headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': `par-${i}` },
          payload: { amount: '1000', account_number: '01712345678', payment_id },
        }),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(10);
    expect(refused.every((r) => r.statusCode === 422 && r.json().message === M.insufficientBalance)).toBe(true);
    const b = await getPlayerBalance(db, p.id);
    expect(b.balanceMinor).toBe(0n);
    expect(b.heldMinor).toBe(toMinor('10000'));
    const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_transactions WHERE player_id = $1 AND status = 0`, [
      p.id,
    ]);
    expect(Number(rows.rows[0]!.n)).toBe(10);
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('with the spec rule (one pending withdrawal) accepts exactly one', async () => {
    const p = await fundedPlayer('10000.00');
    const payment_id = await bkashId();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        spec.inject({
          method: 'POST',
          url: '/api/submit-withdraw',
          headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': `one-${i}` },
          payload: { amount: '1000', account_number: '01712345678', payment_id },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409 && r.json().message === M.withdrawPending)).toHaveLength(49);
    expect((await getPlayerBalance(db, p.id)).balanceMinor).toBe(toMinor('9000'));
  });

  it('the same Idempotency-Key sent 20 times in parallel holds once', async () => {
    const p = await fundedPlayer('5000.00');
    const payment_id = await bkashId();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/submit-withdraw',
          headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': 'same-key' },
          payload: { amount: '700', account_number: '01712345678', payment_id },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json().transaction_id)).size).toBe(1);
    expect((await getPlayerBalance(db, p.id)).balanceMinor).toBe(toMinor('4300'));
  });
});
