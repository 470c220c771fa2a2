import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  amountRangeMessage,
  DEPOSIT_PRESETS,
  staffApproveTransaction,
  staffCreatePaymentMethod,
  staffCreateWalletNumber,
  staffDailyReport,
  staffLedgerCheck,
  staffPayment,
  staffPaymentMethods,
  staffPayments,
  staffRejectTransaction,
  staffReorderPaymentMethods,
  staffReorderWalletNumbers,
  staffSetWithdrawalSwitch,
  staffTurnovers,
  staffUpdatePaymentMethod,
  staffUpdateWalletNumber,
  staffWaiveTurnover,
  staffWithdrawalSwitch,
  WALLET_MESSAGES as M,
  type Endpoint,
  type StaffRole,
} from '@khela/contracts';
import type { Db } from '../../db';
import { fromMinor, getPlayerBalance } from '../../ledger';
import { appPerFile } from '../../testing/app-per-file';
import { paymentMethodId, readyPlayer, staffTokens } from '../../testing/fixtures';
import { newPayerTrx } from '../../testing/payer-trx';

let db: Db;
let app: FastifyInstance;
appPerFile((t) => ({ db, app } = t));

const ROLES: StaffRole[] = ['support', 'payments', 'content', 'risk', 'admin'];
let token: Record<StaffRole, string>;
const as = (role: StaffRole) => ({ authorization: `Bearer ${token[role]}` });

beforeAll(async () => {
  token = await staffTokens(app, ROLES);
});

interface TestPlayer {
  id: number;
  auth: { authorization: string };
}

const player = (balance = '0'): Promise<TestPlayer> => readyPlayer(db, { balance, phone: '017' });

const methodId = (code: string) => paymentMethodId(db, code);

async function deposit(p: TestPlayer, amount: string, code = 'bkash') {
  return app.inject({
    method: 'POST',
    url: '/api/submit-deposit',
    headers: p.auth,
    payload: { amount, payment_id: await methodId(code), transaction_id: newPayerTrx(code as 'bkash' | 'nagad' | 'rocket') },
  });
}
const txId = async (publicId: string) =>
  Number((await db.query<{ id: string }>('SELECT id FROM wallet_transactions WHERE public_id = $1', [publicId])).rows[0]!.id);
const auditLines = async (entityId: number | string, action: string) =>
  (
    await db.query<{ username: string; action: string; reason: string | null; before: any; after: any }>(
      `SELECT username, action, reason, before, after FROM operator_audit WHERE entity_id = $1 AND action = $2 ORDER BY id`,
      [String(entityId), action],
    )
  ).rows;

function call(e: Endpoint, role: StaffRole | null, opts: { params?: Record<string, unknown>; query?: string; body?: unknown } = {}) {
  let url = e.path.replace(/\{(\w+)\}/g, (_, k) => String(opts.params?.[k] ?? 1));
  if (opts.query) url += `?${opts.query}`;
  return app.inject({
    method: e.method,
    url,
    headers: role ? as(role) : {},
    ...(e.method === 'GET' ? {} : { payload: (opts.body ?? {}) as object }),
  });
}

