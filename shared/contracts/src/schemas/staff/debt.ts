// Back office: writing off what a player owes the house (player:N:owed, a re-settlement's debt) (issue 32). Above the
// maker–checker amount (MAKER_CHECKER_ABOVE_<currency>) a second operator approves it in Approvals.
import { z } from 'zod';
import { endpoint, money } from '../../endpoint';
import { staffReason } from './common';

/** POST /api/operator/players/{id}/write-off (payments): 409 approval_pending above the threshold. Audited. */
export const staffWriteOffDebt = endpoint({
  method: 'POST',
  path: '/api/operator/players/{id}/write-off',
  auth: 'staff',
  roles: ['payments'],
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({
    /** Positive, at most two decimals, at most what the player owes. */
    amount: money
      .max(20, 'The amount must be more than 0.')
      .refine((v) => !v.startsWith('-') && /[1-9]/.test(v), 'The amount must be more than 0.'),
    reason: staffReason,
  }),
  response: z.object({ transfer_id: z.number().int(), owed_before: money, owed_after: money, message: z.string() }),
  tags: ['staff'],
});
