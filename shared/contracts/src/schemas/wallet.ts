// Endpoint schemas of the wallet domain (docs/README.md#spec-7). Used by the API routes and the browser client alike.
import { z } from 'zod';
import { endpoint, money, isoDate, lazy } from '../endpoint';
import { paymentMethodSchema } from './content';

/*
 * Money is an exact decimal string ("1000.00") in every response; requests accept a number or a
 * numeric string and the server converts it to paisa without floating point.
 * Transaction `key`: '0' pending, '1' success, '2' fail (docs/README.md#spec-3).
 */

export const DEPOSIT_MIN = 100;
export const DEPOSIT_MAX = 25_000;
export const WITHDRAW_MIN = 500;
export const WITHDRAW_MAX = 25_000;
export const DEPOSIT_PRESETS = [100, 500, 1000, 2000, 3000, 5000, 10000, 15000, 20000, 25000] as const;
export const WITHDRAW_PRESETS = [500, 1000, 2000, 3000, 5000, 10000, 15000, 20000, 25000] as const;

/**
 * The range refusal for `min`..`max` whole units, in the spec's words: with the site-wide constants it is exactly
 * WALLET_MESSAGES.depositRange / withdrawRange; a payment method with its own range names that range.
 */
export function amountRangeMessage(action: 'deposit' | 'withdraw', min: number, max: number): string {
  const n = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return `The ${action === 'deposit' ? 'deposit' : 'withdrawal'} amount must be between ${n.format(min)} and ${n.format(max)}.`;
}

/** Deposit countdown (minutes) when the gateway names none (docs/README.md#spec-9). */
export const DEFAULT_EWALLET_TIMER_MINUTES = 10;
/** /payment-request countdown (docs/README.md#spec-9). */
export const PAYMENT_REQUEST_SECONDS = 30 * 60;
/** A payer's transaction id (manual deposit, make-payment): 7 to 64 characters. */
export const TRANSACTION_ID_MIN = 7;
export const TRANSACTION_ID_MAX = 64;

/** Spec section 8 texts the server and the screens share (English). */
export const WALLET_MESSAGES = {
  phoneNotVerified: 'Please verify your phone number first.',
  depositPending: 'You already have a deposit request pending. Please wait for it to be processed before making another deposit.',
  withdrawPending: 'You already have a withdrawal request pending. Please wait for it to be processed before making another withdrawal.',
  depositAmountRequired: 'Please fill in your amount.',
  depositMethodRequired: 'Please select a valid payment method.',
  depositChannelRequired: 'Please select a Deposit channel.',
  depositError: 'An error occurred. Please try again.',
  withdrawAmountRequired: 'Amount is required.',
  withdrawAccountRequired: 'Account number is required.',
  withdrawMethodRequired: 'Please select your payment method.',
  turnoverIncomplete: 'Please complete your turnover and try again.',
  dobMissing: 'Please set your Date of Birth in your profile before making a withdrawal.',
  withdrawUnknown: 'An unknown error occurred.',
  withdrawSuccess: 'Withdrawal successful!',
  noWithdrawMethods: 'No widthdraw methods available. Try again later.',
  depositRange: 'The deposit amount must be between 100 and 25,000.',
  withdrawRange: 'The withdrawal amount must be between 500 and 25,000.',
  insufficientBalance: 'Insufficient balance.',
  depositSubmitted: 'Your deposit request has been submitted. Our team is verifying it.',
  trxReused: 'This transaction ID has already been used.',
} as const;

/** Stable machine codes next to the message, so a screen can add the profile link without parsing text. */
export const walletErrorCode = z.enum([
  'phone_unverified',
  'pending',
  'amount',
  'method',
  'channel',
  'account',
  'dob_missing',
  'turnover',
  'withdraw_disabled',
  'insufficient',
  'trx_reused',
  /** The payer's transaction id is missing (agent deposits) or not in the method's format (rules/payer-trx.ts). */
  'trx_required',
  'trx_format',
  /** What the player owes (a corrected exchange result) takes all they have: nothing to withdraw. */
  'debt',
  /** The withdrawal needs a verified identity (issue 32: above KYC_WITHDRAWAL_ABOVE_<currency>, or past the CDD threshold). */
  'kyc_required',
]);
export type WalletErrorCode = z.infer<typeof walletErrorCode>;

const remoteId = z.lazy(() =>
  z
    .union([z.string().max(32), z.number()])
    .transform((v) => String(v))
    .optional(),
);

/** A required number-ish id whose absence must answer with one of the spec's messages. */
const requiredId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ message }).int(message).positive(message));
const requiredMoney = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : String(v).trim()),
    z
      .string({ message })
      .max(20, message)
      .regex(/^\d+(\.\d{1,2})?$/, message),
  );

// --- Payment methods --------------------------------------------------------------

export const paymentMethodPurpose = z.enum(['deposit', 'withdraw']);

/**
 * GET /api/showpayment-menthod?name=deposit|withdraw (spelling as the spec has it): the active methods
 * for that purpose. For withdrawals `data` is empty while general setting withdrawal_status is 0.
 */
