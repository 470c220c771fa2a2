import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  staffAudit,
  staffCreateAccount,
  staffDashboard,
  staffDisableAccount,
  staffEnableAccount,
  staffAccounts,
  staffResetAccountTotp,
  staffResolveAlert,
  staffSetAccountRole,
  staffUnlockAccount,
  type Endpoint,
  type StaffRole,
} from '@khela/contracts';
import { sha256Hex } from '@khela/contracts/signing';
import type { Db } from '../db';
import { createPlayer, memoryDb, testApp, tokenFor } from '../testing/helpers';
import { dhakaToday } from './dashboard';

/** Operators (admin), the audit log, the dashboard and every role denial of the staff-account endpoints. */
let db: Db;
let app: FastifyInstance;
const tokens = {} as Record<StaffRole, string>;
const DEMO: Record<StaffRole, [string, string]> = {
  admin: ['admin', 'admin123'],
  payments: ['operator', 'operator123'],
  support: ['support', 'support123'],
  content: ['content', 'content123'],
  risk: ['risk', 'risk123'],
};

beforeAll(async () => {
  db = await memoryDb();
  app = await testApp(db, { RATE_LIMIT_STAFF_LOGIN_PER_IP: '1000' });
  for (const [role, [username, password]] of Object.entries(DEMO)) {
    const r = await app.inject({ method: 'POST', url: '/api/operator/login', payload: { username, password } });
    expect(r.statusCode, r.body).toBe(200);
    tokens[role as StaffRole] = r.json().token;
  }
}, 60_000);
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const auth = (t: string) => ({ authorization: `Bearer ${t}` });
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, ...(token ? { headers: auth(token) } : {}), ...(payload ? { payload } : {}) });
const idOf = async (username: string) =>
  Number((await db.query<{ id: string }>('SELECT id FROM operators WHERE username = $1', [username])).rows[0]!.id);

describe('role denials', () => {
  const path = (e: Endpoint, id = 2) => e.path.replace('{id}', String(id));
  const body = { reason: 'role check', role: 'support', username: 'nobody-here', password: 'a-long-password-1' };
  const adminOnly = [
    staffAccounts,
    staffCreateAccount,
    staffSetAccountRole,
    staffDisableAccount,
    staffEnableAccount,
    staffUnlockAccount,
    staffResetAccountTotp,
    staffAudit,
  ];

  it.each(['support', 'payments', 'content', 'risk'] as const)('%s gets 403 on every admin endpoint', async (role) => {
    for (const e of adminOnly) {
      const r = await call(e.method as 'GET' | 'POST', path(e), tokens[role], e.method === 'POST' ? body : undefined);
      expect(r.statusCode, `${role} ${e.method} ${e.path}`).toBe(403);
      expect(r.json().code).toBe('role');
    }
  });

  it('support, payments and content cannot resolve alerts; risk can', async () => {
    const a = await db.query<{ id: string }>(`INSERT INTO staff_alerts (kind, message) VALUES ('test', 'look here') RETURNING id`);
    const url = path(staffResolveAlert, Number(a.rows[0]!.id));
    for (const role of ['support', 'payments', 'content'] as const) {
      expect((await call('POST', url, tokens[role], {})).statusCode, role).toBe(403);
    }
    expect((await call('POST', url, tokens.risk, {})).statusCode).toBe(200);
  });

  it('a player token and no token are 401 everywhere; every role sees the dashboard', async () => {
    const player = await tokenFor(db, await createPlayer(db));
    for (const e of [...adminOnly, staffDashboard, staffResolveAlert]) {
      for (const t of [undefined, player]) {
        const r = await call(e.method as 'GET' | 'POST', path(e), t, e.method === 'POST' ? body : undefined);
        expect(r.statusCode, `${e.path} ${t ? 'player' : 'none'}`).toBe(401);
      }
    }
    for (const role of Object.keys(DEMO) as StaffRole[]) {
      expect((await call('GET', staffDashboard.path, tokens[role])).statusCode, role).toBe(200);
    }
  });
});

