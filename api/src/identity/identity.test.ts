import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { checkLedger } from '../ledger';
import { appPerFile } from '../testing/app-per-file';
import {
  MESSAGING_SIGNATURE_HEADER as SIGNATURE_HEADER,
  MESSAGING_TIMESTAMP_HEADER as TIMESTAMP_HEADER,
  signTimestamped as signMessage,
} from '@khela/contracts/signing';

/** A stand-in messaging service that checks the HMAC like the sandbox outbox and keeps what it got. */
interface Sent {
  channel: string;
  to: string;
  text: string;
}
const sent: Sent[] = [];
let server: http.Server;
let badSignatures = 0;

let db: Db;
let app: FastifyInstance;

appPerFile((t) => ({ db, app } = t), {
  // the messaging stand-in and the limits are set before the app reads its identity config
  before: async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const ts = String(req.headers[TIMESTAMP_HEADER]);
        if (req.headers[SIGNATURE_HEADER] !== signMessage('dev-messaging-secret', ts, body)) {
          badSignatures++;
          res.writeHead(401).end();
          return;
        }
        sent.unshift(JSON.parse(body));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"delivered"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    process.env.MESSAGING_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.RATE_LIMIT_LOGIN_PER_USERNAME = '3';
    process.env.RATE_LIMIT_OTP_PER_ADDRESS = '4';
  },
  after: () => void server?.close(),
});

const codeFor = (to: string) => /\b(\d{6})\b/.exec(sent.find((m) => m.to === to)?.text ?? '')?.[1];
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
let seq = 0;
const uname = () => `tester${Date.now().toString(36).slice(-5)}${++seq}`;
const phone = () => `0171${String(Date.now() + ++seq).slice(-7)}`;

