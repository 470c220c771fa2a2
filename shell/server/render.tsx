/*
 * The shell's server render (issue 31, stage 1; on with SSR=1, see README "Server rendering"): the first screen of a
 * page, rendered in Node by the same React components the browser runs, with emotion's critical CSS and the first
 * screen's data (the TanStack Query cache, dehydrated) in the page. The browser hydrates it (src/bootstrap.tsx).
 *
 * Built by rspack.server.mjs, loaded by server/main.mjs. Every client route is rendered (RENDERED, renderedHere: the
 * chrome, and a remote's area where its Node container renders it), in the visitor's language (the `lang` cookie),
 * always as a visitor (the player's token stays in the browser); the aliases, /player/logout and any failure are
 * answered with index.html as today (the browser renders).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import {
  createPageRuntime,
  i18n,
  MobileGuessProvider,
  RemoteRoot,
  remoteStyleKey,
  type HostProps,
  type Locale,
  type PageRuntime,
} from '@khela/web';
import { LANG_COOKIE, LAYOUT_COOKIE, setPageScope } from '../src/page';
import { ALIASES, remoteFor } from '../src/routes';
import routeTable from '../src/route-table.json';
import type { RemoteName } from '../src/federation/remotes';
import { ServerAreas, type AreaRender } from '../src/federation/server-areas';
import { loadServerRemote, SERVER_REMOTES, serverManifestUrl } from './remotes';
import { assumePainted } from '../src/layout/after-first-paint';
import { App } from '../src/App';
import { loadFirstScreen } from '../src/layout/content';
import { loadHome } from '../src/screens/home-loader';

/**
 * Paths left to the browser: the aliases (a redirect to another page, made by the browser's router: a page of chrome
 * served for them would be replaced at once) and /player/logout (an action on the browser's session).
 */
const BROWSER_ONLY = new Set([...Object.keys(ALIASES), '/player/logout']);

/**
 * Paths rendered on the server: every client route of the shell (stage 2), the chrome always, a remote's area from
 * its Node container on the paths the container renders (SERVER_AREA_PATHS) and left to the browser (its loading
 * state, as today) elsewhere. Pages that need a log-in are rendered as a visitor sees them before the guard (the
 * token is in the browser only): the guard and the player's own figures come after hydration (src/App.tsx). This set
 * names the routes by path for the render server's metrics (server/serving.mjs: any other path is `other`); its
 * `renders` (renderedHere) is what is rendered: these and the shell's 404 for an unknown path, not BROWSER_ONLY.
 */
export const RENDERED: Set<string> & { renders: (path: string) => boolean } = Object.assign(
  new Set([...Object.values(routeTable.owners).flat(), ...routeTable.open.filter((p) => !BROWSER_ONLY.has(p))]),
  { renders: (path: string) => renderedHere(path) },
);

/** Whether the render server renders `path` (any other path: index.html, the browser renders). */
export function renderedHere(path: string): boolean {
  return !BROWSER_ONLY.has(path.length > 1 ? path.replace(/\/+$/, '') : path);
}

/**
 * The paths whose remote area a Node container renders (the pages its `prefetch` reads the first screen of); on the
 * remote's other paths the area is left to the browser, as for a remote without a container: /gamerun opens a game
 * for the player, /betting-record and the exchange's other pages are the player's own or read the odds host, whose
 * address is given to a logged-in player only.
 */
const SERVER_AREA_PATHS: Partial<Record<RemoteName, readonly string[]>> = {
  mf_casino: ['/games'],
  mf_exchange: ['/odds-view'],
};

const scope = new AsyncLocalStorage<PageRuntime>();
setPageScope(() => scope.getStore());
// the footer and floating buttons, which a phone renders after its first paint, are part of the server's first screen
assumePainted();

