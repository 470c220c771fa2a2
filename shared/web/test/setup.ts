// jsdom lacks these browser APIs that carousels and layout hooks use.
import { afterEach } from 'vitest';

if (!window.matchMedia) {
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
  localStorage.clear();
});
