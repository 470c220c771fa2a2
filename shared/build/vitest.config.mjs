import { defineConfig } from 'vitest/config';
import { vitestReporters } from './test-times.mjs';

export default defineConfig({
  test: {
    reporters: vitestReporters(),
    // boundaries.test.mjs lints with the real config: its first case loads the parsers and resolvers, which took over
    // vitest's 5 s default on a loaded 2-core machine (a second copy of the suites running beside it)
    testTimeout: 30_000,
  },
});