export interface RenderInput {
  /** Path and query of the request. */
  url: string;
  /** The API's address as the browser reaches it (remotes.json's `api`, `{hostname}` filled). */
  apiBase: string;
  userAgent: string | undefined;
  /** The request's Cookie header: the visitor's language (`lang`) and screen (`layout`), written by the browser's shell (src/page.ts). */
  cookie?: string;
  /** The response's CSP nonce: on every <style> written. */
  nonce: string;
  /** How long the data may take (ms); past it the page is left to the browser. */
  dataBudgetMs?: number;
  /** The remotes' browser manifests (remotes.json, `{hostname}` filled); a remote's Node container is found beside. */
  remotes?: Partial<Record<RemoteName, string>>;
  /**
   * How long a remote's area may wait for its container (loaded once per process) and its data (ms, 150 by default);
   * past it the area is left to the browser. The render itself is not cut off (it is synchronous).
   */
  remoteBudgetMs?: number;
  /**
   * Told why the page, or a remote's area of it, is left to the browser (the render server's metrics and page cache:
   * server/serving.mjs): the page is not rendered here, its data came late or failed, the site is in maintenance, or
   * a remote's area missed its container, its data or its render (the rest of the page is still the server's).
   */
  report?: (reason: FallbackReason) => void;
}

/** Why a page (or a remote's area: `remote-area`) is rendered in the browser instead of here. */
export type FallbackReason = 'not-rendered' | 'data-late' | 'data-failed' | 'maintenance' | 'remote-area';

export interface Rendered {
  /** Into <head>: critical CSS (nonce'd <style> tags) and the data block (`#khela-ssr`). */
  head: string;
  /** The inside of #root. */
  html: string;
  /** The page's title (the general settings' site title), which the browser would set after its first render. */
  title?: string;
  /** The language it was rendered in (`<html lang>`). */
  lang: Locale;
}

/** What the browser needs to hydrate the same tree: the dehydrated cache and the server's guesses. */
export interface SsrData {
  queries: ReturnType<typeof dehydrate>;
  mobile: boolean;
  lang: Locale;
  areas?: Partial<Record<RemoteName, AreaRender['mode']>>;
}

const PHONE = /Mobi|Android|iPhone|iPod|Opera Mini|IEMobile/i;
const LAYOUT = new RegExp(`(?:^|;\\s*)${LAYOUT_COOKIE}=(phone|desktop)\\s*(?:;|$)`);

/**
 * The server's screen guess: a phone's page or a desktop's (also part of the page cache's key). The `layout` cookie
 * first: the browser's shell writes there what it measured (src/page.ts), so from a visitor's second page on the
 * server renders the layout the screen shows and nothing flips after hydration (a tablet, a phone asking for the
 * desktop site: the User-Agent says otherwise). Else the User-Agent.
 */
export const isPhone = (userAgent: string | undefined, cookie?: string) => {
  const measured = LAYOUT.exec(cookie ?? '')?.[1];
  return measured ? measured === 'phone' : PHONE.test(userAgent ?? '');
};

/**
 * The visitor's language: the `lang` cookie the browser's shell keeps equal to the saved choice (src/page.ts), else
 * English, as the browser's own default (savedLocale). Not Accept-Language: the browser would start in English anyway
 * and the page would not hydrate.
 */
