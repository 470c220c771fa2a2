import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { createPlayer, tokenFor } from '../testing/helpers';
import { appPerFile } from '../testing/app-per-file';

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

const call = (who: { token: string }, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${who.token}` } });

describe('chat ids are no oracle (issue 10 item 10)', () => {
  it("answers someone else's chat exactly like a missing one, on read and on write", async () => {
    const open = await call(alice, 'POST', '/api/chats', {});
    const aliceChat = (open.json() as { chat: { id: number } }).chat.id;
    const missing = aliceChat + 100_000;

    const readOther = await call(bob, 'GET', `/api/chats/${aliceChat}/messages`);
    const readMissing = await call(bob, 'GET', `/api/chats/${missing}/messages`);
    expect(readOther.statusCode).toBe(404);
    expect([readOther.statusCode, readOther.body]).toEqual([readMissing.statusCode, readMissing.body]);

    const writeOther = await call(bob, 'POST', '/api/messages', { chat_id: aliceChat, content: 'let me in' });
    const writeMissing = await call(bob, 'POST', '/api/messages', { chat_id: missing, content: 'let me in' });
    expect(writeOther.statusCode).toBe(404);
    expect([writeOther.statusCode, writeOther.body]).toEqual([writeMissing.statusCode, writeMissing.body]);

    // nothing was written into alice's chat
    const mine = (await call(alice, 'GET', `/api/chats/${aliceChat}/messages`)).json() as { messages: { content: string }[] };
    expect(mine.messages.some((m) => m.content === 'let me in')).toBe(false);
  });
});
