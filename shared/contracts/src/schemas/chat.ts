// Endpoint schemas of the support chat (docs/README.md#spec-7).
import { z } from 'zod';
import { endpoint, lazy } from '../endpoint';

/**
 * docs/README.md#spec-6 fixes the legacy client's support user id (7) and sender id (6). Those are kept as the
 * values an old client may send; the server ignores them and always takes the player from the token
 * and maps the other side to the support desk.
 */
export const LEGACY_SUPPORT_USER_ID = 7;
export const LEGACY_SENDER_ID = 6;

/** The automatic first reply of the support desk, per the player's language. */
export const SUPPORT_GREETING = {
  en: 'Thanks for contacting Khela support. An agent will reply shortly.',
  bn: 'খেলা সাপোর্টে যোগাযোগ করার জন্য ধন্যবাদ। একজন এজেন্ট শীঘ্রই উত্তর দেবেন।',
} as const;

export const chatMessageSchema = z.lazy(() =>
  z.object({
    id: z.number(),
    chat_id: z.number(),
    sender_id: z.number(),
    /** True when the support desk wrote it (the player's own messages are false). */
    from_support: z.boolean(),
    content: z.string(),
    created_at: z.string(),
  }),
);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatSummarySchema = z.lazy(() =>
  z.object({
    chat_id: z.number(),
    other_user: z.object({ username: z.string() }),
    last_message: z.string().nullable(),
    updated_at: z.string(),
    /** Support messages the player has not read yet (opening the chat box reads them). */
    unread: z.number().int().optional(),
  }),
);
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const getChats = endpoint({
  method: 'GET',
  path: '/api/get-chats',
  auth: 'bearer',
  tags: ['chat'],
  response: lazy(() => z.object({ chats: z.array(chatSummarySchema) })),
});

export const createChat = endpoint({
  method: 'POST',
  path: '/api/chats',
  auth: 'bearer',
  tags: ['chat'],
  summary: "Opens the player's support chat (creating it with a greeting the first time)",
  body: lazy(() =>
    z.object({
      user_one_id: z.union([z.number(), z.string().max(32)]).optional(),
      user_two_id: z.union([z.number(), z.string().max(32)]).optional(),
      locale: z.enum(['en', 'bn']).optional(),
    }),
  ),
  response: lazy(() => z.object({ chat: z.object({ id: z.number() }), created: z.boolean() })),
});

export const getChatMessages = endpoint({
  method: 'GET',
  path: '/api/chats/{chatId}/messages',
  auth: 'bearer',
  tags: ['chat'],
  params: lazy(() => z.object({ chatId: z.coerce.number().int().positive() })),
  response: lazy(() => z.object({ messages: z.array(chatMessageSchema) })),
});

export const CHAT_MESSAGE_MAX = 2000;

export const sendMessage = endpoint({
  method: 'POST',
  path: '/api/messages',
  auth: 'bearer',
  tags: ['chat'],
  body: lazy(() =>
    z.object({
      chat_id: z.coerce.number().int().positive(),
      /** Legacy field (fixed 6 in the old client); the sender is always the token's player. */
      sender_id: z.union([z.number(), z.string().max(32)]).optional(),
      content: z.string().trim().min(1, 'The content field is required.').max(CHAT_MESSAGE_MAX),
    }),
  ),
  response: lazy(() => z.object({ data: chatMessageSchema })),
});
