import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { signCall } from '@khela/contracts/signing';
import gatewayPlugin from './plugin';

// Issue 16: a gateway stopped between a decision and the merchant's acknowledgement resumes the callback after a
// restart (payments kept in the sandbox's data dir), and an acknowledged one is never sent again.
const SECRET = 'gateway-test-secret';
const createPath = '/gateway/api/payments';
const create = JSON.stringify({
  merchant_ref: 'D42',
  amount: '250.00',
  currency: 'BDT',
  provider: 'bkash',
  callback_url: 'http://api.test/api/ewa/callback',
  return_url: 'http://site.test/',
});

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

type Call = { url: string; body: string };
function recorder(answer: () => number) {
  const calls: Call[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url: String(url), body: String(init.body) });
    const status = answer();
    if (status === 0) throw new Error('connect ECONNREFUSED');
    return new Response('{}', { status });
  }) as unknown as typeof fetch;
  return { calls, impl };
}

async function gateway(dataFile: string, fetchImpl: typeof fetch, firstDelayMs = 0) {
  const app = Fastify();
  await app.register(gatewayPlugin, {
    prefix: '/gateway',
    secret: SECRET,
    publicUrl: 'http://gw.test',
    retryDelaysMs: [20],
    maxAttempts: 100,
    firstDelayMs,
    dataFile,
    fetchImpl,
  });
  await app.ready();
  return app;
}

describe('sandbox gateway across restarts', () => {
  it('delivers a decided payment after a restart exactly once, then never again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-'));
    dirs.push(dir);
    const file = path.join(dir, 'gateway-payments.json');

    // first run: the merchant is unreachable, then the gateway stops
    const down = recorder(() => 0);
    const first = await gateway(file, down.impl);
    const created = await first.inject({
      method: 'POST',
      url: createPath,
      headers: { 'content-type': 'application/json', ...signCall(SECRET, { method: 'POST', path: createPath, body: create }) },
      payload: create,
    });
    const id = created.json().payment_id as string;
    await first.inject({
      method: 'POST',
      url: `/gateway/pay/${id}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'number=01700000000',
    });
    await expect.poll(() => down.calls.length).toBeGreaterThanOrEqual(2);
    await first.close();
    const attemptsBefore = down.calls.length;

    // second run: the payment is known again and its callback goes out once, acknowledged
    const up = recorder(() => 200);
    const second = await gateway(file, up.impl);
    await expect.poll(() => up.calls.length).toBe(1);
    expect(JSON.parse(up.calls[0]!.body)).toMatchObject({ payment_id: id, merchant_ref: 'D42', status: 'success', amount: '250.00' });
    const again = await second.inject({
      method: 'POST',
      url: createPath,
      headers: { 'content-type': 'application/json', ...signCall(SECRET, { method: 'POST', path: createPath, body: create }) },
      payload: create,
    });
    expect(again.json().payment_id).toBe(id); // idempotent by merchant_ref across the restart
    await new Promise((r) => setTimeout(r, 100));
    expect(up.calls).toHaveLength(1);
    await second.close();
    expect(attemptsBefore).toBeGreaterThanOrEqual(2);

    // third run: acknowledged, so nothing is sent
    const third = recorder(() => 200);
    const app3 = await gateway(file, third.impl);
    await new Promise((r) => setTimeout(r, 100));
    expect(third.calls).toHaveLength(0);
    await app3.close();
  });

  it('a gateway stopped before its first (delayed) attempt sends the callback after the restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-'));
    dirs.push(dir);
    const file = path.join(dir, 'gateway-payments.json');
    const never = recorder(() => 200);
    const first = await gateway(file, never.impl, 60_000);
    const created = await first.inject({
      method: 'POST',
      url: createPath,
      headers: { 'content-type': 'application/json', ...signCall(SECRET, { method: 'POST', path: createPath, body: create }) },
      payload: create,
    });
    const id = created.json().payment_id as string;
    await first.inject({
      method: 'POST',
      url: `/gateway/pay/${id}/decline`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    await first.close();
    expect(never.calls).toHaveLength(0);

    const up = recorder(() => 200);
    const second = await gateway(file, up.impl, 10);
    await expect.poll(() => up.calls.length).toBe(1);
    expect(JSON.parse(up.calls[0]!.body)).toMatchObject({ payment_id: id, status: 'failed' });
    await second.close();
  });
});
