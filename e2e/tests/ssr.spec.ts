import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PORT_OFFSET_VAR, remotesConfig } from '../../shared/build/apps.mjs';
import { API, apiLogin, bearer, fundedPlayer, SANDBOX } from './support';

/*
 * The shell's render server (issue 31 stages 1 and 2, shell/README.md "Server rendering"). The site under test is served by it
 * too (e2e/scripts/start-all.mjs), with the production budgets (1.5 s for the first screen's data, 150 ms for a remote's
 * area), past which a page or an area is rendered in the browser; this spec asserts what the server rendered, so it
 * starts its own beside the site (the same built shell, API and remotes, on a free port, about a second) with budgets
 * a loaded test machine cannot miss, and one whose remote container is unreachable.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = { [PORT_OFFSET_VAR]: process.env.E2E_PORT_OFFSET ?? '10' };
const servers: ChildProcess[] = [];
let site = '';

/** A render server on a free port, with these settings; its address. */
async function startRenderServer(settings: Record<string, string> = {}): Promise<string> {
  const server = spawn(process.execPath, [path.join(root, 'shell/server/main.mjs'), path.join(root, 'shell/dist'), '--port', '0'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      KHELA_REMOTES_JSON: JSON.stringify(remotesConfig(env)),
      LOG_LEVEL: 'warn',
      // the budgets of a loaded test machine (the API's first-screen answers; a remote's container and its data), so a
      // slow moment leaves no page or area to the browser where the test expects the server's
      SSR_DATA_BUDGET_MS: '15000',
      SSR_REMOTE_BUDGET_MS: '15000',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  servers.push(server);
  return new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (d) => {
      out += d;
      const m = /on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    server.on('exit', (code) => reject(new Error(`render server exited with ${code}`)));
  });
}

test.beforeAll(async () => {
  site = await startRenderServer();
});
test.afterAll(() => {
  for (const s of servers) s.kill();
});

const hydrationErrors = (page: Page) =>
  page.evaluate(() => (globalThis as { __KHELA_HYDRATION_ERRORS__?: unknown[] }).__KHELA_HYDRATION_ERRORS__!.length);

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
  // the footer is its own chunk and Suspense boundary, hydrated after the rest: the server's element is kept
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (globalThis as { __serverFooter?: Element | null }).__serverFooter = document.querySelector('[data-testid="site-footer"]');
    }),
  );
  await page.goto(`${site}/`);
  await page.waitForFunction(() => Array.isArray((globalThis as { __KHELA_HYDRATION_ERRORS__?: unknown[] }).__KHELA_HYDRATION_ERRORS__));
  const toggle = page.getByTestId('site-footer').getByTestId('footer-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(await page.evaluate(() => (globalThis as { __serverFooter?: Element | null }).__serverFooter?.isConnected)).toBe(true);
  await page.getByTestId('menu-button').click();
  await expect(page.getByRole('dialog').getByText('Promotions')).toBeVisible();
  expect(await hydrationErrors(page)).toBe(0);
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
  expect(await hydrationErrors(page)).toBe(0);
  expect(problems).toEqual([]);
  expect(asked).toEqual([]);
});

/** Holds the responses of the requests `url` matches until the returned function is called. */
async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  await page.route(url, async (route) => {
    await gate;
    await route.continue();
  });
  return open;
}
const isHydrated = (page: Page) =>
  page.evaluate(() => Array.isArray((globalThis as { __KHELA_HYDRATION_ERRORS__?: unknown[] }).__KHELA_HYDRATION_ERRORS__));

test("the page's code waits for the first paint: the HTML starts no script; a tap on the server's button before hydration takes effect once hydrated, and the footer is kept", async ({
  page,
  request,
}) => {
  // no <script src> and no script preload in the HTML: the bundles are listed in #khela-code for the early script
  const html = await (await request.get(`${site}/`)).text();
  expect(html).toMatch(/<script type="application\/json" id="khela-code">\["\/main\.[0-9a-f]{8}\.js"\]<\/script>/);
  expect(html).not.toMatch(/<script[^>]*\ssrc=/);
  expect(html).not.toMatch(/<link[^>]*rel="?(modulepreload|preload"? as="?script)/);

  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && /hydrat|#418|#419|#423|#425/i.test(m.text()) && problems.push(m.text()));
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (globalThis as { __serverFooter?: Element | null }).__serverFooter = document.querySelector('[data-testid="site-footer"]');
    }),
  );
  // the shell's code held back until the tap is made; the footer's own chunk later still, so its boundary is still
  // dehydrated while the page hydrates and answers the tap (it must not be rendered afresh)
  const release = await holdRequests(page, /\/main\.[0-9a-f]{8}\.js$/);
  let footerChunk = false;
  await page.route(/\/\d+\.[0-9a-f]{8}\.js$/, async (route) => {
    const res = await route.fetch();
    const body = await res.text();
    if (body.includes('site-footer')) {
      footerChunk = true;
      await new Promise((r) => setTimeout(r, 2500));
    }
    await route.fulfill({ response: res, body });
  });
  await page.goto(`${site}/`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('menu-button').click();
  expect(await isHydrated(page)).toBe(false);
  release();
  // the tap opened the menu once the page hydrated (not twice: the menu stays open)
  await expect(page.getByRole('dialog').getByText('Promotions')).toBeVisible();
  expect(await isHydrated(page)).toBe(true);
  await page.keyboard.press('Escape');
  const toggle = page.getByTestId('site-footer').getByTestId('footer-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(footerChunk).toBe(true);
  expect(await page.evaluate(() => (globalThis as { __serverFooter?: Element | null }).__serverFooter?.isConnected)).toBe(true);
  expect(await hydrationErrors(page)).toBe(0);
  expect(problems).toEqual([]);
});

