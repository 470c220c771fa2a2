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

test('an admin makes an operator and issues a one-time TOTP link; the operator changes the admin’s password at the first log-in, enrols through the link and logs in with the code; the audit log shows it all', async ({
  page,
  browser,
}) => {
  const username = `sec${stamp()}`;
  const initial = 'from-the-admin-pass-1';
  const own = 'my-very-own-words-22';

  // the admin makes the operator and issues the link in the console
  await openConsole(page, 'admin', '/staff-accounts');
  await page.getByRole('button', { name: 'New operator' }).click();
  const form = page.getByTestId('create-staff-account');
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Name', { exact: true }).fill('Security Admin');
  await form.getByLabel('Role').selectOption('admin');
  await form.getByLabel(/Initial password/).fill(initial);
  await form.getByRole('button', { name: 'Create operator' }).click();
  await expect(form).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search' }).fill(username);
  const row = page.getByTestId('operators-table').locator('tbody tr', { hasText: username });
  await expect(row).toContainText('must change password');
  await row.click();
  const manage = page.getByTestId('manage-operator');
  await manage.getByLabel('Reason (for the audit log)').fill('new security admin');
  await manage.getByRole('button', { name: 'Enrolment link' }).click();
  const url = (await manage.getByTestId('totp-link-url').textContent())!.trim();
  expect(url).toMatch(new RegExp(`^${BACKOFFICE()}/enrol#[A-Za-z0-9_-]{40,}$`));
  await expect(manage.getByTestId('manage-totp')).toContainText('enrolment link valid until');
  await page.screenshot({ path: `${SHOTS}/operator-link.png` });

  // the operator opens the link in their own browser: log in, the admin's password must be changed first
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const op = await ctx.newPage();
  await op.goto(url);
  await expect(op.getByTestId('enrol-link-note')).toBeVisible();
  expect(new URL(op.url()).pathname).toBe('/account');
  await op.getByLabel('Username').fill(username);
  await op.getByLabel('Password').fill(initial);
  await op.getByRole('button', { name: 'Log in' }).click();
  await expect(op.getByTestId('password-change-required')).toBeVisible();
  const nav = op.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link')).toHaveText(['My account']);
  await expect(op.getByTestId('totp-enrolment')).toHaveCount(0);
  const change = op.getByTestId('change-password');
  await change.getByLabel('Password from the admin').fill(initial);
  await change.getByLabel('New password', { exact: true }).fill(`${username}-words`);
  await change.getByLabel('New password again').fill(`${username}-words`);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByRole('alert')).toContainText('must not contain the username');
  await op.screenshot({ path: `${SHOTS}/first-login-password.png` });
  await change.getByLabel('New password', { exact: true }).fill(own);
  await change.getByLabel('New password again').fill(own);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByRole('status')).toContainText('Password changed');
  await expect(op.getByTestId('password-change-required')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Staff accounts' })).toBeVisible();

  // then the enrolment, with the link opened before the log-in
  await expect(op.getByTestId('totp-status')).toHaveText('Off');
  await op.getByRole('button', { name: 'Set up authenticator' }).click();
  await expect(op.getByRole('img', { name: 'QR code of the authenticator key' })).toBeVisible();
  const secret = (await op.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await op.screenshot({ path: `${SHOTS}/account-enrol.png` });
  // a wrong code does not turn it on
  await op.getByLabel('Code from the app').fill('000000');
  await op.getByRole('button', { name: 'Turn on' }).click();
  await expect(op.getByRole('alert')).toContainText(/wrong or expired/);
  await op.getByLabel('Code from the app').fill(await generate({ secret }));
  await op.getByRole('button', { name: 'Turn on' }).click();
  await expect(op.getByTestId('totp-status')).toHaveText('On');

  // the link is spent: opening it again offers no set-up (TOTP is on)
  await op.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'Log out' }).click();
  await consoleLogin(op, username, own);
  const codeField = op.getByLabel('Authenticator code');
  await expect(codeField).toBeVisible();
  // a wrong code is refused (one that is none of the window's codes)
  const window = await Promise.all([-30, 0, 30].map((d) => generate({ secret, epoch: nowSec() + d })));
  const wrong = ['123456', '654321', '111111'].find((c) => !window.includes(c))!;
  await codeField.fill(wrong);
  await op.getByRole('button', { name: 'Log in' }).click();
  await expect(op.getByRole('alert')).toContainText(/wrong or expired/);
  await expect(op.getByTestId('staff-who')).toHaveCount(0);
  // the right code: the enrolment spent the current step, so the next step's code (inside the ±1 window)
  await codeField.fill(await generate({ secret, epoch: nowSec() + 30 }));
  await op.getByRole('button', { name: 'Log in' }).click();
  await expect(op.getByTestId('staff-who')).toContainText(username);

  // the audit log lists the link, the password change, the log-ins, the refused code and the enrolment
  await op.getByRole('link', { name: 'Audit log' }).click();
  await op.getByLabel('Operator').fill(username);
  await op.getByRole('button', { name: 'Apply' }).click();
  const table = op.getByTestId('audit-table');
  const enrol = table.locator('tbody tr', { hasText: 'staff.totp_enrol' });
  await expect(enrol).toHaveCount(1);
  await expect(enrol).toContainText('totp_enabled: false → true');
  const byAction = (action: string) =>
    table.locator('tbody tr').filter({ has: op.locator('code', { hasText: new RegExp(`^${action}$`) }) });
  await expect(byAction('staff\\.login')).toHaveCount(2); // the first log-in, and the one with the code
  await expect(byAction('staff\\.password_change')).toHaveCount(1);
  await expect(byAction('staff\\.login_failed')).toHaveCount(1);
  await expect(byAction('staff\\.login_failed')).toContainText('wrong code');
  // newest first: the successful log-in with the code is the top row
  await expect(table.locator('tbody tr').first().locator('code')).toHaveText('staff.login');
  await enrol.click();
  const detail = op.getByTestId('audit-detail');
  await expect(detail).toContainText('staff.totp_enrol');
  const diffRow = detail.locator('tr', { hasText: 'totp_enabled' });
  await expect(diffRow.locator('td').nth(1)).toHaveText('false');
  await expect(diffRow.locator('td').nth(2)).toHaveText('true');
  await op.screenshot({ path: `${SHOTS}/audit-detail.png` });
  await op.keyboard.press('Escape');
  await op.screenshot({ path: `${SHOTS}/audit.png` });
  await ctx.close();

  // the admin's own audit search shows the link was issued (by the admin, without the token)
  await page.goto(`${BACKOFFICE()}/audit`);
  await page.getByLabel('Operator').fill('admin');
  await page.getByRole('button', { name: 'Apply' }).click();
  const issued = page.getByTestId('audit-table').locator('tbody tr', { hasText: 'operator.totp_link' }).first();
  await expect(issued).toBeVisible();
  await expect(issued).not.toContainText(url.split('#')[1]!);
});

