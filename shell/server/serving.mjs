// The render server's production serving (issue 31 item 5, shell/README.md "Production serving"): its own /ready
// and /metrics (Prometheus text, prom-client), and the page cache of pages that are the same for every visitor.
//
// What is rendered here is always a visitor's page (the player's token stays in the browser), so a rendered page
// depends only on its path and query, the visitor's language (the `lang` cookie), the server's screen guess (the
// `layout` cookie, else the User-Agent) and the host name the page is reached by (remotes.json's addresses). Those
// make the cache's key. The cache keeps the rendered parts with a placeholder where the CSP nonce goes, and each
// response gets its own nonce written in (a nonce is never shared between two responses). An entry lives
// SSR_PAGE_CACHE_MS (5 s; 0 turns the cache off) and only while the content's version (GET /api/content/version: a
// counter the API's database bumps in the transaction of any content change) is the one it was rendered under; the
// version is asked at most every SSR_CONTENT_CHECK_MS (1 s) per API address. Cached paths: SSR_PAGE_CACHE_PATHS
// ('/,/promotions,/games'). A request that carries an Authorization header is never answered from nor written to the
// cache; a page with a remote's area left to the browser is not kept (the next request tries again).
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import client from 'prom-client';

/** remotes.json's addresses for this request, as the page reaches them (`{hostname}` filled): the API and the remotes' manifests. */
export function addresses(remotesJson, hostname) {
  const fill = (u) => u.split('{hostname}').join(hostname);
  try {
    const cfg = JSON.parse(remotesJson ?? '');
    const remotes = Object.fromEntries(
      Object.entries(cfg.remotes ?? {}).flatMap(([k, u]) => (typeof u === 'string' ? [[k, fill(u)]] : [])),
    );
    return typeof cfg.api === 'string' ? { api: fill(cfg.api).replace(/\/$/, ''), remotes } : null;
  } catch {
    return null;
  }
}

const setting = (env, name, fallback) => {
  const n = Number(env[name] ?? fallback);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** The language a page is rendered in: the `lang` cookie (render.tsx requestLocale reads the same). */
const langOf = (cookie) => (/(?:^|;\s*)lang=\s*bn\s*(?:;|$)/.test(cookie ?? '') ? 'bn' : 'en');

/**
 * The content's version per API address, asked at most every `intervalMs` (one request in flight at a time); null when
 * the API does not answer it (then nothing is served from the cache).
 */
export function contentVersions({ intervalMs, timeoutMs = 1000, fetchImpl = fetch }) {
  /** @type {Map<string, { version: string | null, at: number, pending: Promise<string | null> | null }>} */
  const known = new Map();
  return function current(api) {
    const now = Date.now();
    const s = known.get(api);
    if (s?.pending) return s.pending;
    if (s && now - s.at < intervalMs) return Promise.resolve(s.version);
    const entry = s ?? { version: null, at: 0, pending: null };
    known.set(api, entry);
    entry.pending = fetchImpl(`${api}/api/content/version`, { signal: AbortSignal.timeout(timeoutMs) })
      .then((r) => (r.ok ? r.json() : null))
      .then((j) => (j && (typeof j.version === 'string' || typeof j.version === 'number') ? String(j.version) : null))
      .catch(() => null)
      .then((version) => {
        Object.assign(entry, { version, at: Date.now(), pending: null });
        return version;
      });
    return entry.pending;
  };
}

/**
 * Watches the remotes' server manifests for a redeploy (Node cannot unload a loaded container: a new build of a remote
 * needs a new render process). Every `intervalMs` each manifest is read; its fingerprint is the sha256 of its text (the
 * manifest names the build's content-hashed chunks; its `buildInfo.buildVersion` is the package's version, the same
 * for every build of a version, so it is not enough alone). The first fingerprint read is the loaded one; when one
 * changes, `onChange(remote)` is called once. A manifest that cannot be read is skipped (the remote is down or being
 * written). Returns a function that stops the watch.
 * @param {{ manifests: Record<string, string>, intervalMs: number, onChange: (remote: string) => void, fetchImpl?: typeof fetch }} o
 */
export function watchRedeploys(o) {
  const fetchImpl = o.fetchImpl ?? fetch;
  /** @type {Map<string, string>} */
  const seen = new Map();
  let done = false;
  const read = async (url) => {
    try {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(5000), headers: { 'cache-control': 'no-cache' } });
      return res.ok
        ? crypto
            .createHash('sha256')
            .update(await res.text())
            .digest('hex')
        : null;
    } catch {
      return null;
    }
  };
  const check = async () => {
    for (const [remote, url] of Object.entries(o.manifests)) {
      const print = await read(url);
      if (done || !print) continue;
      const before = seen.get(remote);
      if (!before) seen.set(remote, print);
      else if (before !== print) {
        done = true;
        clearInterval(timer);
        o.onChange(remote);
        return;
      }
    }
  };
  const first = check();
  const timer = setInterval(() => void check(), o.intervalMs);
  timer.unref();
  return {
    /** The first read (the fingerprints of the containers as loaded). */
    first,
    check,
    stop() {
      done = true;
      clearInterval(timer);
    },
  };
}

