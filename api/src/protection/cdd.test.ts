// Customer due diligence: when a player's approved deposits or requested withdrawals (this one included) in the rolling
// window reach the threshold and no check covers them, a new withdrawal is held with verification_required: the player
// is told why (answer, inbox, records), staff cannot approve it until a check is recorded (reject still works), and
// recording the check releases the waiting withdrawals. A small CDD_THRESHOLD_BDT; both databases.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { PROTECTION_MESSAGES as PM, WALLET_MESSAGES as M, WALLET_STATUS } from '@khela/contracts';
import { checkLedger, getPlayerBalance, toMinor } from '../ledger';
import { decide } from '../wallet/decisions';
import { findTransactionForUpdate } from '../wallet/transactions';
import { VERIFICATION_REQUIRED_APPROVE } from '../wallet/staff/decisions';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { paymentMethodId, readyPlayer, staffTokens, type ReadyPlayer } from '../testing/fixtures';
import { newPayerTrx } from '../testing/payer-trx';

describeEachDatabase('customer due diligence on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let bkash: number;
  let ops: Record<'payments' | 'support', string>;
  suiteDatabase(engine, (t) => ({ db, app } = t), {
    env: { CDD_THRESHOLD_BDT: '5000', WALLET_MAX_PENDING: '5', OPERATOR_TOTP_REQUIRED: '0' },
  });
  beforeAll(async () => {
    bkash = await paymentMethodId(db, 'bkash');
    ops = await staffTokens(app, ['payments', 'support']);
  });

  type P = ReadyPlayer;
  async function player(balance = '20000.00'): Promise<P> {
    const p = await readyPlayer(db, { balance, phone: '016' });
    // past the due-diligence threshold only a verified identity withdraws (the KYC gate, issue 32: kyc/kyc.test.ts)
    await db.query(`INSERT INTO player_kyc (player_id, status) VALUES ($1, 'verified')`, [p.id]);
    return p;
  }
  let key = 0;
  const withdraw = (p: P, amount: string) =>
    app.inject({
      method: 'POST',
      url: '/api/submit-withdraw',
      headers: { ...p.auth, 'idempotency-key': `wd-${++key}` },
      payload: { amount, account_number: `016${String(p.id).padStart(8, '0')}`, payment_id: bkash },
    });
  const deposit = (p: P, amount: string) =>
    app.inject({
      method: 'POST',
      url: '/api/submit-deposit',
      headers: { ...p.auth, 'idempotency-key': `dep-${++key}` },
      payload: { amount, payment_id: bkash, transaction_id: newPayerTrx() },
    });
  const staff = (role: 'payments' | 'support', method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${ops[role]}` }, ...(payload ? { payload } : {}) });
  const txId = async (publicId: string) =>
    Number((await db.query<{ id: string }>('SELECT id FROM wallet_transactions WHERE public_id = $1', [publicId])).rows[0]!.id);
  const records = async (p: P) =>
    (await app.inject({ url: '/api/transaction/show', headers: p.auth })).json().transactions as Array<{
      transaction_id: string;
      key: string;
      verification_required?: boolean;
    }>;
  const inbox = async (p: P) =>
    (
      await db.query<{ title: string; message: string }>('SELECT title, message FROM inbox_messages WHERE player_id = $1 ORDER BY id', [
        p.id,
      ])
    ).rows;

  it('below the threshold nothing changes; reaching it holds the withdrawal until staff record a check', async () => {
    const p = await player();
    // 1,000 requested: below 5,000, approved as usual
    const small = await withdraw(p, '1000');
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json()).toMatchObject({ message: M.withdrawSuccess, verification_required: false });
    expect(
      (await staff('payments', 'POST', `/api/operator/payments/${await txId(small.json().transaction_id)}/approve`, {})).statusCode,
    ).toBe(200);
    expect(await inbox(p)).not.toContainEqual(expect.objectContaining({ title: 'Withdrawal waiting for verification' }));

    // 1,000 + 4,000 reaches 5,000: held as usual, but waiting for the check, and the player is told why
    const big = await withdraw(p, '4000');
    expect(big.statusCode, big.body).toBe(200);
    expect(big.json()).toMatchObject({ message: PM.verificationRequired, verification_required: true, amount: '4000.00' });
    const more = await withdraw(p, '500');
    expect(more.json()).toMatchObject({ verification_required: true });
    const bal = await getPlayerBalance(db, p.id);
    expect(bal.heldMinor).toBe(toMinor('4500'));
    expect(bal.balanceMinor).toBe(toMinor('14500'));
    const recs = await records(p);
    expect(recs.find((r) => r.transaction_id === big.json().transaction_id)).toMatchObject({ key: '0', verification_required: true });
    expect(recs.find((r) => r.transaction_id === small.json().transaction_id)).toMatchObject({ key: '1', verification_required: false });
    const waitingMsg = (await inbox(p)).filter((m) => m.title === 'Withdrawal waiting for verification');
    expect(waitingMsg).toHaveLength(2);
    expect(waitingMsg[0]!.message).toContain(PM.verificationRequired);
    expect(waitingMsg[0]!.message).toContain(big.json().transaction_id);

    // the desk shows it, and approve is refused (reject would still work: see below)
    const desk = (await staff('payments', 'GET', `/api/operator/payments?status=0&player=${p.id}`)).json().data;
    expect(desk.map((t: { verification_required: boolean }) => t.verification_required)).toEqual([true, true]);
    const bigId = await txId(big.json().transaction_id);
    const refused = await staff('payments', 'POST', `/api/operator/payments/${bigId}/approve`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: VERIFICATION_REQUIRED_APPROVE, code: 'verification_required' });
    expect((await getPlayerBalance(db, p.id)).heldMinor).toBe(toMinor('4500'));

    // the staff view counts it
    const view = (await staff('support', 'GET', `/api/operator/players/${p.id}/protection`)).json();
    expect(view.due_diligence).toMatchObject({
      threshold: '5000.00',
      deposits_180d: '0.00',
      withdrawals_180d: '5500.00',
      required: true,
      checked_at: null,
      withdrawals_waiting: 2,
    });

    // support cannot record the check; payments can, which releases both withdrawals and tells the staff consoles
    expect(
      (await staff('support', 'POST', `/api/operator/players/${p.id}/due-diligence`, { reason: 'ID and payslip seen' })).statusCode,
    ).toBe(403);
    const pushed: Array<{ topic: string; payload: unknown }> = [];
    const off = app.push.subscribeStaff((topic: string, payload: unknown) => pushed.push({ topic, payload }));
    const recorded = await staff('payments', 'POST', `/api/operator/players/${p.id}/due-diligence`, { reason: 'ID and payslip seen' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    off();
    expect(recorded.json().due_diligence).toMatchObject({
      required: true,
      checked_by: 'operator',
      note: 'ID and payslip seen',
      withdrawals_waiting: 0,
    });
    expect(recorded.json().due_diligence.checked_at).toEqual(expect.any(String));
    expect(recorded.json().history[0]).toMatchObject({
      action: 'protection.cdd_check',
      reason: 'ID and payslip seen',
      username: 'operator',
    });
    const moreId = await txId(more.json().transaction_id);
    expect(
      pushed
        .filter((e) => e.topic === 'payment')
        .map((e) => (e.payload as { id: number }).id)
        .sort(),
    ).toEqual([bigId, moreId].sort((a, b) => a - b));
    expect((await records(p)).filter((r) => r.verification_required)).toEqual([]);
    expect((await inbox(p)).at(-1)!.title).toBe('Verification complete');
    const events = await db.query<{ event: string }>(`SELECT event FROM wallet_transaction_events WHERE transaction_id = $1 ORDER BY id`, [
      bigId,
    ]);
    expect(events.rows.map((e) => e.event)).toEqual(['initiated', 'information_received', 'verification_required', 'verification_cleared']);

    const approved = await staff('payments', 'POST', `/api/operator/payments/${bigId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await getPlayerBalance(db, p.id)).heldMinor).toBe(toMinor('500'));

    // the check counts (for 365 days): a further withdrawal over the threshold is not held
    expect((await withdraw(p, '3000')).json()).toMatchObject({ message: M.withdrawSuccess, verification_required: false });
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('approved deposits count, pending ones do not; a held withdrawal can still be rejected; an old check expires', async () => {
    const p = await player('0.00');
    const pendingDep = await deposit(p, '6000');
    expect(pendingDep.statusCode, pendingDep.body).toBe(200);
    // a pending deposit is no money yet: fund the withdrawal otherwise and see it pass
    const q = await player('600.00');
    expect((await deposit(q, '6000')).statusCode).toBe(200);
    expect((await withdraw(q, '500')).json()).toMatchObject({ verification_required: false });

    // once approved the 6,000 counts: a 500 withdrawal waits
    await db.tx(async (tx) =>
      decide(tx, (await findTransactionForUpdate(tx, 'public_id', pendingDep.json().transaction_id))!, WALLET_STATUS.approved, 'test'),
    );
    const held = await withdraw(p, '500');
    expect(held.json()).toMatchObject({ message: PM.verificationRequired, verification_required: true });
    const heldId = await txId(held.json().transaction_id);
    const rejected = await staff('payments', 'POST', `/api/operator/payments/${heldId}/reject`, { reason: 'Account closed by request' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const b = await getPlayerBalance(db, p.id);
    expect(b.heldMinor).toBe(0n);
    expect(b.balanceMinor).toBe(toMinor('6000'));
    expect((await records(p)).find((r) => r.transaction_id === held.json().transaction_id)).toMatchObject({
      key: '2',
      verification_required: false,
    });

    // a check older than 365 days does not cover the player any more
    await db.query(
      `INSERT INTO player_due_diligence (player_id, checked_by, note, checked_at) VALUES ($1, 'old', 'seen in 2024', now() - interval '400 days')`,
      [p.id],
    );
    expect((await withdraw(p, '500')).json()).toMatchObject({ verification_required: true });
  });
});
