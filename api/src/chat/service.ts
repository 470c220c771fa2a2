import { LEGACY_SUPPORT_USER_ID, type ChatMessage } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { NotFound } from '../errors';

/** sender_id of messages the desk sends automatically (no operator account behind them). */
export const AUTO_SUPPORT_SENDER = 0;

export const CHAT_NOT_FOUND = 'Chat not found';

export interface MessageRow {
  id: string;
  chat_id: string;
  sender_kind: 'player' | 'support';
  sender_id: string;
  content: string;
  created_at: string | Date;
}

/**
 * A message as the player sees it: support messages carry the legacy support user id (7), never the operator's
 * own id (the player sees "Support", not who answered).
 */
const toMessage = (r: MessageRow): ChatMessage => ({
  id: Number(r.id),
  chat_id: Number(r.chat_id),
  sender_id: r.sender_kind === 'support' ? LEGACY_SUPPORT_USER_ID : Number(r.sender_id),
  from_support: r.sender_kind === 'support',
  content: r.content,
  created_at: new Date(r.created_at).toISOString(),
});

/** The player's chats, most recently active first, with their last message and the support messages not yet read. */
export async function chatsOf(q: Queryable, playerId: number) {
  const r = await q.query<{ id: string; updated_at: string | Date; last_message: string | null; unread: string }>(
    `SELECT c.id, c.updated_at,
            (SELECT m.content FROM chat_messages m WHERE m.chat_id = c.id ORDER BY m.id DESC LIMIT 1) AS last_message,
            (SELECT count(*) FROM chat_messages m
             WHERE m.chat_id = c.id AND m.sender_kind = 'support' AND m.id > coalesce(c.player_read_message_id, 0)) AS unread
     FROM chats c WHERE c.player_id = $1 ORDER BY c.updated_at DESC`,
    [playerId],
  );
  return r.rows.map((c) => ({
    id: Number(c.id),
    lastMessage: c.last_message,
    updatedAt: new Date(c.updated_at).toISOString(),
    unread: Number(c.unread),
  }));
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

/**
 * Adds a message and keeps the chat's queue columns (last message, awaiting an answer, the player's newest message)
 * and its conversation's times (opened, first response, closed: 0871) in step; a writer has read everything before their own message (their side's read mark moves to it).
 */
export async function insertMessageRow(
  q: Queryable,
  chatId: number,
  kind: 'player' | 'support',
  senderId: number,
  content: string,
): Promise<MessageRow> {
  const r = await q.query<MessageRow>(
    `INSERT INTO chat_messages (chat_id, sender_kind, sender_id, content) VALUES ($1, $2, $3, $4)
     RETURNING id, chat_id, sender_kind, sender_id, content, created_at`,
    [chatId, kind, senderId, content],
  );
  const m = r.rows[0]!;
  await q.query(
    `UPDATE chats SET updated_at = now(), last_message_id = $2, last_message_at = $3, last_message = left($4, 200),
       awaiting = ($5 = 'player'),
       last_player_message_id = CASE WHEN $5 = 'player' THEN $2::bigint ELSE last_player_message_id END,
       player_read_message_id = CASE WHEN $5 = 'player' THEN $2::bigint ELSE player_read_message_id END,
       staff_read_message_id = CASE WHEN $5 = 'support' AND $6::bigint > 0 THEN $2::bigint ELSE staff_read_message_id END,
       staff_read_by = CASE WHEN $5 = 'support' AND $6::bigint > 0 THEN $6::bigint ELSE staff_read_by END,
       -- the conversation's times (0871): a player's message to a closed (or never opened) chat opens a new one
       opened_at = CASE WHEN $5 = 'player' AND (closed_at IS NOT NULL OR opened_at IS NULL) THEN $3::timestamptz ELSE opened_at END,
       first_response_at = CASE
         WHEN $5 = 'player' AND (closed_at IS NOT NULL OR opened_at IS NULL) THEN NULL
         WHEN $5 = 'support' AND $6::bigint > 0 AND opened_at IS NOT NULL THEN COALESCE(first_response_at, $3::timestamptz)
         ELSE first_response_at END,
       -- any message (the player's, an operator's reply; not the automatic greeting) reopens a closed chat
       closed_at = CASE WHEN $5 = 'player' OR $6::bigint > 0 THEN NULL ELSE closed_at END,
       closed_by = CASE WHEN $5 = 'player' OR $6::bigint > 0 THEN NULL ELSE closed_by END
     WHERE id = $1`,
    [chatId, m.id, m.created_at, content, kind, senderId],
  );
  return m;
}

async function insertMessage(q: Queryable, chatId: number, kind: 'player' | 'support', senderId: number, content: string) {
  return toMessage(await insertMessageRow(q, chatId, kind, senderId, content));
}

/**
 * The player's one chat with the support desk (unassigned until an operator takes it in the back office); a new
 * chat starts with the desk's greeting, which is returned so it can be pushed.
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
    // ON CONFLICT: two tabs opening /chat at once end up in the same conversation
    const created = await q.query<{ id: string }>(
      `INSERT INTO chats (player_id, locale) VALUES ($1, $2)
       ON CONFLICT (player_id) DO NOTHING RETURNING id`,
      [playerId, locale],
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

/**
 * Messages of the player's own chat, oldest first (the newest 500). Reading them moves the player's read mark to the
 * newest: `read` tells whether it moved (the desk hears of it).
 */
export async function messagesOf(q: Queryable, chatId: number, playerId: number): Promise<{ messages: ChatMessage[]; read: boolean }> {
  const chat = await ownChat(q, chatId, playerId);
  const r = await q.query<MessageRow>(
    `SELECT * FROM (SELECT id, chat_id, sender_kind, sender_id, content, created_at FROM chat_messages
                    WHERE chat_id = $1 ORDER BY id DESC LIMIT 500) m ORDER BY id ASC`,
    [chat.id],
  );
  const moved = await q.query(
    `UPDATE chats SET player_read_message_id = last_message_id
     WHERE id = $1 AND last_message_id IS NOT NULL AND player_read_message_id IS DISTINCT FROM last_message_id RETURNING id`,
    [chat.id],
  );
  return { messages: r.rows.map(toMessage), read: moved.rows.length > 0 };
}

/** A player's message into their own chat. */
export function postMessage(db: Db, chatId: number, playerId: number, content: string): Promise<ChatMessage> {
  return db.tx(async (q) => {
    const chat = await ownChat(q, chatId, playerId);
    return insertMessage(q, chat.id, 'player', playerId, content);
  });
}
