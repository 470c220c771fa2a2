import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  APPROVAL_MESSAGES,
  APPROVAL_ROLES,
  fromMinor,
  toMinor,
  type ApprovalKind,
  type ApprovalStatus,
  type StaffApprovalRow,
  type StaffPushPayload,
} from '@khela/contracts';
import type { Currency } from '../ledger';
import { isProduction } from '../config';
import { pgErrorCode, type Db, type Queryable } from '../db';
import { Conflict, Forbidden, HttpError, NotFound } from '../errors';
import { writeAudit, type AuditActor } from '../core/audit';
import { roleAllows, type AuthStaff } from '../auth/staff';

/*
 * Maker–checker (issue 32). An action that needs a second operator is not done by the endpoint that asks for it: the
 * endpoint records a request (`requestApproval`) and answers 409 `approval_pending`; another operator of a role the
 * kind allows approves it in the queue, which carries the action out through the kind's executor — the domain's own
 * service function, registered by the domain's routes — in one transaction with the request's new state and both
 * audit lines. The maker sees the state in the queue ("Mine") and may cancel while it waits.
 */

/**
 * When a second operator is needed:
 * - MAKER_CHECKER_ABOVE_BDT / _INR / _PKR (10,000 / 7,500 / 35,000; whole units): a balance adjustment or a withdrawal
 *   payout above the amount in the player's currency
 * - MAKER_CHECKER_MARKETS (1 in production, 0 elsewhere unless set): every staff settlement, re-settlement and void
 *   of an exchange market
 */
export function approvalConfig(env: NodeJS.ProcessEnv = process.env) {
  const whole = (name: string, dflt: number) => {
    const v = Number(env[name]);
    return toMinor(String(env[name] !== undefined && env[name] !== '' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : dflt));
  };
  const markets = env.MAKER_CHECKER_MARKETS === '1' ? true : env.MAKER_CHECKER_MARKETS === '0' ? false : isProduction(env);
  return {
    aboveMinor: {
      BDT: whole('MAKER_CHECKER_ABOVE_BDT', 10_000),
      INR: whole('MAKER_CHECKER_ABOVE_INR', 7_500),
      PKR: whole('MAKER_CHECKER_ABOVE_PKR', 35_000),
    } as Record<Currency, bigint>,
    markets,
  };
}
export type ApprovalConfig = ReturnType<typeof approvalConfig>;

/** Whether `amountMinor` in `currency` needs a second operator. */
export const needsApproval = (cfg: ApprovalConfig, currency: string, amountMinor: bigint) =>
  amountMinor > (cfg.aboveMinor[currency as Currency] ?? 0n);

export interface ApprovalRequest {
  kind: ApprovalKind;
  entityType: string;
  entityId: string | number;
  lockKey: string;
  payload: unknown;
  summary: string;
  amountMinor?: bigint | null;
  currency?: string | null;
  reason?: string | null;
}

/** The refusal that tells the maker their request waits (a new one, or the one already waiting for the same thing). */
export class ApprovalPending extends HttpError {
  constructor(id: number, existed: boolean) {
    super(
      409,
      existed
        ? `A request for this already waits for a second operator's approval (request #${id}).`
        : `Sent for approval: a second operator must approve this (request #${id}, in Approvals).`,
      { code: 'approval_pending', approval_id: id },
    );
  }
}

/** What the staff stream's `approval` topic carries. */
export type ApprovalEvent = StaffPushPayload<'approval'>;

// keyed by the app's database handle (requestApproval is handed only that): the operator routes register how an
// approval event reaches the staff stream
const publishers = new WeakMap<object, (e: ApprovalEvent) => Promise<void>>();

/** The operator routes say how a request's news reaches every console (the staff stream's `approval` topic). */
export function setApprovalPublisher(db: Db, publish: (e: ApprovalEvent) => Promise<void>): void {
  publishers.set(db, publish);
}

/** After commit: a request was asked for or decided; every console's Approvals page reloads, the maker is told. */
async function announce(db: Db, id: number): Promise<void> {
  const publish = publishers.get(db);
  if (!publish) return;
  const r = await db.query<RawApproval>(`${SELECT} WHERE a.id = $1`, [id]);
  const row = r.rows[0];
  if (!row) return;
  await publish({
    id,
    kind: row.kind,
    status: row.status,
    summary: row.summary,
    requested_by: Number(row.requested_by),
    requested_by_username: row.maker,
    decided_by_username: row.checker ?? null,
  }).catch(() => undefined);
}

/**
 * Records a pending request (audited `approval.request` with the payload) and returns the ApprovalPending refusal to
 * throw. One pending request per lock key: a second ask for the same thing points at the first.
 */
