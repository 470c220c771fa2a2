// Back office, a player's protection: every limit, time-out and exclusion the player set (read-only: the rules
// forbid staff to lift or loosen them), the under-age flag, customer due diligence (CDD) and the history of changes
// from the audit log. Staff record a CDD check (payments); that releases withdrawals waiting for verification.
//
// Roles: support, payments and risk read; payments records a CDD check. Admin passes every check.
import { z } from 'zod';
import { endpoint, money } from '../../endpoint';
import { exclusionOut, moneyLimit, protectionStatus } from '../protection';
import { auditRowSchema } from './audit';
import { staffReason } from './common';
import { PLAYER_READ_ROLES } from './players';

export const PROTECTION_CDD_ROLES = ['payments'] as const;

const idParams = z.object({ id: z.coerce.number().int().positive() });

export const staffDueDiligence = z.object({
  /** The 180-day threshold in the player's currency. */
  threshold: money,
  /** Deposits approved, and withdrawals pending or approved, in the CDD window (180 days by default). */
  deposits_180d: money,
  withdrawals_180d: money,
  /** Either total passed the threshold. */
  required: z.boolean(),
  /** The last recorded check (null: none). */
  checked_at: z.string().nullable(),
  checked_by: z.string().nullable(),
  note: z.string().nullable(),
  /** Withdrawals waiting for the check now. */
  withdrawals_waiting: z.number().int(),
});
export type StaffDueDiligence = z.infer<typeof staffDueDiligence>;

export const staffPlayerProtectionOut = z.object({
  player_id: z.number().int(),
  currency: z.string(),
  status: protectionStatus,
  limits: z.array(moneyLimit),
  session_limit: z.object({
    minutes: z.number().int().nullable(),
    pending: z.object({ minutes: z.number().int().nullable(), effective_at: z.string() }).nullable(),
  }),
  /** Every time-out and self-exclusion, newest first (in force or ended). */
  exclusions: z.array(exclusionOut.extend({ active: z.boolean() })),
  dofb: z.string().nullable(),
  /** When the under-age birthday was entered (null: not flagged). */
  under_age_at: z.string().nullable(),
  due_diligence: staffDueDiligence,
  /** The audit log's lines about this player's protection (the player's own changes and staff's), newest first. */
  history: z.array(auditRowSchema),
});
export type StaffPlayerProtection = z.infer<typeof staffPlayerProtectionOut>;

export const staffPlayerProtection = endpoint({
  method: 'GET',
  path: '/api/operator/players/{id}/protection',
  auth: 'staff',
  roles: PLAYER_READ_ROLES,
  params: idParams,
  response: staffPlayerProtectionOut,
  tags: ['staff'],
});

export const staffRecordDueDiligence = endpoint({
  method: 'POST',
  path: '/api/operator/players/{id}/due-diligence',
  auth: 'staff',
  roles: PROTECTION_CDD_ROLES,
  params: idParams,
  body: z.object({ reason: staffReason }),
  response: staffPlayerProtectionOut,
  tags: ['staff'],
});
