import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@khela/contracts/signing';
import type { Db } from '../../db';
import { createPlayer, tokenFor } from '../../testing/helpers';
import { appPerFile } from '../../testing/app-per-file';

let db: Db;
let app: FastifyInstance;
appPerFile((t) => ({ db, app } = t));

type Who = { token: string } | null;
interface Op {
  id: number;
  token: string;
}
let n = 0;
async function operator(role: string): Promise<Op> {
  const r = await db.query<{ id: string }>(
    `INSERT INTO operators (username, password_hash, name, role, totp_enabled_at) VALUES ($1, 'x', $2, $3, now()) RETURNING id`,
    [`desk${++n}${role}`, `Desk ${role} ${n}`, role],
  );
  const token = randomBytes(16).toString('hex');
  await db.query(`INSERT INTO operator_sessions (token_hash, operator_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [
    sha256Hex(token),
    r.rows[0]!.id,
  ]);
  return { id: Number(r.rows[0]!.id), token };
}
async function player() {
  const id = await createPlayer(db);
  return { id, token: await tokenFor(db, id) };
}

const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, payload: payload as never, headers: who ? { authorization: `Bearer ${who.token}` } : {} });

async function ok(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A player opens their chat and writes `text`. */
async function playerWrites(p: { token: string }, text: string) {
  const { chat } = await ok(p, 'POST', '/api/chats', { user_one_id: 6, user_two_id: 7 });
  const { data } = await ok(p, 'POST', '/api/messages', { chat_id: chat.id, sender_id: 6, content: text });
  return { chatId: chat.id as number, messageId: data.id as number };
}

let support: Op;
let support2: Op;
let admin: Op;
let payments: Op;
let content: Op;
let risk: Op;
beforeAll(async () => {
  support = await operator('support');
  support2 = await operator('support');
  admin = await operator('admin');
  payments = await operator('payments');
  content = await operator('content');
  risk = await operator('risk');
});

describe('desk: who may use it', () => {
  it('payments, content and risk operators get 403 on every desk endpoint; no token or a player token 401', async () => {
    const p = await player();
    const { chatId } = await playerWrites(p, 'hello');
    const endpoints: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', '/api/operator/chats'],
      ['GET', `/api/operator/chats/${chatId}`],
      ['POST', `/api/operator/chats/${chatId}/messages`, { content: 'hi' }],
      ['POST', `/api/operator/chats/${chatId}/read`],
      ['POST', `/api/operator/chats/${chatId}/assign`, { operator_id: null }],
      ['POST', `/api/operator/chats/${chatId}/close`, {}],
      ['POST', `/api/operator/chats/${chatId}/reopen`, {}],
      ['GET', '/api/operator/desk/agents'],
      ['GET', '/api/operator/canned-replies'],
      ['POST', '/api/operator/canned-replies', { title: 'x', body: 'y' }],
      ['PUT', '/api/operator/canned-replies/1', { title: 'x', body: 'y' }],
      ['DELETE', '/api/operator/canned-replies/1'],
    ];
    for (const [method, url, body] of endpoints) {
      for (const who of [payments, content, risk]) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('role');
      }
      expect((await call(null, method, url, body)).statusCode).toBe(401);
      expect((await call(p, method, url, body)).statusCode).toBe(401);
    }
    // nothing was written by the refused calls
    const msgs = await db.query('SELECT 1 FROM chat_messages WHERE chat_id = $1 AND sender_kind = $2 AND sender_id <> 0', [
      chatId,
      'support',
    ]);
    expect(msgs.rows).toHaveLength(0);
    expect((await call(support, 'GET', '/api/operator/chats')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/operator/chats')).statusCode).toBe(200);
  });

  it("a player still never reads or writes another player's chat", async () => {
    const a = await player();
    const b = await player();
    const { chatId } = await playerWrites(a, 'private');
    expect((await call(b, 'GET', `/api/chats/${chatId}/messages`)).statusCode).toBe(404);
    expect((await call(b, 'POST', '/api/messages', { chat_id: chatId, content: 'in' })).statusCode).toBe(404);
    // nor through the desk's endpoints
    expect((await call(b, 'GET', `/api/operator/chats/${chatId}`)).statusCode).toBe(401);
  });
});

describe('desk: queue, replies, read state', () => {
  it('lists awaiting chats first, then by last message; filters mine / unassigned / unread', async () => {
    const a = await player();
    const b = await player();
    const c = await player();
    const ca = await playerWrites(a, 'first');
    const cb = await playerWrites(b, 'second');
    const cc = await playerWrites(c, 'third');
    // b is answered: no longer awaiting
    await ok(support, 'POST', `/api/operator/chats/${cb.chatId}/messages`, { content: 'answered' });
    const q = await ok(support, 'GET', '/api/operator/chats?per_page=200');
    const ids = (q.data as Array<{ id: number }>).map((r) => r.id);
    expect(ids.indexOf(cc.chatId)).toBeLessThan(ids.indexOf(ca.chatId)); // newest awaiting first
    expect(ids.indexOf(ca.chatId)).toBeLessThan(ids.indexOf(cb.chatId)); // answered after every awaiting one
    const rowA = q.data.find((r: { id: number }) => r.id === ca.chatId);
    expect(rowA).toMatchObject({ player_id: a.id, awaiting: true, unread: 1, assigned: null, last_message: 'first' });
    const rowB = q.data.find((r: { id: number }) => r.id === cb.chatId);
    expect(rowB).toMatchObject({ awaiting: false, unread: 0, assigned: { id: support.id }, last_message: 'answered' });

    const mine = await ok(support, 'GET', '/api/operator/chats?filter=mine&per_page=200');
    expect(mine.data.map((r: { id: number }) => r.id)).toEqual([cb.chatId]);
    expect(mine.total).toBe(1);
    const unassigned = await ok(support, 'GET', '/api/operator/chats?filter=unassigned&per_page=200');
    expect(unassigned.data.map((r: { id: number }) => r.id)).toContain(ca.chatId);
    expect(unassigned.data.map((r: { id: number }) => r.id)).not.toContain(cb.chatId);
    const unread = await ok(support, 'GET', '/api/operator/chats?unread=1&per_page=200');
    expect(unread.data.every((r: { unread: number }) => r.unread > 0)).toBe(true);
    expect(unread.data.map((r: { id: number }) => r.id)).toContain(cc.chatId);
    expect(unread.unread_total).toBe(unread.total);
    // search by username and by player id
    const { rows } = await db.query<{ username: string }>('SELECT username FROM players WHERE id = $1', [c.id]);
    expect((await ok(support, 'GET', `/api/operator/chats?q=${rows[0]!.username}`)).data.map((r: { id: number }) => r.id)).toEqual([
      cc.chatId,
    ]);
    expect((await ok(support, 'GET', `/api/operator/chats?q=${c.id}`)).data.map((r: { id: number }) => r.id)).toContain(cc.chatId);
    // paging
    const p1 = await ok(support, 'GET', '/api/operator/chats?per_page=1&page=2');
    expect(p1.data).toHaveLength(1);
    expect(p1.data[0].id).toBe(ids[1]);
  });

  it('a reply reaches the player at once as "Support", takes an unassigned chat (audited) and refuses someone else', async () => {
    const p = await player();
    const { chatId } = await playerWrites(p, 'my deposit is missing');
    const toPlayer: Array<{ topic: string; payload: unknown }> = [];
    const toStaff: Array<{ topic: string; payload: any }> = [];
    const off1 = app.push.subscribe(p.id, (topic, payload) => toPlayer.push({ topic, payload }));
    const off2 = app.push.subscribeStaff((topic, payload) => toStaff.push({ topic, payload }));
    try {
      const { message } = await ok(support, 'POST', `/api/operator/chats/${chatId}/messages`, { content: '  Checking it now.  ' });
      expect(message).toMatchObject({ from: 'support', content: 'Checking it now.', operator: { id: support.id } });
      expect(toPlayer).toContainEqual({ topic: 'chat', payload: { chatId: String(chatId), content: 'Checking it now.', senderId: '7' } });
      expect(toStaff).toContainEqual({
        topic: 'chat',
        payload: expect.objectContaining({ chatId: String(chatId), kind: 'message', from: 'support', staffId: String(support.id) }),
      });
      expect(toStaff).toContainEqual({ topic: 'chat', payload: expect.objectContaining({ chatId: String(chatId), kind: 'assigned' }) });
    } finally {
      off1();
      off2();
    }
    // the player's view: from support, the legacy support id, never the operator's id or name
    const { messages } = await ok(p, 'GET', `/api/chats/${chatId}/messages`);
    const last = messages.at(-1);
    expect(last).toMatchObject({ from_support: true, sender_id: 7, content: 'Checking it now.' });
    expect(JSON.stringify(messages)).not.toContain(`desk`);
    // stored with the operator's id
    const row = await db.query<{ sender_id: string }>('SELECT sender_id FROM chat_messages WHERE id = $1', [last.id]);
    expect(Number(row.rows[0]!.sender_id)).toBe(support.id);
    // taken by replying: audited
    const audit = await db.query<{ operator_id: string; before: unknown; after: unknown }>(
      `SELECT operator_id, before, after FROM operator_audit WHERE action = 'chat.assign' AND entity_id = $1`,
      [String(chatId)],
    );
    expect(audit.rows).toEqual([{ operator_id: String(support.id), before: { operator_id: null }, after: { operator_id: support.id } }]);
    // another support operator cannot answer a chat that is not theirs
    const other = await call(support2, 'POST', `/api/operator/chats/${chatId}/messages`, { content: 'me too' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('assigned_elsewhere');
    // empty reply
    expect((await call(support, 'POST', `/api/operator/chats/${chatId}/messages`, { content: '   ' })).statusCode).toBe(422);
    expect((await call(support, 'POST', `/api/operator/chats/999999/messages`, { content: 'x' })).statusCode).toBe(404);
  });

  it("the player's message reaches the staff stream at once", async () => {
    const p = await player();
    const toStaff: Array<{ topic: string; payload: any }> = [];
    const off = app.push.subscribeStaff((topic, payload) => toStaff.push({ topic, payload }));
    try {
      const { chatId, messageId } = await playerWrites(p, 'anyone there?');
      expect(toStaff).toContainEqual({
        topic: 'chat',
        payload: { chatId: String(chatId), playerId: String(p.id), kind: 'message', messageId: String(messageId), from: 'player' },
      });
    } finally {
      off();
    }
  });

  it("read marks: the desk's (unread counts) and the player's (player_unread, the player's unread count)", async () => {
    const p = await player();
    const { chatId } = await playerWrites(p, 'one');
    await ok(p, 'POST', '/api/messages', { chat_id: chatId, content: 'two' });
    let detail = await ok(support, 'GET', `/api/operator/chats/${chatId}`);
    expect(detail.chat.unread).toBe(2);
    expect(detail.messages.map((m: { content: string }) => m.content)).toEqual([expect.any(String), 'one', 'two']);
    expect(detail.messages[0]).toMatchObject({ from: 'support', operator: null }); // the automatic greeting
    const read = await ok(support, 'POST', `/api/operator/chats/${chatId}/read`);
    expect(read.staff_read_message_id).toBe(detail.messages[2].id);
    detail = await ok(support, 'GET', `/api/operator/chats/${chatId}`);
    expect(detail.chat.unread).toBe(0);
    // the player writes again: unread for the desk again
    await ok(p, 'POST', '/api/messages', { chat_id: chatId, content: 'three' });
    expect((await ok(support, 'GET', `/api/operator/chats/${chatId}`)).chat.unread).toBe(1);

    // the player's side: two replies unread until the player opens the chat box
    await ok(support, 'POST', `/api/operator/chats/${chatId}/messages`, { content: 'a' });
    await ok(support, 'POST', `/api/operator/chats/${chatId}/messages`, { content: 'b' });
    detail = await ok(support, 'GET', `/api/operator/chats/${chatId}`);
    expect(detail.chat.player_unread).toBe(2);
    expect(detail.chat.unread).toBe(0); // replying reads what came before
    const list = await ok(p, 'GET', '/api/get-chats');
    expect(list.chats[0]).toMatchObject({ chat_id: chatId, unread: 2 });
    const toStaff: Array<{ topic: string; payload: any }> = [];
    const off = app.push.subscribeStaff((topic, payload) => toStaff.push({ topic, payload }));
    try {
      await ok(p, 'GET', `/api/chats/${chatId}/messages`);
      await ok(p, 'GET', `/api/chats/${chatId}/messages`); // a second read moves nothing and says nothing
    } finally {
      off();
    }
    expect(toStaff.filter((e) => e.payload.kind === 'read')).toEqual([
      { topic: 'chat', payload: { chatId: String(chatId), playerId: String(p.id), kind: 'read', from: 'player' } },
    ]);
    expect((await ok(p, 'GET', '/api/get-chats')).chats[0].unread).toBe(0);
    detail = await ok(support, 'GET', `/api/operator/chats/${chatId}`);
    expect(detail.chat.player_unread).toBe(0);
    expect(detail.chat.player_read_message_id).toBe(detail.messages.at(-1).id);
  });

  it('assignment: take, assign to another support operator, release; refuses non-agents; each change audited once', async () => {
    const p = await player();
    const { chatId } = await playerWrites(p, 'help');
    const url = `/api/operator/chats/${chatId}/assign`;
    expect((await ok(support, 'POST', url, { operator_id: support.id })).assigned).toMatchObject({ id: support.id });
    await ok(support, 'POST', url, { operator_id: support.id }); // no change: no audit line
    expect((await ok(support, 'POST', url, { operator_id: support2.id })).assigned).toMatchObject({ id: support2.id });
    // now support2 answers, support cannot
    expect((await call(support, 'POST', `/api/operator/chats/${chatId}/messages`, { content: 'x' })).statusCode).toBe(409);
    await ok(support2, 'POST', `/api/operator/chats/${chatId}/messages`, { content: 'support2 here' });
    const bad = await call(support, 'POST', url, { operator_id: payments.id });
    expect(bad.statusCode).toBe(422);
    await db.query('UPDATE operators SET disabled_at = now() WHERE id = $1', [support2.id]);
    try {
      expect((await call(support, 'POST', url, { operator_id: support2.id })).statusCode).toBe(422); // a disabled operator is no agent
      expect((await ok(support, 'GET', '/api/operator/desk/agents')).data.map((o: { id: number }) => o.id)).not.toContain(support2.id);
    } finally {
      await db.query('UPDATE operators SET disabled_at = NULL WHERE id = $1', [support2.id]);
    }
    expect((await ok(admin, 'POST', url, { operator_id: null })).assigned).toBeNull();
    const audit = await db.query<{ operator_id: string; before: any; after: any; reason: string }>(
      `SELECT operator_id, before, after, reason FROM operator_audit WHERE action = 'chat.assign' AND entity_id = $1 ORDER BY id`,
      [String(chatId)],
    );
    expect(audit.rows.map((r) => [Number(r.operator_id), r.before.operator_id, r.after.operator_id, r.reason])).toEqual([
      [support.id, null, support.id, 'Took'],
      [support.id, support.id, support2.id, 'Assigned'],
      [admin.id, support2.id, null, 'Released'],
    ]);
    const agents = (await ok(support, 'GET', '/api/operator/desk/agents')).data.map((o: { id: number }) => o.id);
    expect(agents).toEqual(expect.arrayContaining([support.id, support2.id, admin.id]));
    expect(agents).not.toContain(payments.id);
  });

  it("the player's context: status, currency, balance, phone, last payments", async () => {
    const p = await player();
    const { chatId } = await playerWrites(p, 'context?');
    await db.query(`UPDATE players SET phone = '01711111111', phone_verified = true WHERE id = $1`, [p.id]);
    await db.query(
      `INSERT INTO wallet_transactions (public_id, player_id, action, amount_minor, currency, status) VALUES ($1, $2, 'deposit', 150050, 'BDT', 1)`,
      [`DTEST${p.id}`, p.id],
    );
    const { player: ctx } = await ok(support, 'GET', `/api/operator/chats/${chatId}`);
    expect(ctx).toMatchObject({
      id: p.id,
      status: 'active',
      currency: 'BDT',
      balance: '0.00',
      phone: '01711111111',
      phone_verified: true,
    });
    expect(ctx.transactions).toEqual([
      { id: `DTEST${p.id}`, action: 'deposit', amount: '1500.50', currency: 'BDT', status: 1, created_at: expect.any(String) },
    ]);
  });
});

describe('desk: canned replies', () => {
  it('support creates, edits, lists and deletes them, each change audited; duplicate titles and empty text refused', async () => {
    const created = await ok(support, 'POST', '/api/operator/canned-replies', {
      title: 'Deposit delay',
      body: 'Deposits take up to 15 minutes.',
    });
    expect(created).toMatchObject({ title: 'Deposit delay', body: 'Deposits take up to 15 minutes.' });
    const dup = await call(admin, 'POST', '/api/operator/canned-replies', { title: 'deposit DELAY', body: 'x' });
    expect(dup.statusCode).toBe(422);
    expect((await call(support, 'POST', '/api/operator/canned-replies', { title: 'Empty', body: '  ' })).statusCode).toBe(422);
    const edited = await ok(admin, 'PUT', `/api/operator/canned-replies/${created.id}`, {
      title: 'Deposit delay',
      body: 'Up to 30 minutes.',
    });
    expect(edited.body).toBe('Up to 30 minutes.');
    const list = await ok(support, 'GET', '/api/operator/canned-replies?q=30%20min');
    expect(list.data.map((r: { id: number }) => r.id)).toEqual([created.id]);
    await ok(support, 'DELETE', `/api/operator/canned-replies/${created.id}`);
    expect((await call(support, 'DELETE', `/api/operator/canned-replies/${created.id}`)).statusCode).toBe(404);
    expect((await call(support, 'PUT', `/api/operator/canned-replies/${created.id}`, { title: 'a', body: 'b' })).statusCode).toBe(404);
    const audit = await db.query<{ action: string; operator_id: string; before: any; after: any }>(
      `SELECT action, operator_id, before, after FROM operator_audit WHERE entity_type = 'canned_reply' AND entity_id = $1 ORDER BY id`,
      [String(created.id)],
    );
    expect(audit.rows.map((r) => [r.action, Number(r.operator_id), r.before?.body ?? null, r.after?.body ?? null])).toEqual([
      ['canned.create', support.id, null, 'Deposits take up to 15 minutes.'],
      ['canned.update', admin.id, 'Deposits take up to 15 minutes.', 'Up to 30 minutes.'],
      ['canned.delete', support.id, 'Up to 30 minutes.', null],
    ]);
  });
});

describe('desk: closing and reopening, first-response and resolution times', () => {
  it('staff close and reopen (audited, 409 when already so); the player writing again opens a new conversation', async () => {
    const p = await player();
    const { chatId } = await playerWrites(p, 'my deposit is late');
    // backdate the conversation's start so the times are measurable
    await db.query(`UPDATE chats SET opened_at = now() - interval '10 minutes' WHERE id = $1`, [chatId]);
    let chat = (await ok(support, 'GET', `/api/operator/chats/${chatId}`)).chat;
    expect(chat).toMatchObject({ first_response_at: null, closed_at: null, closed_by: null, awaiting: true });
    expect(chat.opened_at).not.toBeNull();
    await ok(support, 'POST', `/api/operator/chats/${chatId}/messages`, { content: 'Looking now' });
    await ok(support, 'POST', `/api/operator/chats/${chatId}/messages`, { content: 'Found it' });
    chat = (await ok(support, 'GET', `/api/operator/chats/${chatId}`)).chat;
    const firstResponse = chat.first_response_at as string;
    expect(Date.parse(firstResponse) - Date.parse(chat.opened_at)).toBeGreaterThanOrEqual(9 * 60_000);

    // the player writes again before it is closed: same conversation, first response kept
    await ok(p, 'POST', '/api/messages', { chat_id: chatId, sender_id: 6, content: 'thanks' });
    expect((await ok(support, 'GET', `/api/operator/chats/${chatId}`)).chat.first_response_at).toBe(firstResponse);

    expect(await ok(support, 'POST', `/api/operator/chats/${chatId}/close`, { note: 'deposit credited' })).toEqual({ closed: true });
    expect((await call(support2, 'POST', `/api/operator/chats/${chatId}/close`, {})).statusCode).toBe(409);
    chat = (await ok(support, 'GET', `/api/operator/chats/${chatId}`)).chat;
    expect(chat).toMatchObject({ awaiting: false, closed_by: { id: support.id } });
    expect(chat.closed_at).not.toBeNull();
    const open = (await ok(support, 'GET', '/api/operator/chats?state=open&per_page=200')).data.map((c: { id: number }) => c.id);
    expect(open).not.toContain(chatId);
    const closed = await ok(support, 'GET', '/api/operator/chats?state=closed&per_page=200');
    expect(closed.data.map((c: { id: number }) => c.id)).toContain(chatId);
    expect(closed.times.resolved).toBeGreaterThanOrEqual(1);
    expect(closed.times.resolution_avg_seconds).toBeGreaterThanOrEqual(9 * 60);
    expect(closed.times.first_response_median_seconds).toBeGreaterThanOrEqual(0);

    expect(await ok(support2, 'POST', `/api/operator/chats/${chatId}/reopen`, {})).toEqual({ closed: false });
    expect((await call(support2, 'POST', `/api/operator/chats/${chatId}/reopen`, {})).statusCode).toBe(409);
    await ok(support, 'POST', `/api/operator/chats/${chatId}/close`, {});
    const audit = await db.query<{ action: string; reason: string; after: { closed: boolean } }>(
      `SELECT action, reason, after FROM operator_audit WHERE entity_type = 'chat' AND entity_id = $1 AND action LIKE 'chat.%o%e%' ORDER BY id`,
      [String(chatId)],
    );
    expect(audit.rows.map((r) => [r.action, r.reason, r.after.closed])).toEqual([
      ['chat.close', 'deposit credited', true],
      ['chat.reopen', 'Reopened', false],
      ['chat.close', 'Closed', true],
    ]);

    // the player writes to the closed chat: a new conversation, awaiting its own first response
    await ok(p, 'POST', '/api/messages', { chat_id: chatId, sender_id: 6, content: 'one more thing' });
    chat = (await ok(support, 'GET', `/api/operator/chats/${chatId}`)).chat;
    expect(chat).toMatchObject({ closed_at: null, first_response_at: null, awaiting: true });
    expect(Date.parse(chat.opened_at)).toBeGreaterThan(Date.parse(firstResponse));
    expect((await call(support, 'POST', `/api/operator/chats/${chatId}/close`, { note: 'x'.repeat(501) })).statusCode).toBe(422);
  });

  it('the times per operator: who wrote each first response, who closed each conversation (issue 32)', async () => {
    const a = await operator('support');
    const b = await operator('support');
    const name = async (op: Op) =>
      (await db.query<{ username: string }>('SELECT username FROM operators WHERE id = $1', [op.id])).rows[0]!.username;
    // chat 1: A answers after 4 minutes, B closes it after 20; chat 2: B answers after 2 minutes and closes it after 6
    const one = (await playerWrites(await player(), 'first')).chatId;
    const two = (await playerWrites(await player(), 'second')).chatId;
    await db.query(`UPDATE chats SET opened_at = now() - interval '20 minutes' WHERE id = $1`, [one]);
    await db.query(`UPDATE chats SET opened_at = now() - interval '6 minutes' WHERE id = $1`, [two]);
    await ok(a, 'POST', `/api/operator/chats/${one}/messages`, { content: 'on it' });
    await ok(b, 'POST', `/api/operator/chats/${two}/messages`, { content: 'hello' });
    // the replies' times as if written later in the conversation
    await db.query(`UPDATE chats SET first_response_at = opened_at + interval '4 minutes' WHERE id = $1`, [one]);
    await db.query(
      `UPDATE chat_messages SET created_at = (SELECT first_response_at FROM chats WHERE id = $1) WHERE chat_id = $1 AND sender_id = $2`,
      [one, a.id],
    );
    await db.query(`UPDATE chats SET first_response_at = opened_at + interval '2 minutes' WHERE id = $1`, [two]);
    await db.query(
      `UPDATE chat_messages SET created_at = (SELECT first_response_at FROM chats WHERE id = $1) WHERE chat_id = $1 AND sender_id = $2`,
      [two, b.id],
    );
    await ok(b, 'POST', `/api/operator/chats/${one}/close`, {});
    await ok(b, 'POST', `/api/operator/chats/${two}/close`, {});
    const times = (await ok(a, 'GET', '/api/operator/chats?state=all&per_page=200')).times;
    const of = (u: string) => times.by_operator.find((o: { username: string }) => o.username === u);
    expect(of(await name(a))).toMatchObject({
      operator_id: a.id,
      answered: 1,
      first_response_median_seconds: 240,
      resolved: 0,
      resolution_median_seconds: null,
    });
    const rb = of(await name(b));
    expect(rb).toMatchObject({ operator_id: b.id, answered: 1, first_response_median_seconds: 120, resolved: 2 });
    // closed after about 20 and 6 minutes: the median of two is their mean
    expect(rb.resolution_median_seconds).toBeGreaterThanOrEqual(13 * 60 - 5);
    expect(rb.resolution_median_seconds).toBeLessThanOrEqual(13 * 60 + 30);
    expect(rb.resolution_avg_seconds).toBe(rb.resolution_median_seconds);
  });
});
