import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { PORT_OFFSET_VAR, ports } from '../shared/build/apps.mjs';

// The site under test runs on its own ports (the default ports of shared/build/apps.mjs + E2E_PORT_OFFSET)
// with a fresh database, so a developer's running copy is never touched and every run starts from the seed.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 10);
// only the offset moves this copy: a port variable of the developer's shell (SHELL_PORT, ...) is ignored
const port = ports({ [PORT_OFFSET_VAR]: String(offset) });
export const urls = {
  site: `http://127.0.0.1:${port.shell}`,
  api: `http://127.0.0.1:${port.api}`,
  sandbox: `http://127.0.0.1:${port.sandbox}`,
};
process.env.E2E_SITE_URL = urls.site;
process.env.E2E_API_URL = urls.api;
process.env.E2E_SANDBOX_URL = urls.sandbox;

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // one retry in CI, so a failure's trace is recorded twice; but no test may need it: a test that passed only on its
  // retry is listed as flaky by the list reporter and fails the run
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }], ['../shared/build/playwright-file-times.mjs']],
  use: {
    baseURL: urls.site,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'mobile',
      testIgnore: /backoffice-.*\.spec\.ts/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' },
    },
    // the back office is for staff on desktops; its specs open players' pages in mobile contexts themselves
    {
      name: 'backoffice',
      testMatch: /backoffice-.*\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, browserName: 'chromium' },
    },
  ],
  webServer: {
    command: 'node scripts/start-all.mjs',
    url: `${urls.api}/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      [PORT_OFFSET_VAR]: String(offset),
      DATA_DIR: path.join(os.tmpdir(), `khela-e2e-${offset}-${Date.now()}`),
      LOG_LEVEL: 'warn',
      // e2e drives many sign-ups and logins from one address
      RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '50',
      // the proof-of-work challenge (desktop registration; sign-up and log-in on unusual volume) at a trivial
      // difficulty: the real one costs seconds, measured in api/src/identity/README.md
      CHALLENGE_COST: '1',
      CHALLENGE_MAX_NUMBER: '50',
      // short, so the timeout test does not wait long
      REMOTE_TIMEOUT_MS: '5000',
      // exchange-trading.spec.ts: in-play bet delays short enough to watch them count down without waiting 5 s
      EXCHANGE_BET_DELAY_MS: 'MATCH_ODDS:1500,BOOKMAKER:800,FANCY:800',
      // responsible-gaming.spec.ts: a reality-check "minute" of 200 ms (15 minutes -> 3 s), a session "minute" of 1 s
      RG_REALITY_CHECK_MINUTE_MS: '200',
      RG_SESSION_MINUTE_MS: '1000',
      // backoffice-transfers.spec.ts: staff re-query and resolve a pending transfer, so the transfer reconciler runs
      // only at start (its passes are the API tests'; a closed player's wallets are recalled at once without it)
      TRANSFER_RECONCILE_MS: '0',
    },
  },
});
