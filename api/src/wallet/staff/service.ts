import {
  WALLET_STATUS,
  normalizePayerTrx,
  type ResponseOf,
  type staffPayments,
  type StaffPaymentMethod,
  type StaffPaymentMethodFields,
  type WalletDecision,
} from '@khela/contracts';
import type { Db, Queryable } from '../../db';
import { pgErrorCode } from '../../db';
import { isoTimestamp } from '../../core/timestamps';
import { Conflict, NotFound, ValidationFailed } from '../../errors';
import { fromMinor, getPlayerBalance, parseMinor } from '../../ledger';
import { writeAudit, type AuditActor } from '../../core/audit';
import { hasValidCheck } from '../../protection/cdd';
import { addEvent, decide, findTransactionForUpdate, METHOD_LIMIT_COLUMNS, withdrawalsEnabled, type TxRow } from '../service';

/** Why an approval is refused while a withdrawal waits for the player's customer due-diligence check. */
export const VERIFICATION_REQUIRED_APPROVE =
  "This withdrawal waits for a customer due-diligence check: record the player's check (Players, Protection) before approving it, or reject it.";

/** Why an approval is refused while a withdrawal's payout number is not one of the player's verified numbers. */
export const PAYOUT_UNCONFIRMED_APPROVE =
  "This withdrawal goes to a number that is not one of the player's verified numbers: confirm the payout number (check it with the player) before approving it, or reject it.";

/**
 * A payments operator confirms a pending withdrawal's payout number (issue 32): audited `payment.payout_confirm`
 * with the reason and the number; the desk may then approve it.
 */
export function confirmPayout(db: Db, actor: AuditActor, id: number, reason: string) {
  return db.tx(async (q) => {
    const tx = await findTransactionForUpdate(q, 'id', id);
    if (!tx) throw new NotFound('Unknown transaction');
    const r = await q.query<{ payout_unverified: boolean; confirmed: boolean; account_number: string | null }>(
      'SELECT payout_unverified, payout_confirmed_at IS NOT NULL AS confirmed, account_number FROM wallet_transactions WHERE id = $1',
      [id],
    );
    const row = r.rows[0]!;
    if (tx.action !== 'withdraw' || tx.status !== WALLET_STATUS.pending || !row.payout_unverified) {
      throw new Conflict('Only a pending withdrawal to an unverified number needs its payout number confirmed.', {
        code: 'payout_not_unverified',
      });
    }
    if (row.confirmed) throw new Conflict('The payout number is already confirmed.', { code: 'payout_confirmed' });
    await q.query(
      'UPDATE wallet_transactions SET payout_confirmed_by = $2, payout_confirmed_at = now(), updated_at = now() WHERE id = $1',
      [id, actor.staffId],
    );
    await addEvent(q, id, 'payout_number_confirmed', `operator:${actor.staffId}`, { account: row.account_number, reason });
    await writeAudit(q, actor, {
      action: 'payment.payout_confirm',
      entityType: 'wallet_transaction',
      entityId: id,
      reason,
      before: { public_id: tx.public_id, account_number: row.account_number, payout_confirmed: false },
      after: { public_id: tx.public_id, account_number: row.account_number, payout_confirmed: true },
    });
    return { id, payout_confirmed_by: actor.username ?? String(actor.staffId) };
  });
}

// --- Payments desk -------------------------------------------------------------------------------

type PaymentRow = ResponseOf<typeof staffPayments>['data'][number];

export interface PaymentFilter {
  page: number;
  per_page: number;
  sort?: 'created_at' | 'amount' | 'status' | 'decided_at' | 'username' | 'action';
  dir: 'asc' | 'desc';
  q?: string;
  status: '0' | '1' | '2' | 'all';
  action: 'deposit' | 'withdraw' | 'all';
  method?: number;
  currency?: string;
  player?: string;
}

const PAYMENT_COLUMNS = `t.id::int AS id, t.public_id, t.action, t.mode, t.amount_minor, t.bonus_minor, t.currency, t.status,
  t.channel, t.account_number, t.payer_trx_id, t.payer_number, t.created_at, t.decided_at, t.decided_by, t.decision_note,
  t.verification_required, t.payout_unverified, t.payer_unverified,
  (SELECT o.username FROM operators o WHERE o.id = t.payout_confirmed_by) AS payout_confirmed_by,
  p.id::int AS player_id, p.username, p.phone, m.id::int AS method_id, m.name AS method_name, pr.name AS promotion,
  (SELECT count(*)::int FROM wallet_receipts r WHERE r.transaction_id = t.id) AS receipts`;
