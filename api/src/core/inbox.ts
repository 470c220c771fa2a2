import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db';
import { NotFound } from '../errors';
import { marketingClosed } from './linked';

/**
 * Puts a message in a player's inbox (other domains may call it inside their own transaction;
 * after commit, `publishUnread(app, playerId)` tells open tabs). A marketing message (a bonus, the referral
 * programme) is not sent to an excluded player (core/linked.ts marketingClosed) and answers null.
 */
export async function sendInboxMessage(
  q: Queryable,
  playerId: number,
  title: string,
  message: string,
  opts: { marketing?: boolean } = {},
): Promise<number> {
  const marketing = opts.marketing === true;
  if (marketing && (await marketingClosed(q, playerId))) return 0;
  const r = await q.query<{ id: string }>(
    'INSERT INTO inbox_messages (player_id, title, message, marketing) VALUES ($1, $2, $3, $4) RETURNING id',
    [playerId, title, message, marketing],
  );
  return Number(r.rows[0]!.id);
}

/** While the player is excluded, the marketing messages already in the inbox are not shown (nor counted). */
async function visible(q: Queryable, playerId: number): Promise<string> {
  return (await marketingClosed(q, playerId)) ? ' AND NOT marketing' : '';
}

export async function unreadCount(q: Queryable, playerId: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM inbox_messages WHERE player_id = $1 AND deleted_at IS NULL AND NOT is_read${await visible(q, playerId)}`,
    [playerId],
  );
  return Number(r.rows[0]?.n ?? 0);
}

export interface InboxRow {
  id: number;
  title: string;
  message: string;
  created_at: string;
  is_read: 0 | 1;
}

/** One page of the player's messages, newest first, with the total for the pager. */
export async function inboxPage(
  q: Queryable,
  playerId: number,
  page: number,
  pageSize: number,
): Promise<{ total: number; rows: InboxRow[] }> {
  const only = await visible(q, playerId);
  const total = Number(
    (
      await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM inbox_messages WHERE player_id = $1 AND deleted_at IS NULL${only}`, [
        playerId,
      ])
    ).rows[0]!.n,
  );
  const r = await q.query<{ id: number; title: string; message: string; created_at: string; is_read: number }>(
    `SELECT id::int AS id, title, message, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
            CASE WHEN is_read THEN 1 ELSE 0 END AS is_read
     FROM inbox_messages WHERE player_id = $1 AND deleted_at IS NULL${only}
     ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [playerId, pageSize, (page - 1) * pageSize],
  );
  return { total, rows: r.rows.map((m) => ({ ...m, is_read: (m.is_read ? 1 : 0) as 0 | 1 })) };
}

/** The player's own message; another player's message looks exactly like a missing one (404). */
export async function ownMessage(q: Queryable, playerId: number, id: number): Promise<InboxRow> {
  const r = await q.query<{ id: number; title: string; message: string; created_at: string; is_read: boolean }>(
    `SELECT id::int AS id, title, message, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at, is_read
     FROM inbox_messages WHERE id = $1 AND player_id = $2 AND deleted_at IS NULL${await visible(q, playerId)}`,
    [id, playerId],
  );
  const m = r.rows[0];
  if (!m) throw new NotFound('Message not found');
  return { ...m, is_read: (m.is_read ? 1 : 0) as 0 | 1 };
}

export async function markRead(q: Queryable, playerId: number, id: number): Promise<void> {
  await q.query('UPDATE inbox_messages SET is_read = true WHERE id = $1 AND player_id = $2', [id, playerId]);
}

export async function deleteMessage(q: Queryable, playerId: number, id: number): Promise<void> {
  await q.query('UPDATE inbox_messages SET deleted_at = now() WHERE id = $1 AND player_id = $2', [id, playerId]);
}

/** After commit: the unread count reaches the player's open pages. A lost push only delays the badge. */
export async function publishUnread(app: FastifyInstance, playerId: number): Promise<void> {
  try {
    await app.push.publish(playerId, 'inbox', { unread: await unreadCount(app.db, playerId) });
  } catch (err) {
    app.log.warn({ err, playerId }, 'inbox push failed');
  }
}
