// @vitest-environment node
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../../shared/build/serve-static.mjs';
import { createServing, watchRedeploys } from './serving.mjs';

/*
 * The render server's /ready, /metrics and page cache (server/serving.mjs, README "Production serving"), over HTTP:
 * serve-static's server with the serving's render hook and routes, a render that stands in for render.cjs, and an
 * API that answers the content's version.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'khela-serving-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Khela</title></head><body><div id="root"></div></body></html>',
);
let api: http.Server;
let apiUrl = '';
let version = 1;
let versionAsked = 0;
/** What the stand-in render shows (the "content" staff change). */
let banner = 'First banner';
let renders: { url: string; nonce: string; apiBase: string }[] = [];
/** The next render's outcome. */
let next: 'ok' | 'late' | 'area' | 'throw' = 'ok';

type Report = (reason: string) => void;
async function renderPage(input: { url: string; nonce: string; apiBase: string; report: Report }) {
  renders.push({ url: input.url, nonce: input.nonce, apiBase: input.apiBase });
  const path = input.url.split('?')[0];
  if (path !== '/' && path !== '/promotions' && path !== '/games' && path !== '/no-such-page') {
    input.report('not-rendered');
    return null;
  }
  const outcome = next;
  next = 'ok';
  if (outcome === 'throw') throw new Error('render broke');
  if (outcome === 'late') {
    input.report('data-late');
    return null;
  }
  if (outcome === 'area') input.report('remote-area');
  return {
    head: `<script type="application/json" id="khela-ssr">{}</script><style data-emotion="css a1" nonce="${input.nonce}">.css-a1{color:red}</style>`,
    html: `<main>${banner}</main>`,
    lang: 'en',
  };
}

