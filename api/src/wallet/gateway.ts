import { checkCall, pathOf, signCall } from '@khela/contracts/signing';
import type { WalletConfig } from './config';
import { requestIdHeaders } from '../ops/request-id';

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
    const url = `${config.gatewayUrl}${path}`;
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method,
        // method, path, time and body are signed: a GET of one payment cannot be replayed for another or later
        headers: {
          'content-type': 'application/json',
          ...requestIdHeaders(),
          ...signCall(config.gatewaySecret, { method, path: pathOf(url), body: raw }),
        },
        body: method === 'POST' ? raw : undefined,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new GatewayUnavailable(`gateway unreachable: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) throw new GatewayUnavailable(`gateway answered ${res.status}: ${text.slice(0, 200)}`);
    // Answers are signed too: a man in the middle cannot mark a payment paid.
    if (checkCall(config.gatewaySecret, { method: 'RESPONSE', path: pathOf(url), body: text }, res.headers) !== 'ok') {
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
