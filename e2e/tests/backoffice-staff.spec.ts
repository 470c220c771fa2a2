import { mkdirSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { API, bearer } from './support';
import { BACKOFFICE, openConsole, staffToken } from './staff';

// Staff accounts in the console: TOTP enrolment and log-in, the audit log, operators made by an admin and their roles.
// The demo admin's account is left as it is (other specs log in with its password alone): this spec makes its own.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/staff-shots';
mkdirSync(SHOTS, { recursive: true });
const stamp = () => Date.now().toString(36).slice(-6);
const nowSec = () => Math.floor(Date.now() / 1000);

async function consoleLogin(page: Page, username: string, password: string) {
  await page.goto(`${BACKOFFICE()}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('an admin enrols TOTP in the console and logs in with password and code; a wrong code is refused; the audit log shows both with before/after', async ({
  page,
  request,
}) => {
  const admin = await staffToken(request, 'admin');
  const username = `sec${stamp()}`;
  const password = 'e2e-admin-password-1';
  const made = await request.post(`${API()}/api/operator/operators`, {
    headers: bearer(admin),
    data: { username, name: 'Security Admin', role: 'admin', password },
  });
  expect(made.ok(), await made.text()).toBeTruthy();

  // first log-in: password only (TOTP not yet on), then My account → set up
  await consoleLogin(page, username, password);
  await expect(page.getByTestId('staff-who')).toContainText(username);
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(page.getByTestId('totp-status')).toHaveText('Off');
  await page.getByRole('button', { name: 'Set up authenticator' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the authenticator key' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.screenshot({ path: `${SHOTS}/account-enrol.png` });
  // a wrong code does not turn it on
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('alert')).toContainText(/wrong or expired/);
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('totp-status')).toHaveText('On');

  // log out, log in again: the password alone asks for the code
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'Log out' }).click();
  await consoleLogin(page, username, password);
  const codeField = page.getByLabel('Authenticator code');
  await expect(codeField).toBeVisible();
  // a wrong code is refused (one that is none of the window's codes)
  const window = await Promise.all([-30, 0, 30].map((d) => generate({ secret, epoch: nowSec() + d })));
  const wrong = ['123456', '654321', '111111'].find((c) => !window.includes(c))!;
  await codeField.fill(wrong);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText(/wrong or expired/);
  await expect(page.getByTestId('staff-who')).toHaveCount(0);
  // the right code: the enrolment spent the current step, so the next step's code (inside the ±1 window)
  await codeField.fill(await generate({ secret, epoch: nowSec() + 30 }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('staff-who')).toContainText(username);

  // the audit log lists the log-ins, the refused code and the enrolment, with before/after
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Operator').fill(username);
  await page.getByRole('button', { name: 'Apply' }).click();
  const table = page.getByTestId('audit-table');
  const enrol = table.locator('tbody tr', { hasText: 'staff.totp_enrol' });
  await expect(enrol).toHaveCount(1);
  await expect(enrol).toContainText('totp_enabled: false → true');
  const byAction = (action: string) =>
    table.locator('tbody tr').filter({ has: page.locator('code', { hasText: new RegExp(`^${action}$`) }) });
  await expect(byAction('staff\\.login')).toHaveCount(2); // the first log-in, and the one with the code
  await expect(byAction('staff\\.login_failed')).toHaveCount(1);
  await expect(byAction('staff\\.login_failed')).toContainText('wrong code');
  // newest first: the successful log-in with the code is the top row
  await expect(table.locator('tbody tr').first().locator('code')).toHaveText('staff.login');
  await enrol.click();
  const detail = page.getByTestId('audit-detail');
  await expect(detail).toContainText('staff.totp_enrol');
  const diffRow = detail.locator('tr', { hasText: 'totp_enabled' });
  await expect(diffRow.locator('td').nth(1)).toHaveText('false');
  await expect(diffRow.locator('td').nth(2)).toHaveText('true');
  await page.screenshot({ path: `${SHOTS}/audit-detail.png` });
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}/audit.png` });
});

test('an admin creates a support operator, who logs in without Payments in the navigation and whose approve call is refused', async ({
  page,
  browser,
  request,
}) => {
  const username = `agent${stamp()}`;
  const password = 'support-desk-password-1';
  await openConsole(page, 'admin', '/operators');
  const table = page.getByTestId('operators-table');
  await expect(table.locator('tbody tr', { hasText: 'support' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'New operator' }).click();
  const form = page.getByTestId('create-operator');
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Name', { exact: true }).fill('Agent Smith');
  await form.getByLabel('Role').selectOption('support');
  // the password rules are the API's
  await form.getByLabel(/Initial password/).fill(`${username}-pass`);
  await form.getByRole('button', { name: 'Create operator' }).click();
  await expect(form.getByRole('alert')).toContainText('must not contain the username');
  await form.getByLabel(/Initial password/).fill(password);
  await form.getByRole('button', { name: 'Create operator' }).click();
  await expect(form).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search' }).fill(username);
  const row = table.locator('tbody tr', { hasText: username });
  await expect(row).toContainText('support');
  await expect(row).toContainText('Active');
  await page.screenshot({ path: `${SHOTS}/operators.png` });

  // the new operator logs in (another browser) and sees no Payments
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const agent = await ctx.newPage();
  await consoleLogin(agent, username, password);
  await expect(agent.getByTestId('staff-who')).toContainText(`${username} · support`);
  const nav = agent.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Support chat' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Payments' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Operators' })).toHaveCount(0);
  await expect(agent.getByTestId('tile-pending-deposit')).toBeVisible();
  await agent.screenshot({ path: `${SHOTS}/dashboard-support.png` });
  await ctx.close();

  // and the API refuses the support operator's approval of a payment
  const login = await request.post(`${API()}/api/operator/login`, { data: { username, password } });
  expect(login.ok()).toBeTruthy();
  const token = (await login.json()).token as string;
  // staffApproveTransaction of the payments contracts (the role check comes before anything about the payment)
  const approve = await request.post(`${API()}/api/operator/payments/1/approve`, { headers: bearer(token), data: { reason: 'trying' } });
  expect(approve.status()).toBe(403);
  expect((await approve.json()).code).toBe('role');

  // the admin disables the operator: the session dies at once
  await row.click();
  const manage = page.getByTestId('manage-operator');
  await manage.getByLabel('Reason (for the audit log)').fill('test over');
  await manage.getByRole('button', { name: 'Disable' }).click();
  await expect(manage).toContainText('Disabled');
  const me = await request.get(`${API()}/api/operator/me`, { headers: bearer(token) });
  expect(me.status()).toBe(401);
});
