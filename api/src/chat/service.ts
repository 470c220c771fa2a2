import type { ChatMessage } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { NotFound } from '../http/errors';

/** sender_id of messages the desk sends automatically (no operator account behind them). */
export const AUTO_SUPPORT_SENDER = 0;

export const CHAT_NOT_FOUND = 'Chat not found';

interface MessageRow {
  id: string;
  chat_id: string;
  sender_kind: 'player' | 'support';
  sender_id: string;
  content: string;
  created_at: string | Date;
}

const toMessage = (r: MessageRow): ChatMessage => ({
  id: Number(r.id),
  chat_id: Number(r.chat_id),
  sender_id: Number(r.sender_id),
  from_support: r.sender_kind === 'support',
  content: r.content,
  created_at: new Date(r.created_at).toISOString(),
});

/** The player's chats, most recently active first, with their last message. */
export async function chatsOf(q: Queryable, playerId: number) {
  const r = await q.query<{ id: string; updated_at: string | Date; last_message: string | null }>(
    `SELECT c.id, c.updated_at,
            (SELECT m.content FROM chat_messages m WHERE m.chat_id = c.id ORDER BY m.id DESC LIMIT 1) AS last_message
     FROM chats c WHERE c.player_id = $1 ORDER BY c.updated_at DESC`,
    [playerId],
  );
  return r.rows.map((c) => ({ id: Number(c.id), lastMessage: c.last_message, updatedAt: new Date(c.updated_at).toISOString() }));
}

/**
 * The chat if it is this player's. Someone else's chat and a missing one answer the same 404 (status
 * and body): the answer never tells which chat ids exist.
 */
async function ownChat(q: Queryable, chatId: number, playerId: number) {
  const r = await q.query<{ id: string }>('SELECT id FROM chats WHERE id = $1 AND player_id = $2', [chatId, playerId]);
  if (!r.rows[0]) throw new NotFound(CHAT_NOT_FOUND);
  return { id: Number(r.rows[0].id) };
}

async function insertMessage(q: Queryable, chatId: number, kind: 'player' | 'support', senderId: number, content: string) {
  const r = await q.query<MessageRow>(
    `INSERT INTO chat_messages (chat_id, sender_kind, sender_id, content) VALUES ($1, $2, $3, $4)
     RETURNING id, chat_id, sender_kind, sender_id, content, created_at`,
    [chatId, kind, senderId, content],
  );
  await q.query('UPDATE chats SET updated_at = now() WHERE id = $1', [chatId]);
  return toMessage(r.rows[0]!);
}

/**
 * The player's one chat with the support desk (assigned to the first operator account when there is
 * one); a new chat starts with the desk's greeting, which is returned so it can be pushed.
 */
export function openChat(
  db: Db,
  playerId: number,
  locale: string,
  greetingText: string,
): Promise<{ id: number; greeting: ChatMessage | null }> {
  return db.tx(async (q) => {
    const existing = await q.query<{ id: string }>('SELECT id FROM chats WHERE player_id = $1', [playerId]);
    if (existing.rows[0]) return { id: Number(existing.rows[0].id), greeting: null };
    const op = await q.query<{ id: string }>('SELECT id FROM operators ORDER BY id LIMIT 1');
    // ON CONFLICT: two tabs opening /chat at once end up in the same conversation
    const created = await q.query<{ id: string }>(
      `INSERT INTO chats (player_id, support_operator_id, locale) VALUES ($1, $2, $3)
       ON CONFLICT (player_id) DO NOTHING RETURNING id`,
      [playerId, op.rows[0]?.id ?? null, locale],
    );
    if (!created.rows[0]) {
      const again = await q.query<{ id: string }>('SELECT id FROM chats WHERE player_id = $1', [playerId]);
      return { id: Number(again.rows[0]!.id), greeting: null };
    }
    const id = Number(created.rows[0].id);
    const greeting = await insertMessage(q, id, 'support', AUTO_SUPPORT_SENDER, greetingText);
    return { id, greeting };
  });
}

/** Messages of the player's own chat, oldest first (the last 500). */
export async function messagesOf(q: Queryable, chatId: number, playerId: number): Promise<ChatMessage[]> {
  const chat = await ownChat(q, chatId, playerId);
  const r = await q.query<MessageRow>(
    `SELECT id, chat_id, sender_kind, sender_id, content, created_at FROM chat_messages
     WHERE chat_id = $1 ORDER BY id ASC LIMIT 500`,
    [chat.id],
  );
  return r.rows.map(toMessage);
}

/** A player's message into their own chat. */
export function postMessage(db: Db, chatId: number, playerId: number, content: string): Promise<ChatMessage> {
  return db.tx(async (q) => {
    const chat = await ownChat(q, chatId, playerId);
    return insertMessage(q, chat.id, 'player', playerId, content);
  });
}