test("a tap on home's category strip before the page has hydrated takes effect once it has (the strip hydrates in the root's pass)", async ({
  page,
}) => {
  // replayed from inside React's commit, this tap was lost (transfer-wallets.spec failed on it in a loaded CI run)
  const release = await holdRequests(page, /\/main\.[0-9a-f]{8}\.js$/);
  await page.goto(`${site}/`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('home-cat-sports').click();
  expect(await isHydrated(page)).toBe(false);
  release();
  await expect(page.getByTestId('home-cat-sports')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('sports-list')).toBeVisible();
  expect(await hydrationErrors(page)).toBe(0);
});

test("the shell's screens loaded on demand keep the server's markup: hydrated, not rendered afresh", async ({ page }) => {
  // a lazy screen left the server's markup in a dehydrated boundary, and the App's first re-render replaced it (the
  // promotion card under a test's hand was detached: backoffice-content.spec failed on it in CI)
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (globalThis as { __serverScreen?: Element | null }).__serverScreen = document.querySelector('#main-content > *');
    }),
  );
  for (const [path, testId] of [
    ['/promotions', 'promotion-card'],
    ['/affiliate', null],
  ] as const) {
    await page.goto(`${site}${path}`);
    if (testId) await expect(page.getByTestId(testId).first()).toBeVisible();
    await expect.poll(() => isHydrated(page)).toBe(true);
    // the App re-renders after hydration (the content's answers, the real screen width): give it those renders
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (globalThis as { __serverScreen?: Element | null }).__serverScreen?.isConnected), path).toBe(true);
    expect(await hydrationErrors(page), path).toBe(0);
  }
});

test('a language chosen before the page has hydrated is kept: the page turns to it once hydrated', async ({ page }) => {
  // hydration put the server's "en" back in the picker and nobody heard the choice (face.spec failed on it in CI)
  const release = await holdRequests(page, /\/main\.[0-9a-f]{8}\.js$/);
  await page.goto(`${site}/`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('guest-toolbar').getByTestId('language-picker').selectOption('bn');
  expect(await isHydrated(page)).toBe(false);
  release();
  await expect(page.getByTestId('guest-toolbar').getByRole('link', { name: 'লগইন' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByTestId('guest-toolbar').getByTestId('language-picker')).toHaveValue('bn');
  expect(await hydrationErrors(page)).toBe(0);
});

test("a tap on the casino's server-rendered area before its parcel has mounted takes effect once it has", async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && /hydrat|#418|#419|#423|#425/i.test(m.text()) && problems.push(m.text()));
  // the casino's files (its entry and app chunks, on its own port) held until the tap is made
  const casino = new URL(remotesConfig(env).remotes.mf_casino!.replace('{hostname}', '127.0.0.1'));
  const release = await holdRequests(page, new RegExp(`^${casino.origin.replace(/\./g, '\\.')}/.*\\.js$`));
  await page.goto(`${site}/games?type=SLOT`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('provider-chips').getByRole('button', { name: 'PG Soft' }).click();
  await expect(page.locator('[data-remote="mf_casino"][data-mounted]')).toHaveCount(0);
  release();
  await expect(page.locator('[data-remote="mf_casino"][data-mounted]')).toBeAttached();
  await expect(page).toHaveURL(/system=PG/);
  expect(await hydrationErrors(page)).toBe(0);
  expect(problems).toEqual([]);
});

test("a phone's User-Agent on a wide screen: the layout turns to desktop after hydration, keeping the server's content", async ({
  browser,
}) => {
  // the server guesses a phone from the User-Agent and the browser finds a wide screen (a tablet, a phone asking for the
  // desktop site): the layout flips right after hydration, and the page's content sat at another place among the two
  // layouts' children, so React unmounted it and mounted it afresh (a remote's area and its parcel too): a tap on it
  // meanwhile was lost (transfer-wallets.spec's desktop test, on a game card, 1 run in 7). No tap is made here while the
  // layout flips: the flip moves the page under Playwright's click, which lands beside its target (shell/README.md
  // "Stop 54"; a player's tap in that instant can too, on a first visit only since the layout cookie)
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, userAgent: phone });
  const page = await context.newPage();
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const held = globalThis as { __serverContent?: Element | null; __serverLayout?: string | null };
      held.__serverContent = document.querySelector('#main-content > *');
      held.__serverLayout = document.querySelector('[data-layout]')?.getAttribute('data-layout');
    }),
  );
  const kept = () =>
    page.evaluate(() => {
      const held = globalThis as { __serverContent?: Element | null; __serverLayout?: string | null };
      return { layout: held.__serverLayout, kept: held.__serverContent?.isConnected };
    });
  for (const path of ['/', '/promotions', '/games?type=SLOT']) {
    // each a first visit: the layout cookie the last page wrote would have the server render the desktop's (below)
    await context.clearCookies({ name: 'layout' });
    await page.goto(`${site}${path}`);
    await expect(page.locator('[data-layout="desktop"]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(await kept(), path).toEqual({ layout: 'mobile', kept: true });
    expect(await hydrationErrors(page), path).toBe(0);
  }
  await context.close();
});

