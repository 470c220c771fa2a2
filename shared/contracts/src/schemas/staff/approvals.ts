// Back office: maker–checker (issue 32). What one operator asks for and another approves: balance adjustments and
// withdrawals above a configurable amount, and market settlements and voids (re-settlements are settlements).
import { z } from 'zod';
import { endpoint, money } from '../../endpoint';
import { staffListQuery, staffPage, staffReason } from './common';

export const APPROVAL_KINDS = ['balance_adjustment', 'withdrawal', 'market_settle', 'market_void', 'debt_write_off'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Who may ask for and approve each kind (admins may too). */
export const APPROVAL_ROLES = {
  balance_adjustment: ['payments'],
  withdrawal: ['payments'],
  market_settle: ['risk'],
  market_void: ['risk'],
  debt_write_off: ['payments'],
} as const satisfies Record<ApprovalKind, readonly string[]>;

export const APPROVAL_LABELS: Record<ApprovalKind, string> = {
  balance_adjustment: 'Balance adjustment',
  withdrawal: 'Withdrawal payout',
  market_settle: 'Market settlement',
  market_void: 'Market void',
  debt_write_off: 'Debt write-off',
};

export const APPROVAL_MESSAGES = {
  sameStaff: 'You asked for this: another operator must approve it.',
  notPending: 'This request was already decided.',
} as const;

export const approvalRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  entity_type: z.string(),
  entity_id: z.string(),
  /** One line for the queue: "Credit ৳25,000.00 to player 17 (demo1234)", "Settle 1.234 on Team A". */
  summary: z.string(),
  amount: money.nullable(),
  currency: z.string().nullable(),
  /** The maker's reason. */
  reason: z.string().nullable(),
  requested_by: z.object({ id: z.number().int(), username: z.string() }),
  requested_at: z.string(),
  decided_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
});
export type StaffApprovalRow = z.infer<typeof approvalRowSchema>;

/**
 * The answer (409, `code: 'approval_pending'`) of an action that needs a second operator: the request was recorded
 * (or one for the same thing was already waiting) and waits in the approval queue.
 */
export const approvalPendingBody = z.object({ message: z.string(), code: z.literal('approval_pending'), approval_id: z.number().int() });

/** GET /api/operator/approvals: the queue, newest first; `mine` = the requests I made; kinds of my role only. */
export const staffApprovals = endpoint({
  method: 'GET',
  path: '/api/operator/approvals',
  auth: 'staff',
  roles: ['payments', 'risk'],
  query: staffListQuery(['id'] as const).extend({
    status: z.enum(APPROVAL_STATUSES).optional(),
    kind: z.enum(APPROVAL_KINDS).optional(),
    mine: z.enum(['1', '0']).optional(),
  }),
  response: staffPage(approvalRowSchema),
  tags: ['staff'],
});

/** GET /api/operator/approvals/config: when a second operator is needed (amounts per currency, markets on or off). */
export const staffApprovalConfig = endpoint({
  method: 'GET',
  path: '/api/operator/approvals/config',
  auth: 'staff',
  response: z.object({ above: z.record(z.string(), money), markets: z.boolean() }),
  tags: ['staff'],
});

const approvalParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * POST /api/operator/approvals/{id}/approve: a different operator than the maker (409 `same_operator`), of a role the
 * kind allows, carries the action out now (audited as theirs, naming the request and its maker) — or its refusal
 * (e.g. the balance no longer covers a debit) answers as the action would and the request stays pending.
 */
export const staffApproveRequest = endpoint({
  method: 'POST',
  path: '/api/operator/approvals/{id}/approve',
  auth: 'staff',
  roles: ['payments', 'risk'],
  params: approvalParams,
  body: z.object({ reason: z.string().trim().max(500).optional() }),
  response: z.object({ approval: approvalRowSchema, message: z.string() }),
  tags: ['staff'],
});

/** POST /api/operator/approvals/{id}/reject: another operator refuses it, with a reason the maker reads. */
export const staffRejectRequest = endpoint({
  method: 'POST',
  path: '/api/operator/approvals/{id}/reject',
  auth: 'staff',
  roles: ['payments', 'risk'],
  params: approvalParams,
  body: z.object({ reason: staffReason }),
  response: z.object({ approval: approvalRowSchema, message: z.string() }),
  tags: ['staff'],
});

/** POST /api/operator/approvals/{id}/cancel: the maker withdraws their own pending request. */
export const staffCancelRequest = endpoint({
  method: 'POST',
  path: '/api/operator/approvals/{id}/cancel',
  auth: 'staff',
  roles: ['payments', 'risk'],
  params: approvalParams,
  body: z.object({ reason: staffReason }),
  response: z.object({ approval: approvalRowSchema, message: z.string() }),
  tags: ['staff'],
});
