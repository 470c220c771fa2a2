import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_MESSAGES, WALLET_STATUS } from '@khela/contracts';
import { signCall } from '@khela/contracts/signing';
import { checkLedger } from '../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { fund as fundPlayer } from '../testing/fixtures';
import { decide } from '../wallet/decisions';
import { findTransactionForUpdate } from '../wallet/transactions';
import { PHONE_TAKEN } from './verification/service';
import { newPayerTrx } from '../testing/payer-trx';

/**
 * Issue 10 item 5, no referral or bonus farming, on PGlite and PostgreSQL:
 * one verified phone per account (database index), the referral reward paid once the friend has
 * deposited and bet, and a claimed bonus wagered BONUS_TURNOVER_MULTIPLE times before a withdrawal.
 */
/** A messaging stand-in that keeps the codes it was asked to send. */
const sent: { to: string; text: string }[] = [];
let server: http.Server;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      sent.unshift(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"delivered"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(() => void server?.close());
const codeFor = (to: string) => /\b(\d{6})\b/.exec(sent.find((m) => m.to === to)?.text ?? '')?.[1];

let seq = 0;
const uname = (p: string) => `${p}${Date.now().toString(36)}${++seq}`.slice(0, 16);
const newPhone = () => `0191${String(Date.now() + ++seq).slice(-7)}`;

describeEachDatabase('no referral or bonus farming on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  suiteDatabase(engine, (t) => ({ db, app } = t), {
    env: () => ({ MESSAGING_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
  });

  interface P {
    token: string;
    id: number;
    phone: string;
    auth: { authorization: string };
  }
  async function signup(extra: Record<string, unknown> = {}, phone = newPhone()): Promise<P> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/create-players',
      payload: { username: uname('fa'), phone, password: 'secret123', confirmPassword: 'secret123', ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json() as { token: string; remote_id: number };
    return { token: b.token, id: b.remote_id, phone, auth: { authorization: `Bearer ${b.token}` } };
  }
  const sendCode = (p: P, phone = p.phone) =>
    app.inject({ method: 'POST', url: '/api/send-verification-code', headers: p.auth, payload: { phone } });
  const verify = (p: P) =>
    app.inject({ method: 'POST', url: '/api/verify-phone-number', headers: p.auth, payload: { verification_code: codeFor(p.phone) } });
  const user = async (p: P) => (await app.inject({ url: '/api/user/show', headers: p.auth })).json().user as Record<string, unknown>;
  /** Verified phone and a birthday, without the code round trip (the referral tests are about money). */
  const markVerified = (p: P) => db.query(`UPDATE players SET phone_verified = true, dofb = '1990-01-01' WHERE id = $1`, [p.id]);

  async function approvedDeposit(p: P, amount = '1000') {
    const methods = (await app.inject({ url: '/api/showpayment-menthod?name=deposit' })).json().data as { id: number; name: string }[];
    const bkash = methods.find((m) => m.name === 'bKash')!;
    const dep = await app.inject({
      method: 'POST',
      url: '/api/submit-deposit',
      headers: { ...p.auth, 'idempotency-key': randomUUID() },
      payload: { amount, payment_id: bkash.id, transaction_id: newPayerTrx() },
    });
    expect(dep.statusCode, dep.body).toBe(200);
    const publicId = dep.json().transaction_id as string;
    return () => db.tx(async (q) => decide(q, (await findTransactionForUpdate(q, 'public_id', publicId))!, WALLET_STATUS.approved, 'test'));
  }

  /** One casino round through the signed seamless wallet: a bet of `stake`, closed by a win of `win`. */
  async function settledBet(p: P, stake: string, win = '0.00') {
    const launch = await app.inject({
      method: 'POST',
      url: '/api/game-run',
      headers: p.auth,
      payload: { gameCode: 'sandbox-slot', gameType: 'SLOT', platform: 'SANDBOX', userId: p.id },
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const token = new URL(launch.json().url).searchParams.get('token')!;
    const round = `r-${randomUUID()}`;
    const call = async (action: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify({
        request_uuid: randomUUID(),
        token,
        user: String(p.id),
        round,
        game_code: 'sandbox-slot',
        currency: 'BDT',
        ...body,
      });
      const url = `/api/seamless/sandbox/${action}`;
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...signCall('dev-provider-secret', { method: 'POST', path: url, body: raw }) },
        payload: raw,
      });
      expect(res.json().status, res.body).toBe('OK');
    };
    const bet = `bet-${randomUUID()}`;
    return async () => {
      await call('bet', { transaction_uuid: bet, amount: stake, round_closed: false });
      await call('win', { transaction_uuid: `win-${randomUUID()}`, reference_transaction_uuid: bet, amount: win, round_closed: true });
    };
  }
  const fund = (p: P, amount: string) => fundPlayer(db, p.id, amount, `test:fund:${randomUUID()}`);
  const rewardsOf = async (friend: P) =>
    Number(
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM referral_rewards WHERE referred_id = $1', [friend.id])).rows[0]!.n,
    );

  describe('one verified phone, one account', () => {
    it('refuses a code for a phone another account has verified, and the database refuses it too', async () => {
      const phone = newPhone();
      const first = await signup({}, phone);
      const second = await signup({}, phone);
      expect((await sendCode(first)).statusCode).toBe(200);
      expect((await verify(first)).statusCode).toBe(200);
      const refused = await sendCode(second);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(PHONE_TAKEN);
      expect((await user(second)).session_id).toBe('0');
      await expect(db.query('UPDATE players SET phone_verified = true WHERE id = $1', [second.id])).rejects.toMatchObject({
        code: '23505',
      });
      // nor as an extra phone of another account
      const third = await signup();
      expect((await app.inject({ method: 'POST', url: '/api/add/number', headers: third.auth, payload: { phone } })).statusCode).toBe(200);
      const extra = await app.inject({ method: 'POST', url: '/api/add/send-verification-code', headers: third.auth, payload: { phone } });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().message).toBe(PHONE_TAKEN);
    });

    it('two accounts verifying one phone at the same moment: exactly one succeeds', async () => {
      const phone = newPhone();
      const a = await signup({}, phone);
      const b = await signup({}, phone);
      expect((await sendCode(a)).statusCode).toBe(200);
      const codeA = codeFor(phone)!;
      expect((await sendCode(b)).statusCode).toBe(200);
      const codeB = codeFor(phone)!;
      const answers = await Promise.all([
        app.inject({ method: 'POST', url: '/api/verify-phone-number', headers: a.auth, payload: { verification_code: codeA } }),
        app.inject({ method: 'POST', url: '/api/verify-phone-number', headers: b.auth, payload: { verification_code: codeB } }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(answers.find((r) => r.statusCode === 400)!.json().message).toBe(PHONE_TAKEN);
      const verified = await db.query('SELECT id FROM players WHERE phone = $1 AND phone_verified', [phone]);
      expect(verified.rows).toHaveLength(1);
    });
  });

  describe('the referral reward waits for a deposit and a bet', () => {
    it('pays nothing for sign-up and verification, nothing for a deposit alone, 50.00 once the friend has bet — once', async () => {
      const referrer = await signup();
      const code = (await user(referrer)).referral_code as string;
      const friend = await signup({ referral_code: code });
      expect((await sendCode(friend)).statusCode).toBe(200);
      expect((await verify(friend)).statusCode).toBe(200);
      expect((await user(referrer)).cash_bonus).toBe('0.00');
      // a birthday is required before the first deposit (responsible gambling)
      const dob = await app.inject({
        method: 'POST',
        url: '/api/user/profile/update',
        headers: friend.auth,
        payload: { dofb: '1990-01-01' },
      });
      expect(dob.statusCode, dob.body).toBe(200);
      await (
        await approvedDeposit(friend)
      )();
      expect((await user(referrer)).cash_bonus).toBe('0.00');
      await (
        await settledBet(friend, '10.00')
      )();
      expect((await user(referrer)).cash_bonus).toBe('50.00');
      await (
        await settledBet(friend, '10.00')
      )();
      await (
        await approvedDeposit(friend, '500')
      )();
      expect((await user(referrer)).cash_bonus).toBe('50.00');
      expect(await rewardsOf(friend)).toBe(1);
    });

    it('pays when the deposit comes after the bet, and not for an unverified friend', async () => {
      const referrer = await signup();
      const code = (await user(referrer)).referral_code as string;
      const friend = await signup({ referral_code: code });
      await markVerified(friend);
      await fund(friend, '100.00');
      await (
        await settledBet(friend, '20.00')
      )();
      expect((await user(referrer)).cash_bonus).toBe('0.00');
      await (
        await approvedDeposit(friend)
      )();
      expect((await user(referrer)).cash_bonus).toBe('50.00');

      const other = await signup({ referral_code: code });
      // an adult birthday (every stake needs one) but no verified phone
      await db.query(`UPDATE players SET dofb = '1990-01-01' WHERE id = $1`, [other.id]);
      await fund(other, '100.00');
      await (
        await settledBet(other, '20.00')
      )();
      expect(await rewardsOf(other)).toBe(0);
    });

    it('an approval and a settlement at the same moment pay exactly once', async () => {
      const referrer = await signup();
      const code = (await user(referrer)).referral_code as string;
      const friend = await signup({ referral_code: code });
      await markVerified(friend);
      await fund(friend, '100.00');
      const approve = await approvedDeposit(friend);
      const bet = await settledBet(friend, '10.00');
      await Promise.all([approve(), bet()]);
      expect(await rewardsOf(friend)).toBe(1);
      expect((await user(referrer)).cash_bonus).toBe('50.00');
      expect((await checkLedger(db)).ok).toBe(true);
    });
  });

  describe('a claimed bonus carries a turnover requirement', () => {
    const check = (p: P) => app.inject({ url: '/api/userwithdrawcheck', headers: p.auth });

    it('a claimed cash bonus must be wagered 3 times (BONUS_TURNOVER_MULTIPLE) before a withdrawal', async () => {
      const p = await signup();
      await markVerified(p);
      expect((await check(p)).statusCode).toBe(200);
      await db.query('UPDATE players SET cash_bonus_minor = 5000 WHERE id = $1', [p.id]);
      const claim = await app.inject({ method: 'POST', url: '/api/cash-claim', headers: p.auth, payload: {} });
      expect(claim.statusCode, claim.body).toBe(200);
      expect(claim.json().balance).toBe('50.00');
      const blocked = await check(p);
      expect(blocked.statusCode).toBe(400);
      expect(blocked.json().error).toBe(WALLET_MESSAGES.turnoverIncomplete);
      const records = (await app.inject({ url: '/api/turnovers', headers: p.auth })).json().data;
      expect(records[0]).toMatchObject({
        status: 'active',
        required_turnover: '150.00',
        remaining_turnover: '150.00',
        transaction: { action: 'bonus', amount: '50.00', promotion: { name: 'Referral cash bonus', turnover: 3 } },
      });
      await fund(p, '200.00');
      await (
        await settledBet(p, '100.00', '100.00')
      )();
      expect((await check(p)).statusCode).toBe(400);
      await (
        await settledBet(p, '50.00', '50.00')
      )();
      expect((await check(p)).statusCode).toBe(200);
      expect((await checkLedger(db)).ok).toBe(true);
    });

    it('converted VIP points carry one too; BONUS_TURNOVER_MULTIPLE=0 turns it off', async () => {
      const p = await signup();
      await markVerified(p);
      await db.query('UPDATE players SET vip_coin = 20 WHERE id = $1', [p.id]);
      const conv = await app.inject({ url: '/api/convert-vipcoin?vip_coin=10', headers: { ...p.auth, 'idempotency-key': randomUUID() } });
      expect(conv.statusCode, conv.body).toBe(200);
      expect((await check(p)).statusCode).toBe(400);
      const rec = (await app.inject({ url: '/api/turnovers', headers: p.auth })).json().data[0];
      expect(rec).toMatchObject({
        required_turnover: '30.00',
        transaction: { action: 'bonus', amount: '10.00', promotion: { name: 'VIP points conversion' } },
      });

      const q = await signup();
      await markVerified(q);
      await db.query('UPDATE players SET vip_coin = 10 WHERE id = $1', [q.id]);
      process.env.BONUS_TURNOVER_MULTIPLE = '0';
      try {
        expect((await app.inject({ url: '/api/convert-vipcoin?vip_coin=10', headers: q.auth })).statusCode).toBe(200);
      } finally {
        delete process.env.BONUS_TURNOVER_MULTIPLE;
      }
      expect((await check(q)).statusCode).toBe(200);
    });
  });
});
