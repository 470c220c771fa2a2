// Endpoint schemas of the identity domain (docs/README.md#spec-7), and the form rules (docs/README.md#spec-5).
// The browser forms and the API routes use these same objects, so a rule changes in one place.
import { z } from 'zod';
import { endpoint, money, messageResponse, lazy } from '../endpoint';

// --- Constants (spec section 9) ----------------------------------------------------

export const OTP_LENGTH = 6;
export const CODE_RESEND_SECONDS = 300;
export const MAX_EXTRA_PHONES = 2;
export const VIP_MIN_CONVERT = 10;
export const CASH_CLAIM_MIN = 10;
export const INBOX_PAGE_SIZE = 10;
export const INBOX_REFRESH_MS = 10_000;
export const CURRENCIES = ['BDT', 'INR', 'PKR'] as const;
/** Desktop registration currency codes (docs/README.md#spec-3): 8 BDT, 7 INR, 17 PKR. */
export const DESKTOP_CURRENCY_CODES = { 8: 'BDT', 7: 'INR', 17: 'PKR' } as const;
export const REFERRAL_PATH = '/referral_code';

// --- Exact messages (docs/README.md#spec-5, #spec-8) -----------------------------------------------

export const IDENTITY_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameInvalid: 'Invalid username (only letters and numbers)',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  signupUsername: 'Username must be between 8 and 16 characters',
  signupPhone: 'Invalid phone number (10-15 digits)',
  signupPasswordChars: 'Password can only contain letters and numbers (no special characters)',
  confirmRequired: 'Confirm Password is required',
  passwordsMismatch: 'Passwords do not match',
  step1Required: 'Please fill in all fields.',
  step1Mismatch: 'Passwords do not match.',
  step2Required: 'Please fill in all fields for step 2.',
  ageRequired: 'You must confirm that you are 18 years old.',
  newPasswordRule: 'New Password must contain at least one number, one letter, and 8 characters long.',
  currentPasswordRequired: 'Please enter your current password.',
  confirmNewRequired: 'Please confirm your new password.',
  newPasswordsMismatch: 'Passwords do not match.',
  emailRequired: 'Please enter your email address.',
  forgotUsernameRequired: 'Please enter your username.',
  phoneRequired: 'Please enter your phone number.',
  otpRequired: 'Please enter the OTP.',
  otpFormat: 'The OTP must be 6 digits.',
  vipNotEnough: 'Not enough points. Points must follow minimum VP required to convert.',
  vipMinimum: 'Minimum VP Required: 10',
  claimMinimum: 'You need at least 10 to claim all.',
  invalidCredentials: 'Invalid credentials',
  usernameTaken: 'The username has already been taken.',
} as const;
const M = IDENTITY_MESSAGES;

const ALNUM = /^[A-Za-z0-9]+$/;
const trimmed = z.string().trim();

// --- Form rules ---------------------------------------------------------------------

/** docs/README.md#spec-5, Login. */
export const loginFormSchema = z.lazy(() =>
  z.object({
    username: trimmed.min(1, M.usernameRequired).max(64, M.usernameInvalid).regex(ALNUM, M.usernameInvalid),
    password: z.string().min(1, M.passwordRequired).min(8, M.passwordMin).max(128, M.passwordMin),
  }),
);
export type LoginForm = z.infer<typeof loginFormSchema>;

const signupUsername = trimmed.min(8, M.signupUsername).max(16, M.signupUsername).regex(ALNUM, M.signupUsername);
/** Digits only, 10-15 of them (a leading + or spaces are tolerated and dropped). */
export const signupPhone = z
  .string()
  .max(32, M.signupPhone)
  .transform((v) => v.replace(/[\s+-]/g, ''))
  .pipe(z.string().regex(/^\d{10,15}$/, M.signupPhone));
const signupPassword = z.string().min(8, M.passwordMin).max(64, M.passwordMin).regex(ALNUM, M.signupPasswordChars);
const optionalCode = z
  .string()
  .trim()
  .max(32)
  .optional()
  .nullable()
  .transform((v) => (v ? v : undefined));

