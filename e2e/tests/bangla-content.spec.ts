import { test, expect, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, apiLogin, openLoggedIn } from './support';
import { staffHeaders, staffToken } from './staff';

/*
 * Issue 34 item 2, server-written texts in Bangla: staff's promotions and notices in the player's language (English
 * where the Bangla is missing), a published change reaching a page already open (push), and the API's messages in
 * Bangla (Accept-Language from the session's locale). Screenshots at 390×844 in both languages.
 */

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

async function shot(page: Page, name: string) {
  // Bangla draws with the shipped Bengali font: wait for it so the artefact shows real glyphs
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(ARTIFACTS, `issue-34-bangla-content-${name}.png`) });
}

const useLang = (page: Page, lang: 'en' | 'bn') => page.addInitScript((l) => localStorage.setItem('locale', l), lang);

const WELCOME = { en: 'Welcome Bonus 100% + Free Spins', bn: 'স্বাগতম বোনাস ১০০% + ফ্রি স্পিন' };

test.describe('server-written texts in the player language (issue 34 item 2)', () => {
  for (const lang of ['en', 'bn'] as const) {
    test(`the promotions read in ${lang}`, async ({ page, request }) => {
      await useLang(page, lang);
      await openLoggedIn(page, await apiLogin(request), '/promotions');
      const card = page.getByTestId('promotion-card').first();
      await expect(card).toContainText(WELCOME[lang]);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await shot(page, `promotions-${lang}`);
    });
  }

  test('in Bangla: a promotion staff publish reaches the open page, and an API refusal is in Bangla', async ({ page, request }) => {
    await useLang(page, 'bn');
    await openLoggedIn(page, await apiLogin(request), '/promotions');
    const cards = page.getByTestId('promotion-card');
    await expect(cards.first()).toContainText(WELCOME.bn);

    // staff write a Bangla title (back office, through its API); the page is not reloaded
    const token = await staffToken(request, 'content');
    const list = await request.get(`${API()}/api/operator/content/promotions?per_page=50`, { headers: staffHeaders(token) });
    const row = ((await list.json()).data as Array<Record<string, unknown>>).find((p) => p.name === 'Daily Slots Reload 10%')!;
    const update = (name_bn: string | null) =>
      request.put(`${API()}/api/operator/content/promotions/${row.id}`, {
        headers: staffHeaders(token),
        data: { ...row, name_bn, max_bonus: row.max_bonus ?? '', note: 'e2e issue 34' },
      });
    const fresh = `রাতের স্লট রিলোড ${Date.now().toString(36)}`;
    try {
      expect((await update(fresh)).ok()).toBeTruthy();
      const pushed = cards.filter({ hasText: fresh });
      await expect(pushed).toHaveCount(1);
      await pushed.scrollIntoViewIfNeeded();
      await shot(page, 'promotion-pushed-bn');
    } finally {
      await update(row.name_bn as string | null);
    }

    // an API refusal in the session's language: the log-in screen shows the API's own message
    await page.evaluate(() => {
      for (const k of ['token', 'remote_id', 'username']) localStorage.removeItem(k);
    });
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('nosuchplayer99');
    await page.locator('input[name="password"]').fill('wrongpass99');
    await page
      .locator('form', { has: page.locator('input[name="password"]') })
      .locator('button[type="submit"]')
      .click();
    await expect(page.getByTestId('login-error')).toHaveText('ভুল ইউজারনেম বা পাসওয়ার্ড');
    await shot(page, 'api-error-bn');
  });

  test('in English the same refusal keeps the spec text', async ({ page }) => {
    await useLang(page, 'en');
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('nosuchplayer98');
    await page.locator('input[name="password"]').fill('wrongpass98');
    await page
      .locator('form', { has: page.locator('input[name="password"]') })
      .locator('button[type="submit"]')
      .click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid credentials');
    await shot(page, 'api-error-en');
  });
});
