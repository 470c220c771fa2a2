// Back office, content: a content operator puts the site into maintenance and back, publishes a promotion with an
// uploaded image, disables a game; the player's phone sees each at its next page load. A support operator is refused.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import zlib from 'node:zlib';
import { API } from './support';
import { openConsole, playerContext, staffHeaders, staffToken } from './staff';

// the shared 2-core machine runs several stacks at once: a page may take many seconds to render
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 300_000 });

const SHOTS = '/tmp/bo-content';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });

/** A real PNG of w x h pixels in one colour (the API checks the bytes, the browser must decode it). */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = png(400, 200, [20, 128, 94]);

test.describe('back office, content', () => {
  test('maintenance on: the player site shows the maintenance page; off: the site is back', async ({ page, browser }) => {
    page.on('dialog', (d) => void d.accept());
    await openConsole(page, 'content', '/content/settings');
    await expect(page.getByTestId('site-status')).toContainText('open (site_status 1)');
    await shot(page, 'settings');

    const player = await playerContext(browser);
    const phone = await player.newPage();
    try {
      await phone.goto('/');
      await expect(phone.getByTestId('maintenance')).toHaveCount(0);

      await page.getByRole('button', { name: 'Start maintenance' }).click();
      await expect(page.getByTestId('site-status')).toContainText('in maintenance (site_status 0)');

      await phone.reload();
      await expect(phone.getByTestId('maintenance')).toBeVisible();
      await expect(phone.getByText("We're currently undergoing Maintenance!")).toBeVisible();
      await shot(phone, 'player-maintenance');
      // every page, not only home
      await phone.goto('/promotions');
      await expect(phone.getByTestId('maintenance')).toBeVisible();
    } finally {
      // never leave the copy under test in maintenance, whatever failed above
      const token = await staffToken(page.request, 'content');
      await page.request.patch(`${API()}/api/operator/content/settings`, { headers: staffHeaders(token), data: { site_status: 1 } });
    }
    await page.reload();
    await expect(page.getByTestId('site-status')).toContainText('open (site_status 1)');
    await phone.goto('/');
    await expect(phone.getByTestId('maintenance')).toHaveCount(0);
    await expect(phone.getByTestId('notice-marquee')).toBeVisible();
    await player.close();
  });

  test('a promotion published with an uploaded image appears on /promotions', async ({ page, browser }) => {
    const name = `Weekend Reload ${Date.now().toString(36)}`;
    await openConsole(page, 'content', '/content/promotions');
    await page.getByRole('button', { name: 'New promotion' }).click();
    const form = page.getByRole('form', { name: 'New promotion' });
    await form.getByLabel('Name — English').fill(name);
    await form.getByLabel('Deposit bonus %').fill('50');
    await form.getByLabel('Max bonus').fill('2000.00');
    await form.getByLabel('Turnover multiple').fill('5');
    await form.getByLabel('Sports (4)').check();
    await form
      .getByLabel('Description (HTML allowed; sanitised on the site) — English')
      .fill('<p>Half again on every weekend deposit.</p>');
    // an SVG is refused by its contents
    await form
      .getByLabel('Upload Image')
      .setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="alert(1)"/>') });
    await expect(form.getByRole('alert')).toContainText('PNG, JPEG or WebP');
    await form.getByLabel('Upload Image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByTestId('image-preview')).toHaveAttribute('src', /\/storage\/uploads\/[a-z0-9-]+\.png$/);
    await shot(page, 'promotion-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The promotion was created.')).toBeVisible();
    await expect(page.getByTestId('content-promotions').getByRole('cell', { name })).toBeVisible();
    await shot(page, 'promotions-list');

    const player = await playerContext(browser);
    const phone = await player.newPage();
    await phone.goto('/promotions');
    const card = phone.getByTestId('promotion-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', /\/storage\/uploads\/[a-z0-9-]+\.png$/);
    // the cards' images load lazily: bring it into view, then it must decode (a real PNG from the storage path)
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    await shot(phone, 'player-promotions');
    await player.close();
  });

  test('a disabled game leaves the player list; enabled again it is back', async ({ page, browser }) => {
    await openConsole(page, 'content', '/content/games');
    const games = page.getByTestId('content-games');
    await games.getByLabel('Search').fill('Money Coming');
    const row = games.getByRole('row').filter({ hasText: 'JILI-SLOT-002' });
    await expect(row).toHaveCount(1);
    await shot(page, 'games');

    const player = await playerContext(browser);
    const phone = await player.newPage();
    await phone.goto('/games?type=SLOT');
    await expect(phone.locator('[data-testid="game-card"][data-code="JILI-SLOT-002"]')).toBeVisible();

    await row.getByRole('button', { name: 'Disable JILI-SLOT-002' }).click();
    await expect(page.getByText('Money Coming disabled.')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Enable JILI-SLOT-002' })).toBeVisible();
    try {
      await phone.reload();
      await expect(phone.locator('[data-testid="game-card"][data-code="JILI-SLOT-001"]')).toBeVisible();
      await expect(phone.locator('[data-testid="game-card"][data-code="JILI-SLOT-002"]')).toHaveCount(0);
      await shot(phone, 'player-games-without');
    } finally {
      await row.getByRole('button', { name: 'Enable JILI-SLOT-002' }).click();
    }
    await expect(row.getByRole('button', { name: 'Disable JILI-SLOT-002' })).toBeVisible();
    await phone.reload();
    await expect(phone.locator('[data-testid="game-card"][data-code="JILI-SLOT-002"]')).toBeVisible();
    await player.close();
  });

  test("a support operator's attempt to change settings is refused (403) and the console offers no Content", async ({ page, request }) => {
    const token = await staffToken(request, 'support');
    const res = await request.patch(`${API()}/api/operator/content/settings`, { headers: staffHeaders(token), data: { site_status: 0 } });
    expect(res.status()).toBe(403);
    expect((await res.json()).code).toBe('role');
    const general = await request.get(`${API()}/api/general`);
    expect((await general.json()).site_status).toBe(1);
    const upload = await request.post(`${API()}/api/operator/content/images`, {
      headers: staffHeaders(token),
      multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(upload.status()).toBe(403);

    await openConsole(page, 'support');
    await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Content' })).toHaveCount(0);
  });
});
