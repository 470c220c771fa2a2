import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WALLET_MESSAGES as M } from '@khela/contracts';
import { checkLedger, getPlayerBalance, toMinor } from '../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { paymentMethodId, readyPlayer } from '../testing/fixtures';
import { testApp } from '../testing/helpers';

/**
 * The HTTP-level test: 50 parallel POST /api/submit-withdraw against a balance that covers 10.
 * The spec's one-pending-withdrawal rule would stop 49 of them before the ledger is even asked, so the
 * first app raises WALLET_MAX_PENDING to 50 to prove the hold itself never overdraws; the second keeps
 * the spec's rule and proves exactly one gets through.
 */
describeEachDatabase('50 parallel withdrawals on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let spec: FastifyInstance;
  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { WALLET_MAX_PENDING: '50' } });
  beforeAll(async () => {
    spec = await testApp(db);
  });
  afterAll(async () => {
    await spec?.close();
  });

  const fundedPlayer = (balance: string) => readyPlayer(db, { balance });
  const bkashId = () => paymentMethodId(db, 'bkash');

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
