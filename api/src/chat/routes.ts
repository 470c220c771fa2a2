import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createChat, getChatMessages, getChats, sendMessage, SUPPORT_GREETING, type ChatMessage } from '@khela/contracts';
import type { Queryable } from '../db';
import { registerEndpoint, requirePlayer } from '../http/endpoint';
import { Forbidden, NotFound } from '../http/errors';

/** How the support side is named in the chat list. */
export const SUPPORT_NAME = 'Khela Support';
/** sender_id of messages the desk sends automatically (no operator account behind them). */
export const AUTO_SUPPORT_SENDER = 0;

type Locale = keyof typeof SUPPORT_GREETING;

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

/** The player's language: what the client says, else the browser's Accept-Language, else English. */
export function chatLocale(requested: string | undefined, acceptLanguage: string | undefined): Locale {
  if (requested === 'bn' || requested === 'en') return requested;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('bn') ? 'bn' : 'en';
}

/** The chat if it is this player's; 404 when it does not exist, 403 when it is someone else's. */
async function ownChat(q: Queryable, chatId: number, playerId: number) {
  const r = await q.query<{ id: string; player_id: string }>('SELECT id, player_id FROM chats WHERE id = $1', [chatId]);
  const chat = r.rows[0];
  if (!chat) throw new NotFound('Chat not found');
  if (Number(chat.player_id) !== playerId) throw new Forbidden();
  return { id: Number(chat.id) };
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
 * Support chat (spec 2 and 7). Spec 6 fixes the legacy client's ids (support user 7, sender 6); the
 * server never trusts them: the player is always the token's, the other side is always the support
 * desk (assigned to the first operator account when there is one). A player reads and writes only
 * their own chat (403 otherwise). New messages are pushed on the 'chat' topic.
 */
export default async function chatRoutes(app: FastifyInstance) {
  const db = app.db;
  const push = (playerId: number, m: ChatMessage) =>
    app.push
      .publish(playerId, 'chat', { chatId: String(m.chat_id), content: m.content, senderId: String(m.sender_id) })
      .catch((err) => app.log.warn({ err, playerId }, 'chat push failed'));

  registerEndpoint(app, getChats, async (req) => {
    const player = requirePlayer(req);
    const r = await db.query<{ id: string; updated_at: string | Date; last_message: string | null }>(
      `SELECT c.id, c.updated_at,
              (SELECT m.content FROM chat_messages m WHERE m.chat_id = c.id ORDER BY m.id DESC LIMIT 1) AS last_message
       FROM chats c WHERE c.player_id = $1 ORDER BY c.updated_at DESC`,
      [player.id],
    );
    return {
      chats: r.rows.map((c) => ({
        chat_id: Number(c.id),
        other_user: { username: SUPPORT_NAME },
        last_message: c.last_message,
        updated_at: new Date(c.updated_at).toISOString(),
      })),
    };
  });

  registerEndpoint(app, createChat, async (req) => {
    const player = requirePlayer(req);
    const locale = chatLocale(req.body.locale, (req as unknown as FastifyRequest).headers['accept-language']);
    const result = await db.tx(async (q) => {
      const existing = await q.query<{ id: string }>('SELECT id FROM chats WHERE player_id = $1', [player.id]);
      if (existing.rows[0]) return { id: Number(existing.rows[0].id), greeting: null };
      const op = await q.query<{ id: string }>('SELECT id FROM operators ORDER BY id LIMIT 1');
      // ON CONFLICT: two tabs opening /chat at once end up in the same conversation
      const created = await q.query<{ id: string }>(
        `INSERT INTO chats (player_id, support_operator_id, locale) VALUES ($1, $2, $3)
         ON CONFLICT (player_id) DO NOTHING RETURNING id`,
        [player.id, op.rows[0]?.id ?? null, locale],
      );
      if (!created.rows[0]) {
        const again = await q.query<{ id: string }>('SELECT id FROM chats WHERE player_id = $1', [player.id]);
        return { id: Number(again.rows[0]!.id), greeting: null };
      }
      const id = Number(created.rows[0].id);
      const greeting = await insertMessage(q, id, 'support', AUTO_SUPPORT_SENDER, SUPPORT_GREETING[locale]);
      return { id, greeting };
    });
    if (result.greeting) await push(player.id, result.greeting);
    return { chat: { id: result.id }, created: Boolean(result.greeting) };
  });

  registerEndpoint(app, getChatMessages, async (req) => {
    const player = requirePlayer(req);
    const chat = await ownChat(db, req.params.chatId, player.id);
    const r = await db.query<MessageRow>(
      `SELECT id, chat_id, sender_kind, sender_id, content, created_at FROM chat_messages
       WHERE chat_id = $1 ORDER BY id ASC LIMIT 500`,
      [chat.id],
    );
    return { messages: r.rows.map(toMessage) };
  });

  registerEndpoint(app, sendMessage, async (req) => {
    const player = requirePlayer(req);
    // sender_id in the body is the legacy constant; the sender is the token's player
    const message = await db.tx(async (q) => {
      const chat = await ownChat(q, req.body.chat_id, player.id);
      return insertMessage(q, chat.id, 'player', player.id, req.body.content);
    });
    await push(player.id, message);
    return { data: message };
  });
}
