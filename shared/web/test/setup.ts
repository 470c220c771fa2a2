// jsdom lacks these browser APIs that carousels and layout hooks use.
import { afterEach, beforeAll } from 'vitest';

// findBy*/waitFor wait up to 5 s for what an answer or a push brings (testing-library's 1 s default lost answers on a
// loaded 2-core machine); a test that never sees it still fails. (Imported lazily, as cleanup below is.)
beforeAll(async () => {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
});

// (a test of server code runs in Node: `// @vitest-environment node`, no window)
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
(globalThis as Record<string, unknown>).IntersectionObserver ??= NoopObserver;
(globalThis as Record<string, unknown>).ResizeObserver ??= NoopObserver;

afterEach(async () => {
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
