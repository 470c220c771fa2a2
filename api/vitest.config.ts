import { defineConfig } from 'vitest/config';
import { vitestReporters } from '../shared/build/test-times.mjs';

export default defineConfig({
  test: {
    reporters: vitestReporters(),
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // the migrated databases every test file's databases start from (src/testing/migrated-templates.ts)
    globalSetup: ['src/testing/migrated-templates.ts'],
    // background jobs that reach outside parties stay off unless a test starts them (casino/provider-art.ts)
    env: { CASINO_ART_SYNC_HOURS: '0' },
    // Two files at a time: every file has its own database (an in-memory PGlite, or a fresh PostgreSQL schema), and
    // while one waits on PostgreSQL the other computes (measured on 2 cores: 527 s with one worker, 453 s with three).
    maxWorkers: 2,
    // PGlite boots in ~3 s per file; the concurrency tests need headroom.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
