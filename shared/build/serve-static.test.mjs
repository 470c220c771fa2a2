// The static server as every app runs it: a real process on a temporary folder, asked over HTTP.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./serve-static.mjs', import.meta.url));
const { holdBackCode, remotesHead } = await import('./serve-static.mjs');

/** A built app: hashed chunk (with .br/.gz as the build writes them), manifest, entry, page. */
function writeBuild(dist, { hash, page }) {
  fs.mkdirSync(dist, { recursive: true });
  const js = `console.log(${JSON.stringify(page)});`.repeat(50);
  fs.writeFileSync(path.join(dist, `main.${hash}.js`), js);
  fs.writeFileSync(path.join(dist, `main.${hash}.js.gz`), zlib.gzipSync(js));
  fs.writeFileSync(path.join(dist, `main.${hash}.js.br`), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><title>${page}</title></head></html>`);
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `/* ${page} */`);
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ page, main: `main.${hash}.js` }));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
}

/** Starts serve-static.mjs on a free port; resolves with its base URL once it listens. */
function start(dist, args = [], env = {}) {
  const child = spawn(process.execPath, [script, dist, '--port', '0', ...args], {
    env: { ...process.env, KHELA_REMOTES_JSON: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const url = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
  return { child, url };
}

describe('serve-static', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'khela-serve-'));
  // the folder name makes it the shell (apps.mjs): SPA fallback on without --spa
  const shellDist = path.join(root, 'shell', 'dist');
  const remoteDist = path.join(root, 'mf-wallet', 'dist');
  let shell;
  let remote;
  let shellUrl;
  let remoteUrl;

  beforeAll(async () => {
    writeBuild(shellDist, { hash: '0123abcd', page: 'shell v1' });
    writeBuild(remoteDist, { hash: 'aaaa1111', page: 'wallet v1' });
    shell = start(shellDist, [], { KHELA_REMOTES_JSON: '{"remotes":{}}' });
    remote = start(remoteDist);
    [shellUrl, remoteUrl] = await Promise.all([shell.url, remote.url]);
  });
  afterAll(() => {
    shell?.child.kill();
    remote?.child.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers a malformed URL with 400 and keeps serving', async () => {
    const bad = await fetch(`${remoteUrl}/%E0/x.js`);
    expect(bad.status).toBe(400);
    const bad2 = await fetch(`${shellUrl}/%E0%A4%A/deposit`);
    expect(bad2.status).toBe(400);
    const ok = await fetch(`${remoteUrl}/mf-manifest.json`);
    expect(ok.status).toBe(200);
    expect((await fetch(`${shellUrl}/`)).status).toBe(200);
    expect(remote.child.exitCode).toBeNull();
    expect(shell.child.exitCode).toBeNull();
  });

  it('never caches what names the build, caches hashed files for a year, and opens CORS', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'index.html', '']) {
      const res = await fetch(`${remoteUrl}/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
      expect(res.headers.get('access-control-allow-origin'), file).toBe('*');
    }
    const chunk = await fetch(`${remoteUrl}/main.aaaa1111.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('etag')).toBeTruthy();
    // an unchanged no-cache file costs a 304 (fetch adds `cache-control: no-cache` to a conditional request
    // unless told otherwise; a browser's revalidation sends max-age=0)
    const first = await fetch(`${remoteUrl}/mf-manifest.json`);
    const again = await fetch(`${remoteUrl}/mf-manifest.json`, {
      headers: { 'if-none-match': first.headers.get('etag'), 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  it('sends the precompressed file the browser accepts', async () => {
    const get = (enc) => fetch(`${remoteUrl}/main.aaaa1111.js`, { headers: { 'accept-encoding': enc } });
    const br = await get('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await br.text()).toContain('wallet v1');
    expect((await get('gzip')).headers.get('content-encoding')).toBe('gzip');
    const plain = await get('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toMatch(/javascript/);
  });

  it('falls back to index.html for client routes of the shell only', async () => {
    for (const route of [
      '/deposit',
      '/chat-box/12',
      '/markets/1.230003002',
      '/page/guest/register.jsp',
      '/page/site/component/appDownload.jsp?x=1',
    ]) {
      const res = await fetch(`${shellUrl}${route}`);
      expect(res.status, route).toBe(200);
      expect(await res.text(), route).toContain('shell v1');
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
    }
    expect((await fetch(`${shellUrl}/missing.0000beef.js`)).status).toBe(404);
    // a remote is not an SPA: its unknown paths are 404
    expect((await fetch(`${remoteUrl}/deposit`)).status).toBe(404);
  });

  it("writes the remotes config into the shell's page, not into a remote's", async () => {
    const page = await (await fetch(`${shellUrl}/deposit`)).text();
    expect(page).toContain('<script type="application/json" id="khela-remotes">{"remotes":{}}</script>');
    expect(await (await fetch(`${remoteUrl}/`)).text()).not.toContain('khela-remotes');
  });

  it('serves KHELA_REMOTES_JSON as /remotes.json, uncached', async () => {
    const res = await fetch(`${shellUrl}/remotes.json`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({ remotes: {} });
  });

  it('serves a redeployed build at once, even when the clean step replaced the folder', async () => {
    fs.rmSync(remoteDist, { recursive: true });
    expect((await fetch(`${remoteUrl}/mf-manifest.json`)).status).toBe(404);
    writeBuild(remoteDist, { hash: 'bbbb2222', page: 'wallet v2' });
    const manifest = await (await fetch(`${remoteUrl}/mf-manifest.json`)).json();
    expect(manifest).toEqual({ page: 'wallet v2', main: 'main.bbbb2222.js' });
    expect(await (await fetch(`${remoteUrl}/main.bbbb2222.js`, { headers: { 'accept-encoding': 'br' } })).text()).toContain('wallet v2');
    expect((await fetch(`${remoteUrl}/main.aaaa1111.js`)).status).toBe(404);
    // rewritten in place, as a build without a clean step would
    fs.writeFileSync(path.join(remoteDist, 'remoteEntry.js'), '/* wallet v3 */');
    expect(await (await fetch(`${remoteUrl}/remoteEntry.js`)).text()).toBe('/* wallet v3 */');
    expect(remote.child.exitCode).toBeNull();
  });
});

describe('remotesHead (the page skips the /remotes.json round trip)', () => {
  const config = { api: 'http://{hostname}:4000', remotes: { wallet: 'http://{hostname}:3003/x</script><script>alert(1)</script>' } };

  it('inlines the config as data that cannot close its element, and preconnects to the API on the page host', () => {
    const head = remotesHead(JSON.stringify(config), '192.168.1.5');
    expect(head).not.toContain('</script><script>');
    const data = /<script type="application\/json" id="khela-remotes">([\s\S]*?)<\/script>/.exec(head)?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual(config);
    // fetch() calls use the anonymous pool, images the other one
    expect(head).toContain('<link rel="preconnect" href="http://192.168.1.5:4000" crossorigin>');
    expect(head).toContain('<link rel="preconnect" href="http://192.168.1.5:4000">');
  });

  it('a forged Host cannot write into the page', () => {
    const head = remotesHead(JSON.stringify(config), 'evil.test"><script>alert(1)</script>');
    expect(head).toContain('href="http://localhost:4000"');
    expect(head).not.toContain('evil');
  });

  it('writes nothing for a missing or malformed config (the page fetches /remotes.json instead)', () => {
    expect(remotesHead(null, 'localhost')).toBe('');
    expect(remotesHead('{not json', 'localhost')).toBe('');
    expect(remotesHead('"text"', 'localhost')).toBe('');
  });
});

describe("holdBackCode (a server-rendered page's code waits for its first paint)", () => {
  const page =
    '<head><script type="application/json" id="khela-early">{"a":1}</script><script>early()</script>' +
    '<link rel="preload" as="script" href="/libs.js"><link rel="modulepreload" href="/m.js"><link rel="preload" as="image" href="/b.png">' +
    '<script defer fetchpriority="high" src="/main.1.js"></script><script type="module" src="/mod.js"></script></head><body></body>';

  it('takes the <script src> tags and script preloads out and lists the scripts in order; inline scripts, data and other preloads stay', () => {
    const { html, block } = holdBackCode(page);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toContain('/libs.js');
    expect(html).not.toContain('/m.js');
    expect(html).toContain('<script>early()</script>');
    expect(html).toContain('id="khela-early"');
    expect(html).toContain('<link rel="preload" as="image" href="/b.png">');
    expect(block).toBe('<script type="application/json" id="khela-code">["/main.1.js","/mod.js"]</script>');
  });

  it('leaves a page without scripts as it is', () => {
    const plain = '<head><script>early()</script></head>';
    expect(holdBackCode(plain)).toEqual({ html: plain, block: '' });
  });
});
