import { DAY_MS } from '@khela/contracts';
import type { Queryable } from '../../db';
import { HttpError } from '../../errors';
import { fromMinor, parseMinor } from '../../ledger';
import { dhakaDateStart } from '../../core/timestamps';

export { dhakaDateStart };

/** One Dhaka day in one currency; money as exact decimal strings (major units, two decimals). */
export interface ReportRow {
  /** Dhaka calendar date, YYYY-MM-DD. */
  day: string;
  currency: string;
  /** Money players paid in: approved deposits (the house:cash side of 'deposit' transfers; bonuses excluded). */
  deposits: string;
  /** Money paid out to players: approved withdrawals ('withdraw.payout' into house:cash). */
  withdrawals: string;
  /** Casino gross gaming revenue: bets minus wins minus rollbacks (net of house:games). */
  casino_ggr: string;
  /** Exchange commission earned (net of house:commission, re-settlements included). */
  exchange_commission: string;
  /** Money given away: deposit bonuses and claimed cash bonuses (house:bonus) and VIP point conversions (house:vip). */
  bonus_cost: string;
}

/** The widest range one report covers (days). */
export const REPORT_MAX_DAYS = 366;

/** [start, end) of the Dhaka dates from..to inclusive; 422 when reversed or longer than REPORT_MAX_DAYS. */
export function dhakaWindow(range: { from: string; to: string }): { start: Date; end: Date } {
  const start = dhakaDateStart(range.from);
  const end = new Date(dhakaDateStart(range.to).getTime() + DAY_MS);
  if (end <= start) throw new HttpError(422, 'The end date must not be before the start date.');
  if ((end.getTime() - start.getTime()) / DAY_MS > REPORT_MAX_DAYS) {
    throw new HttpError(422, `A report covers at most ${REPORT_MAX_DAYS} days.`);
  }
  return { start, end };
}

/**
 * Daily figures per Dhaka day and currency, from the ledger alone: the postings on the house accounts, by the kind
 * of their transfer, stamped by the posting's time. Only days and currencies with a movement have a row; rows are
 * ordered by day, then currency. `from`/`to` are Dhaka dates, both included.
 */
export async function reportDays(q: Queryable, range: { from: string; to: string }): Promise<ReportRow[]> {
  const { start, end } = dhakaWindow(range);
  const r = await q.query<{
    day: string;
    currency: string;
    deposits: string;
    withdrawals: string;
    casino_ggr: string;
    exchange_commission: string;
    bonus_cost: string;
  }>(
    `SELECT to_char(((p.created_at AT TIME ZONE 'UTC') + interval '6 hours')::date, 'YYYY-MM-DD') AS day, a.currency,
       COALESCE(SUM(-p.amount_minor) FILTER (WHERE a.code = 'house:cash' AND t.kind = 'deposit'), 0)::text AS deposits,
       COALESCE(SUM(p.amount_minor) FILTER (WHERE a.code = 'house:cash' AND t.kind = 'withdraw.payout'), 0)::text AS withdrawals,
       COALESCE(SUM(p.amount_minor) FILTER (WHERE a.code = 'house:games' AND t.kind LIKE 'casino.%'), 0)::text AS casino_ggr,
       COALESCE(SUM(p.amount_minor) FILTER (WHERE a.code = 'house:commission' AND t.kind LIKE 'exchange.%'), 0)::text AS exchange_commission,
       COALESCE(SUM(-p.amount_minor) FILTER (WHERE a.code IN ('house:bonus', 'house:vip')
         AND t.kind IN ('deposit', 'bonus.claim', 'vip.convert')), 0)::text AS bonus_cost
     FROM ledger_accounts a
     JOIN ledger_postings p ON p.account_id = a.id AND p.created_at >= $1 AND p.created_at < $2
     JOIN ledger_transfers t ON t.id = p.transfer_id
     WHERE a.player_id IS NULL AND a.code IN ('house:cash', 'house:games', 'house:commission', 'house:bonus', 'house:vip')
     GROUP BY 1, 2
     ORDER BY 1, 2`,
    [start.toISOString(), end.toISOString()],
  );
  return r.rows.map((row) => ({
    day: row.day,
    currency: row.currency,
    deposits: fromMinor(parseMinor(row.deposits)),
    withdrawals: fromMinor(parseMinor(row.withdrawals)),
    casino_ggr: fromMinor(parseMinor(row.casino_ggr)),
    exchange_commission: fromMinor(parseMinor(row.exchange_commission)),
    bonus_cost: fromMinor(parseMinor(row.bonus_cost)),
  }));
}
