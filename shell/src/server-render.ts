import { hydrate, type DehydratedState } from '@tanstack/react-query';
import type { PageRuntime } from '@khela/web';
import { i18n } from '@khela/web';
import type { RemoteName } from './federation/remotes';
import type { AreaRender } from './federation/server-areas';

/**
 * What the shell's render server (server/render.tsx) puts in the page beside the first screen it rendered:
 * the first screen's data (the page's query cache, dehydrated) and what it assumed of the browser.
 */
export interface ServerRender {
  queries: DehydratedState;
  /** The server's guess of the screen (User-Agent); the hydrating render reads it, then the real width. */
  mobile: boolean;
  /** The language it rendered in. */
  lang: string;
  /** The remote areas on the page: rendered by the remote's Node container, or left to the browser (issue 31). */
  areas?: Partial<Record<RemoteName, AreaRender['mode']>>;
}

/**
 * The remote areas of the server's render as the first render needs them: a rendered area's markup as it is in the
 * document now (React then sees the same inside of `data-ssr-root` it wrote on the server), a missing one left to the
 * browser.
 */
export function serverAreas(ssr: ServerRender, doc: Document = document): Partial<Record<RemoteName, AreaRender>> {
  const areas: Partial<Record<RemoteName, AreaRender>> = {};
  for (const [remote, mode] of Object.entries(ssr.areas ?? {}) as [RemoteName, AreaRender['mode']][]) {
    const root = doc.querySelector(`[data-remote="${remote}"][data-ssr="server"] > [data-ssr-root]`);
    areas[remote] = mode === 'server' && root ? { mode, html: root.innerHTML } : { mode: 'browser' };
  }
  return areas;
}

/**
 * The server's render of this page when the browser can hydrate it (render the same tree): null without one, or when
 * the server rendered another language than the page's (the `lang` cookie missing or older than the saved choice).
 * Then the browser renders the page itself, as without the render server. Otherwise the data goes into the page's
 * query cache now, before anything asks for it. A logged-in player hydrates too: the server rendered the page as a
 * visitor, and the session hooks read the visitor's values while hydrating (`useFact`'s server value), then the
 * player's own.
 */
export function takeServerRender(runtime: PageRuntime): ServerRender | null {
  const el = document.getElementById('khela-ssr');
  if (!el) return null;
  try {
    const ssr = JSON.parse(el.textContent ?? '') as ServerRender;
    if (runtime.session.locale$.value !== ssr.lang || i18n.language !== ssr.lang) return null;
    hydrate(runtime.queryClient, ssr.queries);
    // the settings' support contacts are written by the session (as the general call does when it answers)
    const general = ssr.queries.queries.find((q) => q.queryKey[1] === 'general')?.state.data;
    if (general) runtime.sessionService.receiveSupportContacts(general as never);
    return ssr;
  } catch {
    return null;
  }
}
