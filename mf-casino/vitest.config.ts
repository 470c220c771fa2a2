import { defineConfig } from 'vitest/config';
import { vitestReporters } from '../shared/build/test-times.mjs';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
  test: {
    reporters: vitestReporters(),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../shared/web/test/setup.ts'],
  },
});