const PAYMENT_FROM = `FROM wallet_transactions t
  JOIN players p ON p.id = t.player_id
  LEFT JOIN payment_methods m ON m.id = t.payment_method_id
  LEFT JOIN promotions pr ON pr.id = t.promotion_id`;

function paymentOut(t: Record<string, any>): PaymentRow {
  return {
    id: t.id,
    public_id: t.public_id,
    action: t.action,
    mode: t.mode,
    amount: fromMinor(parseMinor(t.amount_minor)),
    bonus: fromMinor(parseMinor(t.bonus_minor)),
    currency: t.currency,
    status: Number(t.status) as PaymentRow['status'],
    channel: t.channel,
    account_number: t.account_number,
    payer_trx_id: t.payer_trx_id,
    payer_number: t.payer_number,
    player_id: t.player_id,
    username: t.username,
    phone: t.phone,
    method_id: t.method_id,
    method_name: t.method_name,
    promotion: t.promotion,
    receipts: Number(t.receipts),
    created_at: isoTimestamp(t.created_at)!,
    decided_at: isoTimestamp(t.decided_at),
    decided_by: t.decided_by,
    decision_note: t.decision_note,
    // only a pending withdrawal can still wait for the check
    verification_required: Number(t.status) === WALLET_STATUS.pending && t.verification_required === true,
    payout_unverified: t.payout_unverified === true,
    payout_confirmed_by: t.payout_confirmed_by ?? null,
    payer_unverified: t.payer_unverified === true,
  };
}

const PAYMENT_SORT: Record<NonNullable<PaymentFilter['sort']>, string> = {
  created_at: 't.created_at',
  amount: 't.amount_minor',
  status: 't.status',
  decided_at: 't.decided_at',
  username: 'p.username',
  action: 't.action',
};

