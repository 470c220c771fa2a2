/**
 * The one hand-over from the page's early script (./script.ts, compiled at build time and inlined into index.html) to
 * the shell's bundles: the requests it started before any bundle had arrived, each taken once by the code that would
 * otherwise make it (federation/remotes.ts: the remotes config; layout/content.ts: the settings, logo and sliders;
 * federation/retry-plugin.ts: a remote page's manifest). Taken once, so it is no channel for data: a later read (a
 * retry) goes to the network. It lives on `window.__KHELA_EARLY__` because the script and the bundles are separate
 * programs (the bench's monolith reads `remotes` there too).
 */
export interface EarlyStore {
  /** The remotes config (`/remotes.json`, or the page's inline copy). */
  remotes?: Promise<unknown>;
  /** The API's raw JSON answers of the first screen's content (a page the render server did not render). */
  general?: Promise<unknown>;
  logo?: Promise<unknown>;
  sliders?: Promise<unknown>;
  /** A remote page's manifest (its text), by the manifest's URL. */
  manifests?: Record<string, Promise<string>>;
  /** A part of the server's page has hydrated (./hold.ts): a tap held there is replayed. Not taken: called again per part. */
  hydrated?: (el: Element) => void;
}
export type EarlyKey = 'remotes' | 'general' | 'logo' | 'sliders';

const holder = globalThis as { __KHELA_EARLY__?: EarlyStore };

/** The store the early script fills (created on first use). */
export function earlyStore(): EarlyStore {
  return (holder.__KHELA_EARLY__ ??= {});
}

/** The early request of `key`, handed out once (undefined when there was none or it was taken). */
export function takeEarly(key: EarlyKey): Promise<unknown> | undefined {
  const store = holder.__KHELA_EARLY__;
  const early = store?.[key];
  if (store) delete store[key];
  return early;
}

/** The early request of the manifest at `url` (its text), handed out once. */
export function takeEarlyManifest(url: string): Promise<string> | undefined {
  const manifests = holder.__KHELA_EARLY__?.manifests;
  const early = manifests?.[url];
  if (manifests) delete manifests[url];
  return early;
}

/**
 * The part of the server's page at `el` has hydrated: the shell's root (`#root`, its first render committed) or a
 * remote's area (`[data-ssr-root]`, its parcel mounted). The early script clicks again the tap it held there
 * (./hold.ts); nothing happens on a page without one.
 */
export function hydratedHere(el: Element): void {
  holder.__KHELA_EARLY__?.hydrated?.(el);
}