test('from the second page on, the server renders the layout the screen showed (the layout cookie): nothing flips', async ({ browser }) => {
  // a tablet with a phone's User-Agent, and a narrow window with a desktop's: the first page is guessed from the
  // User-Agent and flips once hydrated; the browser writes what it measured, and the next pages come in that layout
  const desktopUa = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
  for (const [viewport, userAgent, measured] of [
    [{ width: 1024, height: 768 }, phone, 'desktop'],
    [{ width: 390, height: 844 }, desktopUa, 'phone'],
  ] as const) {
    const context = await browser.newContext({ viewport, userAgent });
    const page = await context.newPage();
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (globalThis as { __serverLayout?: string | null }).__serverLayout = document
          .querySelector('[data-layout]')
          ?.getAttribute('data-layout');
      }),
    );
    const serverLayout = () => page.evaluate(() => (globalThis as { __serverLayout?: string | null }).__serverLayout);
    const shown = measured === 'phone' ? 'mobile' : 'desktop';
    await page.goto(`${site}/`);
    expect(await serverLayout(), "the first page: the User-Agent's guess").toBe(shown === 'mobile' ? 'desktop' : 'mobile');
    await expect(page.locator(`[data-layout="${shown}"]`)).toBeAttached();
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'layout')?.value).toBe(measured);
    for (const path of ['/promotions', '/games?type=SLOT', '/']) {
      await page.goto(`${site}${path}`);
      expect(await serverLayout(), path).toBe(shown);
      await hydrated(page);
      await expect(page.locator(`[data-layout="${shown}"]`)).toBeAttached();
      expect(await hydrationErrors(page), path).toBe(0);
    }
    await context.close();
  }
});

test("a logged-in player's early tap on a transfer-wallet game asks how much to move in, as a tap after hydration does", async ({
  browser,
  request,
}) => {
  // the server renders the visitor's page, so the casino hydrates as a visitor and then turns to the player: a tap held
  // from before must be the player's, not the visitor's (which once launched the game from the main wallet)
  const session = await apiLogin(request);
  const { context, page } = await phoneBrowser(browser, { session });
  const casino = new URL(remotesConfig(env).remotes.mf_casino!.replace('{hostname}', '127.0.0.1'));
  const release = await holdRequests(page, new RegExp(`^${casino.origin.replace(/\./g, '\\.')}/.*\\.js$`));
  await page.goto(`${site}/games?type=SPORTS&system=KABADDI&title=Kabaddi`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('game-card').first().getByRole('button').first().click();
  release();
  await expect(page.getByTestId('transfer-amount')).toBeVisible();
  await expect(page).toHaveURL(/\/games\?/);
  await context.close();
});

test("the games list comes from the casino's Node container inside the shell's page, and the casino's parcel hydrates it", async ({
  page,
  request,
}) => {
  // the HTML before any script: the casino's area (its games, their images, its own critical CSS) in the shell's page
  const html = await (await request.get(`${site}/games?type=SLOT`)).text();
  expect(html).toMatch(/<div data-remote="mf_casino" data-ssr="server"><div data-ssr-root="">/);
  for (const text of ['data-testid="game-list"', 'Play Sandbox Slots', 'Play Super Ace', 'data-testid="menu-button"'])
    expect(html).toContain(text);
  expect(html).toMatch(/<img src="http:\/\/[^"]+\/storage\/games\/[^"]+"/);
  expect(html).toMatch(/<style data-emotion="casino [^"]+" nonce="/);
  expect(html).toContain('"areas":{"mf_casino":"server"}');

  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && /hydrat|#418|#419|#423|#425/i.test(m.text()) && problems.push(m.text()));
  const asked: string[] = [];
  page.on('request', (r) => /\/api\/(get-games|get-system|get-provider)\b/.test(r.url()) && asked.push(r.url()));
  // the server's list element, kept: hydrated, not replaced by a fresh root
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (globalThis as { __serverList?: Element | null }).__serverList = document.querySelector('[data-testid="game-list"]');
    }),
  );
  await page.goto(`${site}/games?type=SLOT`);
  await expect(page.locator('[data-remote="mf_casino"][data-mounted]')).toBeAttached();
  expect(await page.evaluate(() => (globalThis as { __serverList?: Element | null }).__serverList?.isConnected)).toBe(true);
  // the first screen's catalogue came with the page
  expect(asked).toEqual([]);
  // it answers: a provider chip filters the list
  await page.getByTestId('provider-chips').getByRole('button', { name: 'PG Soft' }).click();
  await expect(page).toHaveURL(/system=PG/);
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  expect(await hydrationErrors(page)).toBe(0);
  expect(problems).toEqual([]);

  // away and back: the usual parcel (the server's markup was for the first screen only)
  await page.getByTestId('menu-button').click();
  await page.getByRole('dialog').getByText('Promotions').click();
  await expect(page).toHaveURL(/\/promotions$/);
  // shown (the navigation is a transition: the old page stays until the new one is ready)
  await expect(page.getByText('Welcome Bonus 100% + Free Spins')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  await expect(page.locator('[data-ssr="server"]')).toHaveCount(0);
});

