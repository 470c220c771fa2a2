import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_GREETING } from '@khela/contracts';
import type { Db } from '../db';
import { createPlayer, tokenFor } from '../testing/helpers';
import { appPerFile } from '../testing/app-per-file';
import { chatLocale, SUPPORT_NAME } from './routes';

let db: Db;
let app: FastifyInstance;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

appPerFile((t) => ({ db, app } = t));
beforeAll(async () => {
  const a = await createPlayer(db);
  const b = await createPlayer(db);
  alice = { id: a, token: await tokenFor(db, a) };
  bob = { id: b, token: await tokenFor(db, b) };
});

const call = (
  who: { token: string } | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({ method, url, payload: payload as never, headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers } });

async function openChat(
  who: { token: string },
  body: Record<string, unknown> = { user_one_id: 6, user_two_id: 7 },
  headers?: Record<string, string>,
) {
  const res = await call(who, 'POST', '/api/chats', body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { chat: { id: number }; created: boolean };
}

describe('support chat', () => {
  it('needs a token everywhere', async () => {
    expect((await call(null, 'GET', '/api/get-chats')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/chats', {})).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/chats/1/messages')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/messages', { chat_id: 1, content: 'hi' })).statusCode).toBe(401);
  });

  it('creates one chat per player, greeted by support once, whatever ids the client sends', async () => {
    const first = await openChat(alice);
    expect(first.created).toBe(true);
    const again = await openChat(alice, { user_one_id: bob.id, user_two_id: 999 });
    expect(again).toEqual({ chat: { id: first.chat.id }, created: false });

    const res = await call(alice, 'GET', `/api/chats/${first.chat.id}/messages`);
    const { messages } = res.json();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ from_support: true, content: SUPPORT_GREETING.en, chat_id: first.chat.id });
  });

  it('greets in Bangla when the player uses Bangla', async () => {
    const carol = await createPlayer(db);
    const token = await tokenFor(db, carol);
    const { chat } = await openChat({ token }, {}, { 'accept-language': 'bn-BD,bn;q=0.9' });
    const { messages } = (await call({ token }, 'GET', `/api/chats/${chat.id}/messages`)).json();
    expect(messages[0].content).toBe(SUPPORT_GREETING.bn);
    expect(chatLocale('en', 'bn')).toBe('en');
    expect(chatLocale(undefined, undefined)).toBe('en');
  });

  it('stores messages in order, sent by the token player whatever sender_id says', async () => {
    const { chat } = await openChat(alice);
    for (const content of ['first', '  second  ', 'third']) {
      const res = await call(alice, 'POST', '/api/messages', { chat_id: chat.id, sender_id: 6, content });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ sender_id: alice.id, from_support: false, content: content.trim() });
    }
    const { messages } = (await call(alice, 'GET', `/api/chats/${chat.id}/messages`)).json();
    expect(messages.map((m: { content: string }) => m.content)).toEqual([SUPPORT_GREETING.en, 'first', 'second', 'third']);
    const ids = messages.map((m: { id: number }) => m.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    const list = (await call(alice, 'GET', '/api/get-chats')).json();
    expect(list.chats).toEqual([
      expect.objectContaining({ chat_id: chat.id, other_user: { username: SUPPORT_NAME }, last_message: 'third' }),
    ]);
  });

  it('refuses empty and whitespace-only messages', async () => {
    const { chat } = await openChat(alice);
    for (const content of ['', '   ', '\n\t']) {
      const res = await call(alice, 'POST', '/api/messages', { chat_id: chat.id, content });
      expect(res.statusCode).toBe(422);
    }
  });

  it("refuses reading or writing another player's chat and an unknown chat (404 both)", async () => {
    const { chat } = await openChat(alice);
    const read = await call(bob, 'GET', `/api/chats/${chat.id}/messages`);
    expect(read.statusCode).toBe(404);
    const write = await call(bob, 'POST', '/api/messages', { chat_id: chat.id, sender_id: alice.id, content: 'let me in' });
    expect(write.statusCode).toBe(404);
    const { messages } = (await call(alice, 'GET', `/api/chats/${chat.id}/messages`)).json();
    expect(messages.some((m: { content: string }) => m.content === 'let me in')).toBe(false);
    expect((await call(bob, 'GET', '/api/get-chats')).json().chats).toEqual([]);
    expect((await call(bob, 'GET', '/api/chats/999999/messages')).statusCode).toBe(404);
  });

  it('pushes new messages on the chat topic to the player', async () => {
    const { chat } = await openChat(alice);
    const got: Array<{ topic: string; payload: unknown }> = [];
    const unsubscribe = app.push.subscribe(alice.id, (topic, payload) => got.push({ topic, payload }));
    await call(alice, 'POST', '/api/messages', { chat_id: chat.id, content: 'pushed?' });
    await new Promise((r) => setTimeout(r, 50));
    unsubscribe();
    expect(got).toContainEqual({ topic: 'chat', payload: { chatId: String(chat.id), content: 'pushed?', senderId: String(alice.id) } });
  });
});