describe('role denials', () => {
  // every endpoint of the payments area with its allowed roles (admin always)
  const endpoints: Array<[Endpoint, StaffRole[], { query?: string; body?: unknown }?]> = [
    [staffPayments, ['payments']],
    [staffPayment, ['payments']],
    [staffApproveTransaction, ['payments']],
    [staffRejectTransaction, ['payments'], { body: { reason: 'no money arrived' } }],
    [staffTurnovers, ['payments']],
    [staffWaiveTurnover, ['payments'], { body: { reason: 'given up' } }],
    [staffLedgerCheck, ['payments', 'risk']],
    [staffPaymentMethods, ['payments']],
    [staffCreatePaymentMethod, ['payments']],
    [staffUpdatePaymentMethod, ['payments']],
    [staffReorderPaymentMethods, ['payments'], { body: { ids: [1] } }],
    [staffCreateWalletNumber, ['payments']],
    [staffUpdateWalletNumber, ['payments']],
    [staffReorderWalletNumbers, ['payments'], { body: { ids: [1] } }],
    [staffWithdrawalSwitch, ['payments']],
    [staffSetWithdrawalSwitch, ['payments'], { body: { enabled: true } }],
    [staffDailyReport, ['payments', 'risk'], { query: 'from=2024-01-01&to=2024-01-02' }],
  ];
  it.each(endpoints.map(([e, roles, opts]) => [`${e.method} ${e.path}`, e, roles, opts] as const))(
    '%s: 401 without a token, 403 for other roles and for a player',
    async (_name, e, roles, opts) => {
      expect(e.roles).toEqual(roles);
      expect((await call(e, null, opts)).statusCode).toBe(401);
      const p = await player();
      const asPlayer = await app.inject({ method: e.method, url: e.path.replace(/\{\w+\}/g, '1'), headers: p.auth });
      expect(asPlayer.statusCode).toBe(401);
      for (const role of ROLES.filter((r) => r !== 'admin' && !roles.includes(r))) {
        const res = await call(e, role, opts);
        expect(res.statusCode, `${role} on ${e.path}`).toBe(403);
        expect(res.json().code).toBe('role');
      }
    },
  );

  it('a support operator cannot approve a deposit: 403 and nothing moves', async () => {
    const p = await player();
    const dep = await deposit(p, '500');
    const id = await txId(dep.json().transaction_id);
    const res = await call(staffApproveTransaction, 'support', { params: { id } });
    expect(res.statusCode).toBe(403);
    expect((await getPlayerBalance(db, p.id)).balanceMinor).toBe(0n);
    expect(await auditLines(id, 'payment.approve')).toEqual([]);
    // the allowed roles get through (risk reads the report and the ledger check)
    expect((await call(staffDailyReport, 'risk', { query: 'from=2024-01-01&to=2024-01-02' })).statusCode).toBe(200);
    expect((await call(staffLedgerCheck, 'risk')).json()).toMatchObject({ ok: true });
    expect((await call(staffPayments, 'admin')).statusCode).toBe(200);
  });
});

