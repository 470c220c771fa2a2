// Back office, area 'payments': endpoints of its console screens (see index.ts for the conventions).
// The payments desk (deposits and withdrawals to approve or reject), turnover waivers, the ledger check, payment
// methods with their wallet numbers, ranges and presets, and the withdrawal switch. Roles: payments (and admin).
import { z } from 'zod';
import { endpoint, money } from '../../endpoint';
import { staffListQuery, staffPage, staffReason } from './common';

const PAYMENTS = ['payments'] as const;
const id = z.coerce.number().int().positive();
const idParams = z.object({ id });
const timestamp = z.string();

/** Wallet transaction status: 0 pending, 1 approved, 2 rejected. */
export const staffPaymentStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const PAYMENT_SORTABLE = ['created_at', 'amount', 'status', 'decided_at', 'username', 'action'] as const;

/**
 * GET /api/operator/payments: deposits and withdrawals, server-paged. Filters: status (default pending), action,
 * method (payment method id), currency, player (id or exact username); `q` searches the public id, the payer's
 * transaction id, the account number and the username. Pending lists oldest first unless sorted otherwise; other
 * statuses newest first.
 */
export const staffPayments = endpoint({
  method: 'GET',
  path: '/api/operator/payments',
  auth: 'staff',
  roles: PAYMENTS,
  query: staffListQuery(PAYMENT_SORTABLE).extend({
    status: z.enum(['0', '1', '2', 'all']).optional().default('0'),
    action: z.enum(['deposit', 'withdraw', 'all']).optional().default('all'),
    method: z.coerce.number().int().positive().optional(),
    currency: z.enum(['BDT', 'INR', 'PKR']).optional(),
    player: z.string().trim().max(64).optional(),
  }),
  response: staffPage(
    z.object({
      id: z.number().int(),
      public_id: z.string(),
      action: z.enum(['deposit', 'withdraw']),
      mode: z.enum(['manual', 'ewallet']),
      amount: money,
      bonus: money,
      currency: z.string(),
      status: staffPaymentStatus,
      channel: z.string().nullable(),
      account_number: z.string().nullable(),
      payer_trx_id: z.string().nullable(),
      payer_number: z.string().nullable(),
      player_id: z.number().int(),
      username: z.string(),
      phone: z.string().nullable(),
      method_id: z.number().int().nullable(),
      method_name: z.string().nullable(),
      promotion: z.string().nullable(),
      receipts: z.number().int(),
      created_at: timestamp,
      decided_at: timestamp.nullable(),
      decided_by: z.string().nullable(),
      decision_note: z.string().nullable(),
      /**
       * A withdrawal waiting for a customer due-diligence check: approve is refused (409) until a check is recorded
       * (POST /api/operator/players/{id}/due-diligence); reject still works.
       */
      verification_required: z.boolean().optional(),
      /**
       * Payers and payees (issue 32). A withdrawal whose payout number is not one of the player's verified numbers
       * (kyc/numbers.ts): approve is refused (409 `payout_unconfirmed`) until a payments operator confirms the number
       * (POST /api/operator/payments/{id}/confirm-payout); `payout_confirmed_by` names who did.
       */
      payout_unverified: z.boolean().optional(),
      payout_confirmed_by: z.string().nullable().optional(),
      /** A deposit paid from a number that was not yet one of the player's verified numbers (information for staff). */
      payer_unverified: z.boolean().optional(),
    }),
  ),
  tags: ['staff'],
});
export type StaffPaymentRow = z.infer<typeof staffPayments.response>['data'][number];

export const staffPaymentEvent = z.object({
  id: z.number().int(),
  event: z.string(),
  actor: z.string(),
  detail: z.record(z.string(), z.unknown()),
  created_at: timestamp,
});
export type StaffPaymentEvent = z.infer<typeof staffPaymentEvent>;

export const staffReceipt = z.object({ id: z.number().int(), type: z.string(), size: z.number().int(), created_at: timestamp });