export const showPaymentMethod = endpoint({
  method: 'GET',
  path: '/api/showpayment-menthod',
  tags: ['wallet'],
  auth: 'optional',
  query: lazy(() => z.object({ name: paymentMethodPurpose.default('deposit') })),
  response: lazy(() => z.object({ success: z.boolean(), data: z.array(paymentMethodSchema), message: z.string().optional() })),
});

export const walletNumberSchema = z.lazy(() => z.object({ id: z.number().int(), account_number: z.string() }));
export type WalletNumber = z.infer<typeof walletNumberSchema>;

/** GET /api/get-wallet-number: where to send the money; the client uses the first item. */
export const getWalletNumber = endpoint({
  method: 'GET',
  path: '/api/get-wallet-number',
  tags: ['wallet'],
  auth: 'bearer',
  query: lazy(() =>
    z.object({
      name: z.string().trim().min(1, WALLET_MESSAGES.depositMethodRequired).max(64),
      account_type: z.string().trim().max(32).optional(),
      amount: z.string().max(20).optional(),
    }),
  ),
  response: lazy(() => z.array(walletNumberSchema)),
});

// --- Deposit ----------------------------------------------------------------------------

export const submitDeposit = endpoint({
  method: 'POST',
  path: '/api/submit-deposit',
  tags: ['wallet'],
  auth: 'bearer',
  summary: 'Manual deposit request (pending until an operator approves). Send an Idempotency-Key header.',
  body: lazy(() =>
    z.object({
      remote_id: remoteId,
      account_number: z.string().trim().max(32).optional(),
      transaction_id: z.string().trim().max(TRANSACTION_ID_MAX).optional(),
      amount: requiredMoney(WALLET_MESSAGES.depositAmountRequired),
      payment_id: requiredId(WALLET_MESSAGES.depositMethodRequired),
      promotion_id: z.preprocess(
        (v) => (v === '' || v === 0 || v === '0' ? null : v),
        z.coerce.number().int().positive().nullable().optional(),
      ),
    }),
  ),
  response: lazy(() =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      transaction_id: z.string(),
      amount: money,
      /** Single-use reference that binds /make-payment to this deposit (shown to the player; needed when not logged in). */
      reference: z.string().optional(),
    }),
  ),
  fallbackError: WALLET_MESSAGES.depositError,
});

export const ewaRequest = endpoint({
  method: 'POST',
  path: '/api/ewa/request',
  tags: ['wallet'],
  auth: 'bearer',
  summary: 'E-wallet deposit: opens a payment on the gateway and answers its payment page URL',
  body: lazy(() =>
    z.object({
      amount: requiredMoney(WALLET_MESSAGES.depositAmountRequired),
      /** The e-wallet payment method id. */
      type: requiredId(WALLET_MESSAGES.depositMethodRequired),
      /** Gateway code of the chosen channel (one of the method's pgs). */
      provider: z
        .string({ message: WALLET_MESSAGES.depositChannelRequired })
        .trim()
        .min(1, WALLET_MESSAGES.depositChannelRequired)
        .max(64, WALLET_MESSAGES.depositChannelRequired),
      promotion: z.preprocess(
        (v) => (v === '' || v === 0 || v === '0' ? null : v),
        z.coerce.number().int().positive().nullable().optional(),
      ),
    }),
  ),
  response: lazy(() =>
    z.object({
      url: z.string(),
      amount: money,
      transaction: z.string(),
      number: z.string().nullable(),
      /** Minutes the payment page stays open. */
      timer: z.number().int(),
      message: z.string(),
    }),
  ),
  fallbackError: WALLET_MESSAGES.depositError,
});

export const ewaConfirm = endpoint({
  method: 'POST',
  path: '/api/ewa/confirm',
  tags: ['wallet'],
  auth: 'bearer',
  summary: "Asks the gateway for the payment's state and settles it (same result as the gateway's callback)",
  body: lazy(() =>
    z.object({
      trx_id: z.string().trim().min(1).max(64),
      trxid: z.string().trim().max(TRANSACTION_ID_MAX).optional(),
      number: z.string().trim().max(32).optional(),
    }),
  ),
  response: lazy(() => z.object({ success: z.boolean(), key: z.enum(['0', '1', '2']), message: z.string() })),
  fallbackError: WALLET_MESSAGES.depositError,
});

/** Body the gateway POSTs to /api/ewa/callback, signed with `signCall` of @khela/contracts/signing (method, path, timestamp, body). */
export const gatewayCallbackBody = z.lazy(() =>
  z.object({
    payment_id: z.string(),
    merchant_ref: z.string(),
    status: z.enum(['success', 'failed']),
    amount: money,
    currency: z.string(),
    trxid: z.string().nullable().optional(),
    number: z.string().nullable().optional(),
  }),
);
export type GatewayCallback = z.infer<typeof gatewayCallbackBody>;
export const GATEWAY_SIGNATURE_HEADER = 'x-signature';

// --- Deposit confirmation (/make-payment, multipart) ---------------------------------------

