import { STAFF_PASSWORD_MIN, type StaffRole, type StaffAccountRow } from '@khela/contracts';
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@khela/contracts/signing';
import { hashPassword } from '../auth/passwords';
import { pgErrorCode, type Db, type Queryable } from '../db';
import { Conflict, NotFound } from '../errors';
import { writeAudit, type AuditActor } from '../core/audit';
import { STAFF_LOGIN_PAIR, type StaffLoginConfig } from './config';

export { STAFF_PASSWORD_MIN };
const USERNAME = /^[A-Za-z0-9._-]{3,32}$/;

export class StaffInputError extends Error {}

export interface NewStaffAccount {
  username: string;
  password: string;
  name?: string | null;
  role?: StaffRole;
}

/** The rules of every operator password (new, admin-set or changed); throws StaffInputError. */
export function checkPassword(username: string, password: string): void {
  if (password.length < STAFF_PASSWORD_MIN) {
    throw new StaffInputError(`The password must be at least ${STAFF_PASSWORD_MIN} characters.`);
  }
  if (password.length > 256) throw new StaffInputError('The password must be at most 256 characters.');
  if (password.toLowerCase().includes(username.trim().toLowerCase()))
    throw new StaffInputError('The password must not contain the username.');
}

/** The rules of a new operator's username and initial password; the cleaned username. */
export function checkNewStaffAccount(input: NewStaffAccount): string {
  const username = input.username.trim();
  if (!USERNAME.test(username)) throw new StaffInputError('The username must be 3-32 letters, digits, dots, dashes or underscores.');
  checkPassword(username, input.password);
  return username;
}

async function insertStaffAccount(
  q: Queryable,
  username: string,
  hash: string,
  input: NewStaffAccount,
  mustChange: boolean,
): Promise<number> {
  try {
    const r = await q.query<{ id: string }>(
      'INSERT INTO operators (username, password_hash, name, role, password_change_required) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [username, hash, input.name?.trim() || null, input.role ?? 'payments', mustChange],
    );
    return Number(r.rows[0]!.id);
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new StaffInputError(`An operator named "${username}" already exists.`);
    throw err;
  }
}

/**
 * A new back-office operator (argon2id password) from the server's command line or the seed: the password is the
 * operator's own (typed by them on the server), so no change is demanded. Refuses a weak password or a taken username.
 */
export async function createStaffAccount(db: Db, input: NewStaffAccount): Promise<number> {
  const username = checkNewStaffAccount(input);
  return insertStaffAccount(db, username, await hashPassword(input.password), input, false);
}

// ---- what admins do to operators (every change audited in its own transaction) ----

interface RawRow {
  id: string;
  username: string;
  name: string | null;
  role: StaffRole;
  disabled: boolean;
  totp_enabled: boolean;
  totp_link_expires_at: Date | string | null;
  password_change_required: boolean;
  failed_logins: number;
  throttled_addresses: number;
  last_login_at: Date | string | null;
  created_at: Date | string;
}

/**
 * An operator's row with what the log-in throttle knows of the username: failures within the window from every
 * address, and how many addresses are waiting now. `$1`/`$2` of the lateral part are the throttle's max and window.
 */
const FROM_SQL = `FROM operators o
  LEFT JOIN LATERAL (
    SELECT coalesce(sum(n), 0)::int AS failed, (count(*) FILTER (WHERE n >= $1))::int AS throttled FROM (
      SELECT count(*) AS n FROM rate_limit_events e
      WHERE e.bucket = '${STAFF_LOGIN_PAIR}' AND left(e.key, length(o.username) + 1) = lower(o.username) || '|'
        AND e.created_at > now() - make_interval(secs => $2)
      GROUP BY e.key) k) f ON true`;
const ROW_SQL = `SELECT o.id, o.username, o.name, o.role, o.disabled_at IS NOT NULL AS disabled,
  o.totp_enabled_at IS NOT NULL AS totp_enabled, o.password_change_required,
  (SELECT max(l.expires_at) FROM operator_totp_links l
    WHERE l.operator_id = o.id AND l.used_at IS NULL AND l.revoked_at IS NULL AND l.expires_at > now()) AS totp_link_expires_at,
  f.failed AS failed_logins, f.throttled AS throttled_addresses, o.last_login_at, o.created_at
  ${FROM_SQL}`;

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function toRow(r: RawRow): StaffAccountRow {
  return {
    id: Number(r.id),
    username: r.username,
    name: r.name,
    role: r.role,
    disabled: r.disabled,
    totp_enabled: r.totp_enabled,
    totp_link_expires_at: iso(r.totp_link_expires_at),
    password_change_required: r.password_change_required,
    failed_logins: Number(r.failed_logins),
    throttled_addresses: Number(r.throttled_addresses),
    last_login_at: iso(r.last_login_at),
    created_at: iso(r.created_at)!,
  };
}

