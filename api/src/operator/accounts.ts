import type { OperatorRole, StaffOperatorRow } from '@khela/contracts';
import { hashPassword } from '../auth/passwords';
import { pgErrorCode, type Db, type Queryable } from '../db';
import { Conflict, NotFound } from '../http/errors';
import { writeAudit, type AuditActor } from './audit';

export const OPERATOR_PASSWORD_MIN = 12;
const USERNAME = /^[A-Za-z0-9._-]{3,32}$/;

export class OperatorInputError extends Error {}

export interface NewOperator {
  username: string;
  password: string;
  name?: string | null;
  role?: OperatorRole;
}

/** The rules of a new operator's username and initial password; the cleaned username. */
export function checkNewOperator(input: NewOperator): string {
  const username = input.username.trim();
  if (!USERNAME.test(username)) throw new OperatorInputError('The username must be 3-32 letters, digits, dots, dashes or underscores.');
  if (input.password.length < OPERATOR_PASSWORD_MIN) {
    throw new OperatorInputError(`The password must be at least ${OPERATOR_PASSWORD_MIN} characters.`);
  }
  if (input.password.length > 256) throw new OperatorInputError('The password must be at most 256 characters.');
  if (input.password.toLowerCase().includes(username.toLowerCase()))
    throw new OperatorInputError('The password must not contain the username.');
  return username;
}

async function insertOperator(q: Queryable, username: string, hash: string, input: NewOperator): Promise<number> {
  try {
    const r = await q.query<{ id: string }>(
      'INSERT INTO operators (username, password_hash, name, role) VALUES ($1, $2, $3, $4) RETURNING id',
      [username, hash, input.name?.trim() || null, input.role ?? 'payments'],
    );
    return Number(r.rows[0]!.id);
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new OperatorInputError(`An operator named "${username}" already exists.`);
    throw err;
  }
}

/** A new back-office operator (argon2id password). Refuses a weak password or a taken username. */
export async function createOperator(db: Db, input: NewOperator): Promise<number> {
  const username = checkNewOperator(input);
  return insertOperator(db, username, await hashPassword(input.password), input);
}

// ---- what admins do to operators (every change audited in its own transaction) ----

const ROW_SQL = `SELECT id, username, name, role, disabled_at IS NOT NULL AS disabled, totp_enabled_at IS NOT NULL AS totp_enabled,
  CASE WHEN locked_until > now() THEN locked_until END AS locked_until, failed_logins, last_login_at, created_at
  FROM operators`;

interface RawRow {
  id: string;
  username: string;
  name: string | null;
  role: OperatorRole;
  disabled: boolean;
  totp_enabled: boolean;
  locked_until: Date | string | null;
  failed_logins: number;
  last_login_at: Date | string | null;
  created_at: Date | string;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function toRow(r: RawRow): StaffOperatorRow {
  return {
    id: Number(r.id),
    username: r.username,
    name: r.name,
    role: r.role,
    disabled: r.disabled,
    totp_enabled: r.totp_enabled,
    locked_until: iso(r.locked_until),
    failed_logins: Number(r.failed_logins),
    last_login_at: iso(r.last_login_at),
    created_at: iso(r.created_at)!,
  };
}

/** The audit's picture of an operator (no secrets, no hashes). */
const auditView = (r: StaffOperatorRow) => ({
  username: r.username,
  name: r.name,
  role: r.role,
  disabled: r.disabled,
  totp_enabled: r.totp_enabled,
  locked_until: r.locked_until,
  failed_logins: r.failed_logins,
});

export async function getOperatorRow(q: Queryable, id: number, lock = false): Promise<StaffOperatorRow> {
  const r = await q.query<RawRow>(`${ROW_SQL} WHERE id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`, [id]);
  if (!r.rows[0]) throw new NotFound('No such operator.');
  return toRow(r.rows[0]);
}

const SORT_SQL: Record<string, string> = {
  id: 'id',
  username: 'lower(username)',
  role: 'role',
  last_login_at: 'last_login_at',
  created_at: 'created_at',
};

export async function listOperators(
  q: Queryable,
  query: {
    page: number;
    per_page: number;
    sort?: string | undefined;
    dir: 'asc' | 'desc';
    q?: string | undefined;
    role?: OperatorRole | undefined;
    status?: 'active' | 'disabled' | 'locked' | undefined;
  },
): Promise<{ data: StaffOperatorRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.q) {
    params.push(`%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(lower(username) LIKE $${params.length} OR lower(coalesce(name, '')) LIKE $${params.length})`);
  }
  if (query.role) {
    params.push(query.role);
    where.push(`role = $${params.length}`);
  }
  if (query.status === 'active') where.push('disabled_at IS NULL');
  if (query.status === 'disabled') where.push('disabled_at IS NOT NULL');
  if (query.status === 'locked') where.push('locked_until > now()');
  const w = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const dir = query.dir === 'asc' ? 'ASC' : 'DESC';
  const order = `${SORT_SQL[query.sort ?? 'id'] ?? 'id'} ${dir} NULLS LAST, id ${dir}`;
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM operators${w}`, params);
  const rows = await q.query<RawRow>(`${ROW_SQL}${w} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    query.per_page,
    (query.page - 1) * query.per_page,
  ]);
  return { data: rows.rows.map(toRow), total: Number(total.rows[0]?.n ?? 0) };
}

