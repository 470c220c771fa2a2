// Staff accounts (admin): list, create, role, disable/enable, unlock, passwords, TOTP links (console: areas/staff-accounts).
import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { staffListQuery, staffPage, staffReason } from './common';
import { staffPassword, staffRole } from './account';

export const STAFF_ACCOUNT_SORTS = ['id', 'username', 'role', 'last_login_at', 'created_at'] as const;

export const staffAccountRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  role: staffRole,
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
export type StaffAccountRow = z.infer<typeof staffAccountRowSchema>;

/** GET /api/operator/operators (admin): server-paged; q searches username and name. */
export const staffAccounts = endpoint({
  method: 'GET',
  path: '/api/operator/operators',
  auth: 'staff',
  roles: ['admin'],
  query: staffListQuery(STAFF_ACCOUNT_SORTS).extend({
    role: staffRole.optional(),
    status: z.enum(['active', 'disabled', 'throttled']).optional(),
  }),
  response: staffPage(staffAccountRowSchema),
  tags: ['staff'],
});

/** POST /api/operator/operators (admin): a new operator with an initial password (at least 12 characters, not containing the username). */
export const staffCreateAccount = endpoint({
  method: 'POST',
  path: '/api/operator/operators',
  auth: 'staff',
  roles: ['admin'],
  body: z.object({
    username: z
      .string()
      .trim()
      .max(32, 'The username must be 3-32 letters, digits, dots, dashes or underscores.')
      .regex(/^[A-Za-z0-9._-]{3,32}$/, 'The username must be 3-32 letters, digits, dots, dashes or underscores.'),
    name: z.string().trim().max(100).optional(),
    role: staffRole,
    /** A first password the operator must change at the first log-in. */
    password: staffPassword,
  }),
  response: staffAccountRowSchema,
  tags: ['staff'],
});

const staffAccountIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * POST /api/operator/operators/{id}/{action} (admin), with a reason for the audit log:
 * - role: a new role (an admin cannot demote the last active admin)
 * - disable: the account cannot log in and its sessions end at once (not the last active admin, not oneself)
 * - enable, unlock (every address throttled for this username may try again), reset-totp (the operator enrols again,
 *   through a new link)
 */
export const staffSetAccountRole = endpoint({
  method: 'POST',
  path: '/api/operator/operators/{id}/role',
  auth: 'staff',
  roles: ['admin'],
  params: staffAccountIdParams,
  body: z.object({ role: staffRole, reason: staffReason }),
  response: staffAccountRowSchema,
  tags: ['staff'],
});

const reasonBody = z.object({ reason: staffReason });
const staffAccountAction = (path: string) =>
  endpoint({
    method: 'POST',
    path: `/api/operator/operators/{id}/${path}`,
    auth: 'staff',
    roles: ['admin'],
    params: staffAccountIdParams,
    body: reasonBody,
    response: staffAccountRowSchema,
    tags: ['staff'],
  });
export const staffDisableAccount = staffAccountAction('disable');
export const staffEnableAccount = staffAccountAction('enable');
export const staffUnlockAccount = staffAccountAction('unlock');
export const staffResetAccountTotp = staffAccountAction('reset-totp');

/**
 * POST /api/operator/operators/{id}/password (admin): a new password the operator must change at the next log-in;
 * their sessions end. Not for one's own account (that is POST /api/operator/password).
 */
export const staffSetAccountPassword = endpoint({
  method: 'POST',
  path: '/api/operator/operators/{id}/password',
  auth: 'staff',
  roles: ['admin'],
  params: staffAccountIdParams,
  body: z.object({ password: staffPassword, reason: staffReason }),
  response: staffAccountRowSchema,
  tags: ['staff'],
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
  auth: 'staff',
  roles: ['admin'],
  params: staffAccountIdParams,
  body: reasonBody,
  response: z.object({ token: z.string(), expires_at: z.string(), operator: staffAccountRowSchema }),
  tags: ['staff'],
});
