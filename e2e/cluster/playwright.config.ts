import { defineConfig, devices } from '@playwright/test';

// Browser part of the fault-injection suite: run by e2e/cluster/run.mjs against the cluster it started
// (CLUSTER_SITE_URL: nginx; CLUSTER_CONTROL_URL: the suite's control of processes and players). Not run alone.
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts/,
  timeout: 120_000,
  workers: 1,
  retries: 0,
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    baseURL: process.env.CLUSTER_SITE_URL,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
