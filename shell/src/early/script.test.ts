import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEarly } from './script';
import { takeEarly, takeEarlyManifest } from './store';
import { RELEASE_MAX_MS } from './hold';

/*
 * The early script (compiled into index.html at build time): what it asks for before the bundles arrive, on a page the
 * server rendered or not, and what it hands over through the store.
 */
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { path: '', name: 'remoteEntry.js' } },
  exposes: [{ name: 'app', assets: { js: { sync: ['app.1.js', 'app.2.js'] } } }],
};
const remotes = { api: 'http://{hostname}:4000/', remotes: { mf_casino: 'http://{hostname}:4101/mf-manifest.json' } };
const answers: Record<string, unknown> = {
  'http://site.test:4000/api/general': { site_status: 1 },
  'http://site.test:4000/api/logo': [{ logo: '/l.svg' }],
  'http://site.test:4000/api/sliders': [
    { slider_type: 'Favourite', thubmnail: '/f.png' },
    { slider_type: 'Main', thubmnail: '/storage/main.png' },
  ],
  'http://site.test:4101/mf-manifest.json': manifest,
};
const fetchMock = vi.fn(async (url: string) => {
  const body = answers[url];
  return body === undefined ? new Response('no', { status: 404 }) : new Response(JSON.stringify(body), { status: 200 });
});

function page(head: string): Document {
  document.head.innerHTML = head;
  return document;
}
const block = (id: string, data: unknown) => `<script type="application/json" id="${id}">${JSON.stringify(data)}</script>`;
const data = {
  routeRemotes: { '/games': 'mf_casino', '/deposit': 'mf_wallet' },
  chunks: { start: ['/main.js', '/libs.js'], remotePage: ['/remote-area.js'], home: ['/home.js'] },
};
const preloads = (doc: Document, as: string) =>
  [...doc.head.querySelectorAll<HTMLLinkElement>(`link[rel=preload][as=${as}]`)].map((l) => l.getAttribute('href'));
const settle = () => new Promise((r) => setTimeout(r, 0));
const asked = () => fetchMock.mock.calls.map(([url]) => url);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  delete (globalThis as { __KHELA_EARLY__?: unknown }).__KHELA_EARLY__;
});