/** docs/README.md#spec-5, Signup (mobile). The form's fields; the server checks the same rules. */
export const signupFormSchema = z.lazy(() =>
  z
    .object({
      username: signupUsername,
      phone: signupPhone,
      password: signupPassword,
      confirmPassword: z.string().min(1, M.confirmRequired),
      referral_code: optionalCode,
      // the wallet's currency, as the desktop register offers it (the spec's payload carries it; BDT by default)
      currency: z.enum(CURRENCIES).default('BDT'),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: M.passwordsMismatch }),
);
export type SignupForm = z.input<typeof signupFormSchema>;

const createPlayerFields = z.lazy(() =>
  z.object({
    username: signupUsername,
    phone: signupPhone,
    password: signupPassword,
    confirmPassword: z.string().min(1, M.confirmRequired).max(128),
    name: z.string().trim().max(100).optional().nullable(),
    email: z.string().trim().email().max(190).optional().nullable().or(z.literal('')),
    referral_code: optionalCode,
    agent_code: optionalCode,
    affiliate_code: optionalCode,
    currency: z.enum(CURRENCIES).default('BDT'),
    status: z.literal('active').default('active'),
  }),
);
const passwordsMatch = { path: ['confirmPassword'], message: M.passwordsMismatch };

/** docs/README.md#spec-3, Registration payload (POST /api/v1/create-players, the mobile sign-up: a challenge only on unusual volume), validated with the form's rules. */
export const createPlayerBody = createPlayerFields.refine((v) => v.password === v.confirmPassword, passwordsMatch);
export type CreatePlayerBody = z.input<typeof createPlayerBody>;

/**
 * The desktop registration form's payload: the same fields; the server always requires a solved proof-of-work
 * challenge with it (the X-Challenge header, see challenge.ts), which replaced the image captcha.
 */
export const desktopRegisterBody = createPlayerFields.refine((v) => v.password === v.confirmPassword, passwordsMatch);
export type DesktopRegisterBody = z.input<typeof desktopRegisterBody>;

/** Desktop registration (docs/README.md#spec-3 fields); steps are checked by the functions below (one message each). */
export interface DesktopRegisterForm {
  username: string;
  password: string;
  confirmPassword: string;
  currencyType: '8' | '7' | '17';
  friendReferCode: string;
  realName: string;
  callingCode: '880';
  phoneNumber: string;
  email: string;
  ageCheck: boolean;
}

const blank = (s: string | undefined | null) => !s || !s.trim();

/** docs/README.md#spec-5, Desktop registration step 1: the first failing check's message, or null. */
export function validateRegisterStep1(v: Pick<DesktopRegisterForm, 'username' | 'password' | 'confirmPassword'>): string | null {
  if (blank(v.username) || blank(v.password) || blank(v.confirmPassword)) return M.step1Required;
  if (v.password !== v.confirmPassword) return M.step1Mismatch;
  return null;
}

/** docs/README.md#spec-5, Desktop registration step 2. */
export function validateRegisterStep2(v: Pick<DesktopRegisterForm, 'realName' | 'phoneNumber' | 'email' | 'ageCheck'>): string | null {
  if (blank(v.realName) || blank(v.phoneNumber) || blank(v.email)) return M.step2Required;
  if (!v.ageCheck) return M.ageRequired;
  return null;
}

/** At least 8 characters with at least one letter and one digit (docs/README.md#spec-5, Password change). */
export const NEW_PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d).{8,128}$/;

/** docs/README.md#spec-5, Password change: the checks in the spec's order; the first failure's message, or null. */
export function validatePasswordChange(v: {
  old_password: string;
  new_password: string;
  new_password_confirmation: string;
}): string | null {
  if (!NEW_PASSWORD_RE.test(v.new_password)) return M.newPasswordRule;
  if (blank(v.old_password)) return M.currentPasswordRequired;
  if (!v.new_password_confirmation) return M.confirmNewRequired;
  if (v.new_password !== v.new_password_confirmation) return M.newPasswordsMismatch;
  return null;
}

/** docs/README.md#spec-5, Forgot password (Email and SMS tabs). */
export function validateForgot(v: { type: 'email' | 'sms'; email?: string; phone?: string; username: string }): string | null {
  if (v.type === 'email' && blank(v.email)) return M.emailRequired;
  if (v.type === 'sms' && blank(v.phone)) return M.phoneRequired;
  if (blank(v.username)) return M.forgotUsernameRequired;
  return null;
}

