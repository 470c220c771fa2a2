/*
 * The page's early script: compiled at build time (rspack.config.mjs, earlyScript) into a small classic script and
 * inlined into index.html's <head>, so it runs while the JavaScript bundles download. It starts what the first
 * screen will ask for and hands it over through ./store.ts (the one accessor), so nothing is asked twice:
 *
 * - the remotes config (the copy the server wrote into the page, `#khela-remotes`, else `/remotes.json`), which gives
 *   the API's address;
 * - on a page the server did not render (no `#khela-ssr`: the static server, or a page the render server leaves to the
 *   browser): the settings and the logo, and on `/` the sliders and the first main banner's image;
 * - on a page a remote owns (and the visitor may open): that remote's manifest, then its entry and app chunks;
 * - the shell's start chain (PreloadStartChunksPlugin's lists: always; a remote page's; the home's).
 *
 * On a page the render server rendered, the bundles' scripts are held until after the first paint (`#khela-code`,
 * ./hold.ts): the script preloads here wait with them, and a tap on a server-rendered button before hydration is held
 * and replayed once its part of the page has hydrated.
 *
 * Its build-time data is the JSON block `#khela-early` just before it: `routeRemotes` (which remote owns which first
 * path segment, src/route-table.json; the bench's monolith, which loads no remote, writes `{}`) and `chunks`.
 */
import { isGuarded } from '../routes';
import { earlyStore, type EarlyStore } from './store';
import { startHold } from './hold';
import type { ServerRender } from '../server-render';

export interface EarlyData {
  routeRemotes: Record<string, string>;
  chunks?: { start?: string[]; remotePage?: string[]; home?: string[] };
}

/** The session's local-storage keys read here (@khela/web's storage: the token and the chosen language). */
function read(key: 'token' | 'locale'): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function readJson(doc: Document, id: string): unknown {
  const el = doc.getElementById(id);
  if (!el) return undefined;
  try {
    return JSON.parse(el.textContent ?? '');
  } catch {
    return undefined;
  }
}

/** A promise whose failure is left to its taker (reported there, asked again there). */
function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

