// Back office: operator log-in (password + TOTP), the operator's own account, operators (admin), the audit log.
import { z } from 'zod';
import { endpoint, messageResponse, money, OPERATOR_ROLES } from '../../endpoint';
import { staffListQuery, staffPage, staffReason } from './common';

export const operatorRole = z.enum(OPERATOR_ROLES);

export const STAFF_MESSAGES = {
  invalidLogin: 'Invalid username or password.',
  totpRequired: 'Enter the 6-digit code from your authenticator app.',
  totpInvalid: 'The code is wrong or expired. Enter the current 6-digit code.',
  totpEnrolRequired: 'Two-factor sign-in is required: set up your authenticator app first.',
  passwordChangeRequired: 'Your password was set by an admin: choose your own password first.',
  totpLinkInvalid: 'This enrolment link is not valid any more (used, replaced or expired). Ask an admin for a new one.',
  disabled: 'This operator account is disabled.',
  roleRefused: 'Your role does not allow this action.',
} as const;

export const operatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  role: operatorRole,
  totp_enabled: z.boolean(),
  /** True while this operator must enrol TOTP before doing anything else (production mode, or an admin's demand). */
  totp_enrolment_required: z.boolean(),
  /** True while the password is one an admin set: nothing works but changing it (then TOTP enrolment, if due). */
  password_change_required: z.boolean(),
});
export type StaffOperator = z.infer<typeof operatorSchema>;

/**
 * POST /api/operator/login. Wrong password or unknown user: 401 invalidLogin (the same answer). TOTP enrolled and no
 * `totp`: 401 with `code: 'totp_required'` (nothing is counted against the account for that); a wrong or already
 * used code: 401 `code: 'totp_invalid'`. Failures slow down the pair (username, address) that made them: 429 with
 * `retry_after` for that pair only (the same operator from another address still logs in; an admin's unlock clears
 * it), and per address whatever the username; nothing locks the account for everyone. Disabled: 403
 * `code: 'disabled'` (after the right password only).
 */
export const staffLogin = endpoint({
  method: 'POST',
  path: '/api/operator/login',
  auth: 'none',
  body: z.object({
    username: z.string().trim().min(1, 'Username is required').max(64),
    password: z.string().min(1, 'Password is required').max(256),
    totp: z
      .string()
      .trim()
      .max(6, STAFF_MESSAGES.totpInvalid)
      .regex(/^\d{6}$/, STAFF_MESSAGES.totpInvalid)
      .optional(),
  }),
  response: z.object({ token: z.string(), operator: operatorSchema }),
  tags: ['operator'],
});

export const staffLogout = endpoint({
  method: 'POST',
  path: '/api/operator/logout',
  auth: 'operator',
  response: messageResponse,
  tags: ['operator'],
});

export const staffMe = endpoint({
  method: 'GET',
  path: '/api/operator/me',
  auth: 'operator',
  response: operatorSchema,
  tags: ['operator'],
});

/**
 * What an operator who must still enrol TOTP may call (everything else answers 403 with code
 * 'totp_enrolment_required'): their own account, log-out, and the enrolment itself.
 */
export const TOTP_ENROLMENT_PATHS = [
  '/api/operator/me',
  '/api/operator/logout',
  '/api/operator/password',
  '/api/operator/totp/setup',
  '/api/operator/totp/confirm',
] as const;

/**
 * What an operator whose password an admin set may call (everything else answers 403 with code
 * 'password_change_required'): their own account, log-out, and the password change.
 */
export const PASSWORD_CHANGE_PATHS = ['/api/operator/me', '/api/operator/logout', '/api/operator/password'] as const;

/** The rules of every operator password (the API checks them too, with the username). */
export const OPERATOR_PASSWORD_MIN = 12;
const operatorPassword = z
  .string()
  .min(OPERATOR_PASSWORD_MIN, `The password must be at least ${OPERATOR_PASSWORD_MIN} characters.`)
  .max(256, 'The password must be at most 256 characters.');

/**
 * POST /api/operator/password: the operator's own password change. 422 `current_password` when the current one is
 * wrong (throttled per operator: 429), `new_password` when the new one breaks the rules (at least 12 characters, not
 * containing the username, not the current one). Ends the operator's other sessions; clears password_change_required.
 */
export const staffChangePassword = endpoint({
  method: 'POST',
  path: '/api/operator/password',
  auth: 'operator',
  body: z.object({
    current_password: z.string().min(1, 'Enter your current password.').max(256),
    new_password: operatorPassword,
  }),
  response: operatorSchema,
  tags: ['operator'],
});

// ---- TOTP enrolment (the operator's own account, through an admin's one-time link) ----

/** The token of an admin's one-time enrolment link (the console's /enrol#<token>). */
const totpLink = z.string().trim().min(16, STAFF_MESSAGES.totpLinkInvalid).max(128, STAFF_MESSAGES.totpLinkInvalid);

