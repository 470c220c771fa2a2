// Back office, area 'reports': endpoints of its console screens (see index.ts for the conventions).
import { z } from 'zod';
import { endpoint, money } from '../../endpoint';

const dhakaDate = z
  .string()
  .max(10, 'Use a date as YYYY-MM-DD.')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');

/** One Dhaka day in one currency, from the ledger (api/src/staff/reports/service.ts says what each figure sums). */
export const staffReportRow = z.object({
  day: z.string(),
  currency: z.string(),
  deposits: money,
  withdrawals: money,
  casino_ggr: money,
  exchange_commission: money,
  bonus_cost: money,
});
export type StaffReportRow = z.infer<typeof staffReportRow>;

/**
 * GET /api/operator/reports/daily?from=YYYY-MM-DD&to=YYYY-MM-DD: daily deposits, withdrawals, casino GGR, exchange
 * commission and bonus cost per currency for the Dhaka dates from..to (both included, at most 366 days); rows only
 * for days with a movement, by day then currency; `totals` per currency over the range. GGR and commission may be
 * negative (signed decimal strings).
 */
export const staffDailyReport = endpoint({
  method: 'GET',
  path: '/api/operator/reports/daily',
  auth: 'staff',
  roles: ['payments', 'risk'],
  query: z.object({ from: dhakaDate, to: dhakaDate }),
  response: z.object({
    from: z.string(),
    to: z.string(),
    rows: z.array(staffReportRow),
    totals: z.array(staffReportRow.omit({ day: true })),
  }),
  tags: ['staff'],
});