/** One page of deposits and withdrawals; pending oldest first unless sorted, other statuses newest first. */
export async function paymentRequests(q: Queryable, f: PaymentFilter) {
  const where: string[] = [];
  const args: unknown[] = [];
  const arg = (v: unknown) => `$${args.push(v)}`;
  if (f.status !== 'all') where.push(`t.status = ${arg(Number(f.status))}`);
  if (f.action !== 'all') where.push(`t.action = ${arg(f.action)}`);
  if (f.method) where.push(`t.payment_method_id = ${arg(f.method)}`);
  if (f.currency) where.push(`t.currency = ${arg(f.currency)}`);
  if (f.player) {
    const who = arg(f.player);
    where.push(/^\d+$/.test(f.player) ? `(t.player_id = ${arg(Number(f.player))} OR p.username = ${who})` : `p.username = ${who}`);
  }
  if (f.q) {
    const exact = arg(f.q);
    const prefix = arg(`${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    // a payer's transaction id is stored normalised (rules/payer-trx.ts): an id pasted from a statement in any case,
    // or with an invisible character, finds it
    const trx = arg(normalizePayerTrx(f.q));
    where.push(
      `(t.public_id = upper(${exact}) OR t.payer_trx_id = ${exact} OR t.payer_trx_id = ${trx} OR t.account_number = ${exact}
        OR t.payer_number = ${exact} OR p.username ILIKE ${prefix})`,
    );
  }
  const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const dir = f.sort ? f.dir : f.status === '0' ? 'asc' : 'desc';
  const order = `${PAYMENT_SORT[f.sort ?? 'created_at']} ${dir} NULLS LAST, t.id ${dir}`;
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${PAYMENT_FROM} ${cond}`, args);
  const rows = await q.query<Record<string, unknown>>(
    `SELECT ${PAYMENT_COLUMNS} ${PAYMENT_FROM} ${cond} ORDER BY ${order} LIMIT ${arg(f.per_page)} OFFSET ${arg((f.page - 1) * f.per_page)}`,
    args,
  );
  return { data: rows.rows.map(paymentOut), page: f.page, per_page: f.per_page, total: Number(count.rows[0]?.n ?? 0) };
}

export async function transactionEvents(q: Queryable, transactionId: number) {
  const r = await q.query<{ id: number; event: string; actor: string; detail: Record<string, unknown>; created_at: unknown }>(
    'SELECT id::int AS id, event, actor, detail, created_at FROM wallet_transaction_events WHERE transaction_id = $1 ORDER BY id',
    [transactionId],
  );
  return r.rows.map((e) => ({ ...e, created_at: isoTimestamp(e.created_at)! }));
}

/** A request with its timeline, receipts and the player's money; null when unknown. */
export async function paymentDetail(q: Queryable, id: number) {
  const r = await q.query<Record<string, unknown>>(`SELECT ${PAYMENT_COLUMNS} ${PAYMENT_FROM} WHERE t.id = $1`, [id]);
  if (!r.rows[0]) return null;
  const payment = paymentOut(r.rows[0]);
  const receipts = await q.query<{ id: number; type: string; size: number; created_at: unknown }>(
    'SELECT id::int AS id, content_type AS type, size_bytes AS size, created_at FROM wallet_receipts WHERE transaction_id = $1 ORDER BY id',
    [id],
  );
  const player = await q.query<{ status: string; pending: number; turnover: string }>(
    `SELECT p.status,
       (SELECT count(*)::int FROM wallet_transactions w WHERE w.player_id = p.id AND w.status = 0) AS pending,
       (SELECT COALESCE(SUM(remaining_minor), 0)::text FROM wallet_turnovers u WHERE u.player_id = p.id AND u.status = 'active') AS turnover
     FROM players p WHERE p.id = $1`,
    [payment.player_id],
  );
  const bal = await getPlayerBalance(q, payment.player_id);
  const pl = player.rows[0]!;
  return {
    payment,
    events: await transactionEvents(q, id),
    receipts: receipts.rows.map((x) => ({ ...x, size: Number(x.size), created_at: isoTimestamp(x.created_at)! })),
    player: {
      id: payment.player_id,
      username: payment.username,
      status: pl.status,
      currency: bal.currency,
      balance: fromMinor(bal.balanceMinor + bal.exposureMinor),
      held: fromMinor(bal.heldMinor),
      pending: Number(pl.pending),
      turnover_remaining: fromMinor(parseMinor(pl.turnover)),
    },
  };
}

const txAudit = (tx: TxRow) => ({
  public_id: tx.public_id,
  player_id: tx.player_id,
  action: tx.action,
  amount: fromMinor(tx.amount_minor),
  bonus: fromMinor(tx.bonus_minor),
  currency: tx.currency,
  status: tx.status,
});

/**
 * An operator's approval or rejection: `decide` and the audit line (status before and after, with the reason) in
 * one transaction. A repeat of the same decision changes nothing and writes no line. Approving a withdrawal that waits
 * for a customer due-diligence check is a 409 until a check is recorded.
 */
export function staffDecide(db: Db, input: { id: number; outcome: WalletDecision; actor: AuditActor; reason?: string }) {
  return db.tx((q) => staffDecideIn(q, input));
}

/** staffDecide inside the caller's transaction (an approved maker–checker request carries a payout out so). */
export async function staffDecideIn(q: Queryable, input: { id: number; outcome: WalletDecision; actor: AuditActor; reason?: string }) {
  const tx = await findTransactionForUpdate(q, 'id', input.id);
  if (!tx) throw new NotFound('Unknown transaction');
  // a withdrawal held for customer due diligence is paid out only after the check (rejecting it still works)
  if (
    input.outcome === WALLET_STATUS.approved &&
    tx.status === WALLET_STATUS.pending &&
    tx.verification_required &&
    !(await hasValidCheck(q, tx.player_id))
  ) {
    throw new Conflict(VERIFICATION_REQUIRED_APPROVE, { code: 'verification_required' });
  }
  // a payout to a number that is not one of the player's verified numbers is paid only once confirmed (issue 32)
  if (input.outcome === WALLET_STATUS.approved && tx.status === WALLET_STATUS.pending && tx.action === 'withdraw') {
    const p = await q.query<{ unconfirmed: boolean }>(
      'SELECT payout_unverified AND payout_confirmed_at IS NULL AS unconfirmed FROM wallet_transactions WHERE id = $1',
      [tx.id],
    );
    if (p.rows[0]?.unconfirmed) throw new Conflict(PAYOUT_UNCONFIRMED_APPROVE, { code: 'payout_unconfirmed' });
  }
  const d = await decide(q, tx, input.outcome, `operator:${input.actor.staffId}`, input.reason || undefined);
  if (d.changed) {
    await writeAudit(q, input.actor, {
      action: input.outcome === WALLET_STATUS.approved ? 'payment.approve' : 'payment.reject',
      entityType: 'wallet_transaction',
      entityId: tx.id,
      reason: input.reason || null,
      before: txAudit(tx),
      after: txAudit(d.transaction),
    });
  }
  return d;
}

export async function receiptFile(q: Queryable, id: number) {
  const r = await q.query<{ file_name: string; content_type: string }>(
    'SELECT file_name, content_type FROM wallet_receipts WHERE id = $1',
    [id],
  );
  return r.rows[0] ?? null;
}

// --- Turnover requirements -----------------------------------------------------------------------

export interface TurnoverFilter {
  page: number;
  per_page: number;
  sort?: 'created_at' | 'required' | 'remaining' | 'username';
  dir: 'asc' | 'desc';
  q?: string;
  status: 'active' | 'complete';
  player?: string;
}

const TURNOVER_SORT: Record<NonNullable<TurnoverFilter['sort']>, string> = {
  created_at: 'w.id',
  required: 'w.required_minor',
  remaining: 'w.remaining_minor',
  username: 'p.username',
};

export async function turnovers(q: Queryable, f: TurnoverFilter) {
  const args: unknown[] = [f.status];
  const arg = (v: unknown) => `$${args.push(v)}`;
  const where = ['w.status = $1'];
  if (f.player) {
    const who = arg(f.player);
    where.push(/^\d+$/.test(f.player) ? `(w.player_id = ${arg(Number(f.player))} OR p.username = ${who})` : `p.username = ${who}`);
  }
  if (f.q) where.push(`p.username ILIKE ${arg(`${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  const from = `FROM wallet_turnovers w JOIN players p ON p.id = w.player_id LEFT JOIN wallet_transactions t ON t.id = w.transaction_id
    WHERE ${where.join(' AND ')}`;
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, args);
  const r = await q.query<Record<string, string>>(
    `SELECT w.id::int AS id, w.status, w.required_minor, w.remaining_minor, w.created_at, w.source, p.id::int AS player_id,
       p.username, p.currency, COALESCE(t.public_id, w.source || ':' || w.source_id) AS public_id
     ${from} ORDER BY ${TURNOVER_SORT[f.sort ?? 'created_at']} ${f.dir}, w.id ${f.dir}
     LIMIT ${arg(f.per_page)} OFFSET ${arg((f.page - 1) * f.per_page)}`,
    args,
  );
  return {
    data: r.rows.map((w) => ({
      id: Number(w.id),
      status: w.status!,
      player_id: Number(w.player_id),
      username: w.username!,
      source: w.source!,
      transaction_id: w.public_id!,
      currency: w.currency!,
      required: fromMinor(parseMinor(w.required_minor)),
      remaining: fromMinor(parseMinor(w.remaining_minor)),
      created_at: isoTimestamp(w.created_at)!,
    })),
    page: f.page,
    per_page: f.per_page,
    total: Number(count.rows[0]?.n ?? 0),
  };
}

/** Back-office waiver (e.g. a bonus the player gave up): closes the requirement, noted on its deposit, audited. */
export function waiveTurnover(db: Db, id: number, actor: AuditActor, reason: string) {
  return db.tx(async (q) => {
    const r = await q.query<{ transaction_id: string | null; status: string; remaining_minor: string; player_id: string }>(
      'SELECT transaction_id, status, remaining_minor, player_id FROM wallet_turnovers WHERE id = $1 FOR UPDATE',
      [id],
    );
    const row = r.rows[0];
    if (!row) throw new NotFound('Unknown turnover');
    if (row.status === 'complete') return { id, status: 'complete', changed: false };
    await q.query(`UPDATE wallet_turnovers SET remaining_minor = 0, status = 'complete', completed_at = now() WHERE id = $1`, [id]);
    const remaining = fromMinor(parseMinor(row.remaining_minor));
    // a claimed bonus's requirement has no deposit timeline to note the waiver on
    if (row.transaction_id !== null) {
      await addEvent(q, Number(row.transaction_id), 'turnover_waived', `operator:${actor.staffId}`, {
        turnover: id,
        remaining,
        note: reason,
      });
    }
    await writeAudit(q, actor, {
      action: 'turnover.waive',
      entityType: 'wallet_turnover',
      entityId: id,
      reason,
      before: { player_id: Number(row.player_id), status: 'active', remaining },
      after: { player_id: Number(row.player_id), status: 'complete', remaining: '0.00' },
    });
    return { id, status: 'complete', changed: true };
  });
}

// --- Payment methods and wallet numbers ----------------------------------------------------------

const METHOD_COLUMNS = `m.id::int AS id, m.code, m.name, m.icon, m.status, m.account_type, m.pgs, m.allows_deposit, m.allows_withdraw,
  m.sort_order, ${METHOD_LIMIT_COLUMNS.split(', ')
    .map((c) => `m.${c}`)
    .join(', ')},
  COALESCE((SELECT json_agg(json_build_object('id', n.id::int, 'account_number', n.account_number, 'status', n.status,
      'sort_order', n.sort_order) ORDER BY n.sort_order, n.id)
    FROM payment_method_numbers n WHERE n.payment_method_id = m.id), '[]'::json) AS numbers`;

const methodOut = (m: Record<string, any>): StaffPaymentMethod => ({
  ...(m as StaffPaymentMethod),
  status: m.status === 'active' ? ('active' as const) : ('inactive' as const),
  pgs: m.pgs ?? [],
  sort_order: Number(m.sort_order),
  numbers: (m.numbers as StaffPaymentMethod['numbers']).map((n) => ({
    ...n,
    status: n.status === 'active' ? ('active' as const) : ('inactive' as const),
  })),
});

export async function paymentMethodList(q: Queryable, page: { page: number; per_page: number }) {
  const count = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_methods');
  const r = await q.query<Record<string, unknown>>(
    `SELECT ${METHOD_COLUMNS} FROM payment_methods m ORDER BY m.sort_order, m.id LIMIT $1 OFFSET $2`,
    [page.per_page, (page.page - 1) * page.per_page],
  );
  return { data: r.rows.map(methodOut), page: page.page, per_page: page.per_page, total: Number(count.rows[0]?.n ?? 0) };
}

async function methodById(q: Queryable, id: number, lock = false) {
  if (lock) await q.query('SELECT 1 FROM payment_methods WHERE id = $1 FOR UPDATE', [id]);
  const r = await q.query<Record<string, unknown>>(`SELECT ${METHOD_COLUMNS} FROM payment_methods m WHERE m.id = $1`, [id]);
  if (!r.rows[0]) throw new NotFound('Unknown payment method');
  return methodOut(r.rows[0]);
}

type MethodOut = Awaited<ReturnType<typeof methodById>>;
/** What the audit keeps of a method (its numbers have their own lines). */
const methodAudit = ({ numbers: _numbers, ...m }: MethodOut) => m;

type MethodFields = Partial<StaffPaymentMethodFields> & { status?: 'active' | 'inactive' };

/** A range is both ends or neither, min ≤ max; presets inside it (422 naming the field otherwise). */
function checkLimits(m: Record<string, unknown>) {
  const errors: Record<string, string[]> = {};
  for (const action of ['deposit', 'withdraw'] as const) {
    const min = m[`${action}_min`] as number | null;
    const max = m[`${action}_max`] as number | null;
    if ((min === null) !== (max === null)) errors[`${action}_min`] = ['Give both ends of the range, or neither.'];
    else if (min !== null && max !== null && min > max) errors[`${action}_min`] = ['The minimum must not exceed the maximum.'];
    const presets = m[`${action}_presets`] as number[] | null;
    if (presets && min !== null && max !== null && presets.some((p) => p < min || p > max)) {
      errors[`${action}_presets`] = ['Every preset must be inside the range.'];
    }
  }
  if (m.account_type === 'ewallet' && !(m.pgs as unknown[] | null)?.length) errors.pgs = ['An e-wallet needs at least one gateway.'];
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
}

const FIELDS = [
  'name',
  'icon',
  'account_type',
  'pgs',
  'allows_deposit',
  'allows_withdraw',
  'deposit_min',
  'deposit_max',
  'withdraw_min',
  'withdraw_max',
  'deposit_presets',
  'withdraw_presets',
  'status',
] as const;
const JSON_FIELDS = new Set(['pgs', 'deposit_presets', 'withdraw_presets']);
const dbValue = (k: string, v: unknown) => (v === null || v === undefined ? null : JSON_FIELDS.has(k) ? JSON.stringify(v) : v);

export function createPaymentMethod(db: Db, actor: AuditActor, body: MethodFields & { code: string; reason?: string }) {
  return db.tx(async (q) => {
    const m = {
      icon: null,
      pgs: [],
      deposit_min: null,
      deposit_max: null,
      withdraw_min: null,
      withdraw_max: null,
      deposit_presets: null,
      withdraw_presets: null,
      ...body,
    };
    checkLimits(m);
    const taken = await q.query('SELECT 1 FROM payment_methods WHERE code = $1', [body.code]);
    if (taken.rows.length) throw new ValidationFailed({ code: ['This code is already used.'] });
    const cols = FIELDS.filter((k) => k !== 'status');
    const ins = await q.query<{ id: number }>(
      `INSERT INTO payment_methods (code, ${cols.join(', ')}, status, sort_order)
       VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}, 'active', (SELECT COALESCE(max(sort_order), 0) + 1 FROM payment_methods))
       RETURNING id::int AS id`,
      [body.code, ...cols.map((k) => dbValue(k, (m as Record<string, unknown>)[k]))],
    );
    const created = await methodById(q, ins.rows[0]!.id);
    await writeAudit(q, actor, {
      action: 'payment_method.create',
      entityType: 'payment_method',
      entityId: created.id,
      reason: body.reason ?? null,
      before: null,
      after: methodAudit(created),
    });
    return created;
  });
}

export function updatePaymentMethod(db: Db, actor: AuditActor, id: number, body: MethodFields & { reason?: string }) {
  return db.tx(async (q) => {
    const before = await methodById(q, id, true);
    const next = { ...before, ...Object.fromEntries(FIELDS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]])) };
    checkLimits(next);
    const changed = FIELDS.filter((k) => body[k] !== undefined && JSON.stringify(body[k]) !== JSON.stringify(before[k as keyof MethodOut]));
    if (!changed.length) return before;
    await q.query(`UPDATE payment_methods SET ${changed.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`, [
      id,
      ...changed.map((k) => dbValue(k, body[k])),
    ]);
    const after = await methodById(q, id);
    await writeAudit(q, actor, {
      action:
        body.status && changed.length === 1 ? `payment_method.${body.status === 'active' ? 'enable' : 'disable'}` : 'payment_method.update',
      entityType: 'payment_method',
      entityId: id,
      reason: body.reason ?? null,
      before: Object.fromEntries(changed.map((k) => [k, before[k as keyof MethodOut]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k as keyof MethodOut]])),
    });
    return after;
  });
}