export function requestLocale(cookie: string | undefined): Locale {
  const m = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`).exec(cookie ?? '');
  return m?.[1]?.trim() === 'bn' ? 'bn' : 'en';
}

/**
 * An i18next instance per language (sharing the page's resources: the remotes' registered texts too), so pages in
 * both languages render at once in one process without switching the shared instance. English is the shared one.
 */
const languages = new Map<Locale, I18n>([['en', i18n]]);
function i18nFor(locale: Locale): I18n {
  let instance = languages.get(locale);
  if (!instance) languages.set(locale, (instance = i18n.cloneInstance({ lng: locale, initImmediate: false } as never)));
  return instance;
}

/** The first screen of `url`, or null when this path is not rendered here, or its data failed or did not come in time. */
export async function renderPage(input: RenderInput): Promise<Rendered | null> {
  const path = input.url.split('?')[0] ?? '/';
  if (!renderedHere(path)) {
    input.report?.('not-rendered');
    return null;
  }
  const runtime = createPageRuntime({ apiBase: input.apiBase, locale: requestLocale(input.cookie) });
  // the request's cache goes with the request (its queries' garbage-collection timers would keep it for 5 minutes)
  return scope.run(runtime, () => render(runtime, path, input)).finally(() => runtime.queryClient.clear());
}

async function render(runtime: PageRuntime, path: string, input: RenderInput): Promise<Rendered | null> {
  // the first screen's data, in the page's own query cache under the keys the components read
  const data = Promise.all([loadFirstScreen(path), path === '/' ? loadHome() : null]).then(
    () => 'ok' as const,
    () => 'failed' as const,
  );
  const late = new Promise<'late'>((r) => setTimeout(r, input.dataBudgetMs ?? 1500, 'late').unref());
  // a failed or late read: the browser renders the page and asks (and reports) as today
  const read = await Promise.race([data, late]);
  if (read !== 'ok') {
    input.report?.(read === 'late' ? 'data-late' : 'data-failed');
    return null;
  }
  const general = runtime.queryClient.getQueryData<{ site_status?: number; site_title?: string | null }>([
    'shell-content',
    'general',
    runtime.session.locale$.value,
  ]);
  // maintenance and failed reads: the browser renders as today
  if (!general || general.site_status === 0) {
    input.report?.(general ? 'maintenance' : 'data-failed');
    return null;
  }

  const mobile = isPhone(input.userAgent, input.cookie);
  const lang = runtime.session.locale$.value;
  const words = i18nFor(lang);
  // the remote's area of this page, rendered first on its own (as the browser's parcel is its own root)
  const remote = remoteFor(path);
  // (a remote without a container there: its area is the browser's, marked, with its loading state inside)
  const area = !remote
    ? null
    : SERVER_REMOTES[remote] && SERVER_AREA_PATHS[remote]?.includes(path)
      ? await renderArea(runtime, remote, input, mobile, words)
      : { area: { mode: 'browser' } as const, head: '' };
  const page = (areas: Partial<Record<RemoteName, AreaRender>>) => {
    const cache = createCache({ key: 'css', nonce: input.nonce });
    const emotion = createEmotionServer(cache);
    const tree = (
      <I18nextProvider i18n={words}>
        <MobileGuessProvider mobile={mobile}>
          <ServerAreas.Provider value={areas}>
            <CacheProvider value={cache}>
              <StaticRouter location={input.url}>
                <App />
              </StaticRouter>
            </CacheProvider>
          </ServerAreas.Provider>
        </MobileGuessProvider>
      </I18nextProvider>
    );
    return toString(tree).then((html) => ({ html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) }));
  };
  const areas: Partial<Record<RemoteName, AreaRender>> = remote && area ? { [remote]: area.area } : {};
  const { html, styles } = await page(areas);
  // React puts the image preloads it found (banner, logo) first: they belong in <head>, not in #root
  const preloads = leadingLinks(html);
  const ssr: SsrData = {
    queries: dehydrate(runtime.queryClient),
    mobile,
    lang,
    ...(remote && area ? { areas: { [remote]: area.area.mode } } : {}),
  };
  // "<" escaped: the data can never close the <script> element it sits in
  const block = `<script type="application/json" id="khela-ssr">${JSON.stringify(ssr).replace(/</g, '\\u003c')}</script>`;
  return {
    head: block + preloads + (area?.head ?? '') + styles,
    html: html.slice(preloads.length),
    title: general.site_title || undefined,
    lang,
  };
}

/**
 * The remotes' Node containers loaded when the render server starts (server/main.mjs), so the first page with a
 * remote's area does not pay the load (~0.6 s) and miss its budget. A failure is logged; the container is loaded again
 * in the background every SSR_REMOTE_RETRY_MS until it loads (remotes.ts keptLoads).
 */
export async function warmRemotes(remotes: Partial<Record<RemoteName, string>>): Promise<void> {
  await Promise.all(
    (Object.keys(SERVER_REMOTES) as RemoteName[]).map((remote) =>
      remotes[remote]
        ? loadServerRemote(remote, remotes[remote]).then(
            () => undefined,
            (err: unknown) =>
              console.warn(`[render] ${remote}'s Node container did not load at start:`, err instanceof Error ? err.message : err),
          )
        : undefined,
    ),
  );
}

