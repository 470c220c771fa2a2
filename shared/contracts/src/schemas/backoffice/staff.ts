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
  locked: 'This operator account is locked after repeated failed log-ins. Try again later or ask an admin.',
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
});
export type StaffOperator = z.infer<typeof operatorSchema>;

/**
 * POST /api/operator/login. Wrong password or unknown user: 401 invalidLogin (the same answer). TOTP enrolled and no
 * `totp`: 401 with `code: 'totp_required'` (nothing is counted against the account for that); a wrong or already
 * used code: 401 `code: 'totp_invalid'`. Consecutive failures lock the account (423 `code: 'locked'`, even with the
 * right password, until the lock ends or an admin unlocks it); disabled: 403 `code: 'disabled'` (after the right
 * password only). Throttled per username and per IP: 429.
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
  '/api/operator/totp/setup',
  '/api/operator/totp/confirm',
] as const;

// ---- TOTP enrolment (the operator's own account) ----

/**
 * POST /api/operator/totp/setup: a new secret for the operator (replacing an unconfirmed one; refused with 409 while
 * TOTP is on — an admin resets it). The console draws `otpauth_uri` as a QR code and shows `secret` for typing in.
 */
export const staffTotpSetup = endpoint({
  method: 'POST',
  path: '/api/operator/totp/setup',
  auth: 'operator',
  response: z.object({ secret: z.string(), otpauth_uri: z.string() }),
  tags: ['operator'],
});

/** POST /api/operator/totp/confirm: a current code of the new secret turns TOTP on (422 on a wrong code). */
export const staffTotpConfirm = endpoint({
  method: 'POST',
  path: '/api/operator/totp/confirm',
  auth: 'operator',
  body: z.object({
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
  /** ISO time while the account is locked after failed log-ins, else null. */
  locked_until: z.string().nullable(),
  failed_logins: z.number().int(),
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
    status: z.enum(['active', 'disabled', 'locked']).optional(),
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
    password: z.string().min(12, 'The password must be at least 12 characters.').max(256),
  }),
  response: operatorRowSchema,
  tags: ['operator'],
});

const operatorIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * POST /api/operator/operators/{id}/{action} (admin), with a reason for the audit log:
 * - role: a new role (an admin cannot demote the last active admin)
 * - disable: the account cannot log in and its sessions end at once (not the last active admin, not oneself)
 * - enable, unlock (clears the failed log-in count and lock), reset-totp (the operator enrols again)
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

// ---- Dashboard (every role) ----

export const dashboardSchema = z.object({
  /** Pending deposits and withdrawals per currency. */
  pending: z.array(z.object({ action: z.enum(['deposit', 'withdraw']), currency: z.string(), count: z.number().int(), amount: money })),
  /** Chats whose latest message is from the player. */
  open_chats: z.number().int(),
  /** Distinct players with a live push stream. */
  players_online: z.number().int(),
  /** Today's (Dhaka day) figures per currency, from the reports. */
  today: z.object({
    day: z.string(),
    rows: z.array(z.object({ currency: z.string(), deposits: money, withdrawals: money, casino_ggr: money, exchange_commission: money })),
  }),
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
