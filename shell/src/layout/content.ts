import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import * as schemas from '@khela/contracts';
import { type Endpoint, type ResponseOf } from '@khela/contracts';
import { type ApiClient, type Fact, useFact } from '@khela/web';
import { page } from '../page';
import { takeEarly } from '../early/store';

/*
 * Site content the shell shows everywhere (logo, general settings, sliders, social links, promotions, providers), on
 * the page's server-state cache (the TanStack Query client every app is handed): each call is made once per page and
 * shared by every component that needs it; a failure is not kept (the next mount asks again, after the client's
 * retries). Public content stays across log-in and log-out; promotions and providers follow the player.
 */
const PUBLIC = new Set(['general', 'logo', 'sliders', 'sociallink']);
/** Content staff publish from the back office: read again when the push says it changed (topic `content`). */
const PUSHED = new Set(['general', 'logo', 'sliders', 'sociallink', 'promotions', 'promotion']);

/**
 * The API answers staff's texts in the session's language (Accept-Language), so the language is part of the key: a
 * switch reads the other language once and keeps both.
 */
const ENGLISH = { value: 'en', subscribe: () => ({ unsubscribe() {} }) } as unknown as Fact<string>;
/** The session's locale (a page without a session yet, as in some tests: English). */
const localeFact = (): Fact<string> => page().session?.locale$ ?? ENGLISH;
const currentLocale = () => localeFact().value;

function contentQuery<T>(key: string, load: (api: ApiClient) => Promise<T>, locale: string = currentLocale()) {
  const base = key.split(':')[0]!;
  return {
    queryKey: ['shell-content', key, locale],
    queryFn: () => load(page().api),
    // shown as loaded for the whole visit; a change staff publish arrives by push (topic `content`)
    staleTime: Infinity,
    meta: { public: PUBLIC.has(base), topics: PUSHED.has(base) ? (['content'] as const) : undefined },
  };
}

export function cachedLoad<T>(key: string, load: (api: ApiClient) => Promise<T>): Promise<T> {
  return page().queryClient.fetchQuery(contentQuery(key, load));
}

/** Test helper: forget everything loaded. */
export function clearContentCache(): void {
  page().queryClient.removeQueries({ queryKey: ['shell-content'] });
}

/**
 * The call's result, taken from the early script's request when there is one (src/early: a page the server did not
 * render), validated by the endpoint's own schema as `api.call` does, so the page never asks twice; anything wrong with
 * the early answer falls back to a normal call, which reports errors the usual way. (A page the server rendered has the
 * answers in its query cache already: src/server-render.ts.)
 */
async function callEarly<E extends Endpoint<any, any, any, any>>(
  key: 'general' | 'logo' | 'sliders',
  api: ApiClient,
  endpoint: E,
): Promise<ResponseOf<E>> {
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
  /** The failure itself (for LoadFailed's words), while there is one. */
  failure: unknown;
  /** Ask again (a failed read's Retry). */
  retry: () => unknown;
  /** A new attempt is under way. */
  retrying: boolean;
}

/** Content `key` (null key = nothing to load) as the page's server state, in the shape the layout reads. */
export function useContent<T>(key: string | null, load: (api: ApiClient) => Promise<T>): Loaded<T> {
  const locale = useFact(localeFact());
  const q = useQuery({ ...contentQuery(key ?? '', load, locale), enabled: key !== null }, page().queryClient);
  useEffect(() => {
    // spec 8: other fetch failures are only logged
    if (q.error) console.warn(`[shell] ${key} failed`, q.error);
  }, [q.error, key]);
  return {
    data: key === null ? undefined : q.data,
    error: q.error?.message,
    loading: key !== null && q.isPending && !q.error,
    failure: q.error ?? undefined,
    retry: q.refetch,
    retrying: q.isFetching,
  };
}

const loadGeneral = (api: ApiClient) =>
  callEarly('general', api, schemas.getGeneral).then((general) => {
    // spec 4's local-storage keys of the support contacts, written by the session service (their one writer)
    page().sessionService.receiveSupportContacts(general);
    return general;
  });
const loadLogo = (api: ApiClient) => callEarly('logo', api, schemas.getLogo).then((list) => list[0] ?? null);
const loadSliders = (api: ApiClient) => callEarly('sliders', api, schemas.getSliders);

export const useGeneral = () => useContent('general', loadGeneral);
export const useLogo = () => useContent('logo', loadLogo);
export const useSliders = () => useContent('sliders', loadSliders);

/**
 * Starts the shell's content calls before the first render (taking over the early script's requests)
 * and waits only for answers that have already arrived, so the first render shows them
 * instead of the splash and the banner placeholder. Never waits on the network.
 */
export async function primeContent(path: string): Promise<void> {
  const loads: Promise<unknown>[] = [cachedLoad('general', loadGeneral), cachedLoad('logo', loadLogo)];
  if (path === '/') loads.push(cachedLoad('sliders', loadSliders));
  for (const p of loads) p.catch(() => {});
  await Promise.race([Promise.allSettled(loads), new Promise((resolve) => setTimeout(resolve, 0))]);
}
const loadSocialLinks = (api: ApiClient) => api.call(schemas.getSocialLinks);
export const loadPromotions = (api: ApiClient) => api.call(schemas.getPromotions);
const loadPaymentMethods = (api: ApiClient) => api.call(schemas.getPaymentMethods);
export const useSocialLinks = () => useContent('sociallink', loadSocialLinks);
export const usePaymentMethods = () => useContent('payment-methods', loadPaymentMethods);

/** Absolute address of an image stored on the API host. */
export function imageUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return page().api.url(path);
}

/**
 * The server render's (server/render.tsx) version of primeContent: waits for every answer of the first screen (a
 * failure fails the render: the browser renders the page), and for the footer's (social links, payment methods), which
 * the server renders too, at best (a failed one is read by the browser as today).
 */
export async function loadFirstScreen(path: string): Promise<void> {
  const loads: Promise<unknown>[] = [cachedLoad('general', loadGeneral), cachedLoad('logo', loadLogo)];
  if (path === '/') loads.push(cachedLoad('sliders', loadSliders));
  // a visitor's promotions (the list follows the player: a logged-in page is rendered by the browser)
  if (path === '/promotions') loads.push(cachedLoad('promotions', loadPromotions));
  const footer = [cachedLoad('sociallink', loadSocialLinks), cachedLoad('payment-methods', loadPaymentMethods)];
  await Promise.all([Promise.all(loads), Promise.allSettled(footer)]);
}
