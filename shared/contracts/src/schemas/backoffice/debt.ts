// Back office: writing off what a player owes the house (player:N:owed, a re-settlement's debt) (issue 32). Above the
// maker–checker amount (MAKER_CHECKER_ABOVE_<currency>) a second operator approves it in Approvals.
import { z } from 'zod';
import { endpoint, money } from '../../endpoint';
import { staffReason } from './common';

/** POST /api/operator/players/{id}/write-off (payments): 409 approval_pending above the threshold. Audited. */
export const staffWriteOffDebt = endpoint({
  method: 'POST',
  path: '/api/operator/players/{id}/write-off',
  auth: 'operator',
  roles: ['payments'],
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ amount: money, reason: staffReason }),
  response: z.object({ transfer_id: z.number().int(), owed_before: money, owed_after: money, message: z.string() }),
  tags: ['operator'],
});
