import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS, hmacSha256Hex, signCall } from '@khela/contracts/signing';
import type { Db } from '../db';
import { fromMinor, getPlayerBalance } from '../ledger';
import { appPerFile } from '../testing/app-per-file';
import { createPlayer } from '../testing/helpers';
import { walletConfig } from './config';
import { gatewayClient, GatewayUnavailable } from './gateway';

// Issue 10 item 2: gateway and provider calls sign method, path, time and body; stale or malformed ones are 401s.
let db: Db;
let app: FastifyInstance;
appPerFile((t) => ({ db, app } = t));

const GATEWAY = DEV_SECRETS.GATEWAY_SECRET;
const PROVIDER = DEV_SECRETS.PROVIDER_SECRET;
const CALLBACK = '/api/ewa/callback';

/** A pending e-wallet deposit of 100.00 with a gateway payment id, as /api/ewa/request leaves it. */
async function pendingEwallet() {
  const playerId = await db.tx((q) => createPlayer(q));
  const method = await db.query<{ id: string }>(`SELECT id FROM payment_methods WHERE account_type = 'ewallet' LIMIT 1`);
  const publicId = `D${randomUUID().slice(0, 12)}`;
  const paymentId = `PG${randomUUID().slice(0, 12)}`;
  await db.query(
    `INSERT INTO wallet_transactions (public_id, player_id, action, mode, amount_minor, currency, payment_method_id, channel, gateway_payment_id)
     VALUES ($1, $2, 'deposit', 'ewallet', 10000, 'BDT', $3, 'nagad', $4)`,
    [publicId, playerId, method.rows[0]!.id, paymentId],
  );
  const body = JSON.stringify({
    payment_id: paymentId,
    merchant_ref: publicId,
    status: 'success',
    amount: '100.00',
    currency: 'BDT',
    trxid: null,
    number: null,
  });
  return { playerId, body };
}
const balanceOf = async (id: number) => fromMinor((await getPlayerBalance(db, id)).balanceMinor);
const callback = (body: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: CALLBACK, headers: { 'content-type': 'application/json', ...headers }, payload: body });

describe('gateway callback', () => {
  it('refuses a body-only signature, an old timestamp, another path and a bad key; credits once when all is signed', async () => {
    const { playerId, body } = await pendingEwallet();
    // today's scheme: HMAC of the body alone
    expect((await callback(body, { 'x-signature': hmacSha256Hex(GATEWAY, body) })).statusCode).toBe(401);
    // correctly signed, but six minutes ago: a replay
    const old = await callback(body, signCall(GATEWAY, { method: 'POST', path: CALLBACK, body }, Date.now() - 360_000));
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Stale or missing timestamp');
    // signed for another path or method, or with another key
    expect((await callback(body, signCall(GATEWAY, { method: 'POST', path: '/api/other', body }))).statusCode).toBe(401);
    expect((await callback(body, signCall(GATEWAY, { method: 'GET', path: CALLBACK, body }))).statusCode).toBe(401);
    expect((await callback(body, signCall('not-the-secret', { method: 'POST', path: CALLBACK, body }))).statusCode).toBe(401);
    expect(await balanceOf(playerId)).toBe('0.00');

    const ok = await callback(body, signCall(GATEWAY, { method: 'POST', path: CALLBACK, body }));
    expect(ok.statusCode).toBe(200);
    expect(await balanceOf(playerId)).toBe('100.00');
  });

  it('a signature that is not hex (non-ASCII, wrong length, doubled header) is a 401, never a 500', async () => {
    const { playerId, body } = await pendingEwallet();
    const good = signCall(GATEWAY, { method: 'POST', path: CALLBACK, body });
    for (const sig of ['é'.repeat(64), 'ü'.repeat(32), 'zz'.repeat(32), good['x-signature']!.slice(1), `${good['x-signature']}0`, '']) {
      const res = await callback(body, { ...good, 'x-signature': sig });
      expect(res.statusCode, sig).toBe(401);
    }
    expect((await callback(body, { ...good, 'x-timestamp': 'é' })).statusCode).toBe(401);
    expect(await balanceOf(playerId)).toBe('0.00');
  });
});

