import type { Queryable } from '../db';

/**
 * Puts a message in a player's inbox (other domains may call it inside their own transaction;
 * after commit, `app.push.publish(playerId, 'inbox', { unread })` tells open tabs).
 */
export async function sendInboxMessage(q: Queryable, playerId: number, title: string, message: string): Promise<number> {
  const r = await q.query<{ id: string }>('INSERT INTO inbox_messages (player_id, title, message) VALUES ($1, $2, $3) RETURNING id', [
    playerId,
    title,
    message,
  ]);
  return Number(r.rows[0]!.id);
}

export async function unreadCount(q: Queryable, playerId: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM inbox_messages WHERE player_id = $1 AND deleted_at IS NULL AND NOT is_read',
    [playerId],
  );
  return Number(r.rows[0]?.n ?? 0);
}