/** The audit's picture of an operator (no secrets, no hashes, no link tokens). */
const auditView = (r: StaffAccountRow) => ({
  username: r.username,
  name: r.name,
  role: r.role,
  disabled: r.disabled,
  totp_enabled: r.totp_enabled,
  totp_link: r.totp_link_expires_at !== null,
  password_change_required: r.password_change_required,
  failed_logins: r.failed_logins,
  throttled_addresses: r.throttled_addresses,
});

const throttleParams = (cfg: StaffLoginConfig) => [cfg.perPair.max, cfg.perPair.windowSeconds];

export async function getStaffAccountRow(q: Queryable, cfg: StaffLoginConfig, id: number, lock = false): Promise<StaffAccountRow> {
  if (lock) await q.query('SELECT id FROM operators WHERE id = $1 FOR NO KEY UPDATE', [id]);
  const r = await q.query<RawRow>(`${ROW_SQL} WHERE o.id = $3`, [...throttleParams(cfg), id]);
  if (!r.rows[0]) throw new NotFound('No such operator.');
  return toRow(r.rows[0]);
}

const SORT_SQL: Record<string, string> = {
  id: 'o.id',
  username: 'lower(o.username)',
  role: 'o.role',
  last_login_at: 'o.last_login_at',
  created_at: 'o.created_at',
};

export async function listStaffAccounts(
  q: Queryable,
  cfg: StaffLoginConfig,
  query: {
    page: number;
    per_page: number;
    sort?: string | undefined;
    dir: 'asc' | 'desc';
    q?: string | undefined;
    role?: StaffRole | undefined;
    status?: 'active' | 'disabled' | 'throttled' | undefined;
  },
): Promise<{ data: StaffAccountRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = throttleParams(cfg);
  if (query.q) {
    params.push(`%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(lower(o.username) LIKE $${params.length} OR lower(coalesce(o.name, '')) LIKE $${params.length})`);
  }
  if (query.role) {
    params.push(query.role);
    where.push(`o.role = $${params.length}`);
  }
  if (query.status === 'active') where.push('o.disabled_at IS NULL');
  if (query.status === 'disabled') where.push('o.disabled_at IS NOT NULL');
  if (query.status === 'throttled') where.push('f.throttled > 0');
  const w = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const dir = query.dir === 'asc' ? 'ASC' : 'DESC';
  const order = `${SORT_SQL[query.sort ?? 'id'] ?? 'o.id'} ${dir} NULLS LAST, o.id ${dir}`;
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM_SQL}${w}`, params);
  const rows = await q.query<RawRow>(`${ROW_SQL}${w} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    query.per_page,
    (query.page - 1) * query.per_page,
  ]);
  return { data: rows.rows.map(toRow), total: Number(total.rows[0]?.n ?? 0) };
}

/**
 * An admin creates an operator; the first password is the admin's, so the operator must change it at the first
 * log-in. The audit line has the new operator (not the password).
 */
