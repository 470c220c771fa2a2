import { z } from 'zod';
import { endpoint, money } from '../endpoint';

/** POST /api/balance: the player's main wallet; polled every 10 s only while the push channel is down. */
export const balance = endpoint({
  method: 'POST',
  path: '/api/balance',
  auth: 'bearer',
  response: z.object({ balance: money, currency: z.string(), exposure: money.optional() }),
  tags: ['wallet'],
});

/** POST /api/push/ticket: a single-use, 30-second ticket, so the long-lived token never sits in a URL. */
export const pushTicket = endpoint({
  method: 'POST',
  path: '/api/push/ticket',
  auth: 'bearer',
  response: z.object({ ticket: z.string(), expires_in: z.number() }),
  tags: ['push'],
});

/** Topics multiplexed on GET /api/push/stream (Server-Sent Events). */
export const pushTopics = {
  balance: z.object({ balance: money, currency: z.string() }),
  inbox: z.object({ unread: z.number().int() }),
  chat: z.object({ chatId: z.string(), content: z.string(), senderId: z.string() }),
  odds: z.object({ marketId: z.string() }),
} as const;
export type PushTopic = keyof typeof pushTopics;
/** What a publisher hands over for `topic` (the schema's input: the subscriber parses it). */
export type PushPayload<T extends PushTopic> = z.input<(typeof pushTopics)[T]>;
