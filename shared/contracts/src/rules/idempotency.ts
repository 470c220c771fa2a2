/**
 * Money requests carry a client-chosen Idempotency-Key: the browser makes one per attempt and sends
 * it again on a retry; the API answers a repeat with the first answer and moves money once.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/** A fresh key for one attempt (a random UUID where the platform has one). */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The key of a request's header value: trimmed, the first of repeated headers, undefined when blank. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  const key = v?.trim();
  return key ? key : undefined;
}
