import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Node only (`@khela/contracts/signing`): browser bundles never import this file.
 * Both sides of every signed partner call use it: the API and the sandbox's payment gateway sign and
 * check bodies with it, the sandbox's game provider signs seamless-wallet calls the API checks, and the
 * API signs the messages the sandbox outbox checks.
 */

/** Hex SHA-256: token hashes, request fingerprints, file digests. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Hex HMAC-SHA256 of `payload` (the exact bytes sent) with a shared secret. */
export function hmacSha256Hex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** Constant-time check of a hex HMAC-SHA256; anything that is not 64 hex digits is refused. */
export function verifyHmacSha256Hex(secret: string, payload: string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false;
  const expected = Buffer.from(hmacSha256Hex(secret, payload), 'hex');
  const given = Buffer.from(signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// --- Timestamped signatures (API -> messaging service) ---------------------------------------

export const MESSAGING_SIGNATURE_HEADER = 'x-khela-signature';
export const MESSAGING_TIMESTAMP_HEADER = 'x-khela-timestamp';
/** A signed message older or newer than this is refused (replay window). */
export const MAX_SIGNATURE_SKEW_SECONDS = 300;

/** Hex HMAC-SHA256 over `${timestamp}.${body}`: the timestamp is signed too, so an old message cannot be replayed. */
export function signTimestamped(secret: string, timestamp: string, body: string): string {
  return hmacSha256Hex(secret, `${timestamp}.${body}`);
}

export function verifyTimestamped(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  body: string,
  now = Date.now(),
): boolean {
  if (!timestamp || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_SIGNATURE_SKEW_SECONDS) return false;
  return verifyHmacSha256Hex(secret, `${timestamp}.${body}`, signature);
}
