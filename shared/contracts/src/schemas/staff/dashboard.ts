// Staff: the dashboard (every role) and resolving its alerts (console: areas/dashboard).
import { z } from 'zod';
import { endpoint, messageResponse, money } from '../../endpoint';
import { staffReason } from './common';

export const dashboardSchema = z.object({
  /** Pending deposits and withdrawals per currency; `amount` is null for the content role (no money totals). */
  pending: z.array(
    z.object({ action: z.enum(['deposit', 'withdraw']), currency: z.string(), count: z.number().int(), amount: money.nullable() }),
  ),
  /** Chats whose latest message is from the player. */
  open_chats: z.number().int(),
  /** Distinct players with a live push stream. */
  players_online: z.number().int(),
  /** Today's (Dhaka day) figures per currency, from the reports; null for the content role (no money totals). */
  today: z
    .object({
      day: z.string(),
      rows: z.array(z.object({ currency: z.string(), deposits: money, withdrawals: money, casino_ggr: money, exchange_commission: money })),
    })
    .nullable(),
  /** Unresolved staff alerts, newest first (at most 50). */
  alerts: z.array(
    z.object({ id: z.number().int(), kind: z.string(), message: z.string(), ref: z.string().nullable(), created_at: z.string() }),
  ),
  alerts_total: z.number().int(),
});
export type StaffDashboard = z.infer<typeof dashboardSchema>;

export const staffDashboard = endpoint({
  method: 'GET',
  path: '/api/operator/dashboard',
  auth: 'staff',
  response: dashboardSchema,
  tags: ['staff'],
});

/** POST /api/operator/alerts/{id}/resolve (risk; admin): the alert leaves the dashboard (audited). 409 when already resolved. */
export const staffResolveAlert = endpoint({
  method: 'POST',
  path: '/api/operator/alerts/{id}/resolve',
  auth: 'staff',
  roles: ['risk'],
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ reason: staffReason.optional() }),
  response: messageResponse,
  tags: ['staff'],
});