/** GET /api/operator/payments/{id}: one request with its timeline, receipts and the player's balance. */
export const staffPayment = endpoint({
  method: 'GET',
  path: '/api/operator/payments/{id}',
  auth: 'staff',
  roles: PAYMENTS,
  params: idParams,
  response: z.object({
    payment: staffPayments.response.shape.data.element,
    events: z.array(staffPaymentEvent),
    receipts: z.array(staffReceipt),
    player: z.object({
      id: z.number().int(),
      username: z.string(),
      status: z.string(),
      currency: z.string(),
      balance: money,
      held: money,
      /** Requests of this player still pending (this one included). */
      pending: z.number().int(),
      /** Active turnover requirement left, in the player's currency. */
      turnover_remaining: money,
    }),
  }),
  tags: ['staff'],
});

/** GET /api/operator/receipts/{id}: the receipt image itself (binary; the console loads it with the bearer token). */
export const STAFF_RECEIPT_PATH = '/api/operator/receipts/{id}';

export const staffDecisionResponse = z.object({
  id: z.number().int(),
  status: staffPaymentStatus,
  /** False when the same decision had been taken already (nothing moved twice). */
  changed: z.boolean(),
  message: z.string(),
});

/**
 * POST /api/operator/payments/{id}/approve: a pending deposit is credited (with its bonus), a pending withdrawal is
 * paid out. Approving twice answers the same and moves money once; approving a rejected request is a 409.
 */
export const staffApproveTransaction = endpoint({
  method: 'POST',
  path: '/api/operator/payments/{id}/approve',
  auth: 'staff',
  roles: PAYMENTS,
  params: idParams,
  body: z.object({ reason: z.string().trim().max(500).optional() }).optional(),
  response: staffDecisionResponse,
  tags: ['staff'],
});

/** POST /api/operator/payments/{id}/reject: a reason is required (the player reads it in the inbox and records). */
export const staffRejectTransaction = endpoint({
  method: 'POST',
  path: '/api/operator/payments/{id}/reject',
  auth: 'staff',
  roles: PAYMENTS,
  params: idParams,
  body: z.object({ reason: staffReason }),
  response: staffDecisionResponse,
  tags: ['staff'],
});

/**
 * POST /api/operator/payments/{id}/confirm-payout: a payments operator confirms that a pending withdrawal may be paid
 * to a number that is not one of the player's verified numbers (they checked it with the player); audited
 * `payment.payout_confirm` with the reason. 409 when the withdrawal is not pending or needs no confirmation.
 */
export const staffConfirmPayout = endpoint({
  method: 'POST',
  path: '/api/operator/payments/{id}/confirm-payout',
  auth: 'staff',
  roles: PAYMENTS,
  params: idParams,
  body: z.object({ reason: staffReason }),
  response: z.object({ id: z.number().int(), payout_confirmed_by: z.string(), message: z.string() }),
  tags: ['staff'],
});

// ---- Turnover requirements ----

export const TURNOVER_SORTABLE = ['created_at', 'required', 'remaining', 'username'] as const;

/** GET /api/operator/turnovers: wagering requirements by status; `q` searches the username. */
export const staffTurnovers = endpoint({
  method: 'GET',
  path: '/api/operator/turnovers',
  auth: 'staff',
  roles: PAYMENTS,
  query: staffListQuery(TURNOVER_SORTABLE).extend({
    status: z.enum(['active', 'complete']).optional().default('active'),
    player: z.string().trim().max(64).optional(),
  }),
  response: staffPage(
    z.object({
      id: z.number().int(),
      status: z.string(),
      player_id: z.number().int(),
      username: z.string(),
      source: z.string(),
      transaction_id: z.string(),
      currency: z.string(),
      required: money,
      remaining: money,
      created_at: timestamp,
    }),
  ),
  tags: ['staff'],
});