/** docs/README.md#spec-5, Reset password: OTP, then the new-password and confirmation rules. */
export function validateReset(v: { otp: string; password: string; password_confirmation: string }): string | null {
  if (blank(v.otp)) return M.otpRequired;
  if (!/^\d{6}$/.test(v.otp.trim())) return M.otpFormat;
  if (!NEW_PASSWORD_RE.test(v.password)) return M.newPasswordRule;
  if (!v.password_confirmation) return M.confirmNewRequired;
  if (v.password !== v.password_confirmation) return M.newPasswordsMismatch;
  return null;
}

/** docs/README.md#spec-5, VIP conversion: the message under the input while below the minimum. */
export function vipInputError(points: number): string | null {
  return Number.isFinite(points) && points >= VIP_MIN_CONVERT ? null : M.vipNotEnough;
}

// --- Entities (docs/README.md#spec-3) ------------------------------------------------------------------

export const userSchema = z.lazy(() =>
  z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    vip_coin: z.number().int(),
    /** '1' means the phone is verified (the spec's field name). */
    session_id: z.enum(['0', '1']),
    created_at: z.string(),
    /** Birthday YYYY-MM-DD; editable only while null. */
    dofb: z.string().nullable(),
    email_verified_at: z.string().nullable(),
    balance: money,
    currency: z.enum(CURRENCIES),
    referral_code: z.string(),
    cash_bonus: money,
  }),
);
export type User = z.infer<typeof userSchema>;

export const extraPhoneSchema = z.lazy(() =>
  z.object({
    id: z.number().int(),
    contract_value: z.string(),
    /** 1 verified. */
    isverify: z.union([z.literal(0), z.literal(1)]),
  }),
);
export type ExtraPhone = z.infer<typeof extraPhoneSchema>;

export const inboxMessageSchema = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    message: z.string(),
    created_at: z.string(),
    is_read: z.union([z.literal(0), z.literal(1)]),
  }),
);
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

const remoteIdQuery = z.lazy(() => z.union([z.string().max(32), z.number()]).optional());
const otpCode = z
  .string()
  .trim()
  .min(1, M.otpRequired)
  .max(16, M.otpFormat)
  .regex(/^\d{6}$/, M.otpFormat);
const ok = messageResponse;

// --- Endpoints (docs/README.md#spec-7) -----------------------------------------------------------------

export const loginEndpoint = endpoint({
  method: 'POST',
  path: '/api/login',
  auth: 'none',
  tags: ['identity'],
  summary: 'Log in; rate-limited per username and per address',
  body: loginFormSchema,
  response: lazy(() =>
    z.object({
      token: z.string(),
      remote_id: z.number().int(),
      username: z.string(),
      exchange: z.array(z.object({ token: z.string().nullable().optional() })).optional(),
      message: z.string().optional(),
    }),
  ),
  fallbackError: M.invalidCredentials,
});

export const logoutEndpoint = endpoint({
  method: 'POST',
  path: '/api/logout',
  auth: 'bearer',
  tags: ['identity'],
  summary: 'Revokes the bearer token server-side',
  response: ok,
});

export const createPlayersEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/create-players',
  auth: 'none',
  tags: ['identity'],
  summary: 'Sign up; answers { message, errors: { field: [msg] } } on invalid input, and logs the new player in',
  body: createPlayerBody,
  response: lazy(() =>
    z.object({
      message: z.string(),
      token: z.string(),
      remote_id: z.number().int(),
      username: z.string(),
      exchange: z.array(z.object({ token: z.string().nullable().optional() })).optional(),
    }),
  ),
  fallbackError: 'Submission failed',
});

const signupResponse = z.lazy(() =>
  z.object({
    message: z.string(),
    token: z.string(),
    remote_id: z.number().int(),
    username: z.string(),
    exchange: z.array(z.object({ token: z.string().nullable().optional() })).optional(),
  }),
);

/** The desktop registration form (/register) signs up here: a solved, unused proof-of-work challenge is required. */
export const desktopRegisterEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/create-players/desktop',
  auth: 'none',
  tags: ['identity'],
  summary: 'Desktop sign-up: like create-players, plus a required single-use proof-of-work challenge (X-Challenge header)',
  body: desktopRegisterBody,
  response: signupResponse,
  fallbackError: 'Submission failed',
});

