import { randomUUID } from 'node:crypto';
import { signCall } from '@khela/contracts/signing';
import { fetchWithRequestId } from '../request-id';

/**
 * The provider's side of the seamless-wallet protocol: signed JSON calls to the operator's
 * `/api/seamless/{provider}/{action}`. Written from the published protocol, not from the operator's
 * code, the way an outside game studio would.
 */
export type WalletAction = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback';

export interface WalletAnswer {
  status: string;
  request_uuid?: string;
  user?: string;
  username?: string;
  currency?: string;
  balance?: string;
  transaction_uuid?: string;
  message?: string;
}

/** Sends one signed request; returns the HTTP status and parsed body. Throws on network failure. */
export type WalletTransport = (
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ httpStatus: number; json: unknown }>;

export function fetchTransport(baseUrl: string, timeoutMs = 8000): WalletTransport {
  return async (path, body, headers) => {
    const res = await fetchWithRequestId(`${baseUrl.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      body,
      headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = { status: 'UNKNOWN', message: text.slice(0, 200) };
    }
    return { httpStatus: res.status, json };
  };
}

export class WalletClient {
  constructor(
    private readonly transport: WalletTransport,
    private readonly providerId: string,
    private readonly secret: string,
  ) {}

  async call(action: WalletAction, payload: Record<string, unknown>): Promise<WalletAnswer> {
    const body = JSON.stringify({ request_uuid: randomUUID(), ...payload });
    const path = `/api/seamless/${this.providerId}/${action}`;
    const { json } = await this.transport(path, body, {
      'content-type': 'application/json',
      ...signCall(this.secret, { method: 'POST', path, body }),
    });
    const answer = (json && typeof json === 'object' ? json : { status: 'UNKNOWN' }) as WalletAnswer;
    return { ...answer, status: typeof answer.status === 'string' ? answer.status : 'UNKNOWN' };
  }
}