describe('decisions', () => {
  it('approve credits once and writes one audit line with the status before and after', async () => {
    const p = await player();
    const dep = await deposit(p, '1234.50');
    const id = await txId(dep.json().transaction_id);
    const [a, b] = await Promise.all([
      call(staffApproveTransaction, 'payments', { params: { id } }),
      call(staffApproveTransaction, 'payments', { params: { id } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().changed, b.json().changed].sort()).toEqual([false, true]);
    expect(fromMinor((await getPlayerBalance(db, p.id)).balanceMinor)).toBe('1234.50');
    const lines = await auditLines(id, 'payment.approve');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      username: 'operator',
      before: { status: 0, amount: '1234.50', action: 'deposit', player_id: p.id },
      after: { status: 1, amount: '1234.50' },
    });
    // approve after approve is fine; reject after approve is a conflict and writes nothing
    const late = await call(staffRejectTransaction, 'payments', { params: { id }, body: { reason: 'too late' } });
    expect(late.statusCode).toBe(409);
    expect(await auditLines(id, 'payment.reject')).toEqual([]);
  });

  it('reject needs a reason; the reason reaches the audit, the records and the inbox', async () => {
    const p = await player('2000');
    const wd = await app.inject({
      method: 'POST',
      url: '/api/submit-withdraw',
      headers: p.auth,
      // the player's own verified phone (a payout elsewhere adds a confirmation step, issue 32)
      payload: { amount: '600', account_number: `017${String(p.id).padStart(8, '0')}`, payment_id: await methodId('bkash') },
    });
    expect(wd.statusCode).toBe(200);
    const id = await txId(wd.json().transaction_id);
    const none = await call(staffRejectTransaction, 'payments', { params: { id }, body: {} });
    expect(none.statusCode).toBe(422);
    const short = await call(staffRejectTransaction, 'payments', { params: { id }, body: { reason: ' ' } });
    expect(short.statusCode).toBe(422);
    expect(fromMinor((await getPlayerBalance(db, p.id)).heldMinor)).toBe('600.00');

    const res = await call(staffRejectTransaction, 'payments', { params: { id }, body: { reason: 'Account name does not match' } });
    expect(res.json()).toMatchObject({ status: 2, changed: true });
    const bal = await getPlayerBalance(db, p.id);
    expect([fromMinor(bal.balanceMinor), fromMinor(bal.heldMinor)]).toEqual(['2000.00', '0.00']);
    const [line] = await auditLines(id, 'payment.reject');
    expect(line).toMatchObject({ reason: 'Account name does not match', before: { status: 0 }, after: { status: 2 } });
    const detail = await call(staffPayment, 'payments', { params: { id } });
    expect(detail.json().payment).toMatchObject({
      status: 2,
      decision_note: 'Account name does not match',
      decided_by: expect.stringMatching(/^operator:/),
    });
    expect(detail.json().events.map((e: { event: string }) => e.event)).toEqual(['initiated', 'information_received', 'rejected']);
    const records = await app.inject({ method: 'GET', url: '/api/transaction/show', headers: p.auth });
    expect(
      records.json().transactions.find((t: { transaction_id: string }) => t.transaction_id === wd.json().transaction_id),
    ).toMatchObject({
      key: '2',
      reason: 'Account name does not match',
    });
    const inbox = await db.query<{ body: string }>(
      'SELECT message AS body FROM inbox_messages WHERE player_id = $1 ORDER BY id DESC LIMIT 1',
      [p.id],
    );
    expect(inbox.rows[0]?.body).toContain('Account name does not match');
  });

  it('the desk pages, filters and sorts: pending oldest first', async () => {
    const p = await player();
    const q = await player();
    await deposit(p, '300');
    await deposit(q, '700', 'nagad');
    const mine = await call(staffPayments, 'payments', { query: `player=${p.id}` });
    expect(mine.json().total).toBe(1);
    expect(mine.json().data[0]).toMatchObject({ player_id: p.id, amount: '300.00', status: 0, action: 'deposit' });
    const all = await call(staffPayments, 'payments', { query: 'status=0&per_page=200' });
    const times = all.json().data.map((r: { created_at: string }) => r.created_at);
    expect(times).toEqual([...times].sort());
    const nagad = await call(staffPayments, 'payments', { query: `status=all&method=${await methodId('nagad')}&per_page=200` });
    expect(nagad.json().data.every((r: { method_name: string }) => r.method_name === 'Nagad')).toBe(true);
    const byAmount = await call(staffPayments, 'payments', { query: 'status=all&sort=amount&dir=desc&per_page=5' });
    const amounts = byAmount.json().data.map((r: { amount: string }) => Number(r.amount));
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
    const paged = await call(staffPayments, 'payments', { query: 'status=all&per_page=1&page=2' });
    expect(paged.json()).toMatchObject({ page: 2, per_page: 1 });
    expect(paged.json().data).toHaveLength(1);
    expect((await call(staffPayments, 'payments', { query: 'per_page=500' })).statusCode).toBe(422);
  });
});

