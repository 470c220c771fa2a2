import { sha256Hex } from '@khela/contracts/signing';
import { STAFF_MESSAGES, type StaffRole, type StaffAccount } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { newToken } from '../auth/sessions';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { Conflict, HttpError, ValidationFailed } from '../errors';
import { clearEvents, releaseAttempt, reserveAttempt } from '../infra/throttle';
import { checkPassword, StaffInputError } from './staff-accounts';
import { writeAudit, type AuditActor } from '../core/audit';
import { totpRequired, type AuthStaff } from '../auth/staff';
import { pairKey, STAFF_LOGIN_PAIR, type StaffLoginConfig } from './config';
import { totpStep } from './totp';

export const OPERATOR_SESSION_HOURS = 12;

// argon2id of a random password: an unknown username costs the same time as a known one
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** What the console shows of the operator who is logged in. */
export function staffAccountView(
  op: Pick<AuthStaff, 'id' | 'username' | 'name' | 'role' | 'totpEnabled' | 'passwordChangeRequired'>,
): StaffAccount {
  return {
    id: op.id,
    username: op.username,
    name: op.name,
    role: op.role,
    totp_enabled: op.totpEnabled,
    totp_enrolment_required: !op.totpEnabled && totpRequired(),
    password_change_required: op.passwordChangeRequired,
  };
}

export interface LoginInput {
  username: string;
  password: string;
  totp?: string | undefined;
  ip: string;
  userAgent: string | null;
}

interface StaffLoginRow {
  id: string;
  username: string;
  name: string | null;
  role: StaffRole;
  password_hash: string;
  password_change_required: boolean;
  disabled_at: Date | null;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: string | null;
}

/** A staff alert raised by the log-in (many failures under one username from many addresses). */
export interface LoginAlert {
  kind: string;
  message: string;
  ref: string;
}

/**
 * Operator log-in: password (argon2) and, once enrolled, a TOTP code.
 *
 * Failures slow down the pair (username, address) that made them, and the address whatever the username: one
 * `reserveAttempt` for both, taken BEFORE argon2 under an advisory lock, so of N parallel guesses at most the limit
 * reach the password check; the rest answer 429 with `retry_after`. The reservation is given back when the attempt
 * turns out to be no failure (the right password without its code yet, a disabled account), and a success clears
 * the pair. Nothing locks the account for everyone: the same operator logs in from another address, and an admin's
 * unlock clears every pair of the username. Failures of one username from everywhere past `alertFailures` in an
 * hour raise one open staff alert (returned through `onAlert` for the staff stream).
 * Unknown user and wrong password answer the same 401. Every refusal past the throttle and every success is audited.
 */
