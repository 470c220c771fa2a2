import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { memoryDb, testApp } from '../testing/helpers';
import { createStaffAccount, issueTotpLink } from './staff-accounts';
import { staffLoginConfig } from './config';

/**
 * Operator log-in (issues 13 and 32): password + TOTP, failures throttled atomically per (username, address) pair
 * without locking the account for everyone, on PGlite and PostgreSQL. Limits come from the environment
 * (STAFF_LOGIN_MAX_FAILURES, ...).
 */
const MAX = 4;

let seq = 0;
const uname = (p: string) => `${p}${Date.now().toString(36)}${++seq}`;
const PASSWORD = 'correct horse battery';
const nowSec = () => Math.floor(Date.now() / 1000);
/** A one-time enrolment link as the server's command issues it. */
const linkFor = async (db: Db, id: number) =>
  (await issueTotpLink(db, staffLoginConfig(), { staffId: null, username: 'test', ip: null }, id, 'test link')).token;
/** Failed log-ins counted against one (username, address) pair now. */
const pairFailures = async (db: Db, username: string, ip = '127.0.0.1') =>
  (
    await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM rate_limit_events WHERE bucket = 'staff_login:pair' AND key = $1`, [
      `${username.toLowerCase()}|${ip}`,
    ])
  ).rows[0]!.n;

describeEachDatabase('operator log-in on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  // the pair throttle alone must hold the line here: the per-address limit is raised out of its way
  suiteDatabase(engine, (t) => ({ db, app } = t), {
    env: {
      STAFF_LOGIN_MAX_FAILURES: String(MAX),
      STAFF_LOGIN_LOCK_SECONDS: '900',
      RATE_LIMIT_STAFF_LOGIN_PER_IP: '1000',
    },
  });

  const login = (username: string, password: string, totp?: string, ip = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { username, password, ...(totp ? { totp } : {}) },
      headers: { 'user-agent': 'vitest-agent' },
      remoteAddress: ip,
    });
  const token = async (username: string, password: string, totp?: string) => {
    const r = await login(username, password, totp);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().token as string;
  };
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });

  it('20 parallel wrong passwords from one address: only MAX were checked, that address waits, another address logs in', async () => {
    const username = uname('lock');
    const id = await createStaffAccount(db, { username, password: PASSWORD, role: 'payments' });
    const res = await Promise.all(Array.from({ length: 20 }, (_, i) => login(username, `wrong-password-${i}`, undefined, '10.0.0.7')));
    const codes = res.map((r) => r.statusCode);
    // exactly MAX attempts reached the password check (401); every other one was refused by the pair's throttle (429)
    expect(codes.filter((c) => c === 401)).toHaveLength(MAX);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - MAX);
    expect(res.find((r) => r.statusCode === 429)!.json().retry_after).toBeGreaterThan(0);
    expect(await pairFailures(db, username, '10.0.0.7')).toBe(MAX);
    const audit = await db.query<{ reason: string; n: number }>(
      `SELECT reason, count(*)::int AS n FROM operator_audit WHERE action = 'staff.login_failed' AND entity_id = $1 GROUP BY reason ORDER BY reason`,
      [String(id)],
    );
    expect(audit.rows).toEqual([{ reason: 'wrong password', n: MAX }]);
    // the right password from that address now: still refused, and no session was made
    const right = await login(username, PASSWORD, undefined, '10.0.0.7');
    expect(right.statusCode).toBe(429);
    expect((await db.query('SELECT 1 FROM operator_sessions WHERE operator_id = $1', [id])).rows).toHaveLength(0);
    // the admin sees the throttled address on the operator's row
    const admin = await token('admin', 'admin123');
    const rows = await app.inject({ method: 'GET', url: `/api/operator/operators?q=${username}&status=throttled`, headers: auth(admin) });
    expect(rows.json().data).toMatchObject([{ id, failed_logins: MAX, throttled_addresses: 1 }]);

    // the operator is not locked out for everyone: from another address the right password works
    const elsewhere = await login(username, PASSWORD, undefined, '10.0.0.8');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    // an admin unlocks (audited); then the right password works from the first address too and clears its count
    const unlock = await app.inject({
      method: 'POST',
      url: `/api/operator/operators/${id}/unlock`,
      headers: auth(admin),
      payload: { reason: 'called the helpdesk' },
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect(unlock.json()).toMatchObject({ throttled_addresses: 0, failed_logins: 0 });
    const again = await login(username, PASSWORD, undefined, '10.0.0.7');
    expect(again.statusCode, again.body).toBe(200);
    const session = (
      await db.query<{ ip: string; user_agent: string }>(
        'SELECT ip, user_agent FROM operator_sessions WHERE operator_id = $1 ORDER BY created_at',
        [id],
      )
    ).rows;
    expect(session).toEqual([
      { ip: '10.0.0.8', user_agent: 'vitest-agent' },
      { ip: '10.0.0.7', user_agent: 'vitest-agent' },
    ]);
    const ok = await db.query<{ action: string; username: string; operator_id: string }>(
      `SELECT action, username, operator_id FROM operator_audit WHERE action = 'staff.login' AND entity_id = $1`,
      [String(id)],
    );
    expect(ok.rows).toHaveLength(2);
    expect(ok.rows[0]).toEqual({ action: 'staff.login', username, operator_id: String(id) });
    const unlocked = await db.query<{ before: { throttled_addresses: number }; after: { throttled_addresses: number } }>(
      `SELECT before, after FROM operator_audit WHERE action = 'operator.unlock' AND entity_id = $1`,
      [String(id)],
    );
    expect(unlocked.rows.map((r) => [r.before.throttled_addresses, r.after.throttled_addresses])).toEqual([[1, 0]]);
  }, 60_000);

  it('unknown user and wrong password answer the same; failures below the limit are reset by a success', async () => {
    const username = uname('same');
    const id = await createStaffAccount(db, { username, password: PASSWORD });
    const unknown = await login(uname('nobody'), PASSWORD);
    const wrong = await login(username, 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    await login(username, 'not-the-password-2');
    expect(await pairFailures(db, username)).toBe(2);
    await token(username, PASSWORD);
    expect(await pairFailures(db, username)).toBe(0);
    expect(id).toBeGreaterThan(0);
  });

  it('TOTP: enrol with a current code; then the password alone asks for it, a wrong code counts as a failure, a code works once', async () => {
    const username = uname('totp');
    const id = await createStaffAccount(db, { username, password: PASSWORD, role: 'support' });
    const t = await token(username, PASSWORD);
    // no link, a made-up one: refused (no trust on first use)
    const none = await app.inject({ method: 'POST', url: '/api/operator/totp/setup', headers: auth(t), payload: { link: 'x'.repeat(43) } });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('totp_link_invalid');
    const link = await linkFor(db, id);
    const setup = await app.inject({ method: 'POST', url: '/api/operator/totp/setup', headers: auth(t), payload: { link } });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauth_uri } = setup.json() as { secret: string; otpauth_uri: string };
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(otpauth_uri).toContain(secret);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/operator/totp/confirm',
      headers: auth(t),
      payload: { link, totp: '000000' },
    });
    expect(bad.statusCode).toBe(422);
    const code = await generate({ secret });
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/operator/totp/confirm',
      headers: auth(t),
      payload: { link, totp: code },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ totp_enabled: true, totp_enrolment_required: false });
    // the link is spent; a second set-up is refused while TOTP is on
    const twice = await app.inject({ method: 'POST', url: '/api/operator/totp/setup', headers: auth(t), payload: { link } });
    expect(twice.statusCode).toBe(409);
    expect((await db.query('SELECT 1 FROM operator_totp_links WHERE operator_id = $1 AND used_at IS NOT NULL', [id])).rows).toHaveLength(1);

    // password alone: 401 totp_required, and not counted as a failure
    const noCode = await login(username, PASSWORD);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().code).toBe('totp_required');
    // the code used to confirm cannot log in (spent); a wrong code counts
    const reused = await login(username, PASSWORD, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('totp_invalid');
    expect(await pairFailures(db, username)).toBe(1);
    // a code two steps away is outside the ±1 window
    const far = await generate({ secret, epoch: nowSec() + 90 });
    expect((await login(username, PASSWORD, far)).statusCode).toBe(401);
    // the next step's code (inside the window) works once, even from two parallel log-ins
    const next = await generate({ secret, epoch: nowSec() + 30 });
    const both = await Promise.all([login(username, PASSWORD, next), login(username, PASSWORD, next)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(await pairFailures(db, username)).toBe(0);
  }, 60_000);

  it('disabling ends the operator’s session at once; the right password is then refused', async () => {
    const username = uname('dis');
    const id = await createStaffAccount(db, { username, password: PASSWORD });
    const t = await token(username, PASSWORD);
    const admin = await token('admin', 'admin123');
    const dis = await app.inject({
      method: 'POST',
      url: `/api/operator/operators/${id}/disable`,
      headers: auth(admin),
      payload: { reason: 'left the company' },
    });
    expect(dis.statusCode, dis.body).toBe(200);
    // the session ended at once
    expect((await app.inject({ method: 'GET', url: '/api/operator/me', headers: auth(t) })).statusCode).toBe(401);
    const again = await login(username, PASSWORD);
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('disabled');
  });
});

describe('TOTP required (production mode or OPERATOR_TOTP_REQUIRED=1)', () => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await memoryDb();
    app = await testApp(db);
    process.env.OPERATOR_TOTP_REQUIRED = '1';
  }, 60_000);
  afterEach(() => undefined);
  afterAll(async () => {
    delete process.env.OPERATOR_TOTP_REQUIRED;
    await app?.close();
    await db?.close();
  });

  it('an operator without TOTP can only enrol, through the link; after enrolment the console works', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/operator/login', payload: { username: 'admin', password: 'admin123' } });
    expect(r.statusCode).toBe(200);
    expect(r.json().operator).toMatchObject({ totp_enabled: false, totp_enrolment_required: true });
    const h = { authorization: `Bearer ${r.json().token}` };
    const me = await app.inject({ method: 'GET', url: '/api/operator/me', headers: h });
    expect(me.json()).toMatchObject({ username: 'admin', totp_enrolment_required: true });
    // the admin cannot issue their own link (the server's command or another admin does)
    const own = await app.inject({
      method: 'POST',
      url: `/api/operator/operators/${me.json().id}/totp-link`,
      headers: h,
      payload: { reason: 'mine' },
    });
    expect(own.statusCode).toBe(403);
    for (const url of ['/api/operator/operators', '/api/operator/audit', '/api/operator/dashboard']) {
      const refused = await app.inject({ method: 'GET', url, headers: h });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe('totp_enrolment_required');
    }
    const link = await linkFor(db, me.json().id);
    const { secret } = (await app.inject({ method: 'POST', url: '/api/operator/totp/setup', headers: h, payload: { link } })).json();
    const ok = await app.inject({
      method: 'POST',
      url: '/api/operator/totp/confirm',
      headers: h,
      payload: { link, totp: await generate({ secret }) },
    });
    expect(ok.json()).toMatchObject({ totp_enabled: true, totp_enrolment_required: false });
    expect((await app.inject({ method: 'GET', url: '/api/operator/operators', headers: h })).statusCode).toBe(200);
  });
});

describe('the pair waits only its window (STAFF_LOGIN_LOCK_SECONDS); the per-address limit answers 429 for any name', () => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await memoryDb();
    app = await testApp(db, {
      STAFF_LOGIN_MAX_FAILURES: '2',
      // 3 s, not 1: a loaded machine's password hashing must not outlast the window before the locked try
      STAFF_LOGIN_LOCK_SECONDS: '3',
      RATE_LIMIT_STAFF_LOGIN_PER_IP: '6',
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  const login = (username: string, password: string, ip = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/operator/login', payload: { username, password }, remoteAddress: ip });

  it('waits after 2 failures for 3 s, then the right password works; an address past its own limit is 429 for every name', async () => {
    const username = uname('expire');
    await createStaffAccount(db, { username, password: PASSWORD });
    expect((await login(username, 'wrong-1')).statusCode).toBe(401);
    expect((await login(username, 'wrong-2')).statusCode).toBe(401);
    expect((await login(username, PASSWORD)).statusCode).toBe(429);
    await new Promise((r) => setTimeout(r, 3_200));
    expect((await login(username, PASSWORD)).statusCode).toBe(200);
    // unknown names count too (no account discovery through the limit): 6 failures from one address, then 429 for
    // every name from it, while another address still gets in
    for (let i = 0; i < 6; i++) expect((await login(uname('ghost'), `x${i}`, '10.1.1.1')).statusCode).toBe(401);
    expect((await login(uname('ghost'), 'x', '10.1.1.1')).statusCode).toBe(429);
    expect((await login(username, PASSWORD, '10.1.1.1')).statusCode).toBe(429);
    expect((await login(username, PASSWORD, '10.1.1.2')).statusCode).toBe(200);
  });
});