/** New order of a set of rows: `ids` must be exactly the current ids (422 otherwise). */
function assertSameIds(current: number[], ids: number[]) {
  const a = [...current].sort((x, y) => x - y).join();
  const b = [...ids].sort((x, y) => x - y).join();
  if (a !== b || new Set(ids).size !== ids.length) throw new ValidationFailed({ ids: ['Give every id exactly once.'] });
}

export function reorderPaymentMethods(db: Db, actor: AuditActor, ids: number[]) {
  return db.tx(async (q) => {
    const r = await q.query<{ id: number }>('SELECT id::int AS id FROM payment_methods ORDER BY sort_order, id FOR UPDATE');
    const before = r.rows.map((x) => x.id);
    assertSameIds(before, ids);
    await q.query(
      `UPDATE payment_methods m SET sort_order = u.ord FROM unnest($1::bigint[]) WITH ORDINALITY AS u(id, ord) WHERE m.id = u.id`,
      [ids],
    );
    if (before.join() !== ids.join()) {
      await writeAudit(q, actor, {
        action: 'payment_method.reorder',
        entityType: 'payment_method',
        before: { order: before },
        after: { order: ids },
      });
    }
    return { ids };
  });
}

const numberOut = (n: { id: number; account_number: string; status: string; sort_order: number }) => ({
  id: Number(n.id),
  account_number: n.account_number,
  status: n.status === 'active' ? ('active' as const) : ('inactive' as const),
  sort_order: Number(n.sort_order),
});