/**
 * The server manifests of the remotes with a Node container (`server/mf-manifest.json` beside each browser manifest):
 * what server/main.mjs watches to recycle the process after a remote's redeploy (Node cannot unload a container).
 */
export function serverManifests(remotes: Partial<Record<RemoteName, string>>): Partial<Record<RemoteName, string>> {
  return Object.fromEntries(
    (Object.keys(SERVER_REMOTES) as RemoteName[]).flatMap((remote) => {
      const manifest = remotes[remote];
      return manifest ? [[remote, serverManifestUrl(manifest)]] : [];
    }),
  );
}

/** The `<link … />` tags at the start of React's output (its preloads of the images it rendered). */
const leadingLinks = (html: string) => /^(?:<link [^>]*\/>)*/.exec(html)![0];

const late = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`over the budget of ${ms} ms`)), ms).unref());

/**
 * A remote's area (issue 31): its Node container (loaded once per process) and the data of its first screen into the
 * page's cache within the budget, then its tree rendered as the browser's parcel renders it (RemoteRoot, its own
 * emotion key) with its critical CSS. Any failure, or the budget missed: the area is left to the browser (marked),
 * and the rest of the page is still the server's.
 */
async function renderArea(
  runtime: PageRuntime,
  remote: RemoteName,
  input: RenderInput,
  mobile: boolean,
  words: I18n,
): Promise<{ area: AreaRender; head: string }> {
  const manifest = input.remotes?.[remote];
  const services = runtime.servicesFor(remote);
  try {
    if (!manifest) throw new Error('not in remotes.json');
    const budget = input.remoteBudgetMs ?? 150;
    const ready = loadServerRemote(remote, manifest).then(async (mod) => {
      await mod.prefetch?.(runtime.queryClient, input.url, services.api);
      return mod;
    });
    const mod = await Promise.race([ready, late(budget)]);
    const [pathname = '/', query] = input.url.split('?');
    const host: HostProps = {
      basePath: '',
      location: { pathname, search: query ? `?${query}` : '', hash: '', state: null, key: 'default' },
      navigate: () => undefined,
      isMobile: mobile,
      ...services,
    };
    const cache = createCache({ key: remoteStyleKey(SERVER_REMOTES[remote]!), nonce: input.nonce });
    const emotion = createEmotionServer(cache);
    const rendered = await toString(
      <I18nextProvider i18n={words}>
        <RemoteRoot App={mod.App} name={SERVER_REMOTES[remote]!} host={host} cache={cache} />
      </I18nextProvider>,
    );
    const preloads = leadingLinks(rendered);
    const html = rendered.slice(preloads.length);
    return { area: { mode: 'server', html }, head: preloads + emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
  } catch (err) {
    console.warn(`[render] ${remote}'s area is left to the browser:`, err instanceof Error ? err.message : err);
    input.report?.('remote-area');
    return { area: { mode: 'browser' }, head: '' };
  }
}

/** The whole tree as HTML (streamed by React, collected here: emotion's critical CSS is read from the full markup). */
function toString(tree: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const stream = renderToPipeableStream(tree, {
      // every boundary inline: a boundary larger than this (12.8 KB by default; home's is) would be sent hidden
      // and revealed by an inline script, up to 300 ms later
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (c: Buffer) => chunks.push(c));
        sink.on('end', () => (failed ? reject(failed) : resolve(Buffer.concat(chunks).toString('utf8'))));
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(err) {
        failed = err;
      },
    });
    setTimeout(() => stream.abort(new Error('render took too long')), 5000).unref();
  });
}