export async function adminCreateStaffAccount(
  db: Db,
  cfg: StaffLoginConfig,
  actor: AuditActor,
  input: NewStaffAccount,
): Promise<StaffAccountRow> {
  const username = checkNewStaffAccount(input);
  const hash = await hashPassword(input.password);
  return db.tx(async (q) => {
    const id = await insertStaffAccount(q, username, hash, input, true);
    const row = await getStaffAccountRow(q, cfg, id);
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

const revokeSessions = (q: Queryable, id: number) =>
  q.query('UPDATE operator_sessions SET revoked_at = now() WHERE operator_id = $1 AND revoked_at IS NULL', [id]);

/** Every address waiting after failed log-ins under this operator's username may try again. */
async function clearThrottle(q: Queryable, username: string): Promise<void> {
  await q.query(`DELETE FROM rate_limit_events WHERE bucket = $1 AND left(key, length($2) + 1) = lower($2) || '|'`, [
    STAFF_LOGIN_PAIR,
    username,
  ]);
}

type Change = 'role' | 'disable' | 'enable' | 'unlock' | 'reset-totp' | 'password';

/**
 * An admin's change to an operator, with its audit line (before/after) in the same transaction:
 * role, disable (its sessions end at once), enable, unlock (every throttled address of the username may try again),
 * reset-totp (the operator enrols again, through a new link; their sessions end too, so the next log-in is with the
 * new second factor), password (a password the operator must change at the next log-in; sessions end).
 */
export async function changeStaffAccount(
  db: Db,
  cfg: StaffLoginConfig,
  actor: AuditActor & { staffId: number },
  id: number,
  change: Change,
  input: { reason: string; role?: StaffRole; password?: string },
): Promise<StaffAccountRow> {
  // argon2 outside the transaction (it takes a while); the rules need the username, read without a lock
  let hash: string | null = null;
  if (change === 'password') {
    if (id === actor.staffId) {
      throw new Conflict('Change your own password under My account (it asks for the current one).', { code: 'self' });
    }
    const target = await getStaffAccountRow(db, cfg, id);
    checkPassword(target.username, input.password ?? '');
    hash = await hashPassword(input.password!);
  }
  return db.tx(async (q) => {
    const admins = await lockAdmins(q);
    const before = await getStaffAccountRow(q, cfg, id, true);
    switch (change) {
      case 'role': {
        const role = input.role!;
        if (before.role === 'admin' && role !== 'admin' && !before.disabled) assertAnotherAdmin(admins, id);
        await q.query('UPDATE operators SET role = $2, updated_at = now() WHERE id = $1', [id, role]);
        break;
      }
      case 'disable':
        if (id === actor.staffId) throw new Conflict('You cannot disable your own account.', { code: 'self' });
        if (before.disabled) throw new Conflict('The operator is already disabled.');
        if (before.role === 'admin') assertAnotherAdmin(admins, id);
        await q.query('UPDATE operators SET disabled_at = now(), updated_at = now() WHERE id = $1', [id]);
        await revokeSessions(q, id);
        break;
      case 'enable':
        if (!before.disabled) throw new Conflict('The operator is not disabled.');
        await q.query('UPDATE operators SET disabled_at = NULL, updated_at = now() WHERE id = $1', [id]);
        await clearThrottle(q, before.username);
        break;
      case 'unlock':
        await clearThrottle(q, before.username);
        break;
      case 'reset-totp':
        await q.query(
          'UPDATE operators SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL, updated_at = now() WHERE id = $1',
          [id],
        );
        if (id !== actor.staffId) await revokeSessions(q, id);
        break;
      case 'password':
        await q.query(
          'UPDATE operators SET password_hash = $2, password_change_required = true, password_changed_at = now(), updated_at = now() WHERE id = $1',
          [id, hash],
        );
        await revokeSessions(q, id);
        break;
    }
    const after = await getStaffAccountRow(q, cfg, id);
    await writeAudit(q, actor, {
      action: `operator.${change === 'reset-totp' ? 'reset_totp' : change === 'password' ? 'set_password' : change}`,
      entityType: 'operator',
      entityId: id,
      reason: input.reason,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}

/** A one-time TOTP enrolment link's token: 32 random bytes, base64url (only its sha256 is stored). */
const newLinkToken = () => randomBytes(32).toString('base64url');

/**
 * Issues a one-time TOTP enrolment link for operator `id` (whose TOTP must be off), ending their older unused links.
 * `actor.staffId` null: the server's operator:totp-link command. An admin cannot issue one for themselves.
 */
export async function issueTotpLink(
  db: Db,
  cfg: StaffLoginConfig,
  actor: AuditActor,
  id: number,
  reason: string,
): Promise<{ token: string; expires_at: string; operator: StaffAccountRow }> {
  if (actor.staffId === id) {
    throw new Conflict('Another admin issues your enrolment link (or the operator:totp-link command on the server).', { code: 'self' });
  }
  const token = newLinkToken();
  return db.tx(async (q) => {
    const before = await getStaffAccountRow(q, cfg, id, true);
    if (before.disabled) throw new Conflict('The operator is disabled.', { code: 'disabled' });
    if (before.totp_enabled) {
      throw new Conflict('Two-factor sign-in is on for this operator: reset it first.', { code: 'totp_enabled' });
    }
    await q.query('UPDATE operator_totp_links SET revoked_at = now() WHERE operator_id = $1 AND used_at IS NULL AND revoked_at IS NULL', [
      id,
    ]);
    const r = await q.query<{ expires_at: Date | string }>(
      `INSERT INTO operator_totp_links (token_hash, operator_id, issued_by, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at`,
      [sha256Hex(token), id, actor.staffId, Math.round(cfg.totpLinkHours * 3600)],
    );
    const after = await getStaffAccountRow(q, cfg, id);
    await writeAudit(q, actor, {
      action: 'operator.totp_link',
      entityType: 'operator',
      entityId: id,
      reason,
      before: auditView(before),
      after: { ...auditView(after), link_expires_at: iso(r.rows[0]!.expires_at) },
    });
    return { token, expires_at: iso(r.rows[0]!.expires_at)!, operator: after };
  });
}

/** Whether any operator can still manage the others (used by the CLI to make the first one an admin). */
export async function hasActiveAdmin(q: Queryable): Promise<boolean> {
  const r = await q.query(`SELECT 1 FROM operators WHERE role = 'admin' AND disabled_at IS NULL LIMIT 1`);
  return r.rows.length > 0;
}
