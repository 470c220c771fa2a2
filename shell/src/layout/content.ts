import { useEffect, useState } from 'react';
import { bus, pageApiClient, schemas, useLoggedIn, type ApiClient } from '@khela/shared';

/*
 * Site content the shell shows everywhere (logo, general settings, sliders, social links).
 * Each call is made once per page and shared by every component that needs it.
 */
const cache = new Map<string, Promise<unknown>>();

export function cachedLoad<T>(key: string, load: (api: ApiClient) => Promise<T>): Promise<T> {
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load(pageApiClient());
    // a failure is not cached: the next mount tries again
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}

/** Test helper: forget everything loaded. */
export function clearContentCache(): void {
  cache.clear();
}

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
}

/** Loads `key` once (null key = nothing to load) and follows it in component state. */
export function useLoaded<T>(key: string | null, load: (api: ApiClient) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: undefined, error: undefined, loading: key !== null });
  useEffect(() => {
    if (key === null) {
      setState({ data: undefined, error: undefined, loading: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
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

export const useGeneral = () => useLoaded('general', (api) => api.call(schemas.getGeneral));
export const useLogo = () => useLoaded('logo', (api) => api.call(schemas.getLogo).then((list) => list[0] ?? null));
export const useSliders = () => useLoaded('sliders', (api) => api.call(schemas.getSliders));
export const useSocialLinks = () => useLoaded('sociallink', (api) => api.call(schemas.getSocialLinks));

/** Absolute address of an image stored on the API host. */
export function imageUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return pageApiClient().url(path);
}

/** Spec 6: a section is blocked when its flag is 0 and the player's status is not active. */
export function blockedSections(flags: schemas.MarketFlags): { exchange: boolean; casino: boolean } {
  const inactive = flags.status !== 'active';
  return { exchange: flags.exchange_market === 0 && inactive, casino: flags.cs_market === 0 && inactive };
}

/** Fetches the player's market flags after login and puts them on the bus for every remote. */
export function useMarketBlockRelay(): void {
  const loggedIn = useLoggedIn();
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    pageApiClient()
      .call(schemas.getMarketBlock)
      .then((flags) => live && bus.publish('market-block', blockedSections(flags)))
      .catch((err: unknown) => console.warn('[shell] market block failed', err));
    return () => {
      live = false;
    };
  }, [loggedIn]);
}