/** POST /api/operator/turnovers/{id}/waive: closes an active requirement (audited, with the reason). */
export const staffWaiveTurnover = endpoint({
  method: 'POST',
  path: '/api/operator/turnovers/{id}/waive',
  auth: 'staff',
  roles: PAYMENTS,
  params: idParams,
  body: z.object({ reason: staffReason }),
  response: z.object({ id: z.number().int(), status: z.string(), changed: z.boolean() }),
  tags: ['staff'],
});

/** GET /api/operator/ledger-check: every balance equals its postings, every transfer sums to zero. */
export const staffLedgerCheck = endpoint({
  method: 'GET',
  path: '/api/operator/ledger-check',
  auth: 'staff',
  roles: ['payments', 'risk'],
  response: z.object({ ok: z.boolean(), problems: z.array(z.string()) }),
  tags: ['staff'],
});

// ---- Payment methods and wallet numbers ----

/** Whole money units of a range or preset (the spec's constants are whole units too). */
const units = z.coerce.number().int('Use whole amounts.').min(1, 'Amounts must be at least 1.').max(10_000_000);
const presets = z.array(units).max(12, 'At most 12 presets.');
const gateways = z.array(
  z.object({
    name: z.string().trim().min(1).max(64),
    code: z.string().trim().min(1).max(32),
    icon: z.string().trim().max(500).nullable(),
  }),
);

export const staffWalletNumber = z.object({
  id: z.number().int(),
  account_number: z.string(),
  status: z.enum(['active', 'inactive']),
  sort_order: z.number().int(),
});
export type StaffWalletNumber = z.infer<typeof staffWalletNumber>;

export const staffPaymentMethod = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  account_type: z.enum(['Agent', 'Merchant', 'Personal', 'ewallet']),
  pgs: gateways,
  allows_deposit: z.boolean(),
  allows_withdraw: z.boolean(),
  sort_order: z.number().int(),
  /** The method's own range (null: the site-wide DEPOSIT_MIN/MAX, WITHDRAW_MIN/MAX apply). */
  deposit_min: z.number().int().nullable(),
  deposit_max: z.number().int().nullable(),
  withdraw_min: z.number().int().nullable(),
  withdraw_max: z.number().int().nullable(),
  /** The method's own amount buttons (null: DEPOSIT_PRESETS / WITHDRAW_PRESETS). */
  deposit_presets: z.array(z.number().int()).nullable(),
  withdraw_presets: z.array(z.number().int()).nullable(),
  numbers: z.array(staffWalletNumber),
});
export type StaffPaymentMethod = z.infer<typeof staffPaymentMethod>;

/** GET /api/operator/payment-methods: every method (inactive ones too) in the players' order, with its numbers. */
export const staffPaymentMethods = endpoint({
  method: 'GET',
  path: '/api/operator/payment-methods',
  auth: 'staff',
  roles: PAYMENTS,
  query: staffListQuery(['sort_order'] as const),
  response: staffPage(staffPaymentMethod),
  tags: ['staff'],
});

/** The editable fields of a method; a range is both ends or neither, min ≤ max (422 otherwise). */
export const staffPaymentMethodFields = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(64),
  icon: z.string().trim().max(500).nullable().optional(),
  account_type: z.enum(['Agent', 'Merchant', 'Personal', 'ewallet']),
  pgs: gateways.optional(),
  allows_deposit: z.boolean(),
  allows_withdraw: z.boolean(),
  deposit_min: units.nullable().optional(),
  deposit_max: units.nullable().optional(),
  withdraw_min: units.nullable().optional(),
  withdraw_max: units.nullable().optional(),
  deposit_presets: presets.nullable().optional(),
  withdraw_presets: presets.nullable().optional(),
  reason: z.string().trim().max(500).optional(),
});
export type StaffPaymentMethodFields = z.input<typeof staffPaymentMethodFields>;

