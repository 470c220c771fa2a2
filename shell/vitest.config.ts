import { defineConfig } from 'vitest/config';
import { vitestReporters } from '../shared/build/test-times.mjs';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
  test: {
    reporters: vitestReporters(),
    // a screen test types and clicks through jsdom: a loaded 2-core machine takes over vitest's 5 s default
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.{ts,tsx}'],
    setupFiles: ['../shared/web/test/setup.ts'],
    // single-spa-react's Parcel re-throws a mount error after handing it to handleError; the test
    // asserts the fallback that handleError shows, so only that deliberate error is ignored
    onUnhandledError: (error) => !/broken chunk/.test(String((error as Error)?.message)),
  },
});
