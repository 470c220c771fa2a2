import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // PGlite boots in ~3 s per file; the concurrency tests need headroom.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
