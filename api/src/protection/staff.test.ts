// Back office, a player's protection: every limit (used and pending), time-outs and exclusions (in force and ended),
// the under-age flag (an under-18 birthday flags the account, alerts staff and cannot be retried with another date),
// customer due diligence figures, and the audit log's protection lines about the player; who may read it and who may
// record a due-diligence check.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { PROTECTION_MESSAGES as PM, WALLET_STATUS, type StaffRole, type StaffPlayerProtection } from '@khela/contracts';
import { decide } from '../wallet/decisions';
import { findTransactionForUpdate } from '../wallet/transactions';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { readyPlayer, staffTokens } from '../testing/fixtures';
import { newPayerTrx } from '../testing/payer-trx';

describeEachDatabase("a player's protection in the back office on $name", (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tokens = {} as Record<StaffRole, string>;

  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { OPERATOR_TOTP_REQUIRED: '0', WALLET_MAX_PENDING: '5' } });
  beforeAll(async () => {
    Object.assign(tokens, await staffTokens(app, ['admin', 'payments', 'support', 'content', 'risk']));
  });

  interface P {
    id: number;
    username: string;
    auth: { authorization: string };
  }
  async function player(dofb: string | null = '1990-01-01'): Promise<P> {
    const { id, auth } = await readyPlayer(db, { dofb });
    const username = (await db.query<{ username: string }>('SELECT username FROM players WHERE id = $1', [id])).rows[0]!.username;
    return { id, username, auth };
  }
  const asPlayer = (p: P, method: 'PUT' | 'POST', url: string, payload: object) =>
    app.inject({ method, url, headers: { ...p.auth, 'idempotency-key': `k-${Math.random()}` }, payload });
  const staff = (role: StaffRole | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: role ? { authorization: `Bearer ${tokens[role]}` } : {}, ...(payload ? { payload } : {}) });
  const view = async (id: number, role: StaffRole = 'support'): Promise<StaffPlayerProtection> => {
    const r = await staff(role, 'GET', `/api/operator/players/${id}/protection`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  it("shows limits with use and pending changes, exclusions in force and ended, CDD figures and the player's own changes", async () => {
    const p = await player();
    const other = await player();
    const bkash = Number((await db.query<{ id: string }>(`SELECT id FROM payment_methods WHERE code = 'bkash'`)).rows[0]!.id);
    expect(
      (await asPlayer(p, 'PUT', '/api/responsible-gaming/limits', { kind: 'deposit', period: '24h', amount: '1000.00' })).statusCode,
    ).toBe(200);
    expect(
      (await asPlayer(p, 'PUT', '/api/responsible-gaming/limits', { kind: 'deposit', period: '24h', amount: '5000.00' })).statusCode,
    ).toBe(200);
    expect((await asPlayer(p, 'PUT', '/api/responsible-gaming/limits', { kind: 'loss', period: '7d', amount: '700.00' })).statusCode).toBe(
      200,
    );
    expect((await asPlayer(p, 'PUT', '/api/responsible-gaming/session-limit', { minutes: 60 })).statusCode).toBe(200);
    const dep = await asPlayer(p, 'POST', '/api/submit-deposit', { amount: '300', payment_id: bkash, transaction_id: newPayerTrx() });
    expect(dep.statusCode, dep.body).toBe(200);
    const dep2 = await asPlayer(p, 'POST', '/api/submit-deposit', { amount: '200', payment_id: bkash, transaction_id: newPayerTrx() });
    await db.tx(async (q) =>
      decide(q, (await findTransactionForUpdate(q, 'public_id', dep.json().transaction_id))!, WALLET_STATUS.approved, 'test'),
    );
    // an ended time-out (history), then one in force
    await db.query(
      `INSERT INTO player_exclusions (player_id, kind, period, starts_at, ends_at) VALUES ($1, 'time_out', '48h', now() - interval '10 days', now() - interval '8 days')`,
      [p.id],
    );
    expect((await asPlayer(p, 'POST', '/api/responsible-gaming/time-out', { period: '7d', confirm: true })).statusCode).toBe(200);
    // lines that are not this player's protection stay out of its history
    expect((await staff('support', 'POST', `/api/operator/players/${p.id}/notes`, { text: 'called about limits' })).statusCode).toBe(200);
    expect(
      (await asPlayer(other, 'PUT', '/api/responsible-gaming/limits', { kind: 'wager', period: '30d', amount: '50.00' })).statusCode,
    ).toBe(200);

    const v = await view(p.id);
    expect(v).toMatchObject({ player_id: p.id, currency: 'BDT', dofb: '1990-01-01', under_age_at: null });
    const limit = (kind: string, period: string) => v.limits.find((l) => l.kind === kind && l.period === period)!;
    expect(limit('deposit', '24h')).toMatchObject({ amount: '1000.00', used: '500.00', pending: { amount: '5000.00' } });
    expect(Date.parse(limit('deposit', '24h').pending!.effective_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(limit('loss', '7d')).toMatchObject({ amount: '700.00', used: '0.00', pending: null });
    expect(limit('wager', '30d')).toMatchObject({ amount: null });
    expect(v.limits).toHaveLength(9);
    expect(v.session_limit).toEqual({ minutes: 60, pending: null });
    expect(v.exclusions).toHaveLength(2);
    expect(v.exclusions[0]).toMatchObject({ kind: 'time_out', period: '7d', active: true });
    expect(v.exclusions[1]).toMatchObject({ kind: 'time_out', period: '48h', active: false });
    expect(v.status.deposit).toMatchObject({ open: false, reason: 'time_out' });
    expect(v.status.play).toMatchObject({ open: false, reason: 'time_out' });
    // approved deposits count for CDD (the pending 200 does not); nothing near the default threshold
    expect(v.due_diligence).toMatchObject({
      threshold: '260000.00',
      deposits_180d: '300.00',
      withdrawals_180d: '0.00',
      required: false,
      checked_at: null,
      withdrawals_waiting: 0,
    });
    expect(dep2.statusCode).toBe(200);

    // the history: the player's own changes, newest first, with who did them
    expect(v.history.map((h) => h.action)).toEqual([
      'protection.time_out',
      'protection.limit',
      'protection.limit',
      'protection.limit',
      'protection.limit',
    ]);
    expect(v.history.every((h) => h.username === `player:${p.username}` && h.entity_id === String(p.id))).toBe(true);
    expect(v.history[0]!.after).toMatchObject({ kind: 'time_out', period: '7d' });
    expect(v.history.map((h) => h.id)).toEqual([...v.history.map((h) => h.id)].sort((a, b) => b - a));
    const raise = v.history.find((h) => (h.after as { pending?: unknown }).pending)!;
    expect(raise.after).toMatchObject({ kind: 'deposit', period: '24h', value: '100000', pending: { value: '500000' } });
  });

  it('an under-18 birthday is stored, flags the account and alerts staff; another date cannot be tried', async () => {
    const young = await player(null);
    const alerts: Array<{ topic: string; payload: unknown }> = [];
    const off = app.push.subscribeStaff((topic: string, payload: unknown) => alerts.push({ topic, payload }));
    const birthday = `${new Date().getUTCFullYear() - 16}-01-20`;
    const res = await asPlayer(young, 'POST', '/api/user/profile/update', { dofb: birthday });
    await new Promise((r) => setTimeout(r, 100));
    off();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      message: PM.underAge,
      code: 'rg_under_age',
      errors: { dofb: [PM.underAge] },
      user: { dofb: birthday },
    });
    const retry = await asPlayer(young, 'POST', '/api/user/profile/update', { dofb: '1990-01-01' });
    expect(retry.statusCode).toBe(422);
    expect(retry.json().errors.dofb).toEqual(['Your date of birth is already set and cannot be changed.']);
    // the date checks stay: not a real date, before 1900 or in the future is refused and nothing is stored
    const fresh = await player(null);
    for (const dofb of ['2001-02-30', '1899-12-31', `${new Date().getUTCFullYear() + 1}-01-01`]) {
      const r = await asPlayer(fresh, 'POST', '/api/user/profile/update', { dofb });
      expect(r.statusCode, dofb).toBe(422);
      expect(r.json().errors.dofb).toEqual(['Please enter a valid date.']);
    }
    expect((await db.query('SELECT 1 FROM players WHERE id = $1 AND dofb IS NULL', [fresh.id])).rows).toHaveLength(1);

    const v = await view(young.id, 'risk');
    expect(v.dofb).toBe(birthday);
    expect(v.under_age_at).toEqual(expect.any(String));
    expect(v.status.deposit).toMatchObject({ open: false, reason: 'under_age', message: PM.underAge });
    expect(v.status.play).toMatchObject({ open: false, reason: 'under_age' });
    expect(v.history[0]).toMatchObject({ action: 'protection.under_age', username: `player:${young.username}`, after: { dofb: birthday } });
    const row = await db.query<{ kind: string; message: string }>(`SELECT kind, message FROM staff_alerts WHERE ref = $1`, [
      `player:${young.id}`,
    ]);
    expect(row.rows).toHaveLength(1);
    expect(row.rows[0]!.kind).toBe('player.under_age');
    expect(row.rows[0]!.message).toContain(young.username);
    expect(alerts).toContainEqual({
      topic: 'alert',
      payload: expect.objectContaining({ kind: 'player.under_age', ref: `player:${young.id}` }),
    });
    // the dashboard lists it for every role
    const dash = (await staff('support', 'GET', '/api/operator/dashboard')).json();
    expect(JSON.stringify(dash)).toContain(`player:${young.id}`);

    // an adult birthday changes nothing of the kind
    const adult = await player(null);
    const ok = await asPlayer(adult, 'POST', '/api/user/profile/update', { dofb: '1990-05-05' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await view(adult.id)).under_age_at).toBeNull();
  });

  it('support, risk and payments read; only payments and admin record a check; others 403; no operator token 401', async () => {
    const p = await player();
    const url = `/api/operator/players/${p.id}/protection`;
    const cdd = `/api/operator/players/${p.id}/due-diligence`;
    for (const role of ['support', 'risk', 'payments', 'admin'] as const)
      expect((await staff(role, 'GET', url)).statusCode, role).toBe(200);
    expect((await staff('content', 'GET', url)).statusCode).toBe(403);
    expect((await staff(null, 'GET', url)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url, headers: p.auth })).statusCode).toBe(401);
    for (const role of ['support', 'risk', 'content'] as const) {
      expect((await staff(role, 'POST', cdd, { reason: 'Passport and bank statement' })).statusCode, role).toBe(403);
    }
    expect((await staff(null, 'POST', cdd, { reason: 'Passport and bank statement' })).statusCode).toBe(401);
    expect((await staff('payments', 'POST', cdd, { reason: 'ok' })).statusCode).toBe(422);
    expect((await staff('payments', 'GET', `/api/operator/players/999999999/protection`)).statusCode).toBe(404);
    expect((await db.query('SELECT 1 FROM player_due_diligence WHERE player_id = $1', [p.id])).rows).toHaveLength(0);

    const first = await staff('payments', 'POST', cdd, { reason: 'Passport and bank statement' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().due_diligence).toMatchObject({ checked_by: 'operator', note: 'Passport and bank statement' });
    const second = await staff('admin', 'POST', cdd, { reason: 'Source of funds: salary slips' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().due_diligence).toMatchObject({ checked_by: 'admin', note: 'Source of funds: salary slips' });
    const lines = second.json().history.filter((h: { action: string }) => h.action === 'protection.cdd_check');
    expect(lines.map((h: { username: string; reason: string }) => [h.username, h.reason])).toEqual([
      ['admin', 'Source of funds: salary slips'],
      ['operator', 'Passport and bank statement'],
    ]);
  });
});
