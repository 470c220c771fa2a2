import { useEffect, useState } from 'react';
import * as schemas from '@khela/contracts';
import { type Endpoint, type ResponseOf } from '@khela/contracts';
import { type ApiClient } from '@khela/web';
import { page } from '../page';

/*
 * Site content the shell shows everywhere (logo, general settings, sliders, social links).
 * Each call is made once per page and shared by every component that needs it.
 */
const cache = new Map<string, Promise<unknown>>();
/** Values already arrived, so a component mounting later renders them at once instead of a placeholder. */
const settled = new Map<string, unknown>();

export function cachedLoad<T>(key: string, load: (api: ApiClient) => Promise<T>): Promise<T> {
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load(page().api);
    p.then(
      (value) => settled.set(key, value),
      // a failure is not cached: the next mount tries again
      () => cache.delete(key),
    );
    cache.set(key, p);
  }
  return p;
}

/** Test helper: forget everything loaded. */
export function clearContentCache(): void {
  cache.clear();
  settled.clear();
}

/**
 * Raw JSON promises started by the inline script of index.html before any JavaScript bundle arrived.
 * `window.__KHELA_EARLY__` is the one hand-over from that script to the shell (its other reader is
 * federation/remotes.ts, for /remotes.json); each promise is taken once, so it is no channel for data.
 */
type EarlyKey = 'general' | 'logo' | 'sliders';
type EarlyStore = Partial<Record<EarlyKey, Promise<unknown>>>;

/** The early response for `key`, handed out once: a later retry goes to the API again. */
function takeEarly(key: EarlyKey): Promise<unknown> | undefined {
  const store = (globalThis as { __KHELA_EARLY__?: EarlyStore }).__KHELA_EARLY__;
  const p = store?.[key];
  if (store) delete store[key];
  return p;
}

/**
 * The call's result, taken from the early request of index.html when there is one (validated by the
 * endpoint's own schema, as `api.call` does), so the page never asks twice; anything wrong with the early
 * answer falls back to a normal call, which reports errors the usual way.
 */
async function callEarly<E extends Endpoint<any, any, any, any>>(key: EarlyKey, api: ApiClient, endpoint: E): Promise<ResponseOf<E>> {
  const early = takeEarly(key);
  if (early) {
    try {
      const parsed = endpoint.response.safeParse(await early);
      if (parsed.success) return parsed.data as ResponseOf<E>;
    } catch {
      // the early request failed: ask again below
    }
  }
  return api.call(endpoint);
}

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
}

/** Loads `key` once (null key = nothing to load) and follows it in component state. */
export function useLoaded<T>(key: string | null, load: (api: ApiClient) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>(() =>
    key !== null && settled.has(key)
      ? { data: settled.get(key) as T, error: undefined, loading: false }
      : { data: undefined, error: undefined, loading: key !== null },
  );
  useEffect(() => {
    if (key === null) {
      setState({ data: undefined, error: undefined, loading: false });
      return;
    }
    let live = true;
    if (!settled.has(key)) setState((s) => ({ ...s, loading: true, error: undefined }));
    cachedLoad(key, load).then(
      (data) => live && setState({ data, error: undefined, loading: false }),
      (err: unknown) => {
        // spec 8: other fetch failures are only logged
        console.warn(`[shell] ${key} failed`, err);
        if (live) setState({ data: undefined, error: err instanceof Error ? err.message : String(err), loading: false });
      },
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}

const loadGeneral = (api: ApiClient) => callEarly('general', api, schemas.getGeneral);
const loadLogo = (api: ApiClient) => callEarly('logo', api, schemas.getLogo).then((list) => list[0] ?? null);
const loadSliders = (api: ApiClient) => callEarly('sliders', api, schemas.getSliders);

export const useGeneral = () => useLoaded('general', loadGeneral);
export const useLogo = () => useLoaded('logo', loadLogo);
export const useSliders = () => useLoaded('sliders', loadSliders);

/**
 * Starts the shell's content calls before the first render (taking over the early requests of
 * index.html) and waits only for answers that have already arrived, so the first render shows them
 * instead of the splash and the banner placeholder. Never waits on the network.
 */
export async function primeContent(path: string): Promise<void> {
  const loads: Promise<unknown>[] = [cachedLoad('general', loadGeneral), cachedLoad('logo', loadLogo)];
  if (path === '/') loads.push(cachedLoad('sliders', loadSliders));
  for (const p of loads) p.catch(() => {});
  await Promise.race([Promise.allSettled(loads), new Promise((resolve) => setTimeout(resolve, 0))]);
}
export const useSocialLinks = () => useLoaded('sociallink', (api) => api.call(schemas.getSocialLinks));

/** Absolute address of an image stored on the API host. */
export function imageUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return page().api.url(path);
}