test("with the casino's Node container unreachable, /games is still served and the casino renders in the browser", async ({
  page,
  request,
}) => {
  // the render server looks for the container where there is none
  const broken = await startRenderServer({ SSR_REMOTE_MANIFEST: 'missing/mf-manifest.json' });
  const html = await (await request.get(`${broken}/games?type=SLOT`)).text();
  expect(html).toContain('<div data-ssr-area="mf_casino" data-ssr="browser">');
  expect(html).toContain('"areas":{"mf_casino":"browser"}');
  expect(html).toContain('data-testid="menu-button"');
  expect(html).not.toContain('Play Sandbox Slots');

  await page.goto(`${broken}/games?type=SLOT`);
  await expect(page.getByRole('button', { name: 'Play Sandbox Slots' })).toBeVisible();
  expect(await hydrationErrors(page)).toBe(0);
});

/** The first screen's calls of home and the games list: none is made again after a hydrated server render. */
const FIRST_SCREEN_CALLS = /\/api\/(general|logo|sliders|sociallink|payment-methods|get-games|get-system|get-provider)\b/;

/** Console errors about hydration and the calls of FIRST_SCREEN_CALLS, from now on. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && /hydrat|#418|#419|#423|#425/i.test(m.text()) && problems.push(m.text()));
  const asked: string[] = [];
  page.on('request', (r) => FIRST_SCREEN_CALLS.test(r.url()) && asked.push(r.url()));
  return { problems, asked };
}
const hydrated = (page: Page) =>
  page.waitForFunction(() => Array.isArray((globalThis as { __KHELA_HYDRATION_ERRORS__?: unknown[] }).__KHELA_HYDRATION_ERRORS__));

/**
 * A phone's browser on `origin` (the site's render server unless another is given): the `lang` cookie the shell keeps
 * and the saved language when `lang` is given, and a player's session in localStorage as the login screen leaves it
 * when `session` is (the token only there: the server never sees it). Written from a page that runs none of the site.
 */
async function phoneBrowser(
  browser: Browser,
  o: { lang?: 'en' | 'bn'; session?: { token: string; remote_id: string; username: string }; origin?: string } = {},
) {
  const origin = o.origin ?? site;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: phone });
  if (o.lang) await context.addCookies([{ name: 'lang', value: o.lang, url: origin }]);
  const page = await context.newPage();
  await page.goto(`${origin}/favicon.svg`);
  await page.evaluate(
    ([s, l]) => {
      if (l) localStorage.setItem('locale', l);
      if (!s) return;
      localStorage.setItem('token', s.token);
      localStorage.setItem('remote_id', s.remote_id);
      localStorage.setItem('username', s.username);
      localStorage.setItem('popup', '0');
      localStorage.setItem('regPopup', '0');
    },
    [o.session ?? null, o.lang ?? null] as const,
  );
  return { context, page };
}

