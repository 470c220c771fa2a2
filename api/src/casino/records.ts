import { dhakaDateRange, type BettingDateFilter, type SettledBet } from '@khela/contracts';
import type { Queryable } from '../db';
import { fromMinor, parseMinor } from '../ledger';

/** Settled rounds of a player (docs/README.md#spec-3 "Settled bet"), newest first. */
export async function settledBets(
  q: Queryable,
  playerId: number,
  filter: { platform?: string; game_type?: string; date: BettingDateFilter },
  now = new Date(),
): Promise<SettledBet[]> {
  const { from, to } = dhakaDateRange(filter.date, now);
  const r = await q.query<{
    id: string;
    round_id: string;
    platform: string;
    game_type: string;
    game_code: string;
    game_name: string;
    bet_minor: string;
    win_minor: string;
    currency: string;
    created_at: Date | string;
  }>(
    `SELECT id, round_id, platform, game_type, game_code, game_name, bet_minor, win_minor, currency, created_at
     FROM casino_rounds
     WHERE player_id = $1 AND status = 'settled' AND created_at >= $2 AND ($3::timestamptz IS NULL OR created_at < $3)
       AND ($4::text IS NULL OR platform = $4) AND ($5::text IS NULL OR game_type = $5)
     ORDER BY created_at DESC, id DESC LIMIT 1000`,
    [playerId, from.toISOString(), to?.toISOString() ?? null, filter.platform || null, filter.game_type || null],
  );
  return r.rows.map((x) => ({
    id: String(x.id),
    round_id: x.round_id,
    platform: x.platform,
    game_type: x.game_type,
    game_code: x.game_code,
    game_name: x.game_name,
    bet_amount: fromMinor(parseMinor(x.bet_minor)),
    winAmount: fromMinor(parseMinor(x.win_minor)),
    currency: x.currency,
    created_at: new Date(x.created_at).toISOString(),
  }));
}