/**
 * POST /api/operator/totp/setup: a new secret for the operator (replacing an unconfirmed one), only with a live
 * one-time link an admin issued for this operator (409 `code: 'totp_link_invalid'` otherwise: no trust on first use);
 * refused with 409 while TOTP is on — an admin resets it. The console draws `otpauth_uri` as a QR code and shows
 * `secret` for typing in.
 */
export const staffTotpSetup = endpoint({
  method: 'POST',
  path: '/api/operator/totp/setup',
  auth: 'operator',
  body: z.object({ link: totpLink }),
  response: z.object({ secret: z.string(), otpauth_uri: z.string() }),
  tags: ['operator'],
});

/**
 * POST /api/operator/totp/confirm: a current code of the new secret turns TOTP on and spends the link (422 on a wrong
 * code; 409 `totp_link_invalid` when the link was spent, replaced or expired meanwhile).
 */
export const staffTotpConfirm = endpoint({
  method: 'POST',
  path: '/api/operator/totp/confirm',
  auth: 'operator',
  body: z.object({
    link: totpLink,
    totp: z
      .string()
      .trim()
      .max(6, STAFF_MESSAGES.totpInvalid)
      .regex(/^\d{6}$/, STAFF_MESSAGES.totpInvalid),
  }),
  response: operatorSchema,
  tags: ['operator'],
});

// ---- Operators (admin) ----

export const OPERATOR_SORTS = ['id', 'username', 'role', 'last_login_at', 'created_at'] as const;

