import { expect, test } from '@playwright/test';
import { newPhone, newUsername } from './support';

/**
 * Issue 27 item 4: the desktop registration solves a proof-of-work challenge in the browser (Web Workers from a blob:
 * URL under the page's CSP, WebCrypto PBKDF2) and sends it with the form; no image captcha any more. The e2e servers
 * run a trivial difficulty (playwright.config.ts): the real cost is measured in api/src/identity/README.md.
 */
test.describe('desktop registration with the proof-of-work challenge', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('solves the challenge in a worker and registers; the solution is single use', async ({ page, request }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const username = newUsername('pow');
    await page.goto('/register');
    await expect(page.getByLabel('Captcha')).toHaveCount(0);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Full Name').fill('Proof Of Work');
    await page.getByLabel('Phone Number').fill(newPhone().slice(1));
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await expect(page.getByText('your device runs a short automatic check')).toBeVisible();
    await page.getByRole('checkbox').check();
    page.once('dialog', (d) => void d.accept());
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/create-players/desktop') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/create-players/desktop'));
    await page.getByRole('button', { name: 'Register' }).click();
    const header = (await sent).headers()['x-challenge'];
    expect(header).toBeTruthy();
    expect((await answered).status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    expect(JSON.parse(Buffer.from(header!, 'base64').toString()).solution.counter).toBeGreaterThanOrEqual(0);

    // the same solution again (a replayed request) is refused with the code the screens understand
    const replay = await request.post(`${process.env.E2E_API_URL}/api/v1/create-players/desktop`, {
      headers: { 'X-Challenge': header! },
      data: {
        username: newUsername('rep'),
        phone: newPhone(),
        password: 'secret123',
        confirmPassword: 'secret123',
        name: 'Replay',
        email: 'replay@example.com',
        currency: 'BDT',
      },
    });
    expect(replay.status()).toBe(428);
    expect((await replay.json()).code).toBe('challenge_required');
    expect(errors.filter((e) => /worker|Content Security Policy|challenge/i.test(e))).toEqual([]);
  });
});
