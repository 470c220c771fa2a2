import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createChat, getChatMessages, getChats, sendMessage, SUPPORT_GREETING, type ChatMessage } from '@khela/contracts';
import { registerEndpoint, requirePlayer } from '../http/endpoint';
import { chatsOf, messagesOf, openChat, postMessage } from './service';

/** How the support side is named in the chat list. */
export const SUPPORT_NAME = 'Khela Support';

type Locale = keyof typeof SUPPORT_GREETING;

/** The player's language: what the client says, else the browser's Accept-Language, else English. */
export function chatLocale(requested: string | undefined, acceptLanguage: string | undefined): Locale {
  if (requested === 'bn' || requested === 'en') return requested;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('bn') ? 'bn' : 'en';
}

/**
 * Support chat (docs/README.md#spec-2 and #spec-7). docs/README.md#spec-6 fixes the legacy client's ids (support user 7, sender 6); the
 * server never trusts them: the player is always the token's, the other side is always the support
 * desk. A player reads and writes only their own chat (someone else's answers like a missing one: 404). New messages are
 * pushed on the player's 'chat' topic and the staff stream's 'chat' topic (the back office's desk: chat/staff).
 */
export default async function chatRoutes(app: FastifyInstance) {
  const db = app.db;
  const push = async (playerId: number, m: ChatMessage) => {
    await app.push
      .publish(playerId, 'chat', { chatId: String(m.chat_id), content: m.content, senderId: String(m.sender_id) })
      .catch((err) => app.log.warn({ err, playerId }, 'chat push failed'));
    // the back office's desk hears of it at once (publishStaff never throws)
    await app.push.publishStaff('chat', {
      chatId: String(m.chat_id),
      playerId: String(playerId),
      kind: 'message',
      messageId: String(m.id),
      from: m.from_support ? 'support' : 'player',
    });
  };

  registerEndpoint(app, getChats, async (req) => {
    const chats = await chatsOf(db, requirePlayer(req).id);
    return {
      chats: chats.map((c) => ({
        chat_id: c.id,
        other_user: { username: SUPPORT_NAME },
        last_message: c.lastMessage,
        updated_at: c.updatedAt,
        unread: c.unread,
      })),
    };
  });

  registerEndpoint(app, createChat, async (req) => {
    const player = requirePlayer(req);
    const locale = chatLocale(req.body.locale, (req as unknown as FastifyRequest).headers['accept-language']);
    const result = await openChat(db, player.id, locale, SUPPORT_GREETING[locale]);
    if (result.greeting) await push(player.id, result.greeting);
    return { chat: { id: result.id }, created: Boolean(result.greeting) };
  });

  registerEndpoint(app, getChatMessages, async (req) => {
    const player = requirePlayer(req);
    const { messages, read } = await messagesOf(db, req.params.chatId, player.id);
    // the player has read the desk's replies: the console shows it
    if (read)
      await app.push.publishStaff('chat', { chatId: String(req.params.chatId), playerId: String(player.id), kind: 'read', from: 'player' });
    return { messages };
  });

  registerEndpoint(app, sendMessage, async (req) => {
    const player = requirePlayer(req);
    // sender_id in the body is the legacy constant; the sender is the token's player
    const message = await postMessage(db, req.body.chat_id, player.id, req.body.content);
    await push(player.id, message);
    return { data: message };
  });
}
