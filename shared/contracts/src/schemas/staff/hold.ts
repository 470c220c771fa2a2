// Back office, a player's risk hold (issue 27 item 9): staff put a player on hold for suspected fraud or bonus abuse
// and release it, each with a reason (audited as player.hold / player.hold_release). While on hold the player logs in
// and is told why, but cannot stake or deposit anywhere; withdrawals only if staff allowed them for this hold. A
// status beside the player's `status` (whose `suspended` stays the upline state of docs/README.md#spec-6).
//
// Roles: those who read a player's page read it; those who set status and upline flags (risk) set and release it.
import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { RISK_HOLD_REASONS } from '../../rules/protection';
import { staffReason } from './common';
import { PLAYER_READ_ROLES, PLAYER_STATUS_ROLES } from './players';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export const riskHoldOut = z.object({
  id: z.number().int(),
  reason: z.enum(RISK_HOLD_REASONS),
  /** Staff's note on why (the reason given when it was placed or last changed). */
  note: z.string(),
  allow_withdrawals: z.boolean(),
  placed_by: z.string(),
  placed_at: z.string(),
});
export type RiskHoldOut = z.infer<typeof riskHoldOut>;

const holdResponse = z.object({ hold: riskHoldOut.nullable() });

export const staffPlayerHold = endpoint({
  method: 'GET',
  path: '/api/operator/players/{id}/hold',
  auth: 'staff',
  roles: PLAYER_READ_ROLES,
  params: idParams,
  response: holdResponse,
  tags: ['staff'],
});

export const staffHoldBody = z.object({
  hold_reason: z.enum(RISK_HOLD_REASONS),
  allow_withdrawals: z.boolean().default(false),
  reason: staffReason,
});

/** Puts the player on hold, or changes the open hold. Ends the player's casino launch tokens and unmatched bets. */
export const staffSetPlayerHold = endpoint({
  method: 'POST',
  path: '/api/operator/players/{id}/hold',
  auth: 'staff',
  roles: PLAYER_STATUS_ROLES,
  params: idParams,
  body: staffHoldBody,
  response: holdResponse.extend({ message: z.string() }),
  tags: ['staff'],
});

export const staffReleasePlayerHold = endpoint({
  method: 'POST',
  path: '/api/operator/players/{id}/hold/release',
  auth: 'staff',
  roles: PLAYER_STATUS_ROLES,
  params: idParams,
  body: z.object({ reason: staffReason }),
  response: holdResponse.extend({ message: z.string() }),
  tags: ['staff'],
});
