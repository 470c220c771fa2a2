import { test, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PORT_OFFSET_VAR, remotesConfig } from '../../shared/build/apps.mjs';

/*
 * The shell's render server (issue 31 stage 1, shell/README.md "Server rendering"), beside the site under test: the
 * same built shell, API and remotes, its home page's first screen rendered by React on the server. Started here on a
 * free port (about a second) rather than running the whole suite a second time with SSR=1.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = { [PORT_OFFSET_VAR]: process.env.E2E_PORT_OFFSET ?? '10' };
let server: ChildProcess;
let site = '';

test.beforeAll(async () => {
  server = spawn(process.execPath, [path.join(root, 'shell/server/main.mjs'), path.join(root, 'shell/dist'), '--port', '0'], {
    env: { ...process.env, HOST: '127.0.0.1', KHELA_REMOTES_JSON: JSON.stringify(remotesConfig(env)), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  site = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (d) => {
      out += d;
      const m = /on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    server.on('exit', (code) => reject(new Error(`render server exited with ${code}`)));
  });
});
test.afterAll(() => {
  server?.kill();
});

test('home comes from the server with its first screen and data, and hydrates without a mismatch or a second fetch', async ({
  page,
  request,
  browser,
}) => {
  // the HTML itself, before any script: header, banner, categories, games, footer and the data block
  const html = await (await request.get(`${site}/`)).text();
  expect(html).toContain('id="khela-ssr"');
  expect(html).toMatch(/<div id="root"><div data-layout="mobile"/);
  for (const text of ['Favourites', 'Featured Games', 'Casino', 'data-testid="main-slider"', 'data-testid="site-footer"'])
    expect(html).toContain(text);
  expect(html).toMatch(/<style data-emotion="css [^"]+" nonce="/);

  // with JavaScript off, the banner, the categories and the games show
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    userAgent: 'Mozilla/5.0 (Linux; Android 13) Mobile',
  });
  const still = await noJs.newPage();
  await still.goto(`${site}/`);
  await expect(still.getByTestId('main-slider').locator('img').first()).toBeVisible();
  await expect(still.getByText('Favourites')).toBeVisible();
  await noJs.close();

  // in the browser: hydrated, no recoverable error, none of the first screen's calls made again, a click works
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && /hydrat|#418|#419|#423|#425/i.test(m.text()) && problems.push(m.text()));
  const asked: string[] = [];
  page.on('request', (r) => /\/api\/(general|logo|sliders|sociallink|payment-methods)\b/.test(r.url()) && asked.push(r.url()));
  await page.goto(`${site}/`);
  await page.waitForFunction(() => Array.isArray((globalThis as { __KHELA_HYDRATION_ERRORS__?: unknown[] }).__KHELA_HYDRATION_ERRORS__));
  await page.getByTestId('menu-button').click();
  await expect(page.getByRole('dialog').getByText('Promotions')).toBeVisible();
  expect(await page.evaluate(() => (globalThis as { __KHELA_HYDRATION_ERRORS__?: unknown[] }).__KHELA_HYDRATION_ERRORS__!.length)).toBe(0);
  expect(problems).toEqual([]);
  expect(asked).toEqual([]);
});

test('promotions comes from the server and hydrates: its list is not asked again, a tab answers', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && /hydrat|#418|#419|#423|#425/i.test(m.text()) && problems.push(m.text()));
  const asked: string[] = [];
  page.on('request', (r) => /\/api\/(general|logo|promotion)\b/.test(r.url()) && asked.push(r.url()));
  await page.goto(`${site}/promotions`);
  await page.waitForFunction(() => Array.isArray((globalThis as { __KHELA_HYDRATION_ERRORS__?: unknown[] }).__KHELA_HYDRATION_ERRORS__));
  await expect(page.getByText('Welcome Bonus 100% + Free Spins')).toBeVisible();
  const sports = page.getByTestId('promotion-filters').getByRole('tab', { name: 'Sports', exact: true });
  await sports.click();
  await expect(sports).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate(() => (globalThis as { __KHELA_HYDRATION_ERRORS__?: unknown[] }).__KHELA_HYDRATION_ERRORS__!.length)).toBe(0);
  expect(problems).toEqual([]);
  expect(asked).toEqual([]);
});