export async function staffLogIn(
  db: Db,
  config: StaffLoginConfig,
  input: LoginInput,
  onAlert?: (alert: LoginAlert) => void,
): Promise<{ token: string; operator: StaffAccount }> {
  const typed = input.username.trim();
  const key = typed.toLowerCase();
  const pair = pairKey(key, input.ip);
  const reservation = await reserveAttempt(db, [
    { bucket: STAFF_LOGIN_PAIR, key: pair, rule: config.perPair },
    { bucket: 'staff_login:ip', key: input.ip, rule: config.perIp },
  ]);
  const actor: AuditActor = { staffId: null, username: typed, ip: input.ip };
  const fail = async (why: string, entityId: string | null, status: number, message: string, extra: Record<string, unknown> = {}) => {
    await writeAudit(db, actor, {
      action: 'staff.login_failed',
      entityType: 'operator',
      ...(entityId ? { entityId } : {}),
      reason: why,
      after: { user_agent: input.userAgent, ...extra },
    });
    return new HttpError(status, message, extra.code ? { code: extra.code } : {});
  };
  /** A counted failure: the audit line, and the username-wide alert when failures pile up from everywhere. */
  const failed = async (why: string, entityId: string | null, message: string, extra: Record<string, unknown> = {}) => {
    const alert = await alertOnSpread(db, config, key);
    if (alert) onAlert?.(alert);
    return fail(why, entityId, 401, message, extra);
  };

  const found = await db.query<StaffLoginRow>(
    `SELECT id, username, name, role, password_hash, password_change_required, disabled_at, totp_secret, totp_enabled_at, totp_last_step
     FROM operators WHERE lower(username) = $1`,
    [key],
  );
  const row = found.rows[0];
  if (!row) {
    await verifyPassword(DUMMY_HASH, input.password);
    throw await failed('unknown user', null, STAFF_MESSAGES.invalidLogin);
  }

  if (!(await verifyPassword(row.password_hash, input.password))) {
    throw await failed('wrong password', row.id, STAFF_MESSAGES.invalidLogin);
  }
  if (row.disabled_at) {
    await releaseAttempt(db, reservation);
    throw await fail('disabled', row.id, 403, STAFF_MESSAGES.disabled, { code: 'disabled' });
  }
  if (row.totp_enabled_at && row.totp_secret) {
    if (!input.totp) {
      // the right password, the code still to come: nothing counts against the pair for that
      await releaseAttempt(db, reservation);
      throw new HttpError(401, STAFF_MESSAGES.totpRequired, { code: 'totp_required' });
    }
    const last = row.totp_last_step === null ? null : Number(row.totp_last_step);
    const step = await totpStep(row.totp_secret, input.totp, last);
    // the step is spent by one UPDATE: two parallel log-ins with the same code cannot both pass
    const spent = step !== null && (await spendTotpStep(db, Number(row.id), step));
    if (!spent) throw await failed('wrong code', row.id, STAFF_MESSAGES.totpInvalid, { code: 'totp_invalid' });
  }

  const token = newToken();
  const operator = await db.tx(async (q) => {
    const r = await q.query<{ totp: boolean }>(
      `UPDATE operators SET last_login_at = now() WHERE id = $1 RETURNING totp_enabled_at IS NOT NULL AS totp`,
      [row.id],
    );
    await q.query(
      `INSERT INTO operator_sessions (token_hash, operator_id, expires_at, ip, user_agent)
       VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5)`,
      [sha256Hex(token), row.id, OPERATOR_SESSION_HOURS, input.ip, input.userAgent?.slice(0, 500) ?? null],
    );
    await writeAudit(
      q,
      { staffId: Number(row.id), username: row.username, ip: input.ip },
      {
        action: 'staff.login',
        entityType: 'operator',
        entityId: row.id,
        after: { user_agent: input.userAgent, totp: !!r.rows[0]?.totp, password_change_required: row.password_change_required },
      },
    );
    return staffAccountView({
      id: Number(row.id),
      username: row.username,
      name: row.name,
      role: row.role,
      totpEnabled: !!r.rows[0]?.totp,
      passwordChangeRequired: row.password_change_required,
    });
  });
  await releaseAttempt(db, reservation);
  await clearEvents(db, STAFF_LOGIN_PAIR, pair);
  return { token, operator };
}

/**
 * Raises one open staff alert when the failures under `username` from every address within an hour reach
 * `alertFailures` (a guessing attack spread over many addresses, which the pair throttle alone would not stop);
 * null when none was raised now.
 */