export const userShowEndpoint = endpoint({
  method: 'GET',
  path: '/api/user/show',
  auth: 'bearer',
  tags: ['identity'],
  query: lazy(() => z.object({ remote_id: remoteIdQuery })),
  response: lazy(() => z.object({ user: userSchema })),
});

export const profileUpdateEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/profile/update',
  auth: 'bearer',
  tags: ['identity'],
  summary: 'Sets the birthday once (it cannot change afterwards)',
  body: lazy(() =>
    z.object({
      remote_id: remoteIdQuery,
      dofb: z
        .string()
        .max(10, 'Please enter a valid date.')
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date.'),
    }),
  ),
  response: lazy(() => z.object({ message: z.string(), user: userSchema })),
  fallbackError: 'Failed to update DOFB',
});

export const otherPhonesEndpoint = endpoint({
  method: 'GET',
  path: '/api/get/other/phone',
  auth: 'bearer',
  tags: ['identity'],
  response: lazy(() => z.object({ data: z.array(extraPhoneSchema) })),
});

export const sendVerificationCodeEndpoint = endpoint({
  method: 'POST',
  path: '/api/send-verification-code',
  auth: 'bearer',
  tags: ['identity'],
  summary: 'Sends a 6-digit code to the player’s phone (SMS) or to an e-mail address; never returned here',
  body: lazy(() =>
    z
      .object({
        phone: z.string().trim().max(32).optional(),
        email: z.string().trim().email('Please enter a valid email address.').max(190).optional(),
      })
      .refine((v) => Boolean(v.phone) !== Boolean(v.email), { message: 'Send either a phone or an email.' }),
  ),
  response: lazy(() => z.object({ message: z.string(), resend_in: z.number().int() })),
  fallbackError: 'Failed to send code',
});

export const verifyEmailEndpoint = endpoint({
  method: 'POST',
  path: '/api/verify-email',
  auth: 'bearer',
  tags: ['identity'],
  body: lazy(() => z.object({ code: otpCode })),
  response: ok,
});

export const verifyPhoneEndpoint = endpoint({
  method: 'POST',
  path: '/api/verify-phone-number',
  auth: 'bearer',
  tags: ['identity'],
  body: lazy(() => z.object({ verification_code: otpCode })),
  response: ok,
});

export const addNumberEndpoint = endpoint({
  method: 'POST',
  path: '/api/add/number',
  auth: 'bearer',
  tags: ['identity'],
  summary: 'Adds an extra phone (at most 2), unverified',
  body: lazy(() => z.object({ phone: signupPhone })),
  response: lazy(() => z.object({ message: z.string(), data: extraPhoneSchema })),
});

export const addSendCodeEndpoint = endpoint({
  method: 'POST',
  path: '/api/add/send-verification-code',
  auth: 'bearer',
  tags: ['identity'],
  body: lazy(() => z.object({ phone: signupPhone })),
  response: lazy(() => z.object({ message: z.string(), resend_in: z.number().int() })),
  fallbackError: 'Failed to send code',
});

export const addVerifyPhoneEndpoint = endpoint({
  method: 'POST',
  path: '/api/add/verify-phone-number',
  auth: 'bearer',
  tags: ['identity'],
  body: lazy(() => z.object({ verification_code: otpCode })),
  response: ok,
});

export const inboxListEndpoint = endpoint({
  method: 'GET',
  path: '/api/inbox',
  auth: 'bearer',
  tags: ['identity'],
  query: lazy(() => z.object({ remote_id: remoteIdQuery, page: z.coerce.number().int().min(1).default(1) })),
  response: lazy(() =>
    z.object({
      success: z.boolean(),
      data: z.object({
        data: z.array(inboxMessageSchema),
        current_page: z.number().int(),
        last_page: z.number().int(),
        total: z.number().int(),
      }),
      unread: z.number().int(),
    }),
  ),
});

const inboxIdParams = z.lazy(() => z.object({ id: z.coerce.number().int().positive() }));

export const inboxShowEndpoint = endpoint({
  method: 'GET',
  path: '/api/inbox/{id}',
  auth: 'bearer',
  tags: ['identity'],
  params: inboxIdParams,
  response: lazy(() => z.object({ message: inboxMessageSchema })),
});

