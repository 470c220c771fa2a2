import { createElement, lazy, type ComponentType } from 'react';

/**
 * The home screen's code is a chunk of its own (with the banner carousel's library), so the other pages do not
 * download it. On / it is no later for that: the early script preloads the chunk (PreloadStartChunksPlugin's list for
 * /) and bootstrap.tsx waits for loadHome() before the first render, so that render (or hydration of the server's
 * page) has Home in hand instead of a loading fallback.
 */
let loaded: ComponentType | undefined;

export const loadHome = () =>
  import('./Home').then((m) => {
    loaded = m.Home;
    return m;
  });

const LazyHome = lazy(() => loadHome().then((m) => ({ default: m.Home })));

/** Home, rendered directly once its chunk is here, through React.lazy (Suspense) before that. */
export function HomeScreen() {
  return createElement(loaded ?? LazyHome);
}
