import { sha256Hex } from '@khela/contracts/signing';
import { STAFF_MESSAGES, type OperatorRole, type StaffOperator } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { newToken } from '../auth/sessions';
import { verifyPassword } from '../auth/passwords';
import { HttpError } from '../http/errors';
import { clearEvents, releaseAttempt, reserveAttempt } from '../identity/rate-limit';
import { writeAudit, type AuditActor } from './audit';
import { totpRequired, type AuthOperator } from './auth';
import type { StaffLoginConfig } from './config';
import { totpStep } from './totp';

export const OPERATOR_SESSION_HOURS = 12;

// argon2id of a random password: an unknown username costs the same time as a known one
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** What the console shows of the operator who is logged in. */
export function operatorView(op: Pick<AuthOperator, 'id' | 'username' | 'name' | 'role' | 'totpEnabled'>): StaffOperator {
  return {
    id: op.id,
    username: op.username,
    name: op.name,
    role: op.role,
    totp_enabled: op.totpEnabled,
    totp_enrolment_required: !op.totpEnabled && totpRequired(),
  };
}

export interface LoginInput {
  username: string;
  password: string;
  totp?: string | undefined;
  ip: string;
  userAgent: string | null;
}

interface OperatorRow {
  id: string;
  username: string;
  name: string | null;
  role: OperatorRole;
  password_hash: string;
  disabled_at: Date | null;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: string | null;
}

/**
 * Operator log-in: password (argon2) and, once enrolled, a TOTP code.
 *
 * Two throttles, both taken BEFORE argon2 so parallel guesses cannot all pass a count read before any of them failed:
 * 1. `reserveAttempt` per username and per IP (429), released again when the attempt turns out not to be a failure;
 * 2. the operator row's `failed_logins`, raised by one conditional UPDATE that refuses while `locked_until` is in the
 *    future and sets it when the count reaches `maxFailures` — of N parallel attempts at most `maxFailures` get
 *    through to the password check. A success (or a right password without the code yet) gives its count back.
 * A locked account refuses even the right password (423). Unknown user and wrong password answer the same 401.
 * Every refusal past the rate limit and every success is written to the audit log.
 */