export const inboxReadEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/inbox/{id}/read',
  auth: 'bearer',
  tags: ['identity'],
  params: inboxIdParams,
  response: ok,
});

export const inboxDeleteEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/inbox/{id}',
  auth: 'bearer',
  tags: ['identity'],
  params: inboxIdParams,
  response: ok,
});

export const convertVipEndpoint = endpoint({
  method: 'GET',
  path: '/api/convert-vipcoin',
  auth: 'bearer',
  tags: ['identity'],
  summary: 'Converts VIP points to main balance, 1 VP = 1 money unit, minimum 10; idempotent with Idempotency-Key',
  query: lazy(() =>
    z.object({
      remote_id: remoteIdQuery,
      vip_coin: z.coerce.number().int(M.vipMinimum).min(VIP_MIN_CONVERT, M.vipMinimum).max(10_000_000),
    }),
  ),
  response: lazy(() => z.object({ success: z.string(), vip_coin: z.number().int(), balance: money })),
  fallbackError: 'An error occurred while converting coins',
});

export const cashClaimEndpoint = endpoint({
  method: 'POST',
  path: '/api/cash-claim',
  auth: 'bearer',
  tags: ['identity'],
  summary: 'Moves the whole cash bonus (at least 10) to the main balance',
  body: lazy(() => z.object({}).loose()),
  response: lazy(() => z.object({ message: z.string(), balance: money, cash_bonus: money })),
  fallbackError: 'Failed to claim bonus. Please try again.',
});

export const changePasswordEndpoint = endpoint({
  method: 'POST',
  path: '/api/user-pwd',
  auth: 'bearer',
  tags: ['identity'],
  summary: 'Changes the password and revokes every session',
  body: lazy(() =>
    z
      .object({ old_password: z.string().max(128), new_password: z.string().max(128), new_password_confirmation: z.string().max(128) })
      .superRefine((v, ctx) => {
        const msg = validatePasswordChange(v);
        if (msg) ctx.addIssue({ code: 'custom', message: msg, path: ['new_password'] });
      }),
  ),
  response: ok,
  fallbackError: 'Failed to change password. Please try again.',
});

export const forgotPasswordEndpoint = endpoint({
  method: 'POST',
  path: '/api/usr-forgot-password',
  auth: 'none',
  tags: ['identity'],
  summary: 'Sends a reset OTP by e-mail or SMS when the username and address match (same answer either way)',
  body: lazy(() =>
    z
      .object({
        type: z.enum(['email', 'sms']),
        email: z.string().trim().max(190).optional(),
        phone: z.string().trim().max(32).optional(),
        username: z.string().trim().max(64),
      })
      .superRefine((v, ctx) => {
        const msg = validateForgot(v);
        if (msg)
          ctx.addIssue({
            code: 'custom',
            message: msg,
            path: [msg === M.forgotUsernameRequired ? 'username' : v.type === 'email' ? 'email' : 'phone'],
          });
      }),
  ),
  response: ok,
  fallbackError: 'Failed to send OTP. Please try again.',
});

export const resetPasswordEndpoint = endpoint({
  method: 'POST',
  path: '/api/usr-reset-password',
  auth: 'none',
  tags: ['identity'],
  body: lazy(() =>
    z
      .object({
        otp: z.string().max(16),
        password: z.string().max(128),
        password_confirmation: z.string().max(128),
        username: z.string().trim().min(1, M.forgotUsernameRequired).max(64),
      })
      .superRefine((v, ctx) => {
        const msg = validateReset(v);
        if (msg) ctx.addIssue({ code: 'custom', message: msg, path: [msg === M.otpRequired || msg === M.otpFormat ? 'otp' : 'password'] });
      }),
  ),
  response: ok,
});

export const playerLoginEndpoint = endpoint({
  method: 'POST',
  path: '/api/player-login',
  auth: 'bearer',
  tags: ['identity'],
  summary: 'A short-lived token for the exchange site',
  body: lazy(() => z.object({ user_id: z.union([z.string().max(32), z.number()]).optional() })),
  response: lazy(() => z.object({ access_token: z.string() })),
});