async function numberConflict<T>(run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new Conflict('This number is already listed for the method.');
    throw err;
  }
}

export function createWalletNumber(db: Db, actor: AuditActor, methodId: number, body: { account_number: string; reason?: string }) {
  return db.tx(async (q) => {
    await methodById(q, methodId, true);
    const dup = await q.query('SELECT 1 FROM payment_method_numbers WHERE payment_method_id = $1 AND account_number = $2', [
      methodId,
      body.account_number,
    ]);
    if (dup.rows.length) throw new ValidationFailed({ account_number: ['This number is already listed for the method.'] });
    const r = await numberConflict(
      q.query<{ id: number; account_number: string; status: string; sort_order: number }>(
        `INSERT INTO payment_method_numbers (payment_method_id, account_number, status, sort_order)
         VALUES ($1, $2, 'active', (SELECT COALESCE(max(sort_order), 0) + 1 FROM payment_method_numbers WHERE payment_method_id = $1))
         RETURNING id::int AS id, account_number, status, sort_order`,
        [methodId, body.account_number],
      ),
    );
    const created = numberOut(r.rows[0]!);
    await writeAudit(q, actor, {
      action: 'wallet_number.create',
      entityType: 'wallet_number',
      entityId: created.id,
      reason: body.reason ?? null,
      before: null,
      after: { ...created, payment_method_id: methodId },
    });
    return created;
  });
}

