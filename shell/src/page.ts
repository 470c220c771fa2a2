import { createPageRuntime, defaultApiBase, watchScreen, type PageRuntime } from '@khela/web';

let runtime: PageRuntime | null = null;

/**
 * The page's runtime (API client, bus, player session), owned by the shell: created once at start
 * with the API address of remotes.json, and its session feeds (push relay, market-block fetch) started.
 * Remotes never import it: they receive its services in HostProps.
 */
export function startPage(apiBase: string | undefined): PageRuntime {
  if (runtime) return runtime;
  runtime = createPageRuntime({ apiBase: apiBase ?? defaultApiBase() });
  runtime.sessionService.start();
  keepLanguageCookie(runtime);
  keepLayoutCookie();
  return runtime;
}

/** The cookie that tells the render server the visitor's language (issue 31, README "Server rendering"). */
export const LANG_COOKIE = 'lang';

/**
 * The chosen language (kept by the session in local storage, which a server never sees) mirrored into the `lang`
 * cookie, so the render server renders the next page in it and the browser hydrates the same words. A UI preference
 * only, like the local-storage key: no credential. Written at start too (a language chosen before the cookie existed).
 */
function keepLanguageCookie(rt: PageRuntime): void {
  if (typeof document === 'undefined') return;
  rt.session.locale$.subscribe((locale) => {
    document.cookie = `${LANG_COOKIE}=${locale}; path=/; max-age=31536000; SameSite=Lax`;
  });
}

/** The cookie that tells the render server the layout the visitor's screen shows: `phone` or `desktop`. */
export const LAYOUT_COOKIE = 'layout';

/**
 * The layout the screen shows (the 768 px threshold of useIsMobile), kept in the `layout` cookie, now and on every
 * change (a phone turned, a window resized). The server guesses the first page's layout from the User-Agent; a tablet,
 * or a phone asking for the desktop site, gets the other layout, and the page flips right after hydration, moving
 * what is under the player's finger. From the second page on the server renders what this cookie says. A UI
 * preference only: no credential.
 */
function keepLayoutCookie(): void {
  if (typeof document === 'undefined') return;
  watchScreen((mobile) => {
    document.cookie = `${LAYOUT_COOKIE}=${mobile ? 'phone' : 'desktop'}; path=/; max-age=31536000; SameSite=Lax`;
  });
}

/**
 * The server render (server/render.tsx) renders many pages at once in one process: it hands each render its own
 * runtime (its API client on the request's host, its own query cache) through this lookup. Never set in the browser.
 */
let scoped: (() => PageRuntime | undefined) | null = null;
export function setPageScope(lookup: () => PageRuntime | undefined): void {
  scoped = lookup;
}

/** The runtime started by bootstrap (tests and code that runs before it get one on the default API). */
export function page(): PageRuntime {
  return scoped?.() ?? runtime ?? startPage(undefined);
}
