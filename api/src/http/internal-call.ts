import type { FastifyRequest } from 'fastify';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, checkCall, hmacSha256Hex, sha256Hex, signCall } from '@khela/contracts/signing';
import { secret } from '../config';

/*
 * A call one API process makes to another on a client's behalf (the exchange passing a bet to the process that writes
 * its market, exchange/writer/forward.ts) is signed, so the receiving process can tell it from a client's request:
 * the request limits counted it where the client's request arrived, and do not count it a second time. Without the
 * signature a forwarded-looking request is an ordinary one (counted), so a client cannot skip its limits by sending
 * the header. The key is derived from OTP_PEPPER, which every API process has and must share (the OTP hashes use it):
 * no further secret to deploy, and in production it is never the development default.
 */
export const INTERNAL_TIMESTAMP_HEADER = 'x-khela-internal-ts';
export const INTERNAL_SIGNATURE_HEADER = 'x-khela-internal-sig';

export function internalCallKey(env: NodeJS.ProcessEnv = process.env): string {
  return hmacSha256Hex(secret('OTP_PEPPER', env), 'khela internal calls between API processes v1');
}

/** What is signed besides method, path and time: the bet's key and the caller's token, not the body (limits run before it is read). */
function signedPart(headers: Record<string, unknown>): string {
  const v = (h: string) => (typeof headers[h] === 'string' ? (headers[h] as string) : '');
  return `${v('idempotency-key')}\n${sha256Hex(v('authorization'))}`;
}

/** The signature headers of a call to another API process with these headers (lower-case names). */
export function internalCallHeaders(key: string, method: string, path: string, headers: Record<string, string>): Record<string, string> {
  const signed = signCall(key, { method, path, body: signedPart(headers) });
  return { [INTERNAL_TIMESTAMP_HEADER]: signed[TIMESTAMP_HEADER]!, [INTERNAL_SIGNATURE_HEADER]: signed[SIGNATURE_HEADER]! };
}

/** True for a request another API process signed (within the signature's time window). */
export function isInternalCall(key: string, req: Pick<FastifyRequest, 'method' | 'url' | 'headers'>): boolean {
  if (typeof req.headers[INTERNAL_SIGNATURE_HEADER] !== 'string') return false;
  const read = { [TIMESTAMP_HEADER]: req.headers[INTERNAL_TIMESTAMP_HEADER], [SIGNATURE_HEADER]: req.headers[INTERNAL_SIGNATURE_HEADER] };
  return checkCall(key, { method: req.method, path: req.url, body: signedPart(req.headers) }, read) === 'ok';
}