describe('turnover waiver', () => {
  it('closes the requirement once, audited with the reason', async () => {
    const p = await player();
    const t = await db.query<{ id: number }>(
      `INSERT INTO wallet_turnovers (player_id, source, source_id, bonus_minor, multiple, required_minor, remaining_minor)
       VALUES ($1, 'cash_claim', $1, 1000, 3, 3000, 2500) RETURNING id::int AS id`,
      [p.id],
    );
    const id = t.rows[0]!.id;
    const list = await call(staffTurnovers, 'payments', { query: `player=${p.id}` });
    expect(list.json().data[0]).toMatchObject({ id, remaining: '25.00', required: '30.00' });
    expect((await call(staffWaiveTurnover, 'payments', { params: { id }, body: {} })).statusCode).toBe(422);
    const res = await call(staffWaiveTurnover, 'payments', { params: { id }, body: { reason: 'Player gave up the bonus' } });
    expect(res.json()).toMatchObject({ status: 'complete', changed: true });
    expect((await call(staffWaiveTurnover, 'payments', { params: { id }, body: { reason: 'again' } })).json().changed).toBe(false);
    const lines = await auditLines(id, 'turnover.waive');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      reason: 'Player gave up the bonus',
      before: { remaining: '25.00' },
      after: { remaining: '0.00', status: 'complete' },
    });
  });
});

