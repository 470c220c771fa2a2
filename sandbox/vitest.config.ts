import { defineConfig } from 'vitest/config';
import { vitestReporters } from '../shared/build/test-times.mjs';

export default defineConfig({
  test: {
    reporters: vitestReporters(),
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
