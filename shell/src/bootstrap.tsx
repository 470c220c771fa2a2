import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { CacheProvider } from '@emotion/react';
import { styleCache } from '@khela/web';
import { loadRemotesConfig, resolveUrl } from './federation/remotes';
import { startPage } from './page';
import { dropPrepaintLater } from './layout/prepaint';

async function start() {
  const app = import('./App');
  const config = await loadRemotesConfig().catch((err) => {
    console.error('[shell] remotes.json unavailable; remote areas will show their fallback', err);
    return null;
  });
  // the page's API client, bus and player session, on the API address of remotes.json
  startPage(config?.api ? resolveUrl(config.api) : undefined);
  const { App, primeContent, loadHome } = await app;
  // take over index.html's early requests; answers already here show in the first render. On / the home screen's
  // chunk (preloaded by index.html) is awaited too, so the first render is the page, not a loading fallback.
  await Promise.all([primeContent(location.pathname), location.pathname === '/' ? loadHome().catch(() => undefined) : undefined]);
  // the shell's own React copy; remotes record theirs when they render (a test asserts one of each)
  const g = globalThis as { __KHELA_REACT_COPIES__?: Set<unknown>; __KHELA_REACT_DOM_COPIES__?: Set<unknown> };
  (g.__KHELA_REACT_COPIES__ ??= new Set()).add(React);
  (g.__KHELA_REACT_DOM_COPIES__ ??= new Set()).add(ReactDOMClient);
  ReactDOMClient.createRoot(document.getElementById('root')!).render(
    // the page's CSP nonce on every <style> emotion injects (no 'unsafe-inline' for styles)
    <CacheProvider value={styleCache('css')}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </CacheProvider>,
  );
  dropPrepaintLater();
}

void start();