export const operatorRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  role: operatorRole,
  disabled: z.boolean(),
  totp_enabled: z.boolean(),
  /** ISO expiry of the live (unused) TOTP enrolment link an admin issued, else null. */
  totp_link_expires_at: z.string().nullable(),
  password_change_required: z.boolean(),
  /** Failed log-ins under this username within the throttle window, from every address. */
  failed_logins: z.number().int(),
  /** Addresses that are waiting now after too many failures with this username (the account works from others). */
  throttled_addresses: z.number().int(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffOperatorRow = z.infer<typeof operatorRowSchema>;

/** GET /api/operator/operators (admin): server-paged; q searches username and name. */
export const staffOperators = endpoint({
  method: 'GET',
  path: '/api/operator/operators',
  auth: 'operator',
  roles: ['admin'],
  query: staffListQuery(OPERATOR_SORTS).extend({
    role: operatorRole.optional(),
    status: z.enum(['active', 'disabled', 'throttled']).optional(),
  }),
  response: staffPage(operatorRowSchema),
  tags: ['operator'],
});

/** POST /api/operator/operators (admin): a new operator with an initial password (at least 12 characters, not containing the username). */
export const staffCreateOperator = endpoint({
  method: 'POST',
  path: '/api/operator/operators',
  auth: 'operator',
  roles: ['admin'],
  body: z.object({
    username: z
      .string()
      .trim()
      .max(32, 'The username must be 3-32 letters, digits, dots, dashes or underscores.')
      .regex(/^[A-Za-z0-9._-]{3,32}$/, 'The username must be 3-32 letters, digits, dots, dashes or underscores.'),
    name: z.string().trim().max(100).optional(),
    role: operatorRole,
    /** A first password the operator must change at the first log-in. */
    password: operatorPassword,
  }),
  response: operatorRowSchema,
  tags: ['operator'],
});

const operatorIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * POST /api/operator/operators/{id}/{action} (admin), with a reason for the audit log:
 * - role: a new role (an admin cannot demote the last active admin)
 * - disable: the account cannot log in and its sessions end at once (not the last active admin, not oneself)
 * - enable, unlock (every address throttled for this username may try again), reset-totp (the operator enrols again,
 *   through a new link)
 */
export const staffSetOperatorRole = endpoint({
  method: 'POST',
  path: '/api/operator/operators/{id}/role',
  auth: 'operator',
  roles: ['admin'],
  params: operatorIdParams,
  body: z.object({ role: operatorRole, reason: staffReason }),
  response: operatorRowSchema,
  tags: ['operator'],
});

const reasonBody = z.object({ reason: staffReason });
const operatorAction = (path: string) =>
  endpoint({
    method: 'POST',
    path: `/api/operator/operators/{id}/${path}`,
    auth: 'operator',
    roles: ['admin'],
    params: operatorIdParams,
    body: reasonBody,
    response: operatorRowSchema,
    tags: ['operator'],
  });
export const staffDisableOperator = operatorAction('disable');
export const staffEnableOperator = operatorAction('enable');
export const staffUnlockOperator = operatorAction('unlock');
export const staffResetOperatorTotp = operatorAction('reset-totp');

/**
 * POST /api/operator/operators/{id}/password (admin): a new password the operator must change at the next log-in;
 * their sessions end. Not for one's own account (that is POST /api/operator/password).
 */
export const staffSetOperatorPassword = endpoint({
  method: 'POST',
  path: '/api/operator/operators/{id}/password',
  auth: 'operator',
  roles: ['admin'],
  params: operatorIdParams,
  body: z.object({ password: operatorPassword, reason: staffReason }),
  response: operatorRowSchema,
  tags: ['operator'],
});

/**
 * POST /api/operator/operators/{id}/totp-link (admin): a one-time TOTP enrolment link for another operator whose
 * TOTP is off (409 `totp_enabled` otherwise; 409 `self` for one's own account: another admin, or the server's
 * operator:totp-link command, issues it). Replaces the operator's older unused link. The token is shown once, here;
 * only its hash is kept. The console makes it `<console origin>/enrol#<token>`.
 */
export const staffIssueTotpLink = endpoint({
  method: 'POST',
  path: '/api/operator/operators/{id}/totp-link',
  auth: 'operator',
  roles: ['admin'],
  params: operatorIdParams,
  body: reasonBody,
  response: z.object({ token: z.string(), expires_at: z.string(), operator: operatorRowSchema }),
  tags: ['operator'],
});

// ---- Audit log (admin) ----

const dhakaDate = z
  .string()
  .max(10, 'Dates are YYYY-MM-DD (Dhaka time).')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD (Dhaka time).');

export const auditRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  operator_id: z.number().int().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type StaffAuditRow = z.infer<typeof auditRowSchema>;

/**
 * GET /api/operator/audit (admin): newest first, server-paged. `operator` is a username (exact, any case), `action` a
 * prefix ('payment.' or 'staff.login'), `from`/`to` Dhaka dates (both included); q searches action, username,
 * entity id and reason.
 */
export const staffAudit = endpoint({
  method: 'GET',
  path: '/api/operator/audit',
  auth: 'operator',
  roles: ['admin'],
  query: staffListQuery(['id'] as const).extend({
    operator: z.string().trim().max(64).optional(),
    action: z.string().trim().max(64).optional(),
    entity_type: z.string().trim().max(64).optional(),
    entity_id: z.string().trim().max(64).optional(),
    from: dhakaDate.optional(),
    to: dhakaDate.optional(),
  }),
  response: staffPage(auditRowSchema),
  tags: ['operator'],
});

/**
 * GET /api/operator/audit/chain (admin): the audit's hash chain checked now (the job seals rows after they commit;
 * `pnpm --filter api audit:verify` does the same from the server). `problems` names every changed or missing row and
 * cut seal; a row sealed late (its transaction committed after a later one was sealed) is listed but not a failure.
 */
export const staffAuditChain = endpoint({
  method: 'GET',
  path: '/api/operator/audit/chain',
  auth: 'operator',
  roles: ['admin'],
  response: z.object({
    ok: z.boolean(),
    sealed: z.number().int(),
    unsealed: z.number().int(),
    head: z.number().int(),
    problems: z.array(z.string()),
    checked_at: z.string(),
  }),
  tags: ['operator'],
});

// ---- Dashboard (every role) ----

export const dashboardSchema = z.object({
  /** Pending deposits and withdrawals per currency; `amount` is null for the content role (no money totals). */
  pending: z.array(
    z.object({ action: z.enum(['deposit', 'withdraw']), currency: z.string(), count: z.number().int(), amount: money.nullable() }),
  ),
  /** Chats whose latest message is from the player. */
  open_chats: z.number().int(),
  /** Distinct players with a live push stream. */
  players_online: z.number().int(),
  /** Today's (Dhaka day) figures per currency, from the reports; null for the content role (no money totals). */
  today: z
    .object({
      day: z.string(),
      rows: z.array(z.object({ currency: z.string(), deposits: money, withdrawals: money, casino_ggr: money, exchange_commission: money })),
    })
    .nullable(),
  /** Unresolved staff alerts, newest first (at most 50). */
  alerts: z.array(
    z.object({ id: z.number().int(), kind: z.string(), message: z.string(), ref: z.string().nullable(), created_at: z.string() }),
  ),
  alerts_total: z.number().int(),
});
export type StaffDashboard = z.infer<typeof dashboardSchema>;

export const staffDashboard = endpoint({
  method: 'GET',
  path: '/api/operator/dashboard',
  auth: 'operator',
  response: dashboardSchema,
  tags: ['operator'],
});

/** POST /api/operator/alerts/{id}/resolve (risk; admin): the alert leaves the dashboard (audited). 409 when already resolved. */
export const staffResolveAlert = endpoint({
  method: 'POST',
  path: '/api/operator/alerts/{id}/resolve',
  auth: 'operator',
  roles: ['risk'],
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ reason: staffReason.optional() }),
  response: messageResponse,
  tags: ['operator'],
});
