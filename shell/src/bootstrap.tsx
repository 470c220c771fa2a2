import React, { startTransition, useEffect, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { CacheProvider } from '@emotion/react';
import { MobileGuessProvider, styleCache } from '@khela/web';
import { loadRemotesConfig, resolveUrl } from './federation/remotes';
import { page, startPage } from './page';
import { assumePainted } from './layout/after-first-paint';
import { serverAreas, takeServerRender } from './server-render';
import { ServerAreas } from './federation/server-areas';
import { hydratedHere } from './early/store';

/** Tells the early script the server's page has hydrated (its first render committed): a tap it held is replayed. */
function Hydrated({ root, children }: { root: Element; children: ReactNode }) {
  useEffect(() => hydratedHere(root), [root]);
  return children;
}

async function start() {
  const app = import('./App');
  const config = await loadRemotesConfig().catch((err) => {
    console.error('[shell] remotes.json unavailable; remote areas will show their fallback', err);
    return null;
  });
  // the page's API client, bus and player session, on the API address of remotes.json
  startPage(config?.api ? resolveUrl(config.api) : undefined);
  // the first screen came from the server (shell/server): its data goes into the page's cache, nothing is asked again
  const ssr = takeServerRender(page());
  const { App, primeContent, loadHome, loadScreen, preloadFooter, loadServerArea } = await app;
  // rendered in the browser: the footer's chunk now, so it is here by the first paint (a server-rendered page
  // hydrates the footer later, when its chunk has come)
  if (!ssr) preloadFooter();
  // take over the early script's requests (src/early); answers already here show in the first render. On / the home
  // screen's chunk (preloaded by the early script) is awaited too, so the first render is the page, not a loading fallback.
  // A remote's area the server rendered: ServerArea's chunk too, so the area hydrates in the shell's first pass; the
  // other shell screens loaded on demand (promotions, info pages) likewise on their own paths (App's loadScreen).
  await Promise.all([
    primeContent(location.pathname),
    location.pathname === '/' ? loadHome().catch(() => undefined) : undefined,
    loadScreen(location.pathname).catch(() => undefined),
    Object.values(ssr?.areas ?? {}).includes('server') ? loadServerArea().catch(() => undefined) : undefined,
  ]);
  // the shell's own React copy; remotes record theirs when they render (a test asserts one of each)
  const g = globalThis as { __KHELA_REACT_COPIES__?: Set<unknown>; __KHELA_REACT_DOM_COPIES__?: Set<unknown> };
  (g.__KHELA_REACT_COPIES__ ??= new Set()).add(React);
  (g.__KHELA_REACT_DOM_COPIES__ ??= new Set()).add(ReactDOMClient);
  const tree = (
    // the page's CSP nonce on every <style> emotion injects (no 'unsafe-inline' for styles)
    <CacheProvider value={styleCache('css')}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </CacheProvider>
  );
  const root = document.getElementById('root')!;
  if (ssr) {
    // the parts the server rendered although a phone renders them after its first paint (footer, buttons)
    assumePainted();
    const recoverable: unknown[] = ((globalThis as { __KHELA_HYDRATION_ERRORS__?: unknown[] }).__KHELA_HYDRATION_ERRORS__ = []);
    const hydrating = (
      <Hydrated root={root}>
        <MobileGuessProvider mobile={ssr.mobile}>
          <ServerAreas.Provider value={serverAreas(ssr)}>{tree}</ServerAreas.Provider>
        </MobileGuessProvider>
      </Hydrated>
    );
    const serverLang = document.documentElement.lang;
    // hydrated as a transition: React 19 renders a default-priority hydration in one task, a transition's in slices
    // of ~5 ms, so a phone's main thread is never blocked for the whole page (a tap meanwhile hydrates its part first)
    startTransition(() => {
      ReactDOMClient.hydrateRoot(root, hydrating, {
        // a mismatch React recovered from by rendering in the browser: counted (the e2e test asserts none) and logged
        onRecoverableError(err) {
          // the player chose another language before a part (the footer) had hydrated: it hydrates in the new one, so
          // React renders it afresh, as it should
          if (document.documentElement.lang !== serverLang) return console.info('[shell] a part rendered afresh in the new language');
          recoverable.push(err);
          console.error('[shell] hydration mismatch', err);
        },
      });
    });
    return;
  }
  // a server page rendered afresh (another language than the server's): a tap held on its markup is replayed too
  ReactDOMClient.createRoot(root).render(<Hydrated root={root}>{tree}</Hydrated>);
}

void start();