describe('operators (admin)', () => {
  it('creates an operator with the password rules; lists them server-paged; every change is audited', async () => {
    const weak = await call('POST', '/api/operator/operators', tokens.admin, {
      username: 'agent7',
      role: 'support',
      password: 'agent7-password',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().message).toMatch(/must not contain the username/);
    const short = await call('POST', '/api/operator/operators', tokens.admin, { username: 'agent7', role: 'support', password: 'short' });
    expect(short.statusCode).toBe(422);
    const ok = await call('POST', '/api/operator/operators', tokens.admin, {
      username: 'agent7',
      name: 'Agent Seven',
      role: 'support',
      password: 'a-long-password-1',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ username: 'agent7', name: 'Agent Seven', role: 'support', disabled: false, totp_enabled: false });
    const dup = await call('POST', '/api/operator/operators', tokens.admin, {
      username: 'AGENT7',
      role: 'support',
      password: 'another-long-pass-2',
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().message).toMatch(/already exists/);

    const page1 = await call('GET', '/api/operator/operators?per_page=2&page=1&sort=id&dir=asc', tokens.admin);
    expect(page1.json()).toMatchObject({ page: 1, per_page: 2, total: 6 });
    expect(page1.json().data.map((r: { username: string }) => r.username)).toEqual(['admin', 'operator']);
    const page3 = await call('GET', '/api/operator/operators?per_page=2&page=3&sort=id&dir=asc', tokens.admin);
    expect(page3.json().data.map((r: { username: string }) => r.username)).toEqual(['risk', 'agent7']);
    const search = await call('GET', '/api/operator/operators?q=seven', tokens.admin);
    expect(search.json().data.map((r: { username: string }) => r.username)).toEqual(['agent7']);
    const supports = await call('GET', '/api/operator/operators?role=support', tokens.admin);
    expect(supports.json().total).toBe(2);

    const id = ok.json().id as number;
    const role = await call('POST', `/api/operator/operators/${id}/role`, tokens.admin, {
      role: 'payments',
      reason: 'moved to the cashier desk',
    });
    expect(role.json().role).toBe('payments');
    const noReason = await call('POST', `/api/operator/operators/${id}/role`, tokens.admin, { role: 'risk' });
    expect(noReason.statusCode).toBe(422);

    const audit = await db.query<{ action: string; reason: string | null; before: unknown; after: unknown; username: string }>(
      `SELECT action, reason, before, after, username FROM operator_audit WHERE entity_type = 'operator' AND entity_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['operator.create', 'operator.role']);
    expect(audit.rows[1]).toMatchObject({
      username: 'admin',
      reason: 'moved to the cashier desk',
      before: { role: 'support' },
      after: { role: 'payments' },
    });
    expect(JSON.stringify(audit.rows)).not.toMatch(/argon2|a-long-password-1/);
  });

  it('disable ends the sessions at once; enable; reset TOTP; audited before/after', async () => {
    const login = await call('POST', '/api/operator/login', undefined, { username: 'agent7', password: 'a-long-password-1' });
    const t = login.json().token as string;
    const id = await idOf('agent7');
    await db.query(`UPDATE operators SET totp_secret = 'X', totp_enabled_at = now() WHERE id = $1`, [id]);
    const reset = await call('POST', `/api/operator/operators/${id}/reset-totp`, tokens.admin, { reason: 'lost phone' });
    expect(reset.json().totp_enabled).toBe(false);
    expect((await db.query('SELECT totp_secret FROM operators WHERE id = $1', [id])).rows[0]).toEqual({ totp_secret: null });
    // the reset ends the sessions too (the next log-in is with the new second factor)
    expect((await call('GET', '/api/operator/me', t)).statusCode).toBe(401);

    const t2 = (await call('POST', '/api/operator/login', undefined, { username: 'agent7', password: 'a-long-password-1' })).json()
      .token as string;
    const dis = await call('POST', `/api/operator/operators/${id}/disable`, tokens.admin, { reason: 'left' });
    expect(dis.json().disabled).toBe(true);
    expect((await call('GET', '/api/operator/me', t2)).statusCode).toBe(401);
    expect((await call('POST', `/api/operator/operators/${id}/disable`, tokens.admin, { reason: 'again' })).statusCode).toBe(409);
    const en = await call('POST', `/api/operator/operators/${id}/enable`, tokens.admin, { reason: 'came back' });
    expect(en.json().disabled).toBe(false);
    const rows = await db.query<{ action: string; before: { disabled: boolean }; after: { disabled: boolean } }>(
      `SELECT action, before, after FROM operator_audit WHERE entity_id = $1 AND action IN ('operator.disable', 'operator.enable') ORDER BY id`,
      [String(id)],
    );
    expect(rows.rows.map((r) => [r.action, r.before.disabled, r.after.disabled])).toEqual([
      ['operator.disable', false, true],
      ['operator.enable', true, false],
    ]);
  });

  it('the last active admin cannot be disabled or demoted, and nobody disables themselves', async () => {
    const adminId = await idOf('admin');
    const self = await call('POST', `/api/operator/operators/${adminId}/disable`, tokens.admin, { reason: 'test' });
    expect(self.statusCode).toBe(409);
    const demote = await call('POST', `/api/operator/operators/${adminId}/role`, tokens.admin, { role: 'support', reason: 'test' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('last_admin');
    // with a second admin, demoting oneself works (and the other cannot then be disabled: last admin again)
    const riskId = await idOf('risk');
    await call('POST', `/api/operator/operators/${riskId}/role`, tokens.admin, { role: 'admin', reason: 'cover' });
    expect(
      (await call('POST', `/api/operator/operators/${adminId}/role`, tokens.admin, { role: 'support', reason: 'step down' })).statusCode,
    ).toBe(200);
    const last = await call('POST', `/api/operator/operators/${riskId}/disable`, tokens.risk, { reason: 'test' });
    expect(last.statusCode).toBe(409);
    // the demoted admin is refused at once by role
    expect((await call('GET', '/api/operator/operators', tokens.admin)).statusCode).toBe(403);
    // put things back
    await call('POST', `/api/operator/operators/${adminId}/role`, tokens.risk, { role: 'admin', reason: 'restore' });
    await call('POST', `/api/operator/operators/${riskId}/role`, tokens.admin, { role: 'risk', reason: 'restore' });
  });
});

describe('audit log search', () => {
  it('filters by operator, action prefix, entity and Dhaka dates, newest first, paged', async () => {
    const all = await call('GET', '/api/operator/audit?per_page=200', tokens.admin);
    expect(all.statusCode, all.body).toBe(200);
    const ids = all.json().data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));

    const logins = await call('GET', '/api/operator/audit?action=staff.login&operator=ADMIN', tokens.admin);
    expect(logins.json().total).toBeGreaterThan(0);
    for (const r of logins.json().data) {
      expect(r.action.startsWith('staff.login')).toBe(true);
      expect(r.username).toBe('admin');
    }
    const agent = await idOf('agent7');
    const ent = await call('GET', `/api/operator/audit?entity_type=operator&entity_id=${agent}&action=operator.`, tokens.admin);
    expect(ent.json().data.map((r: { action: string }) => r.action)).toEqual([
      'operator.enable',
      'operator.disable',
      'operator.reset_totp',
      'operator.role',
      'operator.create',
    ]);
    const paged = await call('GET', `/api/operator/audit?entity_id=${agent}&action=operator.&per_page=2&page=2`, tokens.admin);
    expect(paged.json().data.map((r: { action: string }) => r.action)).toEqual(['operator.reset_totp', 'operator.role']);
    // a wildcard in the prefix is taken literally
    expect((await call('GET', '/api/operator/audit?action=%25', tokens.admin)).json().total).toBe(0);

    // Dhaka dates: a line stamped 23:30 Dhaka on 2026-01-10 (17:30 UTC) is on the 10th, not the 11th
    await db.query(
      `INSERT INTO operator_audit (username, action, created_at) VALUES ('night', 'test.dhaka', '2026-01-10T17:30:00Z'), ('night', 'test.dhaka', '2026-01-10T18:30:00Z')`,
    );
    const on10 = await call('GET', '/api/operator/audit?action=test.dhaka&from=2026-01-10&to=2026-01-10', tokens.admin);
    expect(on10.json().data.map((r: { created_at: string }) => r.created_at)).toEqual(['2026-01-10T17:30:00.000Z']);
    const on11 = await call('GET', '/api/operator/audit?action=test.dhaka&from=2026-01-11', tokens.admin);
    expect(on11.json().data.map((r: { created_at: string }) => r.created_at)).toEqual(['2026-01-10T18:30:00.000Z']);
    expect((await call('GET', '/api/operator/audit?from=10-01-2026', tokens.admin)).statusCode).toBe(422);
  });

  it('the audit log cannot be edited', async () => {
    await expect(db.query(`UPDATE operator_audit SET reason = 'x'`)).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM operator_audit`)).rejects.toThrow(/append-only/);
  });
});

describe('dashboard', () => {
  it('counts pending payments per currency, open chats, players online and open alerts; resolving is audited', async () => {
    const p1 = await createPlayer(db, { currency: 'BDT' });
    const p2 = await createPlayer(db, { currency: 'INR' });
    const tx = (player: number, action: string, amount: number, currency: string, status = 0) =>
      db.query(
        `INSERT INTO wallet_transactions (public_id, player_id, action, amount_minor, currency, status) VALUES ($1, $2, $3, $4, $5, $6)`,
        [`T${Math.random().toString(36).slice(2)}`, player, action, amount, currency, status],
      );
    await tx(p1, 'deposit', 100_050, 'BDT');
    await tx(p1, 'deposit', 20_000, 'BDT');
    await tx(p1, 'deposit', 99_999, 'BDT', 1); // decided: not pending
    await tx(p2, 'withdraw', 5_000, 'INR');
    // chats: p1's last message is the player's (open), p2's was answered
    for (const [player, last] of [
      [p1, 'player'],
      [p2, 'support'],
    ] as const) {
      const c = await db.query<{ id: string }>('INSERT INTO chats (player_id) VALUES ($1) RETURNING id', [player]);
      const chat = c.rows[0]!.id;
      await db.query(`INSERT INTO chat_messages (chat_id, sender_kind, sender_id, content) VALUES ($1, 'player', $2, 'hi')`, [
        chat,
        player,
      ]);
      await db.query(`INSERT INTO chat_messages (chat_id, sender_kind, sender_id, content) VALUES ($1, $2, 0, 'next')`, [chat, last]);
      // as the desk's addMessage keeps it (chat/service.ts)
      await db.query('UPDATE chats SET awaiting = $2 WHERE id = $1', [chat, last === 'player']);
    }
    // players online: p1 with two live streams, p2 with a closed one and a stale one
    const hash = async (player: number) => sha256Hex(await tokenFor(db, player));
    const h1 = await hash(p1);
    const h2 = await hash(p2);
    await db.query('INSERT INTO push_streams (player_id, session_hash) VALUES ($1, $2), ($1, $2)', [p1, h1]);
    await db.query(`INSERT INTO push_streams (player_id, session_hash, closed_at) VALUES ($1, $2, now())`, [p2, h2]);
    await db.query(`INSERT INTO push_streams (player_id, session_hash, seen_at) VALUES ($1, $2, now() - interval '1 hour')`, [p2, h2]);
    await db.query(`INSERT INTO staff_alerts (kind, message, ref) VALUES ('market.feed_disagrees', 'Feed says B won', 'market:1.5')`);

    const r = await call('GET', '/api/operator/dashboard', tokens.support);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json();
    expect(d.pending).toEqual([
      { action: 'deposit', currency: 'BDT', count: 2, amount: '1200.50' },
      { action: 'withdraw', currency: 'INR', count: 1, amount: '50.00' },
    ]);
    expect(d.open_chats).toBe(1);
    expect(d.players_online).toBe(1);
    expect(d.today.day).toBe(dhakaToday());
    expect(d.alerts[0]).toMatchObject({ kind: 'market.feed_disagrees', message: 'Feed says B won', ref: 'market:1.5' });
    const open = d.alerts_total as number;
    // the content role sees the counts but no money: no pending amounts, no today's totals (issue 32)
    const content = (await call('GET', '/api/operator/dashboard', tokens.content)).json();
    expect(content.pending).toEqual([
      { action: 'deposit', currency: 'BDT', count: 2, amount: null },
      { action: 'withdraw', currency: 'INR', count: 1, amount: null },
    ]);
    expect(content.today).toBeNull();
    expect(content.open_chats).toBe(1);

    const id = d.alerts[0].id as number;
    const res = await call('POST', `/api/operator/alerts/${id}/resolve`, tokens.risk, { reason: 'checked with the feed' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('POST', `/api/operator/alerts/${id}/resolve`, tokens.risk, {})).statusCode).toBe(409);
    const after = (await call('GET', '/api/operator/dashboard', tokens.payments)).json();
    expect(after.alerts_total).toBe(open - 1);
    expect(after.alerts.map((a: { id: number }) => a.id)).not.toContain(id);
    const line = await db.query<{ username: string; reason: string; before: { resolved: boolean }; after: { resolved: boolean } }>(
      `SELECT username, reason, before, after FROM operator_audit WHERE action = 'alert.resolve' AND entity_id = $1`,
      [String(id)],
    );
    expect(line.rows).toEqual([
      expect.objectContaining({
        username: 'risk',
        reason: 'checked with the feed',
        before: expect.objectContaining({ resolved: false }),
        after: expect.objectContaining({ resolved: true }),
      }),
    ]);
  });
});
