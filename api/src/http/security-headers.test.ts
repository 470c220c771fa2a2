import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { appPerFile } from '../testing/app-per-file';
import { createPlayer, tokenFor } from '../testing/helpers';
import { API_CSP } from './security-headers';

/** Issue 10 item 11: security headers on every API response. */
let db: Db;
let app: FastifyInstance;
appPerFile((t) => ({ db, app } = t));

const expectSecure = (headers: Record<string, unknown>, what: string) => {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['x-powered-by'], what).toBeUndefined();
  expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
  // the rest of helmet's set, read once at start-up (helmetHeaders)
  expect(headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
};

describe('API security headers', () => {
  it('JSON answers, errors and 404s: a CSP that allows nothing, nosniff, no-referrer, no X-Powered-By', async () => {
    const token = await tokenFor(db, await createPlayer(db));
    for (const [method, url, headers] of [
      ['GET', '/health', {}],
      ['GET', '/api/general', {}],
      ['POST', '/api/balance', { authorization: `Bearer ${token}` }],
      ['POST', '/api/balance', {}],
      ['GET', '/api/nothing-here', {}],
    ] as const) {
      const res = await app.inject({ method, url, headers });
      expectSecure(res.headers, url);
      expect(res.headers['content-security-policy'], url).toBe(API_CSP);
    }
  });

  it('the push stream carries them too', async () => {
    const token = await tokenFor(db, await createPlayer(db));
    const t = await app.inject({ method: 'POST', url: '/api/push/ticket', headers: { authorization: `Bearer ${token}` } });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${base}/api/push/stream?ticket=${t.json().ticket}`);
    expect(res.status).toBe(200);
    expectSecure(Object.fromEntries(res.headers), 'stream');
    await res.body!.cancel();
  });

  it('/docs has its own policy, still without inline scripts', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/' });
    if (res.statusCode === 404) return; // /docs may be switched off (production)
    expectSecure(res.headers, '/docs');
    const csp = String(res.headers['content-security-policy']);
    expect(/script-src [^;]*unsafe-inline/.test(csp)).toBe(false);
  });
});
