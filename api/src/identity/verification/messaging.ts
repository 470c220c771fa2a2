import { createHmac } from 'node:crypto';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  text: string;
}

export interface Messenger {
  send(msg: OutgoingMessage): Promise<void>;
}

export const SIGNATURE_HEADER = 'x-khela-signature';
export const TIMESTAMP_HEADER = 'x-khela-timestamp';

/** hex HMAC-SHA256 over `${timestamp}.${body}`: the sandbox outbox (or a real SMS/e-mail gateway adapter) checks it. */
export function signMessage(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Delivers SMS and e-mail through the messaging service over HTTP (the sandbox outbox in development). */
export function httpMessenger(baseUrl: string, secret: string): Messenger {
  return {
    async send(msg) {
      const body = JSON.stringify(msg);
      const ts = String(Math.floor(Date.now() / 1000));
      const res = await fetch(`${baseUrl}/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TIMESTAMP_HEADER]: ts, [SIGNATURE_HEADER]: signMessage(secret, ts, body) },
        body,
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`messaging service answered ${res.status}`);
    },
  };
}
