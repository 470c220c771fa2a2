import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WalletConfig } from './config';

/** HMAC-SHA256 hex of the exact body bytes: what the gateway and the API both sign. */
export function sign(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

export function verifySignature(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(sign(secret, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface GatewayPayment {
  payment_id: string;
  payment_url: string;
  status: 'pending' | 'success' | 'failed' | 'expired';
  merchant_ref: string;
  amount: string;
  currency: string;
  trxid?: string | null;
  number?: string | null;
}

export class GatewayUnavailable extends Error {}

/** The API's side of the gateway protocol (sandbox/src/gateway speaks the other side). */
export function gatewayClient(config: WalletConfig, fetchImpl: typeof fetch = fetch) {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<GatewayPayment> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    let res: Response;
    try {
      res = await fetchImpl(`${config.gatewayUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-signature': sign(config.gatewaySecret, raw) },
        body: method === 'POST' ? raw : undefined,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new GatewayUnavailable(`gateway unreachable: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) throw new GatewayUnavailable(`gateway answered ${res.status}: ${text.slice(0, 200)}`);
    // Answers are signed too: a man in the middle cannot mark a payment paid.
    if (!verifySignature(config.gatewaySecret, text, res.headers.get('x-signature') ?? undefined)) {
      throw new GatewayUnavailable('gateway answer has a bad signature');
    }
    return JSON.parse(text) as GatewayPayment;
  }
  return {
    createPayment: (input: {
      merchant_ref: string;
      amount: string;
      currency: string;
      provider: string;
      callback_url: string;
      return_url: string;
      expires_in_seconds: number;
    }) => call('POST', '/api/payments', input),
    getPayment: (paymentId: string) => call('GET', `/api/payments/${encodeURIComponent(paymentId)}`),
  };
}
export type GatewayClient = ReturnType<typeof gatewayClient>;