test('Bangla: the lang cookie the shell keeps makes the server render in Bangla, and the page hydrates in it', async ({
  browser,
  request,
}) => {
  // the HTML before any script, in the language of the cookie: home and the casino's area
  const home = await (await request.get(`${site}/`, { headers: { cookie: 'lang=bn' } })).text();
  expect(home).toMatch(/<html lang="bn"/);
  expect(home).toContain('প্রিয় গেম');
  expect(home).not.toContain('Favourites');
  expect(home).toContain('"lang":"bn"');
  const games = await (await request.get(`${site}/games?type=SLOT`, { headers: { cookie: 'lang=bn' } })).text();
  expect(games).toMatch(/<div data-remote="mf_casino" data-ssr="server"><div data-ssr-root="">/);
  expect(games).toContain('স্লট');
  expect(games).toContain('data-testid="game-list"');
  // no cookie: English, as the browser starts
  expect(await (await request.get(`${site}/`)).text()).toMatch(/<html lang="en"/);

  // a visitor who chose Bangla (the session's saved choice) before the cookie existed: that page is rendered in the
  // browser (the server rendered English), and the shell writes the cookie
  const { context, page } = await phoneBrowser(browser);
  await page.evaluate(() => localStorage.setItem('locale', 'bn'));
  await page.goto(`${site}/`);
  await expect(page.getByText('প্রিয় গেম')).toBeVisible();
  await expect.poll(async () => (await context.cookies(site)).find((c) => c.name === 'lang')?.value).toBe('bn');
  // this browser-rendered page's footer (its own late chunk) has read its data: its calls are not the next page's
  await expect(page.locator('[data-testid=payment-logos] li').first()).toBeAttached();

  // the next page comes from the server in Bangla and hydrates: no mismatch, nothing asked again
  for (const path of ['/', '/games?type=SLOT']) {
    const { problems, asked } = watch(page);
    await page.goto(`${site}${path}`);
    await hydrated(page);
    if (path === '/') await expect(page.getByText('প্রিয় গেম')).toBeVisible();
    else await expect(page.locator('[data-remote="mf_casino"][data-mounted]')).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    expect(await hydrationErrors(page)).toBe(0);
    expect(problems).toEqual([]);
    expect(asked).toEqual([]);
  }
  await context.close();
});

test("a logged-in player gets the server's public page, hydrated, then their own figures; no credential leaves the browser", async ({
  browser,
  request,
}) => {
  const session = await apiLogin(request);
  const { context, page } = await phoneBrowser(browser, { session });
  const pages: { url: string; headers: Record<string, string> }[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && pages.push({ url: r.url(), headers: r.headers() }));

  for (const path of ['/', '/games?type=SLOT']) {
    const { problems, asked } = watch(page);
    const response = await page.goto(`${site}${path}`);
    // the server's page is the visitor's (it never sees the token)
    const html = await response!.text();
    expect(html).toContain('id="khela-ssr"');
    expect(html).toContain('data-testid="guest-toolbar"');
    await hydrated(page);
    // then the player's own chrome and figures
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await expect(page.getByTestId('guest-toolbar')).toHaveCount(0);
    if (path !== '/') await expect(page.locator('[data-remote="mf_casino"][data-mounted]')).toBeAttached();
    expect(await hydrationErrors(page)).toBe(0);
    expect(problems).toEqual([]);
    expect(asked).toEqual([]);
  }
  // the token went nowhere but the API's Authorization header: not in a cookie, not in a page's address or headers
  expect((await context.cookies()).some((c) => c.value.includes(session.token))).toBe(false);
  for (const p of pages) expect(JSON.stringify(p)).not.toContain(session.token);
  await context.close();
});

test("every category of the home's games comes from the server with the casino's area, and hydrates", async ({ page, request }) => {
  for (const type of ['LIVE', 'SLOT', 'TABLE', 'BINGO', 'EGAME', 'FH', 'LOTTO']) {
    const html = await (await request.get(`${site}/games?type=${type}`)).text();
    expect(html, type).toMatch(/<div data-remote="mf_casino" data-ssr="server"><div data-ssr-root="">/);
    expect(html, type).toContain('data-testid="games-page"');
  }
  const { problems, asked } = watch(page);
  await page.goto(`${site}/games?type=LIVE`);
  await expect(page.locator('[data-remote="mf_casino"][data-mounted]')).toBeAttached();
  expect(await hydrationErrors(page)).toBe(0);
  expect(problems).toEqual([]);
  expect(asked).toEqual([]);
});

/** The odds view of an in-play cricket market of the sandbox feed (as the in-play list opens it). */
async function liveOddsView(request: APIRequestContext): Promise<{ path: string; marketId: string }> {
  const feed = await (await request.get(`${SANDBOX()}/odds/api/sports-events/cricket`)).json();
  const live = feed.find((e: { inplay: boolean }) => e.inplay) as { MarketId: string; EventId: string };
  expect(live, 'the sandbox feed has an in-play cricket event').toBeTruthy();
  return { path: `/odds-view?marketId=${live.MarketId}&eventId=${live.EventId}&sport=cricket`, marketId: live.MarketId };
}

interface ServerMarket {
  event_name: string;
  runners: { name: string; back: { price: number }[]; lay: { price: number }[] }[];
}
/** The market the render server read, from the page's data block (the dehydrated query cache). */
function serverMarket(html: string, marketId: string): ServerMarket {
  const block = /<script type="application\/json" id="khela-ssr">(.*?)<\/script>/s.exec(html);
  expect(block, 'the data block').toBeTruthy();
  const data = JSON.parse(block![1]!) as { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
  const query = data.queries.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(['exchange', 'market', marketId]));
  expect(query, "the market's query in the page's cache").toBeTruthy();
  return query!.state.data as ServerMarket;
}