describe('the early script', () => {
  it("on a page the browser renders: the page's remotes config, then the settings, logo, sliders and first banner of /", async () => {
    const doc = page(block('khela-remotes', remotes) + block('khela-early', data));
    startEarly(doc, { pathname: '/', hostname: 'site.test' });
    await expect(takeEarly('remotes')).resolves.toEqual(remotes);
    await expect(takeEarly('general')).resolves.toEqual({ site_status: 1 });
    await expect(takeEarly('sliders')).resolves.toHaveLength(2);
    await settle();
    // the remotes config came with the page: not fetched
    expect(asked().sort()).toEqual([
      'http://site.test:4000/api/general',
      'http://site.test:4000/api/logo',
      'http://site.test:4000/api/sliders',
    ]);
    expect(preloads(doc, 'image')).toEqual(['http://site.test:4000/storage/main.png']);
    // the start chain and the home's chunk; no remote page's
    expect(preloads(doc, 'script')).toEqual(['/main.js', '/libs.js', '/home.js']);
    // handed out once
    expect(takeEarly('general')).toBeUndefined();
  });

  it("on a page the server rendered: asks for none of the first screen's data (it is in the page)", async () => {
    const doc = page(block('khela-ssr', { queries: {} }) + block('khela-remotes', remotes) + block('khela-early', data));
    const store = startEarly(doc, { pathname: '/', hostname: 'site.test' });
    await settle();
    expect(store.general).toBeUndefined();
    expect(store.logo).toBeUndefined();
    expect(store.sliders).toBeUndefined();
    expect(asked()).toEqual([]);
    expect(preloads(doc, 'script')).toEqual(['/main.js', '/libs.js', '/home.js']);
  });

  it("on a remote's page a visitor may open: its manifest, entry and app chunks; the settings' request carries the token", async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('locale', 'bn');
    const doc = page(block('khela-remotes', remotes) + block('khela-early', data));
    startEarly(doc, { pathname: '/games', hostname: 'site.test' });
    await settle();
    await expect(takeEarlyManifest('http://site.test:4101/mf-manifest.json')).resolves.toBe(JSON.stringify(manifest));
    await settle();
    await settle();
    expect(preloads(doc, 'script')).toEqual([
      '/main.js',
      '/libs.js',
      '/remote-area.js',
      'http://site.test:4101/remoteEntry.js',
      'http://site.test:4101/app.1.js',
      'http://site.test:4101/app.2.js',
    ]);
    const general = fetchMock.mock.calls.find(([url]) => url.endsWith('/api/general')) as unknown as [string, RequestInit];
    expect(general[1].headers).toMatchObject({ Authorization: 'Bearer tok', 'Accept-Language': 'bn' });
  });

  it("a visitor on a page that needs a log-in: nothing of that page's remote; no remotes config in the page: fetched", async () => {
    answers['/remotes.json'] = remotes;
    const doc = page(block('khela-early', data));
    const store = startEarly(doc, { pathname: '/deposit', hostname: 'site.test' });
    await settle();
    expect(store.manifests).toBeUndefined();
    expect(asked()).toContain('/remotes.json');
    expect(asked().some((u) => u.includes('mf-manifest'))).toBe(false);
    expect(preloads(doc, 'script')).toEqual(['/main.js', '/libs.js']);
    delete answers['/remotes.json'];
  });

  /** A page the render server rendered in English with its code held back (`#khela-code`), `ssr` its render's block. */
  const heldServerPage = (ssr: object) => {
    const doc = page(
      block('khela-code', ['/main.js']) + block('khela-ssr', ssr) + block('khela-remotes', remotes) + block('khela-early', data),
    );
    doc.documentElement.setAttribute('lang', 'en');
    return doc;
  };

  it('on a server page whose code is held (#khela-code): no script nor script preload before the first paint, then the preloads and the scripts in order', async () => {
    const doc = heldServerPage({ queries: {} });
    startEarly(doc, { pathname: '/games', hostname: 'site.test' });
    await settle();
    await settle();
    // the remote's manifest is asked (small), its files wait with the rest
    expect(asked()).toEqual(['http://site.test:4101/mf-manifest.json']);
    expect(preloads(doc, 'script')).toEqual([]);
    expect(doc.querySelectorAll('script[src]')).toHaveLength(0);
    // the next frame (or RELEASE_MAX_MS at most, where no frame comes)
    await new Promise((r) => setTimeout(r, RELEASE_MAX_MS + 50));
    expect(preloads(doc, 'script')).toEqual([
      '/main.js',
      '/libs.js',
      '/remote-area.js',
      'http://site.test:4101/remoteEntry.js',
      'http://site.test:4101/app.1.js',
      'http://site.test:4101/app.2.js',
    ]);
    const scripts = [...doc.querySelectorAll<HTMLScriptElement>('script[src]')];
    expect(scripts.map((s) => [s.getAttribute('src'), s.async])).toEqual([['/main.js', false]]);
  });

  it("a server page whose remote's area was left to the browser does not wait", async () => {
    const doc = heldServerPage({ queries: {}, areas: { mf_casino: 'browser' } });
    startEarly(doc, { pathname: '/', hostname: 'site.test' });
    expect(preloads(doc, 'script')).toEqual(['/main.js', '/libs.js', '/home.js']);
  });

  it('a server page the browser will render afresh (the saved language is not the rendered one) does not wait', async () => {
    localStorage.setItem('locale', 'bn');
    const doc = heldServerPage({ queries: {} });
    startEarly(doc, { pathname: '/', hostname: 'site.test' });
    expect(preloads(doc, 'script')).toEqual(['/main.js', '/libs.js', '/home.js']);
    expect(doc.querySelectorAll('script[src]')).toHaveLength(1);
  });

  it('the monolith (no remote pages) and a development build (no chunk lists) start no file', async () => {
    const doc = page(block('khela-remotes', remotes) + block('khela-early', { routeRemotes: {}, chunks: {} }));
    const store = startEarly(doc, { pathname: '/games', hostname: 'site.test' });
    await settle();
    expect(store.manifests).toBeUndefined();
    expect(preloads(doc, 'script')).toEqual([]);
  });
});