async function alertOnSpread(db: Db, config: StaffLoginConfig, username: string): Promise<LoginAlert | null> {
  const n = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rate_limit_events
     WHERE bucket = $1 AND left(key, length($2) + 1) = $2 || '|' AND created_at > now() - interval '1 hour'`,
    [STAFF_LOGIN_PAIR, username],
  );
  if (Number(n.rows[0]?.n ?? 0) < config.alertFailures) return null;
  const ref = `operator-login:${username}`;
  const message = `Many failed back-office log-ins for "${username}" from several addresses in the last hour`;
  const r = await db.query(
    `INSERT INTO staff_alerts (kind, message, ref)
     SELECT 'staff.login_spread', $1, $2 WHERE NOT EXISTS (SELECT 1 FROM staff_alerts WHERE ref = $2 AND resolved_at IS NULL)
     RETURNING id`,
    [message, ref],
  );
  return r.rows.length ? { kind: 'staff.login_spread', message, ref } : null;
}

/**
 * The operator's own password change: the current password (throttled per operator), the rules, not the same
 * password again. Ends every other session of the operator and clears password_change_required, audited.
 */
export async function changeOwnPassword(
  db: Db,
  op: AuthStaff,
  actor: AuditActor,
  input: { current_password: string; new_password: string },
): Promise<StaffAccount> {
  const reservation = await reserveAttempt(db, [
    { bucket: 'staff_password:operator', key: String(op.id), rule: { max: 5, windowSeconds: 15 * 60 } },
  ]);
  const r = await db.query<{ password_hash: string }>('SELECT password_hash FROM operators WHERE id = $1', [op.id]);
  if (!r.rows[0] || !(await verifyPassword(r.rows[0].password_hash, input.current_password))) {
    await writeAudit(db, actor, {
      action: 'staff.password_change_failed',
      entityType: 'operator',
      entityId: op.id,
      reason: 'wrong password',
    });
    throw new ValidationFailed({ current_password: ['The current password is wrong.'] });
  }
  await releaseAttempt(db, reservation);
  try {
    checkPassword(op.username, input.new_password);
  } catch (err) {
    if (err instanceof StaffInputError) throw new ValidationFailed({ new_password: [err.message] });
    throw err;
  }
  if (input.new_password === input.current_password) {
    throw new ValidationFailed({ new_password: ['Choose a password other than the current one.'] });
  }
  const hash = await hashPassword(input.new_password);
  await db.tx(async (q) => {
    await q.query(
      `UPDATE operators SET password_hash = $2, password_change_required = false, password_changed_at = now(), updated_at = now()
       WHERE id = $1`,
      [op.id, hash],
    );
    await q.query('UPDATE operator_sessions SET revoked_at = now() WHERE operator_id = $1 AND revoked_at IS NULL AND token_hash <> $2', [
      op.id,
      op.sessionHash,
    ]);
    await writeAudit(q, actor, {
      action: 'staff.password_change',
      entityType: 'operator',
      entityId: op.id,
      before: { password_change_required: op.passwordChangeRequired },
      after: { password_change_required: false },
    });
  });
  return staffAccountView({ ...op, passwordChangeRequired: false });
}

/** The live link of `token` for this operator (unused, not replaced, not expired), or 409 totp_link_invalid. */
export async function assertTotpLink(q: Queryable, staffId: number, token: string, spend = false): Promise<void> {
  const r = await q.query(
    `${spend ? 'UPDATE operator_totp_links SET used_at = now()' : 'SELECT 1 FROM operator_totp_links'}
     WHERE token_hash = $1 AND operator_id = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
     ${spend ? 'RETURNING operator_id' : ''}`,
    [sha256Hex(token), staffId],
  );
  if (!r.rows.length) throw new Conflict(STAFF_MESSAGES.totpLinkInvalid, { code: 'totp_link_invalid' });
}

/** Records `step` as the operator's last used TOTP step; false when it (or a later one) was used already. */
export async function spendTotpStep(q: Queryable, staffId: number, step: number): Promise<boolean> {
  const r = await q.query(
    'UPDATE operators SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
    [staffId, step],
  );
  return r.rows.length > 0;
}

/** Stores a new TOTP secret for the operator's set-up; false when two-factor sign-in is already on. */
export async function startTotpSetup(q: Queryable, staffId: number, secret: string): Promise<boolean> {
  const r = await q.query(
    'UPDATE operators SET totp_secret = $2, totp_last_step = NULL, updated_at = now() WHERE id = $1 AND totp_enabled_at IS NULL RETURNING id',
    [staffId, secret],
  );
  return r.rows.length > 0;
}

/** The operator's TOTP set-up as stored (secret, when it was turned on, the last step used). */
export async function totpState(
  q: Queryable,
  staffId: number,
): Promise<{ totp_secret: string | null; totp_enabled_at: Date | null; totp_last_step: string | null } | undefined> {
  const r = await q.query<{ totp_secret: string | null; totp_enabled_at: Date | null; totp_last_step: string | null }>(
    'SELECT totp_secret, totp_enabled_at, totp_last_step FROM operators WHERE id = $1',
    [staffId],
  );
  return r.rows[0];
}

/** Turns two-factor sign-in on if `secret` is still the one set up; false when it changed or is already on. */
export async function enableTotp(q: Queryable, staffId: number, secret: string): Promise<boolean> {
  const r = await q.query(
    'UPDATE operators SET totp_enabled_at = now(), updated_at = now() WHERE id = $1 AND totp_secret = $2 AND totp_enabled_at IS NULL RETURNING id',
    [staffId, secret],
  );
  return r.rows.length > 0;
}

export async function staffLogOut(q: Queryable, token: string): Promise<void> {
  await q.query('UPDATE operator_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [sha256Hex(token)]);
}

/** Hashes of the operator's revoked sessions that have not expired: their staff streams must end (disable, TOTP reset). */
export async function revokedSessionHashes(q: Queryable, staffId: number): Promise<string[]> {
  const r = await q.query<{ token_hash: string }>(
    'SELECT token_hash FROM operator_sessions WHERE operator_id = $1 AND revoked_at IS NOT NULL AND expires_at > now()',
    [staffId],
  );
  return r.rows.map((row) => row.token_hash);
}