describe('gateway answers (API side)', () => {
  const config = { ...walletConfig(), gatewayUrl: 'http://gw.test/gateway' };
  const payment = {
    payment_id: 'PG1',
    payment_url: 'http://gw.test/pay/PG1',
    status: 'success',
    merchant_ref: 'D1',
    amount: '100.00',
    currency: 'BDT',
  };
  const answering = (sign: (text: string) => Record<string, string>) =>
    (async () => {
      const text = JSON.stringify(payment);
      return new Response(text, { status: 200, headers: { 'content-type': 'application/json', ...sign(text) } });
    }) as unknown as typeof fetch;

  it('accepts an answer signed for its own request only', async () => {
    const right = gatewayClient(
      config,
      answering((text) => signCall(GATEWAY, { method: 'RESPONSE', path: '/gateway/api/payments/PG1', body: text })),
    );
    expect((await right.getPayment('PG1')).status).toBe('success');
    // an answer about another payment, an old one, or a body-only signature is not believed
    const other = gatewayClient(
      config,
      answering((text) => signCall(GATEWAY, { method: 'RESPONSE', path: '/gateway/api/payments/PG2', body: text })),
    );
    await expect(other.getPayment('PG1')).rejects.toBeInstanceOf(GatewayUnavailable);
    const stale = gatewayClient(
      config,
      answering((text) => signCall(GATEWAY, { method: 'RESPONSE', path: '/gateway/api/payments/PG1', body: text }, Date.now() - 400_000)),
    );
    await expect(stale.getPayment('PG1')).rejects.toBeInstanceOf(GatewayUnavailable);
    const bodyOnly = gatewayClient(
      config,
      answering((text) => ({ 'x-signature': hmacSha256Hex(GATEWAY, text) })),
    );
    await expect(bodyOnly.getPayment('PG1')).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it('signs its GET with method, path and time', async () => {
    let seen: Headers | undefined;
    let url = '';
    const spy = (async (u: string, init: RequestInit) => {
      url = String(u);
      seen = new Headers(init.headers);
      throw new Error('offline');
    }) as unknown as typeof fetch;
    await expect(gatewayClient(config, spy).getPayment('PG9')).rejects.toBeInstanceOf(GatewayUnavailable);
    expect(url).toBe('http://gw.test/gateway/api/payments/PG9');
    const ts = seen!.get('x-timestamp')!;
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(5);
    expect(seen!.get('x-signature')).toBe(hmacSha256Hex(GATEWAY, `GET\n/gateway/api/payments/PG9\n${ts}\n`));
  });
});

describe('seamless wallet (provider calls)', () => {
  const path = '/api/seamless/sandbox/balance';
  const body = JSON.stringify({ request_uuid: randomUUID(), token: 'no-such-token', user: '1' });
  const call = (headers: Record<string, string>, url = path) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: body });

  it('answers a fresh, fully signed call (here: an unknown token)', async () => {
    const res = await call(signCall(PROVIDER, { method: 'POST', path, body }));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('INVALID_TOKEN');
  });

  it('refuses body-only, stale, other-path and non-hex signatures with the protocol error shape', async () => {
    const refused = [
      await call({ 'x-signature': hmacSha256Hex(PROVIDER, body) }),
      await call(signCall(PROVIDER, { method: 'POST', path, body }, Date.now() - 301_000)),
      await call(signCall(PROVIDER, { method: 'POST', path: '/api/seamless/sandbox/bet', body })),
      await call({ ...signCall(PROVIDER, { method: 'POST', path, body }), 'x-signature': 'é'.repeat(64) }),
      await call({ ...signCall(PROVIDER, { method: 'POST', path, body }), 'x-signature': 'abc' }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'INVALID_SIGNATURE' });
      expect(typeof res.json().message).toBe('string');
    }
    expect(refused[1]!.json().message).toMatch(/timestamp/);
  });
});
