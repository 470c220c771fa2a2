import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { signCall } from '@khela/contracts/signing';
import { transferPlugin } from './plugin';
import { TransferProvider } from './engine';

const SECRET = 'transfer-test-secret';
const provider = new TransferProvider();
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify();
  await app.register(transferPlugin({ provider, secret: SECRET, publicUrl: 'http://sandbox.test' }), { prefix: '/transfer' });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());
beforeEach(() => provider.reset());

/** A signed operator call over real HTTP (faults drop connections), with a client timeout. */
async function call(vendor: string, op: string, body: Record<string, unknown>, timeoutMs = 2000) {
  const path = `/transfer/api/${vendor}/${op}`;
  const raw = JSON.stringify(body);
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', ...signCall(SECRET, { method: 'POST', path, body: raw }) },
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { http: res.status, json: (await res.json()) as Record<string, unknown> };
}
const fault = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/transfer/control/fault', payload: body });
const tin = (id: string, amount: string, user = 'u1') =>
  call('SBO', 'transfer', { transfer_id: id, user, currency: 'BDT', direction: 'in', amount });
const tout = (id: string, amount: string, user = 'u1') =>
  call('SBO', 'transfer', { transfer_id: id, user, currency: 'BDT', direction: 'out', amount });
const balance = async (user = 'u1', vendor = 'SBO') => (await call(vendor, 'balance', { user, currency: 'BDT' })).json.balance;

describe('transfer-wallet provider', () => {
  it('refuses a bad signature', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/transfer/api/SBO/balance',
      payload: '{"user":"u1","currency":"BDT"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('applies a transfer id once, refuses it with other details, and keeps vendors apart', async () => {
    expect((await tin('t1', '100.00')).json).toMatchObject({ status: 'OK', balance: '100.00' });
    expect((await tin('t1', '100.00')).json).toMatchObject({ status: 'OK', balance: '100.00' });
    expect((await tin('t1', '50.00')).json.status).toBe('DUPLICATE_TRANSACTION');
    expect(await balance()).toBe('100.00');
    expect(await balance('u1', 'ISPORTS')).toBe('0.00');
    expect((await tout('t2', '30.00')).json).toMatchObject({ status: 'OK', balance: '70.00' });
    // more than the wallet holds: refused, recorded as refused, nothing moved
    expect((await tout('t3', '500.00')).json).toMatchObject({ status: 'NOT_ENOUGH_MONEY', state: 'refused' });
    expect((await call('SBO', 'status', { transfer_id: 't3' })).json).toMatchObject({ status: 'OK', state: 'refused' });
    expect(await balance()).toBe('70.00');
  });

  it('answers a transfer status by id, and closes an id it never saw so a late arrival moves nothing', async () => {
    await tin('t1', '10.00');
    expect((await call('SBO', 'status', { transfer_id: 't1' })).json).toMatchObject({
      status: 'OK',
      state: 'applied',
      amount: '10.00',
      direction: 'in',
    });
    expect((await call('SBO', 'status', { transfer_id: 'never' })).json).toMatchObject({ status: 'TRANSACTION_DOES_NOT_EXIST' });
    expect((await tin('never', '10.00')).json.status).toBe('TRANSACTION_CLOSED');
    expect(await balance()).toBe('10.00');
  });

  it('fault knobs: 5xx and insufficient apply nothing; timeout_after_apply applies and never answers; down drops the call', async () => {
    await fault({ vendor: 'SBO', mode: '5xx', count: 1 });
    expect((await tin('a', '10.00')).http).toBe(503);
    expect((await call('SBO', 'status', { transfer_id: 'a' })).json.status).toBe('TRANSACTION_DOES_NOT_EXIST');

    await fault({ vendor: 'SBO', mode: 'insufficient', count: 1 });
    expect((await tin('b', '10.00')).json.status).toBe('NOT_ENOUGH_MONEY');
    expect(await balance()).toBe('0.00');

    await fault({ vendor: 'SBO', mode: 'timeout_after_apply', delay_ms: 5000, count: 1 });
    await expect(tin('c', '25.00', 'u1')).rejects.toThrow();
    expect((await call('SBO', 'status', { transfer_id: 'c' })).json).toMatchObject({ status: 'OK', state: 'applied' });
    expect(await balance()).toBe('25.00');

    await fault({ vendor: 'SBO', mode: 'down', ops: ['transfer', 'status', 'balance'] });
    await expect(tin('d', '1.00')).rejects.toThrow();
    await expect(call('SBO', 'balance', { user: 'u1', currency: 'BDT' })).rejects.toThrow();
    // the other vendors are up
    expect(await balance('u1', 'ISPORTS')).toBe('0.00');
    await fault({ vendor: 'SBO', mode: 'none' });
    expect((await call('SBO', 'status', { transfer_id: 'd' })).json.status).toBe('TRANSACTION_DOES_NOT_EXIST');
    expect(await balance()).toBe('25.00');
  });

  it('delay answers late but answers', async () => {
    await fault({ vendor: '*', mode: 'delay', delay_ms: 300, count: 1 });
    const t0 = Date.now();
    expect((await tin('x', '5.00')).json.status).toBe('OK');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
  });

  it('plays: a launch opens a session, a bet debits the provider wallet, the control API settles it, bets are listed', async () => {
    await tin('t1', '1000.00');
    const launch = await call('SBO', 'launch', { user: 'u1', currency: 'BDT', lang: 'en' });
    const url = new URL(String(launch.json.url));
    expect(url.origin).toBe('http://sandbox.test');
    const sid = url.searchParams.get('session')!;
    const page = await app.inject({ url: `/transfer/play?session=${sid}` });
    expect(page.body).toContain('SBO Sports');
    const bet = await app.inject({
      method: 'POST',
      url: `/transfer/session/${sid}/bet`,
      payload: { selection: 'Bangladesh', stake: '200.00' },
    });
    expect(bet.json()).toMatchObject({ balance: '800.00', bet: { state: 'open', odds: '2.50' } });
    const tooMuch = await app.inject({
      method: 'POST',
      url: `/transfer/session/${sid}/bet`,
      payload: { selection: 'India', stake: '900.00' },
    });
    expect(tooMuch.json().status).toBe('NOT_ENOUGH_MONEY');
    await app.inject({ method: 'POST', url: '/transfer/control/settle', payload: { vendor: 'SBO', user: 'u1', result: 'won' } });
    expect(await balance()).toBe('1300.00');
    const bets = await call('SBO', 'bets', { user: 'u1' });
    expect(bets.json.bets).toEqual([expect.objectContaining({ state: 'won', stake: '200.00', win: '500.00' })]);
  });
});
