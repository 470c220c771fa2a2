import { MESSAGING_SIGNATURE_HEADER, MESSAGING_TIMESTAMP_HEADER, signTimestamped } from '@khela/contracts/signing';
import { requestIdHeaders } from '../../ops/request-id';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  text: string;
}

export interface Messenger {
  send(msg: OutgoingMessage): Promise<void>;
}

/** Delivers SMS and e-mail through the messaging service over HTTP (the sandbox outbox in development), signed with a timestamp. */
export function httpMessenger(baseUrl: string, secret: string): Messenger {
  return {
    async send(msg) {
      const body = JSON.stringify(msg);
      const ts = String(Math.floor(Date.now() / 1000));
      const res = await fetch(`${baseUrl}/send`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...requestIdHeaders(),
          [MESSAGING_TIMESTAMP_HEADER]: ts,
          [MESSAGING_SIGNATURE_HEADER]: signTimestamped(secret, ts, body),
        },
        body,
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`messaging service answered ${res.status}`);
    },
  };
}
