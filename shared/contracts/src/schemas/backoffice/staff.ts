// Back office: operator log-in (password + TOTP), the operator's own account, operators (admin), the audit log.
import { z } from 'zod';
import { endpoint, messageResponse, OPERATOR_ROLES } from '../../endpoint';

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
 * POST /api/operator/login. Wrong password or unknown user: 401 invalidLogin. TOTP enrolled and no `totp`: 401 with
 * `code: 'totp_required'` (nothing is counted against the account for that). Throttled per username and per IP: 429.
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