export async function requestApproval(db: Db, actor: AuditActor & { staffId: number }, r: ApprovalRequest): Promise<ApprovalPending> {
  try {
    const id = await db.tx(async (q) => {
      const ins = await q.query<{ id: string }>(
        `INSERT INTO staff_approvals (kind, entity_type, entity_id, lock_key, payload, summary, amount_minor, currency, reason, requested_by)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10) RETURNING id`,
        [
          r.kind,
          r.entityType,
          String(r.entityId),
          r.lockKey,
          JSON.stringify(r.payload),
          r.summary,
          r.amountMinor === undefined || r.amountMinor === null ? null : String(r.amountMinor),
          r.currency ?? null,
          r.reason ?? null,
          actor.staffId,
        ],
      );
      const id = Number(ins.rows[0]!.id);
      await writeAudit(q, actor, {
        action: 'approval.request',
        entityType: r.entityType,
        entityId: r.entityId,
        reason: r.reason ?? null,
        after: { approval_id: id, kind: r.kind, summary: r.summary, payload: r.payload },
      });
      return id;
    });
    await announce(db, id);
    return new ApprovalPending(id, false);
  } catch (err) {
    if (pgErrorCode(err) !== '23505') throw err;
    const found = await db.query<{ id: string }>(`SELECT id FROM staff_approvals WHERE lock_key = $1 AND status = 'pending'`, [r.lockKey]);
    return new ApprovalPending(Number(found.rows[0]?.id ?? 0), true);
  }
}

/** How a kind is carried out once approved: the domain's service call, inside the approval's transaction. */
export interface ApprovalExecutor {
  /** Returns the message for the checker and what to do after the commit (pushes). */
  execute(
    q: Queryable,
    checker: AuditActor,
    payload: unknown,
    request: { id: number; maker: string },
  ): Promise<{ message: string; after?: () => Promise<void> }>;
}

// keyed by the app's HTTP server: every plugin's (encapsulated) instance of one app shares it
const registries = new WeakMap<object, Map<ApprovalKind, ApprovalExecutor>>();

/** A domain's routes register how each of its kinds is carried out (per app: tests run several in one process). */
export function registerApprovalExecutor(app: FastifyInstance, kind: ApprovalKind, executor: ApprovalExecutor): void {
  const map = registries.get(app.server) ?? new Map<ApprovalKind, ApprovalExecutor>();
  map.set(kind, executor);
  registries.set(app.server, map);
}

interface RawApproval {
  id: string;
  kind: ApprovalKind;
  status: ApprovalStatus;
  entity_type: string;
  entity_id: string;
  payload: unknown;
  summary: string;
  amount_minor: string | null;
  currency: string | null;
  reason: string | null;
  requested_by: string;
  maker: string;
  requested_at: Date | string;
  decided_by: string | null;
  checker: string | null;
  decided_at: Date | string | null;
  decision_reason: string | null;
}

const SELECT = `SELECT a.*, m.username AS maker, c.username AS checker FROM staff_approvals a
  JOIN operators m ON m.id = a.requested_by LEFT JOIN operators c ON c.id = a.decided_by`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toRow(r: RawApproval): StaffApprovalRow {
  return {
    id: Number(r.id),
    kind: r.kind,
    status: r.status,
    entity_type: r.entity_type,
    entity_id: r.entity_id,
    summary: r.summary,
    amount: r.amount_minor === null ? null : fromMinor(BigInt(r.amount_minor)),
    currency: r.currency,
    reason: r.reason,
    requested_by: { id: Number(r.requested_by), username: r.maker },
    requested_at: iso(r.requested_at)!,
    decided_by: r.decided_by === null ? null : { id: Number(r.decided_by), username: r.checker ?? '' },
    decided_at: iso(r.decided_at),
    decision_reason: r.decision_reason,
  };
}

/** The kinds an operator's role may see and decide. */
export const kindsFor = (role: AuthStaff['role']): ApprovalKind[] =>
  (Object.keys(APPROVAL_ROLES) as ApprovalKind[]).filter((k) => roleAllows(role, APPROVAL_ROLES[k] as never));

export async function listApprovals(
  q: Queryable,
  op: AuthStaff,
  query: {
    page: number;
    per_page: number;
    dir: 'asc' | 'desc';
    status?: ApprovalStatus | undefined;
    kind?: ApprovalKind | undefined;
    mine?: '1' | '0' | undefined;
    q?: string | undefined;
  },
): Promise<{ data: StaffApprovalRow[]; total: number }> {
  const params: unknown[] = [kindsFor(op.role)];
  const where = ['a.kind = ANY($1)'];
  if (query.status) {
    params.push(query.status);
    where.push(`a.status = $${params.length}`);
  }
  if (query.kind) {
    params.push(query.kind);
    where.push(`a.kind = $${params.length}`);
  }
  if (query.mine === '1') {
    params.push(op.id);
    where.push(`a.requested_by = $${params.length}`);
  }
  if (query.q) {
    params.push(`%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(lower(a.summary) LIKE $${params.length} OR a.entity_id = $${params.length + 1})`);
    params.push(query.q);
  }
  const w = ` WHERE ${where.join(' AND ')}`;
  const dir = query.dir === 'asc' ? 'ASC' : 'DESC';
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_approvals a${w}`, params);
  const rows = await q.query<RawApproval>(`${SELECT}${w} ORDER BY a.id ${dir} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    query.per_page,
    (query.page - 1) * query.per_page,
  ]);
  return { data: rows.rows.map(toRow), total: Number(total.rows[0]?.n ?? 0) };
}

