// Issue 32: the staff console's Content-Security-Policy trusts only its own origin for scripts and only known image
// hosts for images (the player site keeps its remotes and any https: image).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from './serve-static.mjs';

const INLINE_SCRIPT = `window.__boot = 1;`;
const hash = (t) => `'sha256-${crypto.createHash('sha256').update(t).digest('base64')}'`;
const REMOTES = JSON.stringify({
  remotes: { mf_wallet: 'http://{hostname}:3003/mf-manifest.json', mf_casino: 'https://casino.cdn.example/mf-manifest.json' },
  api: 'https://api.khela.example',
});
const directives = (csp) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );

describe('the staff console’s policy', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'khela-console-csp-'));
  const dist = path.join(root, 'backoffice', 'dist');
  let consoleApp;
  let siteApp;
  beforeAll(async () => {
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><script>${INLINE_SCRIPT}</script></head><body></body></html>`,
    );
    const env = {
      KHELA_CSP_IMG_SRC: 'https://img.cdn.example',
      KHELA_CSP_CONNECT_SRC: 'https://odds.example',
      KHELA_CSP_FRAME_SRC: 'https://games.example',
    };
    consoleApp = createStaticServer({ dir: dist, spa: true, console: true, remotesJson: REMOTES, env });
    siteApp = createStaticServer({ dir: dist, spa: true, remotesJson: REMOTES, env });
    await Promise.all([consoleApp.ready(), siteApp.ready()]);
  });
  afterAll(async () => {
    await Promise.all([consoleApp.close(), siteApp.close()]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('scripts from its own origin (and its inline boot script by hash) only; images from itself, the API and the known hosts', async () => {
    for (const url of ['/', '/approvals', '/main.js']) {
      const res = await consoleApp.inject({ method: 'GET', url, headers: { host: 'office.khela.example' } });
      const d = directives(res.headers['content-security-policy']);
      expect(d['script-src'].filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'"]);
      expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://img.cdn.example', 'https://api.khela.example']);
      expect(d['connect-src']).toEqual(["'self'", 'https://api.khela.example']);
      expect(d['frame-src']).toEqual(["'none'"]);
      expect(d['style-src'].some((s) => s.includes('cdn.example') || s.includes(':3003'))).toBe(false);
      expect(d['frame-ancestors']).toEqual(["'none'"]);
      expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    }
    const page = await consoleApp.inject({ method: 'GET', url: '/', headers: { host: 'office.khela.example' } });
    expect(directives(page.headers['content-security-policy'])['script-src']).toContain(hash(INLINE_SCRIPT));
  });

  it('the player site’s policy is unchanged: its remotes run scripts and any https: image loads', async () => {
    const res = await siteApp.inject({ method: 'GET', url: '/', headers: { host: 'site.example' } });
    const d = directives(res.headers['content-security-policy']);
    expect(d['script-src']).toEqual(expect.arrayContaining(['http://site.example:3003', 'https://casino.cdn.example']));
    expect(d['img-src']).toContain('https:');
  });
});
