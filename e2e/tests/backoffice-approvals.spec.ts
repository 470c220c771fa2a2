import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { API, bearer, verifiedPlayer } from './support';
import { BACKOFFICE, openConsole, staffToken } from './staff';

// Maker–checker (issue 32): an adjustment above the amount (৳10,000 by default) waits for a second payments operator,
// is refused to the operator who asked, and is carried out by the other one's approval in the console.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/staff-shots';
mkdirSync(SHOTS, { recursive: true });
const stamp = () => Date.now().toString(36).slice(-6);

async function consoleLogin(page: Page, username: string, password: string) {
  await page.goto(`${BACKOFFICE()}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('staff-who')).toContainText(username);
}

test('an adjustment above the amount waits for a second operator, is refused to the one who asked, and the other one’s approval credits it', async ({
  page,
  browser,
  request,
}) => {
  const player = await verifiedPlayer(request, { prefix: 'mkc' });
  const id = player.session.remote_id;

  // the second payments operator: made by the admin, their own password chosen at the first log-in
  const admin = await staffToken(request, 'admin');
  const checker = { username: `cash${stamp()}`, password: 'second-cashier-pass-1' };
  const made = await request.post(`${API()}/api/operator/operators`, {
    headers: bearer(admin),
    data: { ...checker, name: 'Second Cashier', role: 'payments', password: 'from-the-admin-pass-1' },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  const first = await request.post(`${API()}/api/operator/login`, {
    data: { username: checker.username, password: 'from-the-admin-pass-1' },
  });
  const changed = await request.post(`${API()}/api/operator/password`, {
    headers: bearer((await first.json()).token),
    data: { current_password: 'from-the-admin-pass-1', new_password: checker.password },
  });
  expect(changed.ok(), await changed.text()).toBeTruthy();

  // the checker's console is open on Approvals before anything is asked: the request must reach it live
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const other = await ctx.newPage();
  await consoleLogin(other, checker.username, checker.password);
  await other.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Approvals' }).click();
  await expect(other.getByTestId('approvals-table')).toBeVisible();

  // the maker (the demo payments operator) asks for ৳15,000: the form says it waits for approval
  await openConsole(page, 'payments', `/players/${id}`);
  await expect(page.getByTestId('wallet-available')).toHaveText('0.00 BDT');
  await page.getByRole('button', { name: 'Adjust balance…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Amount/).fill('15000.00');
  await dialog.getByLabel('Reason').fill('Compensation for a lost jackpot');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Confirm credit' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Sent for approval');
  const approvalId = Number((await dialog.getByRole('alert').textContent())!.match(/request #(\d+)/)![1]);
  await page.screenshot({ path: `${SHOTS}/approval-asked.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByTestId('wallet-available')).toHaveText('0.00 BDT');

  // the maker's queue: their request, pending, with no Approve for them; the API refuses it too
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Approvals' }).click();
  await page.getByLabel('Asked by').selectOption('1');
  const table = page.getByTestId('approvals-table');
  const mine = table.locator('tbody tr', { hasText: `${player.username} (player ${id})` });
  await expect(mine).toContainText('pending');
  await expect(mine).toContainText('operator (you)');
  await mine.click();
  const detail = page.getByTestId('approval-detail');
  await expect(detail.getByTestId('approval-own')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/approval-own.png` });
  await page.keyboard.press('Escape');
  const self = await request.post(`${API()}/api/operator/approvals/${approvalId}/approve`, {
    headers: bearer(await staffToken(request, 'payments')),
    data: {},
  });
  expect(self.status()).toBe(409);
  expect((await self.json()).code).toBe('same_operator');

  // the checker's open queue shows it without a reload (the staff stream's `approval` topic), and they approve it
  const row = other.getByTestId('approvals-table').locator('tbody tr', { hasText: `${player.username} (player ${id})` });
  await expect(row).toContainText('Credit 15000.00 BDT');
  await row.click();
  const checkerDetail = other.getByTestId('approval-detail');
  await expect(checkerDetail).toContainText('Compensation for a lost jackpot');
  await other.screenshot({ path: `${SHOTS}/approval-checker.png` });
  await checkerDetail.getByRole('button', { name: 'Approve' }).click();
  await expect(checkerDetail.getByTestId('approval-state')).toHaveText('approved');
  await expect(checkerDetail).toContainText(checker.username);
  await ctx.close();

  // the maker is told at once, on the page they are on, without a reload
  await expect(page.getByTestId('approval-news')).toContainText(`Your request #${approvalId}`);
  await expect(page.getByTestId('approval-news')).toContainText(`approved by ${checker.username}`);
  await page.screenshot({ path: `${SHOTS}/approval-news.png` });

  // the maker sees the state, and the money is there
  await page.getByLabel('State').selectOption('');
  await expect(mine).toContainText('approved');
  await expect(mine).toContainText(checker.username);
  await page.screenshot({ path: `${SHOTS}/approval-done.png` });
  await page.goto(`${BACKOFFICE()}/players/${id}`);
  await expect(page.getByTestId('wallet-available')).toHaveText('15000.00 BDT');
});