const servers: { close: () => Promise<unknown> }[] = [];
async function renderServer(
  env: Record<string, string>,
  rendered: Set<string> & { renders?: (path: string) => boolean } = new Set(['/', '/promotions', '/games']),
  remotesJson = JSON.stringify({ api: apiUrl, remotes: {} }),
) {
  const serving = createServing({
    renderPage,
    // render.tsx's: the layout cookie the browser wrote, else the User-Agent
    isPhone: (ua, cookie) =>
      (/layout=(phone|desktop)/.exec(cookie ?? '')?.[1] ?? (/Mobi/.test(ua ?? '') ? 'phone' : 'desktop')) === 'phone',
    rendered,
    env,
  });
  const app = createStaticServer({
    dir: dist,
    spa: true,
    logLevel: 'silent',
    remotesJson,
    render: serving.render,
  });
  serving.routes(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  servers.push(app);
  return { serving, url: address };
}

beforeAll(async () => {
  api = http.createServer((req, res) => {
    if (req.url === '/api/content/version') {
      versionAsked += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ version: String(version) }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  api.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A page: its body, the nonce of its CSP header and the nonce on its <style>. */
async function page(base: string, p: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${p}`, { headers });
  const body = await res.text();
  const csp = res.headers.get('content-security-policy') ?? '';
  return {
    status: res.status,
    body,
    cspNonce: /'nonce-([^']+)'/.exec(csp)?.[1],
    styleNonce: /<style data-emotion="css a1" nonce="([^"]+)"/.exec(body)?.[1],
  };
}

/** A sample of the Prometheus text: `name{labels} value` lines, labels as written by prom-client. */
async function metric(base: string, name: string, labels: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('the render server: /ready', () => {
  it('is 503 until the render bundle is loaded and the remotes tried, 200 then, and 503 again while draining', async () => {
    const { serving, url } = await renderServer({ SSR_PAGE_CACHE_MS: '0' });
    const ready = async () => (await fetch(`${url}/ready`)).status;
    expect(await ready()).toBe(503);
    serving.state.started = true;
    expect(await ready()).toBe(503);
    serving.state.remotesTried = true;
    expect(await ready()).toBe(200);
    expect(await (await fetch(`${url}/ready`)).json()).toMatchObject({ status: 'ready' });
    serving.state.draining = true;
    expect(await ready()).toBe(503);
    expect(await (await fetch(`${url}/ready`)).json()).toMatchObject({ status: 'draining' });
  });
});

describe('the render server: /metrics', () => {
  it('counts render times per route, pages by the server and left to the browser with the reason, in Prometheus text', async () => {
    const { url } = await renderServer({ SSR_PAGE_CACHE_MS: '0' });
    const res = await fetch(`${url}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toContain('# TYPE khela_ssr_render_seconds histogram');

    expect((await page(url, '/')).body).toContain('<main>First banner</main>');
    await page(url, '/games?type=SLOT');
    next = 'late';
    expect((await page(url, '/promotions')).body).toContain('<div id="root"></div>');
    next = 'area';
    await page(url, '/games?type=LIVE');
    next = 'throw';
    expect((await page(url, '/')).body).toContain('<div id="root"></div>');
    await page(url, '/account/profile');

    expect(await metric(url, 'khela_ssr_render_seconds_count', 'route="/"')).toBe(2);
    expect(await metric(url, 'khela_ssr_render_seconds_count', 'route="/games"')).toBe(2);
    expect(await metric(url, 'khela_ssr_render_seconds_count', 'route="/promotions"')).toBe(1);
    expect(await metric(url, 'khela_ssr_pages_total', 'route="/",by="server"')).toBe(1);
    expect(await metric(url, 'khela_ssr_pages_total', 'route="/",by="browser"')).toBe(1);
    expect(await metric(url, 'khela_ssr_pages_total', 'route="/games",by="server"')).toBe(2);
    expect(await metric(url, 'khela_ssr_fallbacks_total', 'route="/promotions",reason="data-late"')).toBe(1);
    expect(await metric(url, 'khela_ssr_fallbacks_total', 'route="/games",reason="remote-area"')).toBe(1);
    expect(await metric(url, 'khela_ssr_fallbacks_total', 'route="/",reason="error"')).toBe(1);
    // any path not rendered here is one label, so a crawler's paths cannot grow the series
    expect(await metric(url, 'khela_ssr_fallbacks_total', 'route="other",reason="not-rendered"')).toBe(1);
    expect(await metric(url, 'khela_ssr_pages_total', 'route="other",by="browser"')).toBe(1);
  });
});

describe('the render server: which paths', () => {
  it("renders what the set's renders() says (an unknown path's 404 too, labelled other), not only the routes it names", async () => {
    const rendered = Object.assign(new Set(['/', '/promotions', '/games']), { renders: (p: string) => p !== '/casino' });
    const { url } = await renderServer({ SSR_PAGE_CACHE_MS: '0' }, rendered);
    renders = [];
    expect((await page(url, '/no-such-page')).body).toContain('<main>First banner</main>');
    // a path it does not render is not handed to the render at all
    expect((await page(url, '/casino')).body).toContain('<div id="root"></div>');
    expect(renders.map((r) => r.url)).toEqual(['/no-such-page']);
    expect(await metric(url, 'khela_ssr_pages_total', 'route="other",by="server"')).toBe(1);
    expect(await metric(url, 'khela_ssr_fallbacks_total', 'route="other",reason="not-rendered"')).toBe(1);
  });
});

describe('the render server: page cache', () => {
  it('renders a visitor page once for its life, each response with its own nonce in the CSP and on its styles', async () => {
    renders = [];
    const { url } = await renderServer({ SSR_PAGE_CACHE_MS: '60000', SSR_CONTENT_CHECK_MS: '0' });
    const a = await page(url, '/');
    const b = await page(url, '/');
    expect(renders).toHaveLength(1);
    expect(b.body).toContain('<main>First banner</main>');
    for (const p of [a, b]) {
      expect(p.styleNonce).toBeTruthy();
      expect(p.styleNonce).toBe(p.cspNonce);
    }
    expect(a.cspNonce).not.toBe(b.cspNonce);
    // the page was rendered with a placeholder, never with a response's nonce
    expect(renders[0]!.nonce).not.toBe(a.cspNonce);
    expect(await metric(url, 'khela_ssr_page_cache_total', 'result="hit"')).toBe(1);
    expect(await metric(url, 'khela_ssr_page_cache_total', 'result="miss"')).toBe(1);
    expect(await metric(url, 'khela_ssr_pages_total', 'route="/",by="server"')).toBe(2);
    expect(await metric(url, 'khela_ssr_render_seconds_count', 'route="/"')).toBe(1);
  });

  it('keeps pages apart by query, language and screen guess; never serves or keeps one for a request with an Authorization header', async () => {
    renders = [];
    const { url } = await renderServer({ SSR_PAGE_CACHE_MS: '60000', SSR_CONTENT_CHECK_MS: '0' });
    await page(url, '/games?type=SLOT');
    await page(url, '/games?type=LIVE');
    await page(url, '/games?type=SLOT', { cookie: 'lang=bn' });
    await page(url, '/games?type=SLOT', { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Mobile' });
    expect(renders).toHaveLength(4);
    await page(url, '/games?type=SLOT', { cookie: 'lang=bn' });
    // the screen the browser measured (the layout cookie) is the guess: a phone's User-Agent on a wide screen is the
    // desktop's page, and a desktop's User-Agent told `phone` the phone's
    await page(url, '/games?type=SLOT', { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Mobile', cookie: 'layout=desktop' });
    await page(url, '/games?type=SLOT', { cookie: 'layout=phone' });
    expect(renders).toHaveLength(4);
    await page(url, '/games?type=SLOT', { authorization: 'Bearer x' });
    await page(url, '/games?type=SLOT', { authorization: 'Bearer x' });
    expect(renders).toHaveLength(6);
    expect(renders[4]!.nonce).not.toBe(renders[0]!.nonce);
    expect(await metric(url, 'khela_ssr_page_cache_total', 'result="bypass"')).toBe(2);
  });

  it('does not keep a page whose remote area was left to the browser, nor any page when off or not a cached path', async () => {
    renders = [];
    const short = await renderServer({ SSR_PAGE_CACHE_MS: '60000', SSR_CONTENT_CHECK_MS: '0' });
    next = 'area';
    await page(short.url, '/games?type=TABLE');
    await page(short.url, '/games?type=TABLE');
    expect(renders).toHaveLength(2);
    const off = await renderServer({ SSR_PAGE_CACHE_MS: '0' });
    await page(off.url, '/promotions');
    await page(off.url, '/promotions');
    expect(renders).toHaveLength(4);
    // a path left out of SSR_PAGE_CACHE_PATHS is rendered every time
    const some = await renderServer({ SSR_PAGE_CACHE_MS: '60000', SSR_CONTENT_CHECK_MS: '0', SSR_PAGE_CACHE_PATHS: '/' });
    await page(some.url, '/promotions');
    await page(some.url, '/promotions');
    expect(renders).toHaveLength(6);
  });

  it('drops a page when staff change the content: the next page after the check interval is rendered again', async () => {
    renders = [];
    banner = 'First banner';
    const { url } = await renderServer({ SSR_PAGE_CACHE_MS: '60000', SSR_CONTENT_CHECK_MS: '0' });
    expect((await page(url, '/promotions')).body).toContain('First banner');
    banner = 'Staff changed the banner';
    version += 1;
    expect((await page(url, '/promotions')).body).toContain('Staff changed the banner');
    expect(renders).toHaveLength(2);
  });

  it("reads the API at SSR_READ_HOST when set, at the page's host name otherwise (remotes.json's {hostname})", async () => {
    const port = new URL(apiUrl).port;
    const json = JSON.stringify({ api: `http://{hostname}:${port}`, remotes: {} });
    const asked = async (env: Record<string, string>) => {
      const { url } = await renderServer({ SSR_PAGE_CACHE_MS: '0', ...env }, undefined, json);
      renders = [];
      // the page asked by a name only the browser knows; the server reads at its own address
      await new Promise<void>((resolve, reject) =>
        http
          .get(`${url}/promotions`, { headers: { host: `front.khela.test:${new URL(url).port}` } }, (res) =>
            res.resume().on('end', resolve),
          )
          .on('error', reject),
      );
      return renders[0]?.apiBase;
    };
    expect(await asked({})).toBe(`http://front.khela.test:${port}`);
    expect(await asked({ SSR_READ_HOST: '127.0.0.1' })).toBe(`http://127.0.0.1:${port}`);
  });

  it('asks the API for the version at most once per check interval', async () => {
    const { url } = await renderServer({ SSR_PAGE_CACHE_MS: '60000', SSR_CONTENT_CHECK_MS: '3600000' });
    const before = versionAsked;
    renders = [];
    await Promise.all([page(url, '/'), page(url, '/')]);
    await page(url, '/');
    await page(url, '/promotions');
    expect(versionAsked - before).toBe(1);
    // within the interval a change is not seen yet (the interval is what bounds how stale a page can be)
    banner = 'Not seen yet';
    version += 1;
    expect((await page(url, '/')).body).not.toContain('Not seen yet');
    expect(renders.length).toBeLessThanOrEqual(3);
  });
});

describe('the render server: a remote redeployed', () => {
  it('is noticed when its server manifest changes (once), not while it stays the same or cannot be read', async () => {
    let manifest = '{"name":"mf_casino","exposes":[{"assets":{"js":{"sync":["__federation_expose_ssr.1a2b3c4d.js"]}}}]}';
    let up = true;
    const fetchImpl = (async () =>
      up ? new Response(manifest, { status: 200 }) : new Response('', { status: 503 })) as unknown as typeof fetch;
    const changed: string[] = [];
    const watch = watchRedeploys({
      manifests: { mf_casino: 'http://remote.test/server/mf-manifest.json' },
      intervalMs: 3_600_000,
      onChange: (remote) => changed.push(remote),
      fetchImpl,
    });
    await watch.first;
    await watch.check();
    up = false;
    await watch.check();
    expect(changed).toEqual([]);
    up = true;
    manifest = manifest.replace('1a2b3c4d', '9e8f7a6b');
    await watch.check();
    await watch.check();
    expect(changed).toEqual(['mf_casino']);
    watch.stop();
  });
});
