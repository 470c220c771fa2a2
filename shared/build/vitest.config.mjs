import { defineConfig } from 'vitest/config';
import { vitestReporters } from './test-times.mjs';

export default defineConfig({ test: { reporters: vitestReporters() } });