test('wrong passwords slow down that (username, address) pair only: another operator from the address logs in; an admin unlocks the pair', async ({
  request,
}) => {
  const admin = await staffToken(request, 'admin');
  const username = `slow${stamp()}`;
  const password = 'throttle-pass-words';
  const made = await request.post(`${API()}/api/operator/operators`, {
    headers: bearer(admin),
    data: { username, role: 'support', password },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  const id = (await made.json()).id as number;
  // the API sees loopback; X-Forwarded-For is not trusted, so both addresses are one here: the pair is
  // (username, 127.0.0.1) and another username from the same address is unaffected
  const codes: number[] = [];
  for (let i = 0; i < 7; i++) {
    codes.push((await request.post(`${API()}/api/operator/login`, { data: { username, password: `wrong-${i}` } })).status());
  }
  expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(codes.slice(5)).toEqual([429, 429]);
  expect((await request.post(`${API()}/api/operator/login`, { data: { username, password } })).status()).toBe(429);
  // another operator from the same address is not held up
  expect((await request.post(`${API()}/api/operator/login`, { data: { username: 'support', password: 'support123' } })).status()).toBe(200);
  const unlock = await request.post(`${API()}/api/operator/operators/${id}/unlock`, {
    headers: bearer(admin),
    data: { reason: 'phoned in' },
  });
  expect(unlock.ok(), await unlock.text()).toBeTruthy();
  expect((await unlock.json()).throttled_addresses).toBe(0);
  expect((await request.post(`${API()}/api/operator/login`, { data: { username, password } })).status()).toBe(200);
});

test('an admin creates a support operator, who logs in without Payments in the navigation and whose approve call is refused', async ({
  page,
  browser,
  request,
}) => {
  const username = `agent${stamp()}`;
  const password = 'support-desk-password-1';
  const ownPassword = 'chosen-by-the-agent-7';
  await openConsole(page, 'admin', '/staff-accounts');
  const table = page.getByTestId('operators-table');
  await expect(table.locator('tbody tr', { hasText: 'support' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'New operator' }).click();
  const form = page.getByTestId('create-staff-account');
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

  // the new operator logs in (another browser), changes the admin's password, and sees no Payments
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const agent = await ctx.newPage();
  await consoleLogin(agent, username, password);
  await expect(agent.getByTestId('staff-who')).toContainText(`${username} · support`);
  const change = agent.getByTestId('change-password');
  await change.getByLabel('Password from the admin').fill(password);
  await change.getByLabel('New password', { exact: true }).fill(ownPassword);
  await change.getByLabel('New password again').fill(ownPassword);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByRole('status')).toContainText('Password changed');
  await agent.getByRole('link', { name: 'Dashboard' }).click();
  const nav = agent.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Support chat' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Payments' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0);
  await expect(agent.getByTestId('tile-pending-deposit')).toBeVisible();
  await agent.screenshot({ path: `${SHOTS}/dashboard-support.png` });
  await ctx.close();

  // and the API refuses the support operator's approval of a payment
  const login = await request.post(`${API()}/api/operator/login`, { data: { username, password: ownPassword } });
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

test('the console’s CSP trusts only its own origin for scripts and known image hosts, and the console runs under it without a violation', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => /Content Security Policy|Refused to/i.test(m.text()) && violations.push(m.text()));
  const res = await page.goto(`${BACKOFFICE()}/login`);
  const csp = res!.headers()['content-security-policy']!;
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `))!
      .split(/\s+/)
      .slice(1);
  expect(directive('script-src').filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'"]);
  expect(directive('img-src')).not.toContain('https:');
  expect(directive('frame-src')).toEqual(["'none'"]);
  await openConsole(page, 'admin');
  for (const path of ['/content', '/staff-accounts', '/audit', '/account']) {
    await page.goto(`${BACKOFFICE()}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(violations).toEqual([]);
});
