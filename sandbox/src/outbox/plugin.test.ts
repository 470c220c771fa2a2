import Fastify from 'fastify';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOutbox } from './plugin';

const secret = 'test-secret';
const sign = (ts: string, body: string) => createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');

async function app() {
  const a = Fastify();
  const outbox = createOutbox(secret);
  await a.register(outbox.plugin, { prefix: '/outbox' });
  return a;
}

describe('outbox', () => {
  it('stores a signed message and lists it by address with its code', async () => {
    const a = await app();
    const body = JSON.stringify({ channel: 'sms', to: '01712345678', text: 'Your code is 123456.' });
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await a.inject({
      method: 'POST',
      url: '/outbox/send',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-khela-timestamp': ts, 'x-khela-signature': sign(ts, body) },
    });
    expect(res.statusCode).toBe(200);
    const list = await a.inject({ url: '/outbox/messages?to=%2B8801712345678'.replace('%2B880', '0') });
    expect(list.json().messages[0]).toMatchObject({ to: '01712345678', code: '123456', channel: 'sms' });
    const page = await a.inject({ url: '/outbox/' });
    expect(page.body).toContain('123456');
  });

  it('refuses a bad signature, a replayed old timestamp and a tampered body', async () => {
    const a = await app();
    const body = JSON.stringify({ channel: 'email', to: 'a@b.co', text: 'code 654321' });
    const ts = String(Math.floor(Date.now() / 1000));
    const bad = await a.inject({
      method: 'POST',
      url: '/outbox/send',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-khela-timestamp': ts, 'x-khela-signature': 'ab'.repeat(32) },
    });
    expect(bad.statusCode).toBe(401);
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    const stale = await a.inject({
      method: 'POST',
      url: '/outbox/send',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-khela-timestamp': old, 'x-khela-signature': sign(old, body) },
    });
    expect(stale.statusCode).toBe(401);
    const tampered = await a.inject({
      method: 'POST',
      url: '/outbox/send',
      payload: body.replace('654321', '000000'),
      headers: { 'content-type': 'application/json', 'x-khela-timestamp': ts, 'x-khela-signature': sign(ts, body) },
    });
    expect(tampered.statusCode).toBe(401);
    expect((await a.inject({ url: '/outbox/messages' })).json().messages).toHaveLength(0);
  });
});
