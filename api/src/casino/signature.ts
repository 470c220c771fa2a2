import { createHmac } from 'node:crypto';

/** Hex HMAC-SHA256 of the raw body with the partner's shared secret (the X-Signature header). */
export const sign = (secret: string, rawBody: string) => createHmac('sha256', secret).update(rawBody).digest('hex');
