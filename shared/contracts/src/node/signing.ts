import { createHmac, hash, timingSafeEqual } from 'node:crypto';

/*
 * Node only (`@khela/contracts/signing`): browser bundles never import this file.
 * Both sides of every signed partner call use it: the API and the sandbox's payment gateway sign and
 * check calls and answers with it (`signCall`/`checkCall`: method, path, timestamp and body), the
 * sandbox's game provider signs seamless-wallet calls the API checks, and the API signs the messages
 * the sandbox outbox checks (`signTimestamped`).
 */

/** Hex SHA-256: token hashes, request fingerprints, file digests. */
export function sha256Hex(data: string | Uint8Array): string {
  // the one-shot form: no Hash object per call (a token and a request body are hashed on every bet)
  return hash('sha256', data, 'hex');
}

/** Hex HMAC-SHA256 of `payload` (the exact bytes sent) with a shared secret. */
export function hmacSha256Hex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Constant-time check of a hex HMAC-SHA256. Anything that is not exactly 64 ASCII hex digits (wrong
 * length, non-ASCII, an array of headers) is refused before the comparison, so it is never an exception.
 */
export function verifyHmacSha256Hex(secret: string, payload: string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false;
  const expected = Buffer.from(hmacSha256Hex(secret, payload), 'hex');
  const given = Buffer.from(signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// --- Signed partner calls (payment gateway, game provider; both directions) -------------------

/** Unix seconds of the signature; with method and path it is part of what is signed. */
export const TIMESTAMP_HEADER = 'x-timestamp';
/** Hex HMAC-SHA256 of `signingPayload(...)`. */
export const SIGNATURE_HEADER = 'x-signature';
/** A signed call older or newer than this is refused (replay window). */
export const MAX_SIGNATURE_SKEW_SECONDS = 300;

export interface SignedCall {
  /** HTTP method of the request; `RESPONSE` for a signed answer (so an answer can never pass as a request). */
  method: string;
  /** Path and query string exactly as requested (`/api/payments/PG1?x=1`); an answer signs its request's path. */
  path: string;
  /** The exact body bytes ('' for a GET). */
  body: string;
}

/** What a partner call signs: method, path, timestamp and body, one per line. */
export function signingPayload(call: SignedCall, timestamp: string): string {
  return `${call.method.toUpperCase()}\n${call.path}\n${timestamp}\n${call.body}`;
}

/** The X-Timestamp and X-Signature headers of a call signed now. */
export function signCall(secret: string, call: SignedCall, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: hmacSha256Hex(secret, signingPayload(call, timestamp)) };
}

export type CallCheck = 'ok' | 'bad_signature' | 'stale';

/**
 * Checks a signed call. `headers` is a request's or response's headers (Node objects or a fetch `Headers`).
 * 'stale' when the timestamp is missing, malformed or outside the window; 'bad_signature' for anything else wrong.
 */
export function checkCall(
  secret: string,
  call: SignedCall,
  headers: Record<string, unknown> | { get(name: string): string | null },
  now = Date.now(),
): CallCheck {
  const read = (name: string): unknown =>
    typeof (headers as { get?: unknown }).get === 'function'
      ? (headers as { get(n: string): string | null }).get(name)
      : (headers as Record<string, unknown>)[name];
  const timestamp = read(TIMESTAMP_HEADER);
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return 'stale';
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_SIGNATURE_SKEW_SECONDS) return 'stale';
  return verifyHmacSha256Hex(secret, signingPayload(call, timestamp), read(SIGNATURE_HEADER)) ? 'ok' : 'bad_signature';
}

/** Path and query of a URL as the server will see it in `req.url`. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

// --- Timestamped signatures (API -> messaging service) ---------------------------------------

export const MESSAGING_SIGNATURE_HEADER = 'x-khela-signature';
export const MESSAGING_TIMESTAMP_HEADER = 'x-khela-timestamp';
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

// --- Development secrets ------------------------------------------------------------------------

/**
 * The one place of the development defaults of every shared secret: the API and the sandbox fall back
 * on them outside production so `pnpm start` works with no setup; in production the API refuses them.
 */
export const DEV_SECRETS = {
  GATEWAY_SECRET: 'dev-gateway-secret',
  PROVIDER_SECRET: 'dev-provider-secret',
  MESSAGING_SECRET: 'dev-messaging-secret',
  OTP_PEPPER: 'dev-otp-pepper',
} as const;
export type SecretName = keyof typeof DEV_SECRETS;