/** The exchange's area of a page's HTML (from its element to the end of the page). */
const exchangeArea = (html: string) => html.slice(html.indexOf('<div data-remote="mf_exchange"'));

test("/odds-view's market comes from the exchange's Node container: runners and prices in the HTML, shown without JavaScript; a visitor's page hydrates, then the guard", async ({
  browser,
  request,
}) => {
  const { path, marketId } = await liveOddsView(request);
  for (const lang of ['en', 'bn'] as const) {
    // the HTML before any script: the exchange's frame and the market (its runners, their prices, its status) with its
    // own critical CSS, and the market's read in the page's data; the player's figures are not there (a visitor's page)
    const html = await (await request.get(`${site}${path}`, { headers: { cookie: `lang=${lang}` } })).text();
    expect(html).toMatch(new RegExp(`<html lang="${lang}"`));
    expect(html).toMatch(/<div data-remote="mf_exchange" data-ssr="server"><div data-ssr-root="">/);
    expect(html).toContain('"areas":{"mf_exchange":"server"}');
    expect(html).toMatch(/<style data-emotion="exchange [^"]+" nonce="/);
    const area = exchangeArea(html);
    expect(area).toContain(lang === 'en' ? 'Match Odds' : 'ম্যাচ অডস');
    const market = serverMarket(html, marketId);
    expect(area).toContain(market.event_name);
    expect(area.match(/data-testid="match-odds-runner"/g)?.length).toBe(market.runners.length);
    for (const r of market.runners) {
      expect(area).toContain(`>${r.name}<`);
      // the best back and lay prices (figures in the page's language: Bengali digits in bn)
      for (const level of [r.back[0], r.lay[0]]) {
        if (!level) continue;
        const shown = lang === 'en' ? String(level.price) : String(level.price).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
        expect(area).toContain(`>${shown}</strong>`);
      }
    }
    expect(area).toMatch(/data-testid="exchange-balance"[^>]*>—</);
    expect(area).not.toContain('data-testid="bet-slip"');

    // with JavaScript off the market and its prices show
    const noJs = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      userAgent: 'Mozilla/5.0 (Linux; Android 13) Mobile',
    });
    await noJs.addCookies([{ name: 'lang', value: lang, url: site }]);
    const still = await noJs.newPage();
    await still.goto(`${site}${path}`);
    await expect(still.getByTestId('match-odds-runner').first()).toContainText(market.runners[0]!.name);
    await noJs.close();

    // a visitor in the browser: the page hydrates as the server rendered it (no recoverable error), then the guard of
    // a page that needs a log-in sends them to /login
    const { context, page } = await phoneBrowser(browser, { lang });
    const { problems } = watch(page);
    await page.goto(`${site}${path}`);
    await hydrated(page);
    await expect(page).toHaveURL(/\/login$/);
    expect(await hydrationErrors(page)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }
});

