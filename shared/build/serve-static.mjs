#!/usr/bin/env node
// Serves a built app folder with @fastify/static: CORS open (remotes are fetched cross-origin by the shell),
// the host (shell) falls back to index.html for client routes, and remotes.json can be replaced from env so one
// build runs in any environment.
//
//   node serve-static.mjs [dist] [--spa] [--port N]
//
// Defaults come from the one list of apps (apps.mjs), by the folder that holds `dist`: its port (PORT, else
// the app's own variable, else its default plus KHELA_PORT_OFFSET) and, for the host, --spa.
//
// Nothing is indexed at start: every request looks the file up on disk, so a rebuilt remote (even one whose
// dist folder was deleted and written again by the build's clean step) is served on the next reload. A
// malformed URL or a file that vanishes mid-rebuild costs one request (400 / 404), never the process.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { appByDir, portOf, remotesConfig } from './apps.mjs';

/** Never cached: what names the current build (a redeployed remote must be picked up on reload). */
const NO_CACHE = /(^|\/)(mf-manifest\.json|remoteEntry\.js|index\.html|remotes\.json)(\.br|\.gz)?$/;
/** Content-hashed by the build (federation.mjs: [name].[contenthash:8].js): safe to keep for a year. */
const HASHED = /\.[0-9a-f]{8}\.(js|css)(\.br|\.gz)?$/;

const sha256 = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** CSP hashes of a page's inline <script> (those without src) and <style> elements, computed from the file served. */
export function inlineHashes(html) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\ssrc\s*=/i.test(m[1]))
    .map((m) => sha256(m[2]));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[1]));
  return { scripts, styles };
}

/**
 * A server-rendered page's code held until after its first paint (issue 31, shell/README.md "The code after the first
 * paint"): the page's <script src> tags (the bundles' `defer` ones) and its script preloads (`<link rel=preload
 * as=script>`, `<link rel=modulepreload>`) are taken out of the HTML, so neither the parser nor the preload scanner
 * starts them before the largest paint; the scripts are listed instead in the JSON block `#khela-code` (returned as
 * `block`, for the top of <head>), which the shell's early script (shell/src/early/hold.ts) starts, in order, once
 * the document is parsed and the next frame is out. Inline scripts and JSON blocks stay. `block` is '' when there was
 * nothing to hold.
 * @param {string} html
 * @returns {{ html: string, block: string }}
 */
export function holdBackCode(html) {
  /** @type {string[]} */
  const code = [];
  const out = html
    .replace(/<script\b([^>]*)><\/script>/gi, (tag, attrs) => {
      const src = /\ssrc\s*=\s*"([^"]+)"/i.exec(attrs)?.[1];
      // a data block or a non-JavaScript type stays as it is
      const type = /\stype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1];
      if (!src || (type && !/^(text\/javascript|module)$/i.test(type))) return tag;
      code.push(src);
      return '';
    })
    .replace(/<link\b[^>]*>/gi, (tag) =>
      /\srel\s*=\s*"?modulepreload/i.test(tag) || (/\srel\s*=\s*"?preload/i.test(tag) && /\sas\s*=\s*"?script/i.test(tag)) ? '' : tag,
    );
  if (!code.length) return { html, block: '' };
  // "<" escaped: the list can never close the <script> element it sits in
  const block = `<script type="application/json" id="khela-code">${JSON.stringify(code).replace(/</g, '\\u003c')}</script>`;
  return { html: out, block };
}

