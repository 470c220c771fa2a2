/*
 * The shell's server render (issue 31, stage 1; on with SSR=1, see README "Server rendering"): the first screen of a
 * page, rendered in Node by the same React components the browser runs, with emotion's critical CSS and the first
 * screen's data (the TanStack Query cache, dehydrated) in the page. The browser hydrates it (src/bootstrap.tsx).
 *
 * Built by rspack.server.mjs, loaded by server/main.mjs. Only `/` and `/promotions` are rendered so far; any other path, and any failure, is answered
 * with index.html as today (the browser renders).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate } from '@tanstack/react-query';
import { createPageRuntime, MobileGuessProvider, type PageRuntime } from '@khela/web';
import { setPageScope } from '../src/page';
import { assumePainted } from '../src/layout/after-first-paint';
import { App } from '../src/App';
import { loadFirstScreen } from '../src/layout/content';
import { loadHome } from '../src/screens/home-loader';

/** Paths rendered on the server (stage 1 so far: home and promotions). */
export const RENDERED = new Set(['/', '/promotions']);

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
  /** The response's CSP nonce: on every <style> written. */
  nonce: string;
  /** How long the data may take (ms); past it the page is left to the browser. */
  dataBudgetMs?: number;
}

export interface Rendered {
  /** Into <head>: critical CSS (nonce'd <style> tags) and the data block (`#khela-ssr`). */
  head: string;
  /** The inside of #root. */
  html: string;
  /** The page's title (the general settings' site title), which the browser would set after its first render. */
  title?: string;
}

/** What the browser needs to hydrate the same tree: the dehydrated cache and the server's guesses. */
export interface SsrData {
  queries: ReturnType<typeof dehydrate>;
  mobile: boolean;
  lang: 'en';
}

const PHONE = /Mobi|Android|iPhone|iPod|Opera Mini|IEMobile/i;

/** The first screen of `url`, or null when this path is not rendered here, or its data failed or did not come in time. */
export async function renderPage(input: RenderInput): Promise<Rendered | null> {
  const path = input.url.split('?')[0] ?? '/';
  if (!RENDERED.has(path)) return null;
  const runtime = createPageRuntime({ apiBase: input.apiBase });
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
  if ((await Promise.race([data, late])) !== 'ok') return null;
  const general = runtime.queryClient.getQueryData<{ site_status?: number; site_title?: string | null }>([
    'shell-content',
    'general',
    runtime.session.locale$.value,
  ]);
  // maintenance and failed reads: the browser renders as today
  if (!general || general.site_status === 0) return null;

  const mobile = PHONE.test(input.userAgent ?? '');
  const cache = createCache({ key: 'css', nonce: input.nonce });
  const emotion = createEmotionServer(cache);
  const html = await toString(
    <MobileGuessProvider mobile={mobile}>
      <CacheProvider value={cache}>
        <StaticRouter location={input.url}>
          <App />
        </StaticRouter>
      </CacheProvider>
    </MobileGuessProvider>,
  );
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  // React puts the image preloads it found (banner, logo) first: they belong in <head>, not in #root
  const preloads = /^(?:<link [^>]*\/>)*/.exec(html)![0];
  const ssr: SsrData = { queries: dehydrate(runtime.queryClient), mobile, lang: 'en' };
  // "<" escaped: the data can never close the <script> element it sits in
  const block = `<script type="application/json" id="khela-ssr">${JSON.stringify(ssr).replace(/</g, '\\u003c')}</script>`;
  return { head: block + preloads + styles, html: html.slice(preloads.length), title: general.site_title || undefined };
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