async function lockRequest(q: Queryable, op: AuthStaff, id: number): Promise<RawApproval> {
  const r = await q.query<RawApproval>(`${SELECT} WHERE a.id = $1 FOR UPDATE OF a`, [id]);
  const row = r.rows[0];
  if (!row) throw new NotFound('No such request.');
  if (!roleAllows(op.role, APPROVAL_ROLES[row.kind] as never))
    throw new Forbidden('Your role does not decide this kind of request.', { code: 'role' });
  if (row.status !== 'pending') throw new Conflict(APPROVAL_MESSAGES.notPending, { code: 'not_pending' });
  return row;
}

const auditView = (r: StaffApprovalRow) => ({ approval_id: r.id, kind: r.kind, status: r.status, summary: r.summary });

/**
 * The checker approves: not the maker (409 same_operator); the kind's executor carries the action out in this
 * transaction, audited as the checker's; then the request is approved (audited `approval.approve`). A refusal of the
 * action (its HttpError) rolls everything back and leaves the request pending.
 */
export async function approve(
  app: FastifyInstance,
  op: AuthStaff,
  actor: AuditActor,
  id: number,
  reason: string | undefined,
): Promise<{ approval: StaffApprovalRow; message: string }> {
  let after: (() => Promise<void>) | undefined;
  const out = await app.db.tx(async (q) => {
    const row = await lockRequest(q, op, id);
    if (Number(row.requested_by) === op.id) throw new Conflict(APPROVAL_MESSAGES.sameStaff, { code: 'same_operator' });
    const executor = registries.get(app.server)?.get(row.kind);
    if (!executor) throw new HttpError(500, `No executor for ${row.kind}`);
    const done = await executor.execute(q, actor, row.payload, { id, maker: row.maker });
    after = done.after;
    await q.query(
      `UPDATE staff_approvals SET status = 'approved', decided_by = $2, decided_at = now(), decision_reason = $3 WHERE id = $1`,
      [id, op.id, reason ?? null],
    );
    const before = toRow(row);
    const approval = toRow((await q.query<RawApproval>(`${SELECT} WHERE a.id = $1`, [id])).rows[0]!);
    await writeAudit(q, actor, {
      action: 'approval.approve',
      entityType: row.entity_type,
      entityId: row.entity_id,
      reason: reason ?? null,
      before: auditView(before),
      after: { ...auditView(approval), maker: row.maker },
    });
    return { approval, message: done.message };
  });
  if (after) await after();
  await announce(app.db, id);
  return out;
}

/** The checker rejects (not the maker: they cancel), or the maker cancels their own; audited with the reason. */
export async function decline(
  db: Db,
  op: AuthStaff,
  actor: AuditActor,
  id: number,
  how: 'reject' | 'cancel',
  reason: string,
): Promise<{ approval: StaffApprovalRow; message: string }> {
  const out = await db.tx(async (q) => {
    const row = await lockRequest(q, op, id);
    const own = Number(row.requested_by) === op.id;
    if (how === 'reject' && own) throw new Conflict('Your own request: cancel it instead.', { code: 'same_operator' });
    if (how === 'cancel' && !own) throw new Forbidden('Only the operator who asked may cancel a request.', { code: 'not_maker' });
    const status = how === 'reject' ? 'rejected' : 'cancelled';
    await q.query(`UPDATE staff_approvals SET status = $2, decided_by = $3, decided_at = now(), decision_reason = $4 WHERE id = $1`, [
      id,
      status,
      op.id,
      reason,
    ]);
    const approval = toRow((await q.query<RawApproval>(`${SELECT} WHERE a.id = $1`, [id])).rows[0]!);
    await writeAudit(q, actor, {
      action: `approval.${how}`,
      entityType: row.entity_type,
      entityId: row.entity_id,
      reason,
      before: auditView(toRow(row)),
      after: auditView(approval),
    });
    return { approval, message: how === 'reject' ? 'Rejected.' : 'Cancelled.' };
  });
  await announce(db, id);
  return out;
}

/** A payload of the kind's schema, or a 500 (the request was recorded by this code, so a mismatch is a bug). */
export function payloadOf<T extends z.ZodType>(schema: T, payload: unknown): z.infer<T> {
  const r = schema.safeParse(payload);
  if (!r.success) throw new HttpError(500, 'The request’s details are unreadable.');
  return r.data;
}