test("a logged-in player's /odds-view: the server's market hydrated by the exchange's parcel, then their own figures, live prices and the slip; no credential leaves the browser", async ({
  browser,
  request,
}) => {
  const { path, marketId } = await liveOddsView(request);
  const session = await apiLogin(request);
  for (const lang of ['en', 'bn'] as const) {
    const { context, page } = await phoneBrowser(browser, { lang, session });
    const pages: { url: string; headers: Record<string, string> }[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && pages.push({ url: r.url(), headers: r.headers() }));
    // the browser's own reads of the market after the server's: the live query taking over with the player's token
    const marketReads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/exchange/markets/${marketId}`) && !r.url().includes('/position') && r.headers()['authorization'])
        marketReads.push(r.url());
    });
    // the server's runner element, kept: the parcel hydrates it rather than rendering a fresh root
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (globalThis as { __serverRunner?: Element | null }).__serverRunner = document.querySelector('[data-testid="match-odds-runner"]');
      }),
    );
    const { problems } = watch(page);
    const response = await page.goto(`${site}${path}`);
    const html = await response!.text();
    const market = serverMarket(html, marketId);
    expect(exchangeArea(html)).toContain(`>${market.runners[0]!.name}<`);
    await hydrated(page);
    await expect(page.locator('[data-remote="mf_exchange"][data-mounted]')).toBeAttached();
    expect(await page.evaluate(() => (globalThis as { __serverRunner?: Element | null }).__serverRunner?.isConnected)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    // the player's own figures after hydration (the balance, not the visitor's dash), and the page stays (the guard)
    await expect(page.getByTestId('exchange-balance')).toHaveText(/[0-9০-৯]/);
    await expect(page).toHaveURL(new RegExp(`/odds-view\\?marketId=${marketId.replace('.', '\\.')}`));
    await expect.poll(() => marketReads.length).toBeGreaterThan(0);
    // a tap on a price opens the slip as before
    await page
      .getByTestId('match-odds-runner')
      .first()
      .getByRole('button', { name: lang === 'en' ? /^Back / : /^ব্যাক / })
      .click();
    await expect(page.getByTestId('bet-slip').getByTestId('slip-confirm')).toHaveText(lang === 'en' ? 'Place bet' : 'বেট করুন');
    expect(await hydrationErrors(page)).toBe(0);
    expect(problems).toEqual([]);
    // the token went nowhere but the API's Authorization header
    expect((await context.cookies()).some((c) => c.value.includes(session.token))).toBe(false);
    for (const p of pages) expect(JSON.stringify(p)).not.toContain(session.token);
    await context.close();
  }
});

test('a player with a matched bet on /odds-view: the screen hydrates as the server rendered it (no Cash Out there), then shows their bet, in every load', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // the frame hydrates first and reads the player's open bets; the screen's boundary hydrates after, often once they are
  // in: it read them too and rendered the bet's Cash Out in the Match Odds header, which the server's visitor page has
  // not (React #418 in about 1 load in 4; before, a player's page was tested with no bet)
  const { path, marketId } = await liveOddsView(request);
  const player = await fundedPlayer(request, { amount: '5000', prefix: 'hy', name: 'Hydrating Player' });
  const market = await (await request.get(`${API()}/api/exchange/markets/${marketId}`)).json();
  const runner = (market.runners as { selection_id: string; back: { price: number }[] }[]).find((r) => r.back.length > 0);
  expect(runner, 'a runner with a price to back').toBeTruthy();
  const placed = await request.post(`${API()}/api/exchange/bets`, {
    headers: { ...bearer(player.session.token), 'Idempotency-Key': `e2e-ssr-matched-${player.username}` },
    // the price asked at 1.01: matched against the best offer on the book (the in-play delay first)
    data: { market_id: marketId, selection_id: runner!.selection_id, side: 'BACK', price: 1.01, stake: '100' },
  });
  expect(placed.ok(), await placed.text()).toBeTruthy();
  await expect
    .poll(
      async () => {
        const bets = await request.get(`${API()}/api/exchange/bets?status=open&market_id=${marketId}`, {
          headers: bearer(player.session.token),
        });
        return ((await bets.json()).data as { matched_stake: string }[]).some((b) => Number(b.matched_stake) > 0);
      },
      { message: 'the bet is matched', timeout: 30_000 },
    )
    .toBe(true);

  for (let load = 0; load < 4; load++) {
    const { context, page } = await phoneBrowser(browser, { session: player.session });
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (globalThis as { __serverRunner?: Element | null }).__serverRunner = document.querySelector('[data-testid="match-odds-runner"]');
      }),
    );
    const { problems } = watch(page);
    const html = await (await page.goto(`${site}${path}`))!.text();
    expect(exchangeArea(html)).not.toContain('data-testid="cash-out"');
    await hydrated(page);
    await expect(page.locator('[data-remote="mf_exchange"][data-mounted]')).toBeAttached();
    // the player's bet after hydration: its Cash Out, the Bets count, their figures
    await expect(page.getByTestId('match-odds').getByTestId('cash-out')).toBeVisible();
    await expect(page.getByTestId('bets-count')).toHaveText('1');
    await expect(page.getByTestId('exchange-exposure')).toHaveText(/[0-9]/);
    expect(await hydrationErrors(page), `load ${load + 1}`).toBe(0);
    expect(problems).toEqual([]);
    // hydrated, not rendered afresh over the server's markup (a mismatch replaces the boundary's elements)
    expect(await page.evaluate(() => (globalThis as { __serverRunner?: Element | null }).__serverRunner?.isConnected)).toBe(true);
    await context.close();
  }
});

test("with the exchange's Node container unreachable, /odds-view is still served and the market renders in the browser", async ({
  page,
  request,
}) => {
  const { path } = await liveOddsView(request);
  const broken = await startRenderServer({ SSR_REMOTE_MANIFEST: 'missing/mf-manifest.json' });
  const html = await (await request.get(`${broken}${path}`)).text();
  expect(html).toContain('<div data-ssr-area="mf_exchange" data-ssr="browser">');
  expect(html).toContain('"areas":{"mf_exchange":"browser"}');
  expect(html).not.toContain('data-testid="match-odds-runner"');

  const session = await apiLogin(request);
  await page.goto(`${broken}/favicon.svg`);
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('remote_id', s.remote_id);
    localStorage.setItem('username', s.username);
  }, session);
  await page.goto(`${broken}${path}`);
  await expect(page.getByTestId('match-odds-runner').first()).toBeVisible();
  expect(await hydrationErrors(page)).toBe(0);
});

/*
 * Stage 2, the other remotes: every client route is answered with the server's chrome; a remote without a Node
 * container there (the wallet, the account, the chat, the exchange's pages other than /odds-view) has its area left
 * to the browser (marked, its loading state inside). Pages that need a log-in come as a visitor's: the guard and the
 * player's own page after hydration.
 */
const SAMPLE = [
  { path: '/deposit', remote: 'mf_wallet', player: 'deposit-submit' },
  { path: '/withdrawal', remote: 'mf_wallet', player: 'withdraw-submit' },
  { path: '/profile', remote: 'mf_account', player: 'profile-dob' },
  // the exchange's frame with the player's balance (its event lists come from the odds host, which does not answer
  // this spec's own render server's origin; exchange.spec.ts sees them on the site's)
  { path: '/exchange-inplay', remote: 'mf_exchange', player: 'exchange-balance' },
  { path: '/no-such-page', remote: null, player: 'not-found' },
] as const;
const CHROME = {
  // the desktop header's nav and the visitor's buttons (the footer is not on the exchange's pages)
  en: ['Promotions', 'Referral Program', '>Login<', '>Register<'],
  bn: ['প্রমোশন', 'রেফারেল প্রোগ্রাম', '>লগইন<', '>নিবন্ধন<'],
};
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const phone = 'Mozilla/5.0 (Linux; Android 13) Mobile';

test("every client route comes with the server's chrome; a remote's area without a container is left to the browser; the aliases stay the browser's", async ({
  request,
}) => {
  for (const lang of ['en', 'bn'] as const) {
    for (const { path, remote } of SAMPLE) {
      const html = await (await request.get(`${site}${path}`, { headers: { cookie: `lang=${lang}`, 'user-agent': desktop } })).text();
      expect(html, path).toContain('id="khela-ssr"');
      expect(html).toMatch(new RegExp(`<html lang="${lang}"`));
      expect(html).toContain('data-testid="site-logo"');
      for (const text of CHROME[lang]) expect(html, `${path} ${lang}: ${text}`).toContain(text);
      expect(html).toMatch(/<style data-emotion="css [^"]+" nonce="/);
      if (remote) {
        // the area: the browser's, with the loading state it shows today
        expect(html).toContain(`<div data-ssr-area="${remote}" data-ssr="browser"><!--$--><div role="status"`);
        expect(html).toContain(`"areas":{"${remote}":"browser"}`);
      }
      // the visitor's page: nothing of the player's own (the guard decides in the browser)
      expect(html).not.toContain('data-testid="header-balance"');
    }
  }
  // the phone's chrome too: the header and the bottom bar of a visitor
  const html = await (await request.get(`${site}/deposit`, { headers: { 'user-agent': phone } })).text();
  expect(html).toContain('data-testid="menu-button"');
  expect(html).toContain('data-testid="guest-toolbar"');
  // an alias is a redirect the browser's router makes: index.html as before
  expect(await (await request.get(`${site}/casino`)).text()).not.toContain('id="khela-ssr"');
});

test('a visitor on pages that need a log-in: the server page hydrates without a mismatch, then the guard sends them to log in (en, bn)', async ({
  browser,
}) => {
  for (const lang of ['en', 'bn'] as const) {
    const { context, page } = await phoneBrowser(browser, { lang });
    for (const { path } of SAMPLE) {
      const { problems, asked } = watch(page);
      await page.goto(`${site}${path}`);
      await hydrated(page);
      await expect(page).toHaveURL(`${site}/login`);
      await expect(page.locator('input[type="password"]')).toBeVisible();
      expect(await hydrationErrors(page), `${path} ${lang}`).toBe(0);
      expect(problems).toEqual([]);
      // the chrome's data came with the page
      expect(asked).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    }
    await context.close();
  }
});

test("a logged-in player on pages that need a log-in: the server's visitor page hydrates, then their own page as before; no credential leaves the browser (en, bn)", async ({
  browser,
  request,
}) => {
  const session = await apiLogin(request);
  for (const lang of ['en', 'bn'] as const) {
    const { context, page } = await phoneBrowser(browser, { lang, session });
    const pages: { url: string; headers: Record<string, string> }[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && pages.push({ url: r.url(), headers: r.headers() }));
    for (const { path, player } of SAMPLE) {
      const { problems } = watch(page);
      const html = await (await page.goto(`${site}${path}`))!.text();
      // the server's page is the visitor's
      expect(html).toContain('id="khela-ssr"');
      await hydrated(page);
      // then the page as before: the route's own content, the player's chrome on the shell's pages
      await expect(page.getByTestId(player).first()).toBeVisible();
      await expect(page).toHaveURL(`${site}${path}`);
      if (path !== '/exchange-inplay') await expect(page.getByTestId('header-balance')).toBeVisible();
      expect(await hydrationErrors(page), `${path} ${lang}`).toBe(0);
      expect(problems).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    }
    expect((await context.cookies()).some((c) => c.value.includes(session.token))).toBe(false);
    for (const p of pages) expect(JSON.stringify(p)).not.toContain(session.token);
    await context.close();
  }
});