/**
 * POST /api/make-payment is multipart/form-data: phone, transaction_id, reference, receipts (images, several).
 * It confirms one pending manual deposit: the one of `reference` (single use, from submit-deposit), or the
 * logged-in player's newest one. The phone must be one of that deposit owner's phones.
 */
export const MAKE_PAYMENT_PATH = '/api/make-payment';
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_MAX_FILES = 5;
export const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** Deposit references: this many characters of Crockford base32 (no I, L, O, U). */
export const DEPOSIT_REFERENCE_LENGTH = 10;
export const DEPOSIT_REFERENCE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{10}$/;

// --- Withdraw ---------------------------------------------------------------------------

export const userWithdrawCheck = endpoint({
  method: 'GET',
  path: '/api/userwithdrawcheck',
  tags: ['wallet'],
  auth: 'bearer',
  summary: 'Refuses (400 { success: false, error }) while the birthday is unset or turnover is unfinished',
  query: lazy(() => z.object({ remote_id: remoteId })),
  response: lazy(() => z.object({ success: z.literal(true), message: z.string() })),
  fallbackError: WALLET_MESSAGES.withdrawUnknown,
});

export const submitWithdraw = endpoint({
  method: 'POST',
  path: '/api/submit-withdraw',
  tags: ['wallet'],
  auth: 'bearer',
  summary: 'Holds the amount at once and queues the withdrawal for an operator. Send an Idempotency-Key header.',
  body: lazy(() =>
    z.object({
      remote_id: remoteId,
      account_number: z
        .string({ message: WALLET_MESSAGES.withdrawAccountRequired })
        .trim()
        .min(1, WALLET_MESSAGES.withdrawAccountRequired)
        .max(32, WALLET_MESSAGES.withdrawAccountRequired),
      amount: requiredMoney(WALLET_MESSAGES.withdrawAmountRequired),
      payment_id: requiredId(WALLET_MESSAGES.withdrawMethodRequired),
      provider: z.string().trim().max(64).optional(),
    }),
  ),
  response: lazy(() =>
    z.object({
      success: z.literal(true),
      message: z.string(),
      transaction_id: z.string(),
      amount: money,
      balance: money,
      /** The withdrawal waits for a due-diligence check (then `message` says why); absent or false otherwise. */
      verification_required: z.boolean().optional(),
      /** The payout number is not one of the player's verified numbers: a payments operator confirms it before paying. */
      payout_confirmation_required: z.boolean().optional(),
    }),
  ),
  fallbackError: WALLET_MESSAGES.withdrawUnknown,
});

// --- Records ----------------------------------------------------------------------------

export const transactionKeySchema = z.enum(['0', '1', '2']);
export type TransactionKey = z.infer<typeof transactionKeySchema>;

export const walletTransactionSchema = z.lazy(() =>
  z.object({
    id: z.number().int(),
    action: z.enum(['deposit', 'withdraw']),
    amount: money,
    bonus: money,
    key: transactionKeySchema,
    transaction_id: z.string(),
    account_number: z.string().nullable(),
    /** Gateway or channel the money went through (the table's Bank Name). */
    provider: z.string().nullable(),
    created_at: isoDate,
    updated_at: isoDate,
    /** When the payment details (trx id, receipt, gateway result) arrived: the timeline's middle step. */
    information_received_at: isoDate.nullable(),
    payment_method: z.object({ name: z.string(), type: z.string(), icon: z.string().nullable() }).nullable(),
    promotion: z.object({ id: z.number().int(), name: z.string(), turnover: z.number() }).nullable(),
    /** Why staff rejected it (the reason given in the back office); absent or null otherwise. */
    reason: z.string().nullable().optional(),
    /**
     * A pending withdrawal waiting for a customer due-diligence check (the player's deposits or withdrawals passed the
     * threshold): the screen says why (PROTECTION_MESSAGES.verificationRequired). Absent or false otherwise.
     */
    verification_required: z.boolean().optional(),
  }),
);
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const transactionShow = endpoint({
  method: 'GET',
  path: '/api/transaction/show',
  tags: ['wallet'],
  auth: 'bearer',
  query: lazy(() => z.object({ remote_id: remoteId })),
  response: lazy(() => z.object({ transactions: z.array(walletTransactionSchema) })),
});

export const turnoverSchema = z.lazy(() =>
  z.object({
    id: z.number().int(),
    status: z.enum(['active', 'complete']),
    required_turnover: money,
    remaining_turnover: money,
    created_at: isoDate,
    /** The deposit behind the requirement; for a claimed bonus (action 'bonus') the bonus and its multiple. */
    transaction: z.object({
      action: z.enum(['deposit', 'withdraw', 'bonus']),
      amount: money,
      promotion: z.object({ name: z.string(), turnover: z.number() }).nullable(),
      payment_method: z.object({ name: z.string() }).nullable(),
    }),
  }),
);
export type Turnover = z.infer<typeof turnoverSchema>;

export const getTurnovers = endpoint({
  method: 'GET',
  path: '/api/turnovers',
  tags: ['wallet'],
  auth: 'bearer',
  query: lazy(() => z.object({ remote_id: remoteId })),
  response: lazy(() => z.object({ data: z.array(turnoverSchema) })),
});