/** POST /api/operator/payment-methods: a new method (active, last in order); `code` is unique. */
export const staffCreatePaymentMethod = endpoint({
  method: 'POST',
  path: '/api/operator/payment-methods',
  auth: 'staff',
  roles: PAYMENTS,
  body: staffPaymentMethodFields.extend({
    code: z
      .string()
      .trim()
      .max(32, 'Code: 2-32 lower-case letters, digits, - or _.')
      .regex(/^[a-z0-9_-]{2,32}$/, 'Code: 2-32 lower-case letters, digits, - or _.'),
  }),
  response: staffPaymentMethod,
  tags: ['staff'],
});

/** PATCH /api/operator/payment-methods/{id}: edit, enable or disable (status). */
export const staffUpdatePaymentMethod = endpoint({
  method: 'PATCH',
  path: '/api/operator/payment-methods/{id}',
  auth: 'staff',
  roles: PAYMENTS,
  params: idParams,
  body: staffPaymentMethodFields.partial().extend({ status: z.enum(['active', 'inactive']).optional() }),
  response: staffPaymentMethod,
  tags: ['staff'],
});

/** POST /api/operator/payment-methods/order: the methods' order as players see it (every method id, once). */
export const staffReorderPaymentMethods = endpoint({
  method: 'POST',
  path: '/api/operator/payment-methods/order',
  auth: 'staff',
  roles: PAYMENTS,
  body: z.object({ ids: z.array(id).min(1).max(200) }),
  response: z.object({ ids: z.array(z.number().int()) }),
  tags: ['staff'],
});

const accountNumber = z
  .string()
  .trim()
  .max(21, 'A wallet number is 6 to 20 digits.')
  .regex(/^\+?\d{6,20}$/, 'A wallet number is 6 to 20 digits.');

/** POST /api/operator/payment-methods/{id}/numbers: a receiving number (active, last in order). */
export const staffCreateWalletNumber = endpoint({
  method: 'POST',
  path: '/api/operator/payment-methods/{id}/numbers',
  auth: 'staff',
  roles: PAYMENTS,
  params: idParams,
  body: z.object({ account_number: accountNumber, reason: z.string().trim().max(500).optional() }),
  response: staffWalletNumber,
  tags: ['staff'],
});

/** PATCH /api/operator/wallet-numbers/{id}: change, enable or disable a receiving number. */
export const staffUpdateWalletNumber = endpoint({
  method: 'PATCH',
  path: '/api/operator/wallet-numbers/{id}',
  auth: 'staff',
  roles: PAYMENTS,
  params: idParams,
  body: z.object({
    account_number: accountNumber.optional(),
    status: z.enum(['active', 'inactive']).optional(),
    reason: z.string().trim().max(500).optional(),
  }),
  response: staffWalletNumber,
  tags: ['staff'],
});

/** POST /api/operator/payment-methods/{id}/numbers/order: the numbers' order (every number id of the method, once). */
export const staffReorderWalletNumbers = endpoint({
  method: 'POST',
  path: '/api/operator/payment-methods/{id}/numbers/order',
  auth: 'staff',
  roles: PAYMENTS,
  params: idParams,
  body: z.object({ ids: z.array(id).min(1).max(200) }),
  response: z.object({ ids: z.array(z.number().int()) }),
  tags: ['staff'],
});

// ---- The withdrawal switch (general_settings.withdrawal_status) ----

export const staffWithdrawalSwitch = endpoint({
  method: 'GET',
  path: '/api/operator/withdrawal-status',
  auth: 'staff',
  roles: PAYMENTS,
  response: z.object({ enabled: z.boolean() }),
  tags: ['staff'],
});

/** PUT /api/operator/withdrawal-status: withdrawals on or off for every player (audited). */
export const staffSetWithdrawalSwitch = endpoint({
  method: 'PUT',
  path: '/api/operator/withdrawal-status',
  auth: 'staff',
  roles: PAYMENTS,
  body: z.object({ enabled: z.boolean(), reason: z.string().trim().max(500).optional() }),
  response: z.object({ enabled: z.boolean(), changed: z.boolean() }),
  tags: ['staff'],
});
