// Payment methods and their wallet numbers in the back office: list, create, update, enable or disable, reorder; each
// change audited in its own transaction.
import type { StaffPaymentMethod, StaffPaymentMethodFields } from '@khela/contracts';
import type { Db, Queryable } from '../../db';
import { pgErrorCode } from '../../db';
import { writeAudit, type AuditActor } from '../../core/audit';
import { Conflict, NotFound, ValidationFailed } from '../../errors';
import { METHOD_LIMIT_COLUMNS } from '../methods';

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
