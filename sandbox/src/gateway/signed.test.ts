import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkCall, hmacSha256Hex, signCall } from '@khela/contracts/signing';
import gatewayPlugin from './plugin';

// Issue 10 item 2: every gateway call and answer signs method, path, timestamp and body.
const SECRET = 'gateway-test-secret';

async function gateway(fetchImpl?: typeof fetch) {
  const app = Fastify();
  await app.register(gatewayPlugin, {
    prefix: '/gateway',
    secret: SECRET,
    publicUrl: 'http://gw.test',
    retryDelaysMs: [10],
    maxAttempts: 1,
    fetchImpl,
  });
  return app;
}
const create = JSON.stringify({
  merchant_ref: 'D1',
  amount: '100.00',
  currency: 'BDT',
  provider: 'nagad',
  callback_url: 'http://api.test/api/ewa/callback?x=1',
  return_url: 'http://site.test/',
});
const createPath = '/gateway/api/payments';

describe('sandbox gateway signatures', () => {
  it('refuses body-only, stale and other-path signatures on create; signs its answer for the request path', async () => {
    const app = await gateway();
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: createPath, headers: { 'content-type': 'application/json', ...headers }, payload: create });
    expect((await post({ 'x-signature': hmacSha256Hex(SECRET, create) })).statusCode).toBe(401);
    expect((await post(signCall(SECRET, { method: 'POST', path: createPath, body: create }, Date.now() - 301_000))).statusCode).toBe(401);
    expect((await post(signCall(SECRET, { method: 'POST', path: '/gateway/api/other', body: create }))).statusCode).toBe(401);
    const ok = await post(signCall(SECRET, { method: 'POST', path: createPath, body: create }));
    expect(ok.statusCode).toBe(200);
    expect(checkCall(SECRET, { method: 'RESPONSE', path: createPath, body: ok.body }, ok.headers)).toBe('ok');
    expect(checkCall(SECRET, { method: 'RESPONSE', path: '/gateway/api/payments/X', body: ok.body }, ok.headers)).toBe('bad_signature');

    // the status GET needs a signature of its own path: no more one signature of the empty body for every GET
    const id = ok.json().payment_id as string;
    const path = `/gateway/api/payments/${id}`;
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: path, headers: { 'x-signature': hmacSha256Hex(SECRET, '') } })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: path,
          headers: signCall(SECRET, { method: 'GET', path: '/gateway/api/payments/PGOTHER', body: '' }),
        })
      ).statusCode,
    ).toBe(401);
    const got = await app.inject({ method: 'GET', url: path, headers: signCall(SECRET, { method: 'GET', path, body: '' }) });
    expect(got.statusCode).toBe(200);
    expect(checkCall(SECRET, { method: 'RESPONSE', path, body: got.body }, got.headers)).toBe('ok');
    await app.close();
  });

  it('signs its callback with the callback path (query included) and a fresh timestamp', async () => {
    const delivered: Array<{ url: string; headers: Headers; body: string }> = [];
    const spy = (async (url: string, init: RequestInit) => {
      delivered.push({ url: String(url), headers: new Headers(init.headers), body: String(init.body) });
      return new Response('{}', { status: 200 });
    }) as unknown as typeof fetch;
    const app = await gateway(spy);
    const ok = await app.inject({
      method: 'POST',
      url: createPath,
      headers: { 'content-type': 'application/json', ...signCall(SECRET, { method: 'POST', path: createPath, body: create }) },
      payload: create,
    });
    const id = ok.json().payment_id as string;
    await app.inject({
      method: 'POST',
      url: `/gateway/pay/${id}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'number=01700000000',
    });
    await expect.poll(() => delivered.length).toBe(1);
    const cb = delivered[0]!;
    expect(checkCall(SECRET, { method: 'POST', path: '/api/ewa/callback?x=1', body: cb.body }, cb.headers)).toBe('ok');
    await app.close();
  });
});
