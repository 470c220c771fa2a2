import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionProblems } from '../config';
import type { Db } from '../db';
import { memoryDb, testApp } from '../testing/helpers';
import { createStaffAccount } from './staff-accounts';
import { totpRequired } from '../auth/staff';

/**
 * Staff accounts (issue 32): the operator's own password change, an admin's password that must be changed at the
 * first log-in, TOTP enrolment only through an admin's one-time link, the username-wide alert, and production's
 * refusal of OPERATOR_TOTP_REQUIRED=0.
 */
let db: Db;
let app: FastifyInstance;
beforeAll(async () => {
  db = await memoryDb();
  app = await testApp(db, { STAFF_LOGIN_ALERT_FAILURES: '3', STAFF_LOGIN_MAX_FAILURES: '10' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await db?.close();
});

let seq = 0;
const uname = (p: string) => `${p}${Date.now().toString(36)}${++seq}`;
const auth = (t: string) => ({ authorization: `Bearer ${t}` });
const login = (username: string, password: string, ip = '127.0.0.1', totp?: string) =>
  app.inject({ method: 'POST', url: '/api/operator/login', payload: { username, password, ...(totp ? { totp } : {}) }, remoteAddress: ip });
const token = async (username: string, password: string) => {
  const r = await login(username, password);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().token as string;
};
const post = (url: string, t: string, payload?: unknown) =>
  app.inject({ method: 'POST', url, headers: auth(t), ...(payload ? { payload: payload as object } : {}) });
const get = (url: string, t: string) => app.inject({ method: 'GET', url, headers: auth(t) });

describe('an admin’s password must be changed at the first log-in', () => {
  it('a new operator can do nothing but change it; the change needs the current one and the rules; then the console works', async () => {
    const admin = await token('admin', 'admin123');
    const username = uname('first');
    const made = await post('/api/operator/operators', admin, { username, role: 'payments', password: 'admins-choice-123' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ password_change_required: true });

    const first = await login(username, 'admins-choice-123');
    expect(first.statusCode).toBe(200);
    expect(first.json().operator).toMatchObject({ password_change_required: true });
    const t = first.json().token as string;
    const refused = await get('/api/operator/dashboard', t);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('password_change_required');
    expect((await get('/api/operator/me', t)).json()).toMatchObject({ password_change_required: true });

    // a wrong current password, a new one that breaks a rule, the same one again: 422 on the field
    const wrong = await post('/api/operator/password', t, { current_password: 'not-it-at-all', new_password: 'a-good-new-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toBeDefined();
    const weak = await post('/api/operator/password', t, {
      current_password: 'admins-choice-123',
      new_password: `${username}-long-enough`,
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.new_password[0]).toMatch(/username/);
    const same = await post('/api/operator/password', t, { current_password: 'admins-choice-123', new_password: 'admins-choice-123' });
    expect(same.statusCode).toBe(422);

    // a second console of the same operator: it ends with the change, this one stays
    const other = await token(username, 'admins-choice-123');
    const ok = await post('/api/operator/password', t, { current_password: 'admins-choice-123', new_password: 'my-own-secret-words' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ password_change_required: false });
    expect((await get('/api/operator/dashboard', t)).statusCode).toBe(200);
    expect((await get('/api/operator/me', other)).statusCode).toBe(401);
    expect((await login(username, 'admins-choice-123')).statusCode).toBe(401);
    expect((await login(username, 'my-own-secret-words')).json().operator).toMatchObject({ password_change_required: false });

    const audit = await db.query<{ action: string }>(
      `SELECT action FROM operator_audit WHERE entity_type = 'operator' AND entity_id = $1 AND action LIKE 'staff.password%' ORDER BY id`,
      [String(made.json().id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['staff.password_change_failed', 'staff.password_change']);
  });

  it('an admin sets a new password: the operator’s sessions end and the next log-in must change it; not one’s own', async () => {
    const admin = await token('admin', 'admin123');
    const username = uname('reset');
    const id = await createStaffAccount(db, { username, password: 'forgotten-password-1' });
    const t = await token(username, 'forgotten-password-1');
    const short = await post(`/api/operator/operators/${id}/password`, admin, { password: 'short', reason: 'forgot it' });
    expect(short.statusCode).toBe(422);
    const set = await post(`/api/operator/operators/${id}/password`, admin, { password: 'temporary-pass-77', reason: 'forgot it' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ password_change_required: true });
    expect((await get('/api/operator/me', t)).statusCode).toBe(401);
    const again = await login(username, 'temporary-pass-77');
    expect(again.json().operator).toMatchObject({ password_change_required: true });
    const me = (await get('/api/operator/me', admin)).json();
    const own = await post(`/api/operator/operators/${me.id}/password`, admin, { password: 'temporary-pass-77', reason: 'mine' });
    expect(own.statusCode).toBe(409);
    const line = await db.query<{ reason: string; before: unknown; after: { password_change_required: boolean } }>(
      `SELECT reason, before, after FROM operator_audit WHERE action = 'operator.set_password' AND entity_id = $1`,
      [String(id)],
    );
    expect(line.rows).toHaveLength(1);
    expect(line.rows[0]).toMatchObject({ reason: 'forgot it', after: { password_change_required: true } });
    expect(JSON.stringify(line.rows[0])).not.toContain('temporary-pass-77');
  });
});

describe('TOTP enrolment through an admin’s one-time link', () => {
  it('an admin issues a link (shown once, hash stored); a newer link ends the older; a link is for its operator only', async () => {
    const admin = await token('admin', 'admin123');
    const alice = uname('alice');
    const bob = uname('bob');
    const aliceId = await createStaffAccount(db, { username: alice, password: 'alice-secret-words' });
    await createStaffAccount(db, { username: bob, password: 'bobs-secret-words' });
    const first = await post(`/api/operator/operators/${aliceId}/totp-link`, admin, { reason: 'new starter' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().operator.totp_link_expires_at).toBe(first.json().expires_at);
    const second = await post(`/api/operator/operators/${aliceId}/totp-link`, admin, { reason: 'lost the first' });
    const oldLink = first.json().token as string;
    const link = second.json().token as string;
    expect(link).not.toBe(oldLink);
    const stored = await db.query<{ token_hash: string }>('SELECT token_hash FROM operator_totp_links WHERE operator_id = $1', [aliceId]);
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(link);

    const bobT = await token(bob, 'bobs-secret-words');
    expect((await post('/api/operator/totp/setup', bobT, { link })).statusCode).toBe(409); // alice's link, bob's session
    const t = await token(alice, 'alice-secret-words');
    const stale = await post('/api/operator/totp/setup', t, { link: oldLink });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('totp_link_invalid');
    const setup = await post('/api/operator/totp/setup', t, { link });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    // confirming with another (made-up) link does not turn it on
    const code = await generate({ secret });
    expect((await post('/api/operator/totp/confirm', t, { link: oldLink, totp: code })).statusCode).toBe(409);
    const on = await post('/api/operator/totp/confirm', t, {
      link,
      totp: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ totp_enabled: true });
    // TOTP on: no link can be issued until an admin resets it; the audit keeps no token
    const more = await post(`/api/operator/operators/${aliceId}/totp-link`, admin, { reason: 'again' });
    expect(more.statusCode).toBe(409);
    const lines = await db.query<{ after: unknown }>(
      `SELECT after FROM operator_audit WHERE action = 'operator.totp_link' AND entity_id = $1`,
      [String(aliceId)],
    );
    expect(lines.rows).toHaveLength(2);
    expect(JSON.stringify(lines.rows)).not.toContain(link);
  });

  it('a link expires (OPERATOR_TOTP_LINK_HOURS)', async () => {
    const admin = await token('admin', 'admin123');
    const username = uname('late');
    const id = await createStaffAccount(db, { username, password: 'late-starter-pass' });
    const { token: link } = (await post(`/api/operator/operators/${id}/totp-link`, admin, { reason: 'new starter' })).json();
    await db.query(`UPDATE operator_totp_links SET expires_at = now() - interval '1 second' WHERE operator_id = $1`, [id]);
    const t = await token(username, 'late-starter-pass');
    expect((await post('/api/operator/totp/setup', t, { link })).json().code).toBe('totp_link_invalid');
  });
});

describe('failures under one name from many addresses raise one alert (and lock no one out)', () => {
  it('three addresses, one failure each: one open staff alert; the operator still logs in', async () => {
    const username = uname('spread');
    await createStaffAccount(db, { username, password: 'spread-password-1' });
    for (const ip of ['10.9.0.1', '10.9.0.2', '10.9.0.3', '10.9.0.4']) expect((await login(username, 'guess', ip)).statusCode).toBe(401);
    const alerts = await db.query<{ kind: string; ref: string }>(
      `SELECT kind, ref FROM staff_alerts WHERE ref = $1 AND resolved_at IS NULL`,
      [`operator-login:${username}`],
    );
    expect(alerts.rows).toEqual([{ kind: 'staff.login_spread', ref: `operator-login:${username}` }]);
    expect((await login(username, 'spread-password-1', '10.9.0.5')).statusCode).toBe(200);
  });
});

describe('production', () => {
  it('refuses OPERATOR_TOTP_REQUIRED=0 and requires TOTP by default', () => {
    expect(productionProblems({ NODE_ENV: 'production', OPERATOR_TOTP_REQUIRED: '0' })).toContain(
      'OPERATOR_TOTP_REQUIRED is 0 (back-office staff always need two-factor sign-in in production)',
    );
    expect(productionProblems({ NODE_ENV: 'production' }).some((p) => p.startsWith('OPERATOR_TOTP_REQUIRED'))).toBe(false);
    expect(totpRequired({ NODE_ENV: 'production' })).toBe(true);
  });
});
