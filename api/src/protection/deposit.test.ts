// Responsible gambling, deposits: every deposit request (manual and e-wallet) asks the protection service first —
// deposit limits counted from requests (pending and approved; rejected ones stop counting), exact to the paisa and
// safe under parallel requests; exclusions, time-outs, an under-age or missing birthday close deposits. Both databases.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { PROTECTION_MESSAGES as PM, WALLET_STATUS, type WalletDecision } from '@khela/contracts';
import { decide } from '../wallet/decisions';
import { findTransactionForUpdate } from '../wallet/transactions';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { paymentMethodId, readyPlayer, type ReadyPlayer } from '../testing/fixtures';
import { newPayerTrx } from '../testing/payer-trx';

describeEachDatabase('deposits ask the protection service on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let bkash: number;
  let ewallet: number;
  // several pending deposits at once (the spec allows one): the limit, not the pending rule, must stop them
  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { WALLET_MAX_PENDING: '50', GATEWAY_URL: 'http://127.0.0.1:9/gateway' } });
  beforeAll(async () => {
    bkash = await paymentMethodId(db, 'bkash');
    ewallet = await paymentMethodId(db, 'ewallet');
  });

  type P = ReadyPlayer;
  const player = (dofb: string | null = '1990-01-01'): Promise<P> => readyPlayer(db, { dofb });
  let key = 0;
  const deposit = (p: P, amount: string) =>
    app.inject({
      method: 'POST',
      url: '/api/submit-deposit',
      headers: { ...p.auth, 'idempotency-key': `dep-${++key}` },
      payload: { amount, payment_id: bkash, transaction_id: newPayerTrx() },
    });
  const ewalletRequest = (p: P, amount: string) =>
    app.inject({
      method: 'POST',
      url: '/api/ewa/request',
      headers: { ...p.auth, 'idempotency-key': `ewa-${++key}` },
      payload: { amount, type: ewallet, provider: 'nagad' },
    });
  const setLimit = async (p: P, amount: string) => {
    const r = await app.inject({
      method: 'PUT',
      url: '/api/responsible-gaming/limits',
      headers: p.auth,
      payload: { kind: 'deposit', period: '24h', amount },
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  const deposits = async (p: P) =>
    (
      await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_transactions WHERE player_id = $1 AND action = 'deposit'`, [
        p.id,
      ])
    ).rows[0]!.n;
  const decideDeposit = (publicId: string, outcome: WalletDecision) =>
    db.tx(async (q) => decide(q, (await findTransactionForUpdate(q, 'public_id', publicId))!, outcome, 'test'));

  it('a 24-hour deposit limit of 1,000: 800 passes, 300 is refused with the limit message, 200 fills it exactly', async () => {
    const p = await player();
    await setLimit(p, '1000.00');
    const first = await deposit(p, '800');
    expect(first.statusCode, first.body).toBe(200);

    const over = await deposit(p, '300');
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      success: false,
      code: 'rg_deposit_limit',
      message: PM.depositLimit('24h', 'BDT 1,000.00', 'BDT 200.00'),
      params: { period: '24h', limit: '1000.00', remaining: '200.00', currency: 'BDT' },
    });
    expect(await deposits(p)).toBe(1);

    // the e-wallet request is refused the same way, before anything is inserted or a gateway is asked
    const viaGateway = await ewalletRequest(p, '300');
    expect(viaGateway.statusCode).toBe(422);
    expect(viaGateway.json()).toMatchObject({ code: 'rg_deposit_limit', message: PM.depositLimit('24h', 'BDT 1,000.00', 'BDT 200.00') });
    expect(await deposits(p)).toBe(1);

    const exact = await deposit(p, '200');
    expect(exact.statusCode, exact.body).toBe(200);
    // approved deposits count as pending ones did
    await decideDeposit(exact.json().transaction_id, WALLET_STATUS.approved);
    const full = await deposit(p, '100');
    expect(full.statusCode).toBe(422);
    expect(full.json()).toMatchObject({ code: 'rg_deposit_limit', params: { remaining: '0.00' } });
    expect(await deposits(p)).toBe(2);

    // a rejected request brought no money: it stops counting
    await decideDeposit(first.json().transaction_id, WALLET_STATUS.rejected);
    const again = await deposit(p, '800');
    expect(again.statusCode, again.body).toBe(200);
    const after = await deposit(p, '100');
    expect(after.json()).toMatchObject({ code: 'rg_deposit_limit', params: { remaining: '0.00' } });
    expect(await deposits(p)).toBe(3);
  });

  it('a pending deposit counts against the limit', async () => {
    const p = await player();
    await setLimit(p, '500.00');
    expect((await deposit(p, '400')).statusCode).toBe(200);
    const r = await deposit(p, '101');
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ code: 'rg_deposit_limit', params: { remaining: '100.00' } });
    expect((await deposit(p, '100')).statusCode).toBe(200);
  });

  it('a self-excluded, timed-out, under-age or birthday-less player cannot deposit by any method', async () => {
    const excluded = await player();
    const ex = await app.inject({
      method: 'POST',
      url: '/api/responsible-gaming/self-exclusion',
      headers: excluded.auth,
      payload: { period: '6m', confirm: true },
    });
    expect(ex.statusCode, ex.body).toBe(200);
    const timedOut = await player();
    const to = await app.inject({
      method: 'POST',
      url: '/api/responsible-gaming/time-out',
      headers: timedOut.auth,
      payload: { period: '24h', confirm: true },
    });
    expect(to.statusCode, to.body).toBe(200);
    const young = await player(null);
    const tenYearsAgo = `${new Date().getUTCFullYear() - 10}-06-15`;
    const dob = await app.inject({ method: 'POST', url: '/api/user/profile/update', headers: young.auth, payload: { dofb: tenYearsAgo } });
    expect(dob.statusCode).toBe(403);
    const noBirthday = await player(null);

    const cases: Array<[P, number, string, RegExp | string]> = [
      [excluded, 403, 'rg_self_excluded', /^You are self-excluded until /],
      [timedOut, 403, 'rg_timed_out', /^You are taking a time-out until /],
      [young, 403, 'rg_under_age', PM.underAge],
      [noBirthday, 403, 'rg_birthday_missing', PM.birthdayMissing],
    ];
    for (const [p, status, code, message] of cases) {
      for (const res of [await deposit(p, '500'), await ewalletRequest(p, '500')]) {
        expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
        const body = res.json();
        expect(body.code).toBe(code);
        expect(body.success).toBe(false);
        if (typeof message === 'string') expect(body.message).toBe(message);
        else expect(body.message).toMatch(message);
      }
      expect(await deposits(p)).toBe(0);
    }

    // with a birthday the same player may deposit (the gate is the birthday, nothing else)
    await db.query(`UPDATE players SET dofb = '1991-02-03' WHERE id = $1`, [noBirthday.id]);
    expect((await deposit(noBirthday, '500')).statusCode).toBe(200);
  });

  it('20 parallel deposit requests cannot together pass the limit', async () => {
    const p = await player();
    await setLimit(p, '1000.00');
    const results = await Promise.all(Array.from({ length: 20 }, () => deposit(p, '100')));
    const accepted = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(10);
    expect(refused.every((r) => r.statusCode === 422 && r.json().code === 'rg_deposit_limit')).toBe(true);
    const sum = await db.query<{ s: string }>(
      `SELECT COALESCE(sum(amount_minor), 0)::text AS s FROM wallet_transactions WHERE player_id = $1 AND action = 'deposit'`,
      [p.id],
    );
    expect(sum.rows[0]!.s).toBe('100000');
  });
});
