// The bet-outcome notifications (the exchange header's bell). Rows are written by a trigger on exchange_bets
// (sql/0710_exchange_notices.sql); this reads them page by page and marks them read. SQL only.
import type { ExchangeBetStatus, ExchangeNotice, ExchangeNoticeKind } from '@khela/contracts';
import type { Queryable } from '../db';
import { BET_VIEW, betOut, type BetView } from './bets';

/** The status a notice's bet had when it was said (a cancelled rest of a matched bet reads as its cancel). */
const STATUS_OF: Record<ExchangeNoticeKind, ExchangeBetStatus> = {
  matched: 'MATCHED',
  partial: 'PARTIALLY_MATCHED',
  unmatched: 'UNMATCHED',
  lapsed: 'LAPSED',
  cancelled: 'CANCELLED',
  won: 'WON',
  lost: 'LOST',
  void: 'VOID',
};

interface NoticeRow extends BetView {
  notice_id: string;
  notice_kind: ExchangeNoticeKind;
  notice_read: boolean;
  notice_at: Date | string;
  notice_matched: string;
  notice_value: string;
  notice_profit: string | null;
  notice_reason: string | null;
}

async function unreadCount(q: Queryable, playerId: number): Promise<number> {
  const r = await q.query<{ n: string }>('SELECT count(*) AS n FROM exchange_notices WHERE player_id = $1 AND read_at IS NULL', [playerId]);
  return Number(r.rows[0]!.n);
}

/** The player's notices, newest first, each with its bet as it was then, and the unread count. */
export async function listNotices(q: Queryable, playerId: number, page: number, perPage: number) {
  const total = Number(
    (await q.query<{ n: string }>('SELECT count(*) AS n FROM exchange_notices WHERE player_id = $1', [playerId])).rows[0]!.n,
  );
  const rows = await q.query<NoticeRow>(
    `SELECT n.id AS notice_id, n.kind AS notice_kind, n.read_at IS NOT NULL AS notice_read, n.created_at AS notice_at,
       n.matched_minor AS notice_matched, n.matched_value AS notice_value, n.profit_minor AS notice_profit, n.reason AS notice_reason, v.*
     FROM exchange_notices n JOIN LATERAL (${BET_VIEW} WHERE b.id = n.bet_id) v ON true
     WHERE n.player_id = $1 ORDER BY n.id DESC LIMIT $2 OFFSET $3`,
    [playerId, perPage, (page - 1) * perPage],
  );
  const data: ExchangeNotice[] = rows.rows.map((r) => ({
    id: String(r.notice_id),
    kind: r.notice_kind,
    read: r.notice_read,
    created_at: new Date(r.notice_at).toISOString(),
    bet: betOut({
      ...r,
      status: STATUS_OF[r.notice_kind],
      voided: false,
      matched_minor: r.notice_matched,
      matched_value: r.notice_value,
      profit_minor: r.notice_profit,
      reason: r.notice_reason,
    }),
  }));
  return { data, unread: await unreadCount(q, playerId), page, last_page: Math.max(1, Math.ceil(total / perPage)), total };
}

/** Marks the given notices of the player read (none given: all of them); answers the unread count left. */
export async function readNotices(q: Queryable, playerId: number, ids?: string[]): Promise<{ unread: number }> {
  await q.query(
    `UPDATE exchange_notices SET read_at = now()
     WHERE player_id = $1 AND read_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))`,
    [playerId, ids ?? null],
  );
  return { unread: await unreadCount(q, playerId) };
}