/** An admin creates an operator; the audit line has the new operator (not the password). */
export async function adminCreateOperator(db: Db, actor: AuditActor, input: NewOperator): Promise<StaffOperatorRow> {
  const username = checkNewOperator(input);
  const hash = await hashPassword(input.password);
  return db.tx(async (q) => {
    const id = await insertOperator(q, username, hash, input);
    const row = await getOperatorRow(q, id);
    await writeAudit(q, actor, { action: 'operator.create', entityType: 'operator', entityId: id, after: auditView(row) });
    return row;
  });
}

/**
 * Locks the rows of the active admins (in id order, before any other operator row, so two admins changing each
 * other wait instead of deadlocking) and returns their ids.
 */
async function lockAdmins(q: Queryable): Promise<number[]> {
  const r = await q.query<{ id: string }>(
    `SELECT id FROM operators WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id FOR NO KEY UPDATE`,
  );
  return r.rows.map((x) => Number(x.id));
}

/** Refuses a change that would leave no active admin. */
function assertAnotherAdmin(admins: number[], id: number): void {
  if (!admins.some((a) => a !== id)) {
    throw new Conflict('This is the last active admin: make another operator admin first.', { code: 'last_admin' });
  }
}

type Change = 'role' | 'disable' | 'enable' | 'unlock' | 'reset-totp';

/**
 * An admin's change to an operator, with its audit line (before/after) in the same transaction:
 * role, disable (its sessions end at once), enable, unlock (failed count and lock cleared), reset-totp (the operator
 * enrols again; their sessions end too, so the next log-in is with the new second factor).
 */
export async function changeOperator(
  db: Db,
  actor: AuditActor & { operatorId: number },
  id: number,
  change: Change,
  input: { reason: string; role?: OperatorRole },
): Promise<StaffOperatorRow> {
  return db.tx(async (q) => {
    const admins = await lockAdmins(q);
    const before = await getOperatorRow(q, id, true);
    switch (change) {
      case 'role': {
        const role = input.role!;
        if (before.role === 'admin' && role !== 'admin' && !before.disabled) assertAnotherAdmin(admins, id);
        await q.query('UPDATE operators SET role = $2, updated_at = now() WHERE id = $1', [id, role]);
        break;
      }
      case 'disable':
        if (id === actor.operatorId) throw new Conflict('You cannot disable your own account.', { code: 'self' });
        if (before.disabled) throw new Conflict('The operator is already disabled.');
        if (before.role === 'admin') assertAnotherAdmin(admins, id);
        await q.query('UPDATE operators SET disabled_at = now(), updated_at = now() WHERE id = $1', [id]);
        await q.query('UPDATE operator_sessions SET revoked_at = now() WHERE operator_id = $1 AND revoked_at IS NULL', [id]);
        break;
      case 'enable':
        if (!before.disabled) throw new Conflict('The operator is not disabled.');
        await q.query('UPDATE operators SET disabled_at = NULL, failed_logins = 0, locked_until = NULL, updated_at = now() WHERE id = $1', [
          id,
        ]);
        break;
      case 'unlock':
        await q.query('UPDATE operators SET failed_logins = 0, locked_until = NULL, updated_at = now() WHERE id = $1', [id]);
        break;
      case 'reset-totp':
        await q.query(
          'UPDATE operators SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL, updated_at = now() WHERE id = $1',
          [id],
        );
        if (id !== actor.operatorId) {
          await q.query('UPDATE operator_sessions SET revoked_at = now() WHERE operator_id = $1 AND revoked_at IS NULL', [id]);
        }
        break;
    }
    const after = await getOperatorRow(q, id);
    await writeAudit(q, actor, {
      action: `operator.${change === 'reset-totp' ? 'reset_totp' : change}`,
      entityType: 'operator',
      entityId: id,
      reason: input.reason,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}

/** Whether any operator can still manage the others (used by the CLI to make the first one an admin). */
export async function hasActiveAdmin(q: Queryable): Promise<boolean> {
  const r = await q.query(`SELECT 1 FROM operators WHERE role = 'admin' AND disabled_at IS NULL LIMIT 1`);
  return r.rows.length > 0;
}
