import type { FastifyInstance } from 'fastify';
import { staffDailyReport, type StaffReportRow } from '@khela/contracts';
import { registerEndpoint } from '../../http/endpoint';
import { fromMinor, parseMinor, toMinor } from '../../ledger';
import { reportDays } from './service';

const FIGURES = ['deposits', 'withdrawals', 'casino_ggr', 'exchange_commission', 'bonus_cost'] as const;

/** Per currency, the sums of the rows' figures (exact: added in paisa). */
export function reportTotals(rows: StaffReportRow[]): Array<Omit<StaffReportRow, 'day'>> {
  const sums = new Map<string, Record<(typeof FIGURES)[number], bigint>>();
  for (const r of rows) {
    const s = sums.get(r.currency) ?? { deposits: 0n, withdrawals: 0n, casino_ggr: 0n, exchange_commission: 0n, bonus_cost: 0n };
    for (const f of FIGURES) s[f] += toMinor(r[f]);
    sums.set(r.currency, s);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, s]) => ({
      currency,
      ...(Object.fromEntries(FIGURES.map((f) => [f, fromMinor(parseMinor(s[f]))])) as Record<(typeof FIGURES)[number], string>),
    }));
}

/** Back office, reports (roles payments and risk). Registered by the payments staff plugin (api/src/wallet/staff/routes.ts). */
export function reportRoutes(app: FastifyInstance) {
  registerEndpoint(app, staffDailyReport, async (req) => {
    const rows = await reportDays(app.db, req.query);
    return { from: req.query.from, to: req.query.to, rows, totals: reportTotals(rows) };
  });
}
