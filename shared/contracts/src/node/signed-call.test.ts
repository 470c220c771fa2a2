import { describe, expect, it } from 'vitest';
import { checkCall, hmacSha256Hex, pathOf, signCall, signingPayload, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing';

const call = { method: 'POST', path: '/api/ewa/callback', body: '{"a":1}' };
const now = 1_700_000_000_000;

describe('signed partner calls', () => {
  it('sign method, path, timestamp and body', () => {
    const h = signCall('s', call, now);
    expect(h[TIMESTAMP_HEADER]).toBe('1700000000');
    expect(h[SIGNATURE_HEADER]).toBe(hmacSha256Hex('s', 'POST\n/api/ewa/callback\n1700000000\n{"a":1}'));
    expect(signingPayload({ method: 'get', path: '/x?y=1', body: '' }, '5')).toBe('GET\n/x?y=1\n5\n');
    expect(checkCall('s', call, h, now)).toBe('ok');
  });

  it('a signature of another method, path, body or key is refused', () => {
    const h = signCall('s', call, now);
    expect(checkCall('s', { ...call, method: 'PUT' }, h, now)).toBe('bad_signature');
    expect(checkCall('s', { ...call, path: '/api/other' }, h, now)).toBe('bad_signature');
    expect(checkCall('s', { ...call, body: '{"a":2}' }, h, now)).toBe('bad_signature');
    expect(checkCall('other', call, h, now)).toBe('bad_signature');
    // two GETs of different paths no longer share one signature of the empty body
    const get = signCall('s', { method: 'GET', path: '/api/payments/A', body: '' }, now);
    expect(checkCall('s', { method: 'GET', path: '/api/payments/B', body: '' }, get, now)).toBe('bad_signature');
    // an answer never passes as a request
    const answer = signCall('s', { ...call, method: 'RESPONSE' }, now);
    expect(checkCall('s', call, answer, now)).toBe('bad_signature');
  });

  it('refuses outside the 300 s window, and a missing or malformed timestamp', () => {
    const old = signCall('s', call, now - 301_000);
    expect(checkCall('s', call, old, now)).toBe('stale');
    expect(checkCall('s', call, signCall('s', call, now + 301_000), now)).toBe('stale');
    expect(checkCall('s', call, signCall('s', call, now - 299_000), now)).toBe('ok');
    const h = signCall('s', call, now);
    expect(checkCall('s', call, { [SIGNATURE_HEADER]: h[SIGNATURE_HEADER] }, now)).toBe('stale');
    expect(checkCall('s', call, { ...h, [TIMESTAMP_HEADER]: '1e9' }, now)).toBe('stale');
    expect(checkCall('s', call, { ...h, [TIMESTAMP_HEADER]: ['1700000000'] }, now)).toBe('stale');
  });

  it('a signature that is not 64 hex digits is refused without throwing', () => {
    const h = signCall('s', call, now);
    const bad = [
      'é'.repeat(64),
      'zz'.repeat(32),
      h[SIGNATURE_HEADER]!.slice(2),
      `${h[SIGNATURE_HEADER]}00`,
      '',
      ['a'],
      42,
      undefined,
      '\u0000'.repeat(64),
    ];
    for (const sig of bad) expect(checkCall('s', call, { ...h, [SIGNATURE_HEADER]: sig }, now)).toBe('bad_signature');
  });

  it('reads fetch Headers too; pathOf keeps the query', () => {
    const h = new Headers(signCall('s', call, now));
    expect(checkCall('s', call, h, now)).toBe('ok');
    expect(pathOf('http://h:1/gateway/api/payments/P1?a=b')).toBe('/gateway/api/payments/P1?a=b');
  });
});
