import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { StaffRole } from '@khela/contracts';
import { PASSWORD_CHANGE_PATHS, STAFF_MESSAGES, TOTP_ENROLMENT_PATHS } from '@khela/contracts';
import { sha256Hex } from '@khela/contracts/signing';
import type { Queryable } from '../db';
import { bearerToken } from './sessions';
import { isProduction } from '../config';
import { Forbidden, Unauthenticated } from '../errors';
import { auditActor, writeAudit } from '../core/audit';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the staff auth hook on staff (back-office) endpoints; null elsewhere. */
    staff: AuthStaff | null;
  }
}

export interface AuthStaff {
  id: number;
  username: string;
  name: string | null;
  role: StaffRole;
  totpEnabled: boolean;
  /** The password is one an admin set: only the password change (and me, log-out) answer until it is changed. */
  passwordChangeRequired: boolean;
  /** sha256 of the operator's bearer token (their session row). */
  sessionHash: string;
}

/**
 * TOTP is required of every operator in production (where OPERATOR_TOTP_REQUIRED=0 refuses to start: config.ts);
 * OPERATOR_TOTP_REQUIRED=1 or 0 overrides elsewhere (development leaves it optional so the demo's staff log in with a
 * password alone; the e2e enrols it anyway).
 */
export function totpRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OPERATOR_TOTP_REQUIRED === '1') return true;
  if (env.OPERATOR_TOTP_REQUIRED === '0') return false;
  return isProduction(env);
}

/** The operator behind a live back-office token (not revoked, not expired, operator not disabled), or null. */
export async function staffForToken(q: Queryable, token: string): Promise<AuthStaff | null> {
  const r = await q.query<{
    id: string;
    username: string;
    name: string | null;
    role: StaffRole;
    totp: boolean;
    password_change_required: boolean;
    token_hash: string;
  }>(
    `SELECT o.id, o.username, o.name, o.role, o.totp_enabled_at IS NOT NULL AS totp, o.password_change_required, s.token_hash
     FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND o.disabled_at IS NULL`,
    [sha256Hex(token)],
  );
  const row = r.rows[0];
  return row
    ? {
        id: Number(row.id),
        username: row.username,
        name: row.name,
        role: row.role,
        totpEnabled: row.totp,
        passwordChangeRequired: row.password_change_required,
        sessionHash: row.token_hash,
      }
    : null;
}

/** Admins may do everything; other roles what the endpoint names (no list: every operator). */
export function roleAllows(role: StaffRole, roles: readonly StaffRole[] | undefined): boolean {
  return role === 'admin' || !roles || roles.includes(role);
}

const enrolmentPaths = new Set<string>(TOTP_ENROLMENT_PATHS);
const passwordPaths = new Set<string>(PASSWORD_CHANGE_PATHS);

/**
 * The back-office auth of an endpoint: 401 without a live operator token (a player's token never counts), 403
 * `password_change_required` while the password is an admin's, 403 `totp_enrolment_required` while TOTP is required
 * and not enrolled, 403 `role` when the operator's role is not among `roles`. Every 403 is audited
 * (`staff.forbidden`, the endpoint and the refusal's code), so probing beyond one's role leaves a trace.
 */
export function staffAuthHook(roles: readonly StaffRole[] | undefined, path: string): onRequestHookHandler {
  return async function (req) {
    req.staff = null;
    const token = bearerToken(req.headers.authorization);
    const op = token ? await staffForToken(this.db, token) : null;
    if (!op) throw new Unauthenticated();
    const refuse = async (message: string, code: string) => {
      await writeAudit(
        this.db,
        { staffId: op.id, username: op.username, ip: req.ip ?? null },
        {
          action: 'staff.forbidden',
          entityType: 'endpoint',
          entityId: `${req.method} ${path}`,
          reason: code,
          after: { role: op.role, url: req.url.slice(0, 300) },
        },
      );
      return new Forbidden(message, { code });
    };
    if (op.passwordChangeRequired && !passwordPaths.has(path)) {
      throw await refuse(STAFF_MESSAGES.passwordChangeRequired, 'password_change_required');
    }
    if (!op.totpEnabled && totpRequired() && !enrolmentPaths.has(path)) {
      throw await refuse(STAFF_MESSAGES.totpEnrolRequired, 'totp_enrolment_required');
    }
    if (!roleAllows(op.role, roles)) throw await refuse(STAFF_MESSAGES.roleRefused, 'role');
    req.staff = op;
  };
}

/** The operator of a back-office request (the hook has already answered 401/403); narrows the type. */
export function requireStaff(req: Pick<FastifyRequest, 'staff'>): AuthStaff {
  if (!req.staff) throw new Unauthenticated();
  return req.staff;
}

/** The audit actor of a staff request, with the staff member's id (the services check it: not oneself, the maker). */
export const staffActor = (req: Parameters<typeof auditActor>[0] & Pick<FastifyRequest, 'staff'>) => ({
  ...auditActor(req),
  staffId: requireStaff(req).id,
});