/** Text for an HTML element's content. */
const escapeText = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Host header's name as a CSP source may carry it (a forged Host must not add directives). */
const cleanHostname = (h) => (/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/i.test(h ?? '') ? h : 'localhost');
const originOf = (u) => {
  try {
    const url = new URL(u);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};
const sourceList = (value) =>
  (value ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(originOf)
    .filter(Boolean);

/**
 * The origins the pages talk to, from the remotes config (remotes.json / KHELA_REMOTES_JSON: each remote's
 * manifest origin and the API) and the environment: KHELA_CSP_CONNECT_SRC (the exchange odds host; the sandbox by
 * default) and KHELA_CSP_FRAME_SRC (the game provider and the score board frames; the sandbox by default).
 * `{hostname}` is the page's host name, as in remotes.json.
 */
export function cspSources(remotesJson, env = process.env) {
  let cfg = {};
  try {
    cfg = JSON.parse(remotesJson || 'null') ?? remotesConfig(env);
  } catch {
    cfg = remotesConfig(env);
  }
  // development default: the sandbox (odds host, game provider, score board), by any loopback name
  const port = portOf('sandbox', env);
  const sandbox = `http://{hostname}:${port} http://127.0.0.1:${port} http://localhost:${port}`;
  return {
    remotes: Object.values(cfg.remotes ?? {}),
    api: cfg.api ? [cfg.api] : [],
    connect: (env.KHELA_CSP_CONNECT_SRC ?? sandbox).split(/[\s,]+/).filter(Boolean),
    frame: (env.KHELA_CSP_FRAME_SRC ?? sandbox).split(/[\s,]+/).filter(Boolean),
  };
}

/**
 * The Content-Security-Policy of an HTML page: scripts only from this origin, the remotes and the page's own
 * inline scripts by hash (no 'unsafe-inline'); styles from these origins, the inline <style> by hash and emotion's
 * <style> tags by the per-response nonce; no framing of the site, no plugins, no <base> tricks.
 * `images` (the staff console): img-src lists only these hosts (with the API and this origin) instead of any https: host.
 * @param {{ sources: ReturnType<typeof cspSources>, hostname?: string, nonce?: string, html?: string, images?: string[] }} o
 */
export function contentSecurityPolicy(o) {
  const host = cleanHostname(o.hostname);
  const fill = (list) => sourceList(list.map((u) => u.split('{hostname}').join(host)).join(' '));
  const remotes = fill(o.sources.remotes);
  const api = fill(o.sources.api);
  const { scripts, styles } = o.html ? inlineHashes(o.html) : { scripts: [], styles: [] };
  const nonce = o.nonce ? [`'nonce-${o.nonce}'`] : [];
  const uniq = (...parts) => [...new Set(parts.flat())].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${uniq("'self'", remotes, scripts)}`,
    `style-src ${uniq("'self'", remotes, styles, nonce)}`,
    `img-src ${uniq("'self'", 'data:', 'blob:', o.images ? fill(o.images) : 'https:', api, remotes)}`,
    `font-src ${uniq("'self'", 'data:', remotes)}`,
    `connect-src ${uniq("'self'", remotes, api, fill(o.sources.connect))}`,
    `frame-src ${uniq(fill(o.sources.frame)) || "'none'"}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/**
 * What the host's page gets at the top of its <head> so its early requests skip a round trip: the remotes config
 * (the answer of /remotes.json) as a JSON data block, which index.html's early script reads instead of fetching
 * it, and preconnects to the API's origin (`{hostname}` filled with the page's host), one for fetch() calls
 * (anonymous) and one for images. Nothing when the config is missing or not JSON: the page then fetches
 * /remotes.json and reports the problem as before.
 * @param {string | null | undefined} remotesJson
 * @param {string | undefined} hostname
 */
export function remotesHead(remotesJson, hostname) {
  let cfg;
  try {
    cfg = JSON.parse(remotesJson ?? '');
  } catch {
    return '';
  }
  if (!cfg || typeof cfg !== 'object') return '';
  // "<" escaped: the data can never close the <script> element it sits in
  const data = `<script type="application/json" id="khela-remotes">${JSON.stringify(cfg).replace(/</g, '\\u003c')}</script>`;
  const api = typeof cfg.api === 'string' ? originOf(cfg.api.split('{hostname}').join(cleanHostname(hostname))) : null;
  const preconnect = api ? `<link rel="preconnect" href="${api}" crossorigin><link rel="preconnect" href="${api}">` : '';
  return data + preconnect;
}

/**
 * The staff console's sources (issue 32): scripts, styles and fonts from its own origin only (it loads no remote),
 * calls to the API only, no frames, and images from this origin, the API and the known image hosts of
 * KHELA_CSP_IMG_SRC (the CDN of uploaded content; none by default) — not any https: host.
 * @param {ReturnType<typeof cspSources>} sources
 * @param {NodeJS.ProcessEnv} env
 */
export function consoleSources(sources, env = process.env) {
  return {
    sources: { remotes: [], api: sources.api, connect: [], frame: [] },
    images: (env.KHELA_CSP_IMG_SRC ?? '').split(/[\s,]+/).filter(Boolean),
  };
}

/**
 * `render` (the shell's render server, shell/server/main.mjs): the page's first screen from the server, or null to
 * send index.html as it is (the browser renders); its `head` goes first into <head> (before index.html's early
 * script), its `html` into `<div id="root">`. A failure is logged and the page is sent unrendered.
 * `authorization`: the request carries an Authorization header (the render server's page cache is not used then).
 * @typedef {{ url: string, hostname: string, userAgent: string | undefined, cookie: string | undefined, nonce: string, remotesJson: string | null, authorization: boolean }} RenderRequest
 * @param {{ dir: string, spa?: boolean, console?: boolean, remotesJson?: string, logLevel?: string, env?: NodeJS.ProcessEnv,
 *   render?: (r: RenderRequest) => Promise<{ head: string, html: string, title?: string, lang?: string } | null> }} o
 * @returns {import('fastify').FastifyInstance}
 */
export function createStaticServer(o) {
  const dir = path.resolve(o.dir);
  const app = Fastify({ logger: { level: o.logLevel ?? 'warn' } });
  const env = o.env ?? process.env;
  // the shell's own remotes.json (written by its build) unless the environment replaces it
  const builtRemotes = path.join(dir, 'remotes.json');
  const all = cspSources(o.remotesJson || (fs.existsSync(builtRemotes) ? fs.readFileSync(builtRemotes, 'utf8') : ''), env);
  const strict = o.console ? consoleSources(all, env) : null;
  const sources = strict ? strict.sources : all;
  const images = strict ? { images: strict.images } : {};

  app.addHook('onRequest', async (req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    // a page other than index.html (none today) still gets the policy, without inline allowances
    reply.header('Content-Security-Policy', contentSecurityPolicy({ sources, hostname: req.hostname, ...images }));
  });

  /** index.html with its policy: inline scripts and styles by hash, a fresh nonce for emotion's style tags. */
  const sendPage = async (req, reply) => {
    let html;
    try {
      html = await fs.promises.readFile(path.join(dir, 'index.html'), 'utf8');
    } catch {
      return reply.code(404).type('text/plain').send('Not found');
    }
    const nonce = crypto.randomBytes(16).toString('base64');
    // the host's page: its remotes config inline (read per request, like every file here)
    const remotes = o.spa ? (o.remotesJson ?? (await fs.promises.readFile(builtRemotes, 'utf8').catch(() => null))) : null;
    let head = `<meta name="csp-nonce" content="${nonce}">${o.spa ? remotesHead(remotes, req.hostname) : ''}`;
    const rendered = o.render
      ? await o
          .render({
            url: req.url,
            hostname: req.hostname,
            userAgent: req.headers['user-agent'],
            cookie: req.headers.cookie,
            nonce,
            remotesJson: remotes,
            authorization: Boolean(req.headers.authorization),
          })
          .catch((err) => {
            req.log.error({ err, url: req.url }, 'server render failed: the page is rendered in the browser');
            return null;
          })
      : null;
    if (rendered) head += rendered.head;
    // a rendered page shows its first screen without its code: the code waits for the first paint (SSR_HOLD_CODE=0: not)
    let page = html;
    if (rendered && env.SSR_HOLD_CODE !== '0') {
      const held = holdBackCode(html);
      page = held.html;
      head = held.block + head;
    }
    let body = page.replace(/<head(\s[^>]*)?>/i, (m) => `${m}${head}`);
    if (rendered) body = body.replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`);
    // the language the page was rendered in (the browser's session sets the same on <html> when it starts)
    if (rendered?.lang && /^[a-z]{2}$/.test(rendered.lang)) body = body.replace(/<html lang="[^"]*"/i, `<html lang="${rendered.lang}"`);
    if (rendered?.title) body = body.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeText(rendered.title)}</title>`);
    reply.header(
      'Content-Security-Policy',
      contentSecurityPolicy({ sources, hostname: req.hostname, nonce, html: rendered ? body : html, ...images }),
    );
    // a rendered page is ~50 KB (markup, critical CSS, data): compressed per response (~12 KB), as the files are
    let sent = body;
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = !rendered ? null : /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    if (encoding) {
      reply.header('Content-Encoding', encoding).header('Vary', 'Accept-Encoding');
      sent =
        encoding === 'br'
          ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : zlib.gzipSync(body, { level: 6 });
    }
    return (
      reply
        // a new nonce per response: no validators, so no-cache always fetches the page again
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(sent)
    );
  };
  app.get('/', sendPage);
  app.get('/index.html', sendPage);

  if (o.remotesJson) {
    const body = o.remotesJson;
    app.get('/remotes.json', (_req, reply) => {
      reply.header('Cache-Control', 'no-cache').type('application/json').send(body);
    });
  }

  app.register(fastifyStatic, {
    root: dir,
    // '/' is sendPage's (above)
    index: false,
    // a production build writes file.br and file.gz beside file (federation.mjs): the smallest one the browser
    // accepts is sent, else the file itself
    preCompressed: true,
    // our own Cache-Control below; etag and last-modified stay on, so a no-cache file costs a 304 when unchanged
    cacheControl: false,
    setHeaders(res, file) {
      const name = file.split(path.sep).join('/');
      // the same URL answers brotli, gzip or plain by Accept-Encoding: caches must keep them apart
      res.setHeader('Vary', 'Accept-Encoding');
      if (NO_CACHE.test(name)) res.setHeader('Cache-Control', 'no-cache');
      else if (HASHED.test(name)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const last = pathname.slice(pathname.lastIndexOf('/') + 1);
    // a client route of the SPA: paths without a file extension (one starting with a letter: a dotted id such as an
    // exchange market's 1.230003002 is a route, not a file), plus the legacy desktop pages
    // (/page/site/component/appDownload.jsp, /page/guest/register.jsp) that look like files
    const clientRoute = !/\.[a-z]\w*$/i.test(last) || /\.jsp$/.test(last);
    if (o.spa && (req.method === 'GET' || req.method === 'HEAD') && clientRoute) {
      return sendPage(req, reply);
    }
    return reply.code(404).type('text/plain').send('Not found');
  });

  return app;
}

/**
 * Reads the command line, finds the app in apps.mjs and listens. `render`: the shell's render server passes its
 * server render (shell/server/main.mjs); the plain static server has none. `extra.routes(app)` adds routes before it
 * listens (the render server's /ready and /metrics); `extra.onStop()` is called first when SIGTERM/SIGINT or `stop`
 * stops it (in-flight requests finish, then the process exits with `stop`'s code, 0 for a signal).
 * @param {{ routes?: (app: import('fastify').FastifyInstance) => void, onStop?: () => void }} [extra]
 */
export async function main(argv = process.argv.slice(2), env = process.env, render = undefined, extra = {}) {
  const dir = path.resolve(argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--port') ?? 'dist');
  if (!fs.existsSync(dir)) {
    console.error(`${dir} does not exist: build first`);
    process.exit(1);
  }
  const known = appByDir(path.dirname(dir));
  const portArg = argv.indexOf('--port');
  const port = Number(portArg >= 0 ? argv[portArg + 1] : (env.PORT ?? (known ? portOf(known.name, env) : 3000)));
  const spa = argv.includes('--spa') || known?.kind === 'host';
  // the staff console's strict policy (consoleSources)
  const console_ = argv.includes('--console') || known?.kind === 'console';
  const host = env.HOST ?? '127.0.0.1';
  const server = createStaticServer({ dir, spa, console: console_, remotesJson: env.KHELA_REMOTES_JSON, logLevel: env.LOG_LEVEL, render });
  extra.routes?.(server);
  const address = await server.listen({ port, host });
  console.log(`serving ${dir} on ${address}`);
  let stopping = null;
  const stop = (code = 0) => {
    if (!stopping) {
      extra.onStop?.();
      stopping = server.close().then(() => process.exit(code));
    }
    return stopping;
  };
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  return { server, address, dir, stop };
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