export async function operatorLogin(
  db: Db,
  config: StaffLoginConfig,
  input: LoginInput,
): Promise<{ token: string; operator: StaffOperator }> {
  const typed = input.username.trim();
  const key = typed.toLowerCase();
  const reservation = await reserveAttempt(db, [
    { bucket: 'staff_login:username', key, rule: config.perUsername },
    { bucket: 'staff_login:ip', key: input.ip, rule: config.perIp },
  ]);
  const actor: AuditActor = { operatorId: null, username: typed, ip: input.ip };
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

  const found = await db.query<OperatorRow>(
    `SELECT id, username, name, role, password_hash, disabled_at, totp_secret, totp_enabled_at, totp_last_step
     FROM operators WHERE lower(username) = $1`,
    [key],
  );
  const row = found.rows[0];
  if (!row) {
    await verifyPassword(DUMMY_HASH, input.password);
    throw await fail('unknown user', null, 401, STAFF_MESSAGES.invalidLogin);
  }

  // the attempt counts as a failure from here on, unless it turns out not to be one
  const counted = await db.query<{ failed_logins: number; locked_until: Date | null }>(
    `UPDATE operators SET
       failed_logins = CASE WHEN locked_until IS NOT NULL THEN 1 ELSE failed_logins + 1 END,
       locked_until = CASE WHEN (CASE WHEN locked_until IS NOT NULL THEN 1 ELSE failed_logins + 1 END) >= $2
                           THEN now() + make_interval(secs => $3) ELSE NULL END
     WHERE id = $1 AND (locked_until IS NULL OR locked_until <= now())
     RETURNING failed_logins, locked_until`,
    [row.id, config.maxFailures, config.lockSeconds],
  );
  if (!counted.rows[0]) throw await fail('locked', row.id, 423, STAFF_MESSAGES.locked, { code: 'locked' });
  const failures = counted.rows[0].failed_logins;
  /** This attempt was no failure after all: its count (and a lock it alone caused) is taken back. */
  const uncount = () =>
    db.query(
      `UPDATE operators SET failed_logins = greatest(failed_logins - 1, 0),
         locked_until = CASE WHEN failed_logins - 1 < $2 THEN NULL ELSE locked_until END
       WHERE id = $1`,
      [row.id, config.maxFailures],
    );

  if (!(await verifyPassword(row.password_hash, input.password))) {
    throw await fail('wrong password', row.id, 401, STAFF_MESSAGES.invalidLogin, {
      failed_logins: failures,
      locked: failures >= config.maxFailures,
    });
  }
  if (row.disabled_at) {
    await uncount();
    await releaseAttempt(db, reservation);
    throw await fail('disabled', row.id, 403, STAFF_MESSAGES.disabled, { code: 'disabled' });
  }
  if (row.totp_enabled_at && row.totp_secret) {
    if (!input.totp) {
      // the right password, the code still to come: nothing counts against the account for that
      await uncount();
      await releaseAttempt(db, reservation);
      throw new HttpError(401, STAFF_MESSAGES.totpRequired, { code: 'totp_required' });
    }
    const last = row.totp_last_step === null ? null : Number(row.totp_last_step);
    const step = await totpStep(row.totp_secret, input.totp, last);
    // the step is spent by one UPDATE: two parallel log-ins with the same code cannot both pass
    const spent = step !== null && (await spendTotpStep(db, Number(row.id), step));
    if (!spent) {
      throw await fail('wrong code', row.id, 401, STAFF_MESSAGES.totpInvalid, {
        code: 'totp_invalid',
        failed_logins: failures,
        locked: failures >= config.maxFailures,
      });
    }
  }

  const token = newToken();
  const operator = await db.tx(async (q) => {
    const r = await q.query<{ totp: boolean }>(
      `UPDATE operators SET failed_logins = 0, locked_until = NULL, last_login_at = now()
       WHERE id = $1 RETURNING totp_enabled_at IS NOT NULL AS totp`,
      [row.id],
    );
    await q.query(
      `INSERT INTO operator_sessions (token_hash, operator_id, expires_at, ip, user_agent)
       VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5)`,
      [sha256Hex(token), row.id, OPERATOR_SESSION_HOURS, input.ip, input.userAgent?.slice(0, 500) ?? null],
    );
    await writeAudit(
      q,
      { operatorId: Number(row.id), username: row.username, ip: input.ip },
      { action: 'staff.login', entityType: 'operator', entityId: row.id, after: { user_agent: input.userAgent, totp: !!r.rows[0]?.totp } },
    );
    return operatorView({ id: Number(row.id), username: row.username, name: row.name, role: row.role, totpEnabled: !!r.rows[0]?.totp });
  });
  await releaseAttempt(db, reservation);
  await clearEvents(db, 'staff_login:username', key);
  return { token, operator };
}

/** Records `step` as the operator's last used TOTP step; false when it (or a later one) was used already. */
export async function spendTotpStep(q: Queryable, operatorId: number, step: number): Promise<boolean> {
  const r = await q.query(
    'UPDATE operators SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
    [operatorId, step],
  );
  return r.rows.length > 0;
}

export async function operatorLogout(q: Queryable, token: string): Promise<void> {
  await q.query('UPDATE operator_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [sha256Hex(token)]);
}

/** Hashes of the operator's revoked sessions that have not expired: their staff streams must end (disable, TOTP reset). */
export async function revokedSessionHashes(q: Queryable, operatorId: number): Promise<string[]> {
  const r = await q.query<{ token_hash: string }>(
    'SELECT token_hash FROM operator_sessions WHERE operator_id = $1 AND revoked_at IS NOT NULL AND expires_at > now()',
    [operatorId],
  );
  return r.rows.map((row) => row.token_hash);
}
