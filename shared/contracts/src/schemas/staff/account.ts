// Staff: log-in (password + TOTP) and a staff member's own account (console: screens/Login, areas/account).
import { z } from 'zod';
import { endpoint, messageResponse, STAFF_ROLES } from '../../endpoint';

export const staffRole = z.enum(STAFF_ROLES);

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

export const staffAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  role: staffRole,
  totp_enabled: z.boolean(),
  /** True while this operator must enrol TOTP before doing anything else (production mode, or an admin's demand). */
  totp_enrolment_required: z.boolean(),
  /** True while the password is one an admin set: nothing works but changing it (then TOTP enrolment, if due). */
  password_change_required: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

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
  response: z.object({ token: z.string(), operator: staffAccountSchema }),
  tags: ['staff'],
});

export const staffLogout = endpoint({
  method: 'POST',
  path: '/api/operator/logout',
  auth: 'staff',
  response: messageResponse,
  tags: ['staff'],
});

export const staffMe = endpoint({
  method: 'GET',
  path: '/api/operator/me',
  auth: 'staff',
  response: staffAccountSchema,
  tags: ['staff'],
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
export const STAFF_PASSWORD_MIN = 12;
export const staffPassword = z
  .string()
  .min(STAFF_PASSWORD_MIN, `The password must be at least ${STAFF_PASSWORD_MIN} characters.`)
  .max(256, 'The password must be at most 256 characters.');

/**
 * POST /api/operator/password: the operator's own password change. 422 `current_password` when the current one is
 * wrong (throttled per operator: 429), `new_password` when the new one breaks the rules (at least 12 characters, not
 * containing the username, not the current one). Ends the operator's other sessions; clears password_change_required.
 */
export const staffChangePassword = endpoint({
  method: 'POST',
  path: '/api/operator/password',
  auth: 'staff',
  body: z.object({
    current_password: z.string().min(1, 'Enter your current password.').max(256),
    new_password: staffPassword,
  }),
  response: staffAccountSchema,
  tags: ['staff'],
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
  auth: 'staff',
  body: z.object({ link: totpLink }),
  response: z.object({ secret: z.string(), otpauth_uri: z.string() }),
  tags: ['staff'],
});

/**
 * POST /api/operator/totp/confirm: a current code of the new secret turns TOTP on and spends the link (422 on a wrong
 * code; 409 `totp_link_invalid` when the link was spent, replaced or expired meanwhile).
 */
export const staffTotpConfirm = endpoint({
  method: 'POST',
  path: '/api/operator/totp/confirm',
  auth: 'staff',
  body: z.object({
    link: totpLink,
    totp: z
      .string()
      .trim()
      .max(6, STAFF_MESSAGES.totpInvalid)
      .regex(/^\d{6}$/, STAFF_MESSAGES.totpInvalid),
  }),
  response: staffAccountSchema,
  tags: ['staff'],
});
