// Exchange records (the spec's "Exchange record": docs/README.md#spec-3): a player's exchange bets as the Exchange tab
// of Betting Records lists them (GET /api/betting-record?tab=exchange). Read-only, SQL only.
import { dhakaDateRange, exchangeRecordStatus, fromMinor, type ExchangeRecord, type ExchangeRecordDateFilter } from '@khela/contracts';
import type { Queryable } from '../db';
import { betOut } from './bets';

type BetViewRow = Parameters<typeof betOut>[0];

/**
 * A market's commission shared over the player's winning bets in it, in proportion to their profits (rounded down,
 * the paisa left over going one each to the largest profits first), so the shares add up to the commission and none
 * exceeds its bet's profit.
 */
export function commissionShares(commission: number, winners: { id: number; profit: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  const total = winners.reduce((s, w) => s + w.profit, 0);
  if (commission <= 0 || total <= 0) return out;
  let left = commission;
  for (const w of winners) {
    const share = Number((BigInt(commission) * BigInt(w.profit)) / BigInt(total));
    out.set(w.id, share);
    left -= share;
  }
  const order = [...winners].sort((a, b) => b.profit - a.profit || a.id - b.id);
  for (let i = 0; left > 0 && order.length; i = (i + 1) % order.length, left--) out.set(order[i]!.id, out.get(order[i]!.id)! + 1);
  return out;
}

/** The player's exchange bets placed in the date range (Dhaka calendar days; "all": every one), newest first. */
export async function exchangeRecords(
  q: Queryable,
  playerId: number,
  filter: { date: ExchangeRecordDateFilter },
  now = new Date(),
): Promise<ExchangeRecord[]> {
  const range = filter.date === 'all' ? null : dhakaDateRange(filter.date, now);
  const rows = await q.query<BetViewRow & { id: string; currency: string; sport: string; voided: boolean }>(
    `SELECT b.id, b.currency, m.sport, b.public_id, b.market_id, m.name AS market_name, b.kind, m.event_id, m.event_name, b.selection_id,
       b.selection_name, b.side, b.price, b.line, b.stake_minor, b.matched_minor, b.matched_value, b.remaining_minor, b.status,
       b.persistence, b.reason, b.profit_minor, b.placed_at, b.delay_until, b.settled_at, b.voided
     FROM exchange_bets b JOIN exchange_markets m ON m.market_id = b.market_id
     WHERE b.player_id = $1 AND ($2::timestamptz IS NULL OR b.placed_at >= $2) AND ($3::timestamptz IS NULL OR b.placed_at < $3)
     ORDER BY b.placed_at DESC, b.id DESC LIMIT 1000`,
    [playerId, range?.from.toISOString() ?? null, range?.to?.toISOString() ?? null],
  );

  // commission is the market's (per player); each winning bet of the market carries its share
  const wonMarkets = [...new Set(rows.rows.filter((r) => r.status === 'WON').map((r) => r.market_id))];
  const shares = new Map<number, number>();
  if (wonMarkets.length) {
    const commission = await q.query<{ market_id: string; commission_minor: string }>(
      `SELECT market_id, commission_minor FROM exchange_positions WHERE player_id = $1 AND market_id = ANY($2::text[]) AND commission_minor > 0`,
      [playerId, wonMarkets],
    );
    if (commission.rows.length) {
      const winners = await q.query<{ id: string; market_id: string; profit_minor: string }>(
        `SELECT id, market_id, profit_minor FROM exchange_bets
         WHERE player_id = $1 AND market_id = ANY($2::text[]) AND status = 'WON' AND profit_minor > 0 ORDER BY id`,
        [playerId, commission.rows.map((c) => c.market_id)],
      );
      for (const c of commission.rows) {
        const own = winners.rows
          .filter((w) => w.market_id === c.market_id)
          .map((w) => ({ id: Number(w.id), profit: Number(w.profit_minor) }));
        for (const [id, share] of commissionShares(Number(c.commission_minor), own)) shares.set(id, share);
      }
    }
  }

  return rows.rows.map((r) => {
    const bet = betOut(r);
    // the bet view's status already says Void for what a void returned (exchangeShownStatus): one vocabulary
    const status = exchangeRecordStatus(bet.status);
    const share = shares.get(Number(r.id)) ?? 0;
    const profit = r.profit_minor === null ? 0 : Number(r.profit_minor);
    return {
      transaction_id: bet.id,
      event_id: bet.event_id,
      event_name: bet.event_name,
      sport: r.sport,
      game_type: bet.market_kind,
      market_id: bet.market_id,
      market_name: bet.market_name,
      selection_id: bet.selection_id,
      selection_name: bet.selection_name,
      bet_type: bet.side,
      stake: bet.stake,
      matched_stake: bet.matched_stake,
      odds: bet.market_kind === 'FANCY' ? bet.rate : (bet.avg_price ?? bet.price),
      run: bet.line,
      potential_profit: bet.potential_profit,
      potential_liability: bet.potential_liability,
      net_profit_loss: status === 'open' ? null : fromMinor(profit - share),
      commission: fromMinor(share),
      status,
      currency: r.currency,
      created_at: bet.placed_at,
      settled_at: bet.settled_at,
    };
  });
}