const json = (res: Response): Promise<unknown> => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`)));

function addPreload(doc: Document, href: string, as: 'script' | 'image', highPriority = false): void {
  const link = doc.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', as);
  link.setAttribute('href', href);
  if (highPriority) link.setAttribute('fetchpriority', 'high');
  doc.head.appendChild(link);
}

/** An image path of the API host as an address (as the API client's `url`). */
const absolute = (base: string, src: string) => (/^https?:/.test(src) ? src : base + (src.startsWith('/') ? '' : '/') + src);

interface RemotesJson {
  api?: unknown;
  remotes?: Record<string, unknown>;
}
const asConfig = (cfg: unknown): RemotesJson => (cfg && typeof cfg === 'object' ? (cfg as RemotesJson) : {});

/** A remote's manifest, fetched now, and the files its exposed app needs first, preloaded (the runtime finds them cached). */
function startRemote(preloadScript: (href: string) => void, manifests: NonNullable<EarlyStore['manifests']>, url: string): Promise<void> {
  const text = quiet(fetch(url).then((res) => (res.ok ? res.text() : Promise.reject(new Error(`HTTP ${res.status}`)))));
  manifests[url] = text;
  return text.then((body) => {
    const m = JSON.parse(body) as {
      metaData?: { publicPath?: unknown; remoteEntry?: { path?: string; name?: string } };
      exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
    };
    const meta = m.metaData ?? {};
    // publicPath "auto": the remote's files sit beside its manifest
    const base = typeof meta.publicPath === 'string' && meta.publicPath !== 'auto' ? meta.publicPath : url.replace(/[^/]*$/, '');
    const entry = meta.remoteEntry ?? {};
    const files = [(entry.path ? `${entry.path}/` : '') + (entry.name ?? '')];
    for (const e of m.exposes ?? []) if (e.name === 'app') files.push(...(e.assets?.js?.sync ?? []));
    for (const f of files) if (f && !f.endsWith('/')) preloadScript(base + f);
  });
}

export function startEarly(doc: Document = document, loc: Pick<Location, 'pathname' | 'hostname'> = location): EarlyStore {
  const store = earlyStore();
  // the code waits for the first paint unless the server rendered the page in another language than the player's saved
  // one: the browser renders it afresh then (src/server-render.ts takeServerRender)
  const saved = read('locale') === 'bn' ? 'bn' : 'en';
  // nor when a remote's area was left to the browser (its data or container missed the server's budget): the page's
  // main content waits for the code then
  const ssr = readJson(doc, 'khela-ssr') as Pick<ServerRender, 'areas'> | undefined;
  const areaInBrowser = Object.values(ssr?.areas ?? {}).includes('browser');
  const code = readJson(doc, 'khela-code');
  const hold = startHold(doc, Array.isArray(code) ? code.filter((c): c is string => typeof c === 'string') : null, {
    holdCode: (doc.documentElement.getAttribute('lang') ?? 'en') === saved && !areaInBrowser,
  });
  store.hydrated = hold.hydrated;
  // a script's preload: on a page whose code is held (./hold.ts), with the code, after the first paint
  const preloadScript = (href: string) => hold.afterPaint(() => addPreload(doc, href, 'script'));
  const data = (readJson(doc, 'khela-early') ?? {}) as Partial<EarlyData>;
  const fill = (u: string) => u.split('{hostname}').join(loc.hostname);

  // the server writes the remotes config into the page: no round trip then; without it, it is fetched
  const inline = doc.getElementById('khela-remotes');
  const remotes = quiet(
    inline
      ? Promise.resolve(inline.textContent ?? '').then((t): unknown => JSON.parse(t))
      : fetch('/remotes.json', { cache: 'no-cache' }).then(json),
  );
  store.remotes = remotes;
  const api = quiet(
    remotes.then((cfg) => {
      const at = asConfig(cfg).api;
      if (typeof at !== 'string') throw new Error('no api in remotes.json');
      return fill(at).replace(/\/$/, '');
    }),
  );
  const get = (path: string, withToken: boolean) =>
    quiet(
      api.then((base) => {
        const token = withToken ? read('token') : null;
        // the API answers bilingual content in the player's language, as the shell's own client asks (Accept-Language)
        const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': read('locale') === 'bn' ? 'bn' : 'en' };
        if (token) headers.Authorization = `Bearer ${token}`;
        return fetch(base + path, { headers }).then(json);
      }),
    );

  // the render server sent the first screen with its data (#khela-ssr, in <head> above this script): nothing to ask
  const rendered = !!doc.getElementById('khela-ssr');
  const home = loc.pathname === '/';
  if (!rendered) {
    store.general = get('/api/general', true);
    store.logo = get('/api/logo', false);
    if (home) {
      const sliders = (store.sliders = get('/api/sliders', false));
      // the first main banner is the home page's largest paint: fetched before the bundles ask for it
      void quiet(
        Promise.all([api, sliders]).then(([base, list]) => {
          const first = Array.isArray(list)
            ? (list as { slider_type?: unknown; thubmnail?: unknown }[]).find((s) => s?.slider_type === 'Main')
            : undefined;
          if (typeof first?.thubmnail === 'string' && first.thubmnail) addPreload(doc, absolute(base, first.thubmnail), 'image', true);
        }),
      );
    }
  }

  // a page a remote owns: its manifest now and its entry and app chunks preloaded, beside the shell's own bundles instead
  // of after the shell has run and routed (federation/retry-plugin.ts takes the manifest over). A visitor on a page that
  // needs a log-in is sent to /login instead: nothing is fetched for that page then.
  const remote = data.routeRemotes?.[`/${loc.pathname.split('/')[1] ?? ''}`];
  const remotePage = !!remote && (read('token') !== null || !isGuarded(loc.pathname));
  if (remotePage) {
    const manifests: NonNullable<EarlyStore['manifests']> = (store.manifests = {});
    void quiet(
      remotes.then((cfg) => {
        const entry = asConfig(cfg).remotes?.[remote];
        return typeof entry === 'string' ? startRemote(preloadScript, manifests, fill(entry)) : undefined;
      }),
    );
  }

  // the shell's start chain, preloaded after the requests above so they go first (added by a script, not as <link>
  // tags the preload scanner would issue before them)
  const chunks = data.chunks ?? {};
  for (const href of [...(chunks.start ?? []), ...(remotePage ? (chunks.remotePage ?? []) : []), ...(home ? (chunks.home ?? []) : [])])
    preloadScript(href);
  return store;
}
