// Issue 10 item 11: security headers and the Content-Security-Policy of every app's static server.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from './serve-static.mjs';

const INLINE_SCRIPT = `\n      window.__early = 1;\n    `;
const INLINE_STYLE = `html{margin:0}`;
const hash = (t) => `'sha256-${crypto.createHash('sha256').update(t).digest('base64')}'`;
const REMOTES = JSON.stringify({
  timeoutMs: 1000,
  remotes: { mf_wallet: 'http://{hostname}:3003/mf-manifest.json', mf_casino: 'https://casino.cdn.example/mf-manifest.json' },
  api: 'http://{hostname}:4000',
});

/** The directives of a CSP header, by name. */
const directives = (csp) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );

describe('static server security headers', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'khela-csp-'));
  const dist = path.join(root, 'shell', 'dist');
  let app;
  beforeAll(async () => {
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><script>${INLINE_SCRIPT}</script><style>${INLINE_STYLE}</style><script defer src="/main.1234abcd.js"></script></head><body></body></html>`,
    );
    fs.writeFileSync(path.join(dist, 'main.1234abcd.js'), 'console.log(1)');
    app = createStaticServer({
      dir: dist,
      spa: true,
      remotesJson: REMOTES,
      env: { KHELA_CSP_CONNECT_SRC: 'https://odds.example', KHELA_CSP_FRAME_SRC: 'https://games.example https://score.example' },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const page = (url = '/', headers = { host: 'site.example:3000' }) => app.inject({ method: 'GET', url, headers });

  it('the page: inline script and style by hash, no unsafe-inline, a per-response nonce for emotion', async () => {
    for (const url of ['/', '/index.html', '/deposit', '/games?type=SLOT']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const d = directives(res.headers['content-security-policy']);
      expect(d['script-src']).toEqual(expect.arrayContaining(["'self'", hash(INLINE_SCRIPT)]));
      expect(d['style-src']).toEqual(expect.arrayContaining(["'self'", hash(INLINE_STYLE)]));
      expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
      expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
      const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(res.body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      expect(d['style-src']).toContain(`'nonce-${nonce}'`);
      expect(d['script-src']).not.toContain(`'nonce-${nonce}'`);
    }
    const a = /content="([^"]+)"/.exec((await page()).body)[1];
    const b = /content="([^"]+)"/.exec((await page()).body)[1];
    expect(a).not.toBe(b);
  });

  it('scripts and manifests from the configured remotes; the API (SSE too) and the odds host for connect-src', async () => {
    const d = directives((await page()).headers['content-security-policy']);
    expect(d['script-src']).toEqual(expect.arrayContaining(['http://site.example:3003', 'https://casino.cdn.example']));
    expect(d['connect-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'http://site.example:3003',
        'https://casino.cdn.example',
        'http://site.example:4000',
        'https://odds.example',
      ]),
    );
    expect(d['frame-src']).toEqual(['https://games.example', 'https://score.example']);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
    expect(d['default-src']).toEqual(["'self'"]);
  });

  it('a forged Host header cannot add sources or directives', async () => {
    const res = await page('/', { host: "evil.example; script-src * 'unsafe-inline'" });
    const csp = res.headers['content-security-policy'];
    expect(csp).not.toContain('evil.example');
    expect(csp).not.toContain('unsafe-inline');
    expect(directives(csp)['script-src']).toContain('http://localhost:3003');
  });

  it('nosniff, a Referrer-Policy, no X-Powered-By, not frameable, on pages and files alike', async () => {
    for (const url of ['/', '/main.1234abcd.js', '/missing.js']) {
      const res = await page(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });
});