/**
 * The render server's serving: `render` (the hook serve-static.mjs calls for a page: the cache, then renderPage, with
 * the metrics), `routes(app)` (GET /ready and GET /metrics) and the state /ready answers.
 * `rendered`: the routes named in the metrics (any other path is `other`); its `renders(path)`, when it has one
 * (render.tsx RENDERED), says which paths are rendered (the shell's 404 of an unknown path too), else `has` does.
 * @param {{ renderPage: (input: any) => Promise<any>, isPhone: (ua: string | undefined, cookie?: string) => boolean, rendered: Set<string> & { renders?: (path: string) => boolean },
 *   env?: NodeJS.ProcessEnv, renderSettings?: Record<string, number>, fetchImpl?: typeof fetch }} o
 */
export function createServing(o) {
  const env = o.env ?? process.env;
  const cacheMs = setting(env, 'SSR_PAGE_CACHE_MS', 5000);
  const maxEntries = setting(env, 'SSR_PAGE_CACHE_MAX', 500);
  // the pages that are the same for every visitor and change only with staff's content (not /odds-view: its prices move)
  const cacheable = new Set((env.SSR_PAGE_CACHE_PATHS ?? '/,/promotions,/games').split(',').map((p) => p.trim()));
  const versionOf = contentVersions({ intervalMs: setting(env, 'SSR_CONTENT_CHECK_MS', 1000), fetchImpl: o.fetchImpl });
  // where this server reads the API and the remotes' manifests: remotes.json's `{hostname}` filled with SSR_READ_HOST
  // (an internal address, such as the balancer's on loopback) when set, else with the page's own host name, which
  // from inside the deployment may resolve to the public front or not at all. Nothing rendered carries the address.
  const readHost = env.SSR_READ_HOST || null;
  // written where the response's nonce goes in a cached page; random per process, so no content can carry it
  const placeholder = `n${crypto.randomBytes(18).toString('base64url')}`;

  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'khela_ssr_' });
  const routeOf = (path) => (o.rendered.has(path) ? path : 'other');
  const renders = (path) => (o.rendered.renders ? o.rendered.renders(path) : o.rendered.has(path));
  const renderSeconds = new client.Histogram({
    name: 'khela_ssr_render_seconds',
    help: "A page's server render (its data reads, the remote's area and React's render), by route; cache hits are not renders",
    labelNames: ['route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pageSeconds = new client.Histogram({
    name: 'khela_ssr_page_seconds',
    help: 'The server part of a page request (cache look-up, content version check, render), by route and cache outcome',
    labelNames: ['route', 'cache'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pages = new client.Counter({
    name: 'khela_ssr_pages_total',
    help: 'Pages answered, by route and by whom their first screen is rendered: server (rendered or from the page cache) or browser',
    labelNames: ['route', 'by'],
    registers: [registry],
  });
  const fallbacks = new client.Counter({
    name: 'khela_ssr_fallbacks_total',
    help: "What was left to the browser and why: not-rendered, data-late, data-failed, maintenance, error (the page); remote-area (a remote's area of a server page)",
    labelNames: ['route', 'reason'],
    registers: [registry],
  });
  const cacheLookups = new client.Counter({
    name: 'khela_ssr_page_cache_total',
    help: 'Page cache look-ups: hit, miss (rendered, and kept if whole), bypass (a request with an Authorization header, or no content version known)',
    labelNames: ['result'],
    registers: [registry],
  });
  new client.Gauge({
    name: 'khela_ssr_page_cache_entries',
    help: 'Pages in the page cache',
    registers: [registry],
    collect() {
      this.set(cache.size);
    },
  });

  /** @type {Map<string, { at: number, version: string, page: { head: string, html: string, title?: string, lang?: string } }>} */
  const cache = new Map();
  const withNonce = (page, nonce) => ({
    ...page,
    head: page.head.split(placeholder).join(nonce),
    html: page.html.split(placeholder).join(nonce),
  });

  const state = { started: false, remotesTried: false, draining: false, inFlight: 0 };

  /** The serve-static render hook (RenderRequest: url, hostname, userAgent, cookie, nonce, remotesJson, authorization). */
  async function render(req) {
    const t0 = performance.now();
    const path = req.url.split('?')[0] ?? '/';
    const route = routeOf(path);
    let outcome = 'off';
    state.inFlight += 1;
    try {
      if (!renders(path)) {
        fallbacks.inc({ route, reason: 'not-rendered' });
        pages.inc({ route, by: 'browser' });
        outcome = 'none';
        return null;
      }
      const at = addresses(req.remotesJson, readHost ?? req.hostname);
      if (!at) {
        fallbacks.inc({ route, reason: 'error' });
        pages.inc({ route, by: 'browser' });
        return null;
      }
      let version = null;
      let key = null;
      if (cacheMs > 0 && cacheable.has(path)) {
        version = req.authorization ? null : await versionOf(at.api);
        if (version === null) {
          outcome = 'bypass';
          cacheLookups.inc({ result: 'bypass' });
        } else {
          key = JSON.stringify([req.hostname, req.url, langOf(req.cookie), o.isPhone(req.userAgent, req.cookie)]);
          const hit = cache.get(key);
          if (hit && hit.version === version && Date.now() - hit.at < cacheMs) {
            outcome = 'hit';
            cacheLookups.inc({ result: 'hit' });
            pages.inc({ route, by: 'server' });
            return withNonce(hit.page, req.nonce);
          }
          if (hit) cache.delete(key);
          outcome = 'miss';
          cacheLookups.inc({ result: 'miss' });
        }
      }
      const reasons = [];
      const started = performance.now();
      let page;
      try {
        page = await o.renderPage({
          ...o.renderSettings,
          url: req.url,
          apiBase: at.api,
          userAgent: req.userAgent,
          cookie: req.cookie,
          nonce: key ? placeholder : req.nonce,
          remotes: at.remotes,
          report: (reason) => reasons.push(reason),
        });
      } catch (err) {
        fallbacks.inc({ route, reason: 'error' });
        pages.inc({ route, by: 'browser' });
        throw err;
      } finally {
        renderSeconds.observe({ route }, (performance.now() - started) / 1000);
      }
      if (!page) {
        fallbacks.inc({ route, reason: reasons[0] ?? 'error' });
        pages.inc({ route, by: 'browser' });
        return null;
      }
      for (const reason of reasons) fallbacks.inc({ route, reason });
      pages.inc({ route, by: 'server' });
      if (key && !reasons.length) {
        // the oldest entry goes first when the cache is full (a Map keeps insertion order)
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value);
        cache.set(key, { at: Date.now(), version, page });
      }
      return key ? withNonce(page, req.nonce) : page;
    } finally {
      state.inFlight -= 1;
      pageSeconds.observe({ route, cache: outcome }, (performance.now() - t0) / 1000);
    }
  }

  /** GET /ready and GET /metrics on the render server's port (nginx does not route them: scrape each process). */
  function routes(app) {
    app.get('/ready', async (_req, reply) => {
      const ready = state.started && state.remotesTried && !state.draining;
      reply.header('Cache-Control', 'no-store');
      return reply.code(ready ? 200 : 503).send({
        status: state.draining ? 'draining' : ready ? 'ready' : 'starting',
        renderBundle: state.started,
        remotesTried: state.remotesTried,
        inFlight: state.inFlight,
      });
    });
    app.get('/metrics', async (_req, reply) => {
      reply.header('Cache-Control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  }

  return { render, routes, state, registry, cache };
}