async function signup(overrides: Record<string, unknown> = {}) {
  const body = { username: uname(), phone: phone(), password: 'secret123', confirmPassword: 'secret123', ...overrides };
  const res = await app.inject({ method: 'POST', url: '/api/v1/create-players', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return {
    ...(res.json() as { token: string; remote_id: number; username: string }),
    phone: body.phone as string,
    password: body.password as string,
  };
}

async function verifyPhone(p: { token: string; phone: string }) {
  const send = await app.inject({
    method: 'POST',
    url: '/api/send-verification-code',
    headers: auth(p.token),
    payload: { phone: p.phone },
  });
  expect(send.statusCode, send.body).toBe(200);
  expect(send.body).not.toMatch(/\d{6}/);
  const ok = await app.inject({
    method: 'POST',
    url: '/api/verify-phone-number',
    headers: auth(p.token),
    payload: { verification_code: codeFor(p.phone) },
  });
  expect(ok.statusCode, ok.body).toBe(200);
}

const user = async (token: string) =>
  (await app.inject({ url: '/api/user/show', headers: auth(token) })).json().user as Record<string, unknown>;

describe('sign-up', () => {
  it('answers the form rules as an errors object, field by field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/create-players',
      payload: { username: 'short', phone: '12', password: 'has space!', confirmPassword: 'other' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.username).toContain('Username must be between 8 and 16 characters');
    expect(body.errors.phone).toContain('Invalid phone number (10-15 digits)');
    expect(body.errors.password).toContain('Password can only contain letters and numbers (no special characters)');
    expect(typeof body.message).toBe('string');
  });

  it('refuses a username that differs only in case, and logs the new player in', async () => {
    const a = await signup();
    expect(a.token).toBeTruthy();
    const u = await user(a.token);
    expect(u).toMatchObject({ username: a.username, session_id: '0', vip_coin: 0, balance: '0.00', cash_bonus: '0.00', dofb: null });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/create-players',
      payload: { username: a.username.toUpperCase(), phone: phone(), password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.username).toEqual(['The username has already been taken.']);
    const inbox = await app.inject({ url: '/api/inbox?page=1', headers: auth(a.token) });
    expect(inbox.json().data.total).toBe(3);
  });

  it('stores the password with argon2id, never in clear', async () => {
    const a = await signup();
    const r = await db.query<{ password_hash: string }>('SELECT password_hash FROM players WHERE id = $1', [a.remote_id]);
    expect(r.rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('sessions and ownership', () => {
  it("answers 403 when remote_id is another player's, on every call that takes one", async () => {
    const a = await signup();
    const b = await signup();
    const calls = [
      app.inject({ url: `/api/user/show?remote_id=${b.remote_id}`, headers: auth(a.token) }),
      app.inject({ url: `/api/inbox?remote_id=${b.remote_id}&page=1`, headers: auth(a.token) }),
      app.inject({ url: `/api/convert-vipcoin?remote_id=${b.remote_id}&vip_coin=10`, headers: auth(a.token) }),
      app.inject({
        method: 'POST',
        url: '/api/user/profile/update',
        headers: auth(a.token),
        payload: { remote_id: b.remote_id, dofb: '1990-01-01' },
      }),
      app.inject({ method: 'POST', url: '/api/player-login', headers: auth(a.token), payload: { user_id: b.remote_id } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
    // own remote_id is fine
    expect((await app.inject({ url: `/api/user/show?remote_id=${a.remote_id}`, headers: auth(a.token) })).statusCode).toBe(200);
    // another player's inbox message looks missing
    const bMsg = (await app.inject({ url: '/api/inbox?page=1', headers: auth(b.token) })).json().data.data[0].id;
    expect((await app.inject({ url: `/api/inbox/${bMsg}`, headers: auth(a.token) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/inbox/${bMsg}`, headers: auth(a.token) })).statusCode).toBe(404);
  });

  it('revokes the token at logout', async () => {
    const a = await signup();
    expect((await app.inject({ url: '/api/user/show', headers: auth(a.token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: auth(a.token) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user/show', headers: auth(a.token) })).statusCode).toBe(401);
  });

  it('after repeated failed logins for a username asks for a proof-of-work challenge (issue 27 item 11), none after the window', async () => {
    const a = await signup();
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: a.username, password: 'wrongpass1' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid credentials');
    }
    const blocked = await app.inject({ method: 'POST', url: '/api/login', payload: { username: a.username, password: a.password } });
    expect(blocked.statusCode).toBe(428);
    expect(blocked.json()).toEqual({ code: 'challenge_required', message: expect.stringMatching(/from a person/) });
    await db.query(`UPDATE rate_limit_events SET created_at = now() - interval '1 hour'`);
    const ok = await app.inject({ method: 'POST', url: '/api/login', payload: { username: a.username, password: a.password } });
    expect(ok.statusCode).toBe(200);
  });
});

describe('verification codes', () => {
  it('verifies the phone with a 6-digit code sent through the signed messaging call, allowing 5 tries', async () => {
    const a = await signup();
    const send = await app.inject({
      method: 'POST',
      url: '/api/send-verification-code',
      headers: auth(a.token),
      payload: { phone: a.phone },
    });
    expect(send.json()).toMatchObject({ resend_in: 300 });
    const code = codeFor(a.phone)!;
    expect(code).toMatch(/^\d{6}$/);
    const stored = await db.query<{ code_hash: string }>('SELECT code_hash FROM verification_codes WHERE player_id = $1', [a.remote_id]);
    expect(stored.rows[0]!.code_hash).not.toContain(code);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/verify-phone-number',
        headers: auth(a.token),
        payload: { verification_code: wrong },
      });
      expect(res.statusCode).toBe(422);
    }
    const late = await app.inject({
      method: 'POST',
      url: '/api/verify-phone-number',
      headers: auth(a.token),
      payload: { verification_code: code },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(/Too many wrong codes/);
    expect(badSignatures).toBe(0);
    await db.query(`UPDATE rate_limit_events SET created_at = now() - interval '2 hours'`);
    await verifyPhone(a);
    expect(await user(a.token)).toMatchObject({ session_id: '1', vip_coin: 10 });
  });

  it('rejects an expired code', async () => {
    const a = await signup();
    await app.inject({ method: 'POST', url: '/api/send-verification-code', headers: auth(a.token), payload: { phone: a.phone } });
    await db.query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE player_id = $1`, [a.remote_id]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/verify-phone-number',
      headers: auth(a.token),
      payload: { verification_code: codeFor(a.phone) },
    });
    expect(res.statusCode).toBe(422);
  });

  it('rate-limits code sends per address with a clear message', async () => {
    await db.query('DELETE FROM rate_limit_events');
    const a = await signup();
    for (let i = 0; i < 4; i++) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/send-verification-code',
        headers: auth(a.token),
        payload: { phone: a.phone },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const r = await app.inject({ method: 'POST', url: '/api/send-verification-code', headers: auth(a.token), payload: { phone: a.phone } });
    expect(r.statusCode).toBe(429);
    expect(r.json().message).toMatch(/Too many attempts/);
    await db.query('DELETE FROM rate_limit_events');
  });

  it('adds at most 2 extra phones and verifies one', async () => {
    const a = await signup();
    const p1 = phone();
    const p2 = phone();
    for (const p of [p1, p2]) {
      const r = await app.inject({ method: 'POST', url: '/api/add/number', headers: auth(a.token), payload: { phone: p } });
      expect(r.statusCode, r.body).toBe(200);
    }
    const third = await app.inject({ method: 'POST', url: '/api/add/number', headers: auth(a.token), payload: { phone: phone() } });
    expect(third.statusCode).toBe(422);
    await app.inject({ method: 'POST', url: '/api/add/send-verification-code', headers: auth(a.token), payload: { phone: p2 } });
    const v = await app.inject({
      method: 'POST',
      url: '/api/add/verify-phone-number',
      headers: auth(a.token),
      payload: { verification_code: codeFor(p2) },
    });
    expect(v.statusCode, v.body).toBe(200);
    const list = (await app.inject({ url: '/api/get/other/phone', headers: auth(a.token) })).json().data;
    expect(list).toEqual([
      expect.objectContaining({ contract_value: p1, isverify: 0 }),
      expect.objectContaining({ contract_value: p2, isverify: 1 }),
    ]);
  });

  it('sets the birthday once', async () => {
    const a = await signup();
    const first = await app.inject({
      method: 'POST',
      url: '/api/user/profile/update',
      headers: auth(a.token),
      payload: { dofb: '1995-05-17' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/profile/update',
      headers: auth(a.token),
      payload: { dofb: '1990-01-01' },
    });
    expect(again.statusCode).toBe(422);
    expect((await user(a.token)).dofb).toBe('1995-05-17');
  });
});

describe('money', () => {
  it('converts VIP points to main balance through the ledger, once per idempotency key', async () => {
    const a = await signup();
    // conversions are play: an adult birthday first (one rule for stakes, conversions and deposits)
    await db.query(`UPDATE players SET dofb = '1990-01-01' WHERE id = $1`, [a.remote_id]);
    const tooFew = await app.inject({ url: '/api/convert-vipcoin?vip_coin=9', headers: auth(a.token) });
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().message).toBe('Minimum VP Required: 10');
    const notEnough = await app.inject({ url: '/api/convert-vipcoin?vip_coin=10', headers: auth(a.token) });
    expect(notEnough.statusCode).toBe(422);
    await verifyPhone(a);
    const headers = { ...auth(a.token), 'idempotency-key': 'k-1' };
    const first = await app.inject({ url: '/api/convert-vipcoin?vip_coin=10', headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ vip_coin: 0, balance: '10.00' });
    const replay = await app.inject({ url: '/api/convert-vipcoin?vip_coin=10', headers });
    expect(replay.json()).toMatchObject({ vip_coin: 0, balance: '10.00' });
    expect(await user(a.token)).toMatchObject({ vip_coin: 0, balance: '10.00' });
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('pays no referral reward for a verification alone (see referral.test.ts), and claims the cash bonus exactly once', async () => {
    const a = await signup();
    await db.query(`UPDATE players SET dofb = '1990-01-01' WHERE id = $1`, [a.remote_id]);
    const early = await app.inject({ method: 'POST', url: '/api/cash-claim', headers: auth(a.token), payload: {} });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('You need at least 10 to claim all.');
    const code = (await user(a.token)).referral_code as string;
    const b = await signup({ referral_code: code.toLowerCase() });
    await verifyPhone(b);
    expect((await user(a.token)).cash_bonus).toBe('0.00');
    await db.query('UPDATE players SET cash_bonus_minor = 5000 WHERE id = $1', [a.remote_id]);
    expect((await user(a.token)).cash_bonus).toBe('50.00');
    const claims = await Promise.all([
      app.inject({ method: 'POST', url: '/api/cash-claim', headers: auth(a.token), payload: {} }),
      app.inject({ method: 'POST', url: '/api/cash-claim', headers: auth(a.token), payload: {} }),
    ]);
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 400]);
    expect(await user(a.token)).toMatchObject({ cash_bonus: '0.00', balance: '50.00' });
    expect((await checkLedger(db)).ok).toBe(true);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/create-players',
      payload: { username: uname(), phone: phone(), password: 'secret123', confirmPassword: 'secret123', referral_code: 'NOPE0000' },
    });
    expect(bad.json().errors.referral_code).toBeDefined();
  });
});

describe('passwords', () => {
  it('changes the password with the ordered rules and revokes sessions', async () => {
    const a = await signup();
    const weak = await app.inject({
      method: 'POST',
      url: '/api/user-pwd',
      headers: auth(a.token),
      payload: { old_password: a.password, new_password: 'abcdefgh', new_password_confirmation: 'abcdefgh' },
    });
    expect(weak.json().message).toBe('New Password must contain at least one number, one letter, and 8 characters long.');
    const wrongOld = await app.inject({
      method: 'POST',
      url: '/api/user-pwd',
      headers: auth(a.token),
      payload: { old_password: 'nottheone1', new_password: 'newpass123', new_password_confirmation: 'newpass123' },
    });
    expect(wrongOld.statusCode).toBe(422);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/user-pwd',
      headers: auth(a.token),
      payload: { old_password: a.password, new_password: 'newpass123', new_password_confirmation: 'newpass123' },
    });
    expect(ok.json().message).toBe('Password changed successfully. Please login with your new password.');
    expect((await app.inject({ url: '/api/user/show', headers: auth(a.token) })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/login', payload: { username: a.username, password: 'newpass123' } })).statusCode,
    ).toBe(200);
  });

  it('resets a forgotten password with the SMS OTP, and answers the same for an unknown account', async () => {
    const a = await signup();
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/usr-forgot-password',
      payload: { type: 'sms', phone: '01999999999', username: a.username },
    });
    expect(unknown.json().message).toBe('OTP sent successfully. Please check your sms.');
    expect(codeFor('01999999999')).toBeUndefined();
    const res = await app.inject({
      method: 'POST',
      url: '/api/usr-forgot-password',
      payload: { type: 'sms', phone: `+88${a.phone}`, username: a.username },
    });
    expect(res.json().message).toBe('OTP sent successfully. Please check your sms.');
    const otp = codeFor(a.phone)!;
    const bad = await app.inject({
      method: 'POST',
      url: '/api/usr-reset-password',
      payload: {
        otp: otp === '123456' ? '654321' : '123456',
        password: 'brandnew1',
        password_confirmation: 'brandnew1',
        username: a.username,
      },
    });
    expect(bad.statusCode).toBe(422);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/usr-reset-password',
      payload: { otp, password: 'brandnew1', password_confirmation: 'brandnew1', username: a.username },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await app.inject({ url: '/api/user/show', headers: auth(a.token) })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/login', payload: { username: a.username, password: 'brandnew1' } })).statusCode,
    ).toBe(200);
    const reuse = await app.inject({
      method: 'POST',
      url: '/api/usr-reset-password',
      payload: { otp, password: 'another12', password_confirmation: 'another12', username: a.username },
    });
    expect(reuse.statusCode).toBe(422);
  });
});

describe('inbox', () => {
  it('pages, shows, marks read and deletes', async () => {
    const a = await signup();
    const list = (await app.inject({ url: '/api/inbox?page=1', headers: auth(a.token) })).json();
    expect(list).toMatchObject({ success: true, unread: 3, data: { current_page: 1, last_page: 1, total: 3 } });
    const id = list.data.data[0].id;
    const show = await app.inject({ url: `/api/inbox/${id}`, headers: auth(a.token) });
    expect(show.json().message).toMatchObject({ id, is_read: 0 });
    await app.inject({ method: 'PATCH', url: `/api/inbox/${id}/read`, headers: auth(a.token) });
    await app.inject({ method: 'DELETE', url: `/api/inbox/${list.data.data[1].id}`, headers: auth(a.token) });
    const after = (await app.inject({ url: '/api/inbox?page=1', headers: auth(a.token) })).json();
    expect(after).toMatchObject({ unread: 1, data: { total: 2 } });
    expect(after.data.data.find((m: { id: number }) => m.id === id).is_read).toBe(1);
  });
});
