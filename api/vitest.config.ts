import { defineConfig } from 'vitest/config';
import { vitestReporters } from '../shared/build/test-times.mjs';

export default defineConfig({
  test: {
    reporters: vitestReporters(),
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // PGlite boots in ~3 s per file; the concurrency tests need headroom.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
