import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { signCall } from '@khela/contracts/signing';
import { buildSandbox } from './app';
import { config } from './config';
import { fetchTransport } from './provider/wallet-client';

type LogLine = { reqId?: string; msg?: string };
const logs: LogLine[] = [];
let app: FastifyInstance;

/** Stands in for the API: records the x-request-id of every call the sandbox makes to it. */
const apiCalls: Array<{ url: string; requestId: string | undefined }> = [];
let onApiCall: () => void = () => undefined;
const fakeApi = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    apiCalls.push({ url: req.url ?? '', requestId: req.headers['x-request-id'] as string | undefined });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    onApiCall();
  });
});
let apiBase = '';

beforeAll(async () => {
  await new Promise<void>((r) => fakeApi.listen(0, '127.0.0.1', r));
  apiBase = `http://127.0.0.1:${(fakeApi.address() as AddressInfo).port}`;
  app = await buildSandbox({ logger: pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) }) });
  // a provider-side action calling the operator's seamless wallet, as a spin does
  app.post('/test/spin', async () => {
    await fetchTransport(apiBase)('/api/seamless/khela-sandbox/bet', '{}', { 'content-type': 'application/json' });
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await new Promise((r) => fakeApi.close(r));
});

describe('sandbox request ids', () => {
  it('keeps a valid incoming id: echoed and in every log line of the request; a bad one is replaced', async () => {
    const res = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'api-77' } });
    expect(res.headers['x-request-id']).toBe('api-77');
    expect(logs.filter((l) => l.reqId === 'api-77').map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    const bad = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'no spaces please' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("the game provider's seamless-wallet calls carry the id of the request that made them", async () => {
    const res = await app.inject({ method: 'POST', url: '/test/spin', headers: { 'x-request-id': 'spin-5' }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(apiCalls.find((c) => c.url === '/api/seamless/khela-sandbox/bet')?.requestId).toBe('spin-5');
  });

  it("the gateway's callback carries the id of the request that decided the payment", async () => {
    const body = JSON.stringify({
      merchant_ref: `ref-${Date.now()}`,
      amount: '500.00',
      currency: 'BDT',
      provider: 'bkash',
      callback_url: `${apiBase}/api/ewa/callback`,
      return_url: 'http://127.0.0.1:3000/deposit',
    });
    const path = '/gateway/api/payments';
    const created = await app.inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-request-id': 'deposit-1',
        ...signCall(config.gatewaySecret, { method: 'POST', path, body }),
      },
    });
    expect(created.statusCode).toBe(200);
    expect(logs.some((l) => l.reqId === 'deposit-1' && l.msg === 'request completed')).toBe(true);

    const called = new Promise<void>((r) => (onApiCall = r));
    const approved = await app.inject({
      method: 'POST',
      url: `/gateway/pay/${created.json().payment_id}/approve`,
      payload: 'number=01700000000',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'approve-2' },
    });
    expect(approved.statusCode).toBe(200);
    await called;
    expect(apiCalls.find((c) => c.url === '/api/ewa/callback')?.requestId).toBe('approve-2');
  });
});