describe('payment methods and ranges', () => {
  it("a method's own range is returned to players and enforced; without one the spec's constants and message apply", async () => {
    const bkash = await methodId('bkash');
    const list = await app.inject({ method: 'GET', url: '/api/showpayment-menthod?name=deposit' });
    const before = list.json().data.find((m: { id: number }) => m.id === bkash);
    expect(before).toMatchObject({ deposit_min: 100, deposit_max: 25_000, deposit_presets: [...DEPOSIT_PRESETS] });
    expect(amountRangeMessage('deposit', 100, 25_000)).toBe(M.depositRange);
    expect(amountRangeMessage('withdraw', 500, 25_000)).toBe(M.withdrawRange);

    const p = await player();
    expect((await deposit(p, '50')).json().message).toBe(M.depositRange);

    // a bad range is refused and changes nothing
    const bad = await call(staffUpdatePaymentMethod, 'payments', { params: { id: bkash }, body: { deposit_min: 5000, deposit_max: 1000 } });
    expect(bad.statusCode).toBe(422);
    const half = await call(staffUpdatePaymentMethod, 'payments', { params: { id: bkash }, body: { deposit_min: 5000 } });
    expect(half.statusCode).toBe(422);
    const outside = await call(staffUpdatePaymentMethod, 'payments', {
      params: { id: bkash },
      body: { deposit_min: 200, deposit_max: 1000, deposit_presets: [200, 5000] },
    });
    expect(outside.statusCode).toBe(422);

    const set = await call(staffUpdatePaymentMethod, 'payments', {
      params: { id: bkash },
      body: { deposit_min: 200, deposit_max: 1000, deposit_presets: [200, 500, 1000], reason: 'agent limit' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ deposit_min: 200, deposit_max: 1000, deposit_presets: [200, 500, 1000] });
    try {
      const after = (await app.inject({ method: 'GET', url: '/api/showpayment-menthod?name=deposit' })).json().data;
      expect(after.find((m: { id: number }) => m.id === bkash)).toMatchObject({
        deposit_min: 200,
        deposit_max: 1000,
        deposit_presets: [200, 500, 1000],
      });
      // other methods keep the constants
      expect(after.find((m: { id: number }) => m.id !== bkash)).toMatchObject({ deposit_min: 100, deposit_max: 25_000 });
      const tooMuch = await deposit(p, '1000.01');
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json().message).toBe('The deposit amount must be between 200 and 1,000.');
      expect((await deposit(p, '150')).json().message).toBe('The deposit amount must be between 200 and 1,000.');
      // on another method the constants still apply (5,000 is fine on Nagad)
      expect((await deposit(p, '5000', 'nagad')).statusCode).toBe(200);
      const [line] = await auditLines(bkash, 'payment_method.update');
      expect(line).toMatchObject({
        reason: 'agent limit',
        before: { deposit_min: null, deposit_max: null, deposit_presets: null },
        after: { deposit_min: 200, deposit_max: 1000, deposit_presets: [200, 500, 1000] },
      });
    } finally {
      await call(staffUpdatePaymentMethod, 'payments', {
        params: { id: bkash },
        body: { deposit_min: null, deposit_max: null, deposit_presets: null },
      });
    }
    const q = await player();
    expect((await deposit(q, '5000')).statusCode).toBe(200);
  });

  it('withdrawal ranges too', async () => {
    const rocket = await methodId('rocket');
    await call(staffUpdatePaymentMethod, 'payments', { params: { id: rocket }, body: { withdraw_min: 1000, withdraw_max: 2000 } });
    try {
      const p = await player('5000');
      const res = await app.inject({
        method: 'POST',
        url: '/api/submit-withdraw',
        headers: p.auth,
        payload: { amount: '600', account_number: '01711111111', payment_id: rocket },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('The withdrawal amount must be between 1,000 and 2,000.');
      expect(fromMinor((await getPlayerBalance(db, p.id)).balanceMinor)).toBe('5000.00');
    } finally {
      await call(staffUpdatePaymentMethod, 'payments', { params: { id: rocket }, body: { withdraw_min: null, withdraw_max: null } });
    }
  });

  it('creates, disables, reorders methods and numbers, each audited', async () => {
    const created = await call(staffCreatePaymentMethod, 'payments', {
      body: { code: 'upay', name: 'Upay', account_type: 'Personal', allows_deposit: true, allows_withdraw: false },
    });
    expect(created.statusCode).toBe(200);
    const m = created.json();
    expect(m).toMatchObject({ code: 'upay', status: 'active', numbers: [] });
    expect((await call(staffCreatePaymentMethod, 'payments', { body: { ...m, code: 'upay', pgs: [] } })).statusCode).toBe(422);
    const n1 = (await call(staffCreateWalletNumber, 'payments', { params: { id: m.id }, body: { account_number: '01811111111' } })).json();
    const n2 = (await call(staffCreateWalletNumber, 'payments', { params: { id: m.id }, body: { account_number: '01822222222' } })).json();
    expect((await call(staffCreateWalletNumber, 'payments', { params: { id: m.id }, body: { account_number: '12' } })).statusCode).toBe(
      422,
    );
    expect((await call(staffReorderWalletNumbers, 'payments', { params: { id: m.id }, body: { ids: [n2.id] } })).statusCode).toBe(422);
    await call(staffReorderWalletNumbers, 'payments', { params: { id: m.id }, body: { ids: [n2.id, n1.id] } });
    const numbers = await app.inject({ method: 'GET', url: '/api/get-wallet-number?name=Upay', headers: (await player()).auth });
    expect(numbers.json().map((n: { account_number: string }) => n.account_number)).toEqual(['01822222222', '01811111111']);
    await call(staffUpdateWalletNumber, 'payments', { params: { id: n2.id }, body: { status: 'inactive' } });
    const fewer = await app.inject({ method: 'GET', url: '/api/get-wallet-number?name=Upay', headers: (await player()).auth });
    expect(fewer.json().map((n: { account_number: string }) => n.account_number)).toEqual(['01811111111']);

    const all = (await call(staffPaymentMethods, 'payments', { query: 'per_page=200' })).json().data.map((x: { id: number }) => x.id);
    const reordered = [m.id, ...all.filter((x: number) => x !== m.id)];
    expect((await call(staffReorderPaymentMethods, 'payments', { body: { ids: reordered } })).statusCode).toBe(200);
    const dep = (await app.inject({ method: 'GET', url: '/api/showpayment-menthod?name=deposit' })).json().data;
    expect(dep[0].name).toBe('Upay');
    await call(staffUpdatePaymentMethod, 'payments', { params: { id: m.id }, body: { status: 'inactive', reason: 'paused' } });
    const dep2 = (await app.inject({ method: 'GET', url: '/api/showpayment-menthod?name=deposit' })).json().data;
    expect(dep2.map((x: { name: string }) => x.name)).not.toContain('Upay');

    expect(await auditLines(m.id, 'payment_method.create')).toHaveLength(1);
    expect(await auditLines(m.id, 'payment_method.disable')).toMatchObject([
      { reason: 'paused', before: { status: 'active' }, after: { status: 'inactive' } },
    ]);
    expect(await auditLines(n2.id, 'wallet_number.disable')).toMatchObject([
      { before: { status: 'active' }, after: { status: 'inactive' } },
    ]);
    expect(await auditLines(m.id, 'wallet_number.reorder')).toMatchObject([
      { before: { order: [n1.id, n2.id] }, after: { order: [n2.id, n1.id] } },
    ]);
    const order = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM operator_audit WHERE action = 'payment_method.reorder'`);
    expect(order.rows[0]!.n).toBe(1);
  });

  it('the withdrawal switch turns withdrawals off and on, audited, touching nothing else', async () => {
    const title = (await db.query<{ site_title: string }>('SELECT site_title FROM general_settings')).rows[0]!.site_title;
    const off = await call(staffSetWithdrawalSwitch, 'payments', { body: { enabled: false, reason: 'bank holiday' } });
    expect(off.json()).toEqual({ enabled: false, changed: true });
    try {
      expect((await call(staffWithdrawalSwitch, 'payments')).json()).toEqual({ enabled: false });
      const list = await app.inject({ method: 'GET', url: '/api/showpayment-menthod?name=withdraw' });
      expect(list.json()).toMatchObject({ success: false, data: [], message: M.noWithdrawMethods });
      expect((await call(staffSetWithdrawalSwitch, 'payments', { body: { enabled: false } })).json().changed).toBe(false);
    } finally {
      expect((await call(staffSetWithdrawalSwitch, 'payments', { body: { enabled: true } })).json().changed).toBe(true);
    }
    const lines = await auditLines(1, 'settings.withdrawal_status');
    expect(lines).toMatchObject([
      { reason: 'bank holiday', before: { withdrawal_status: 1 }, after: { withdrawal_status: 0 } },
      { before: { withdrawal_status: 0 }, after: { withdrawal_status: 1 } },
    ]);
    expect((await db.query<{ site_title: string }>('SELECT site_title FROM general_settings')).rows[0]!.site_title).toBe(title);
  });
});

describe('staff push', () => {
  it("a request and a decision reach the consoles as 'payment' events", async () => {
    const seen: Array<{ topic: string; payload: any }> = [];
    const off = app.push.subscribeStaff((topic: string, payload: unknown) => seen.push({ topic, payload }));
    try {
      const p = await player();
      const dep = await deposit(p, '400');
      const id = await txId(dep.json().transaction_id);
      await call(staffApproveTransaction, 'payments', { params: { id } });
      await new Promise((r) => setTimeout(r, 50));
      const mine = seen.filter((e) => e.topic === 'payment' && e.payload.id === id).map((e) => e.payload);
      expect(mine).toEqual([
        { id, action: 'deposit', status: 0 },
        { id, action: 'deposit', status: 1 },
      ]);
    } finally {
      off();
    }
  });
  it("the player's open pages hear their request's decision ('payment': the request page's countdown stops)", async () => {
    const p = await player();
    const got: Array<{ topic: string; payload: any }> = [];
    const off = app.push.subscribe(p.id, (topic: string, payload: unknown) => got.push({ topic, payload }));
    try {
      const dep = await deposit(p, '300');
      const publicId = dep.json().transaction_id as string;
      await call(staffRejectTransaction, 'payments', { params: { id: await txId(publicId) }, body: { reason: 'no such payment' } });
      await new Promise((r) => setTimeout(r, 50));
      expect(got.filter((e) => e.topic === 'payment').map((e) => e.payload)).toEqual([
        { transaction: publicId, action: 'deposit', status: 0 },
        { transaction: publicId, action: 'deposit', status: 2 },
      ]);
    } finally {
      off();
    }
  });
});
