import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, sha256Hex, signTimestamped, verifyHmacSha256Hex, verifyTimestamped } from './signing';

describe('signing', () => {
  it('signs the exact bytes with HMAC-SHA256, hex', () => {
    expect(hmacSha256Hex('s', '{"a":1}')).toBe(createHmac('sha256', 's').update('{"a":1}').digest('hex'));
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('verifies in constant time and refuses anything else', () => {
    const sig = hmacSha256Hex('s', 'body');
    expect(verifyHmacSha256Hex('s', 'body', sig)).toBe(true);
    expect(verifyHmacSha256Hex('s', 'body', sig.toUpperCase())).toBe(true);
    expect(verifyHmacSha256Hex('s', 'body ', sig)).toBe(false);
    expect(verifyHmacSha256Hex('other', 'body', sig)).toBe(false);
    for (const bad of [undefined, '', 'zz', sig.slice(2), `${sig}00`, 42]) expect(verifyHmacSha256Hex('s', 'body', bad)).toBe(false);
  });
  it('timestamped signatures expire after five minutes', () => {
    const now = 1_700_000_000_000;
    const ts = String(now / 1000);
    const sig = signTimestamped('s', ts, 'm');
    expect(verifyTimestamped('s', ts, sig, 'm', now)).toBe(true);
    expect(verifyTimestamped('s', ts, sig, 'm', now + 301_000)).toBe(false);
    expect(verifyTimestamped('s', ts, sig, 'other', now)).toBe(false);
    expect(verifyTimestamped('s', undefined, sig, 'm', now)).toBe(false);
  });
});