export function updateWalletNumber(
  db: Db,
  actor: AuditActor,
  id: number,
  body: { account_number?: string; status?: 'active' | 'inactive'; reason?: string },
) {
  return db.tx(async (q) => {
    const r = await q.query<{ id: number; account_number: string; status: string; sort_order: number; payment_method_id: string }>(
      'SELECT id::int AS id, account_number, status, sort_order, payment_method_id FROM payment_method_numbers WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!r.rows[0]) throw new NotFound('Unknown wallet number');
    const before = numberOut(r.rows[0]);
    const after = {
      ...before,
      ...(body.account_number ? { account_number: body.account_number } : {}),
      ...(body.status ? { status: body.status } : {}),
    };
    if (after.account_number === before.account_number && after.status === before.status) return before;
    await q.query('UPDATE payment_method_numbers SET account_number = $2, status = $3 WHERE id = $1', [
      id,
      after.account_number,
      after.status,
    ]);
    await writeAudit(q, actor, {
      action:
        after.account_number === before.account_number
          ? `wallet_number.${after.status === 'active' ? 'enable' : 'disable'}`
          : 'wallet_number.update',
      entityType: 'wallet_number',
      entityId: id,
      reason: body.reason ?? null,
      before: { ...before, payment_method_id: Number(r.rows[0].payment_method_id) },
      after: { ...after, payment_method_id: Number(r.rows[0].payment_method_id) },
    });
    return after;
  });
}

export function reorderWalletNumbers(db: Db, actor: AuditActor, methodId: number, ids: number[]) {
  return db.tx(async (q) => {
    await methodById(q, methodId, true);
    const r = await q.query<{ id: number }>(
      'SELECT id::int AS id FROM payment_method_numbers WHERE payment_method_id = $1 ORDER BY sort_order, id FOR UPDATE',
      [methodId],
    );
    const before = r.rows.map((x) => x.id);
    assertSameIds(before, ids);
    await q.query(
      `UPDATE payment_method_numbers n SET sort_order = u.ord FROM unnest($1::bigint[]) WITH ORDINALITY AS u(id, ord) WHERE n.id = u.id`,
      [ids],
    );
    if (before.join() !== ids.join()) {
      await writeAudit(q, actor, {
        action: 'wallet_number.reorder',
        entityType: 'payment_method',
        entityId: methodId,
        before: { order: before },
        after: { order: ids },
      });
    }
    return { ids };
  });
}

// --- The withdrawal switch -----------------------------------------------------------------------

/** general_settings.withdrawal_status on (1) or off (0), audited; only this column changes. */
export function setWithdrawalSwitch(db: Db, actor: AuditActor, enabled: boolean, reason?: string) {
  return db.tx(async (q) => {
    await q.query('SELECT 1 FROM general_settings WHERE id = 1 FOR UPDATE');
    const was = await withdrawalsEnabled(q);
    if (was === enabled) return { enabled, changed: false };
    await q.query('UPDATE general_settings SET withdrawal_status = $1, updated_at = now() WHERE id = 1', [enabled ? 1 : 0]);
    await writeAudit(q, actor, {
      action: 'settings.withdrawal_status',
      entityType: 'general_settings',
      entityId: 1,
      reason: reason ?? null,
      before: { withdrawal_status: was ? 1 : 0 },
      after: { withdrawal_status: enabled ? 1 : 0 },
    });
    return { enabled, changed: true };
  });
}
