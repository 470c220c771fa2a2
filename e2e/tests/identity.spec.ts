import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, SANDBOX, newPhone, newTrx, newUsername, setBirthday } from './support';

/** The newest code the sandbox outbox holds for a phone or e-mail address (what a tester reads at /outbox/). */
async function codeFor(request: APIRequestContext, to: string, after = 0): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await request.get(`${SANDBOX()}/outbox/messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: { id: number; code: string | null }[] };
    const m = messages.find((x) => x.id > after && x.code);
    if (m) return m.code!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code for ${to}`);
}
async function lastOutboxId(request: APIRequestContext, to: string): Promise<number> {
  const { messages } = await (await request.get(`${SANDBOX()}/outbox/messages?to=${encodeURIComponent(to)}`)).json();
  return messages[0]?.id ?? 0;
}

async function fillSignup(page: Page, v: { username: string; phone: string; password: string; confirm: string }) {
  for (const [label, value] of [
    ['Username', v.username],
    ['Phone Number', v.phone],
    ['Password', v.password],
    ['Confirm Password', v.confirm],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Sign up' }).last().click();
}

async function login(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).last().click();
  await expect(page).toHaveURL(/\/$/);
}

/** The friend's 1,000 deposit approved by the operator, then one settled slot spin at the sandbox provider. */
async function friendDepositsAndBets(request: APIRequestContext, friend: { token: string; remote_id: number }) {
  const headers = { authorization: `Bearer ${friend.token}` };
  // deposits need a birthday (responsible gambling: 18+)
  await setBirthday(request, { token: friend.token, remote_id: String(friend.remote_id), username: '' }, '1994-03-09');
  const methods = (await (await request.get(`${API()}/api/showpayment-menthod?name=deposit`)).json()).data;
  const bkash = methods.find((m: { name: string }) => m.name === 'bKash');
  const dep = await request.post(`${API()}/api/submit-deposit`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-ref-${friend.remote_id}` },
    data: { amount: '1000', payment_id: bkash.id, transaction_id: newTrx() },
  });
  expect(dep.ok(), await dep.text()).toBeTruthy();
  const op = await (await request.post(`${API()}/api/operator/login`, { data: { username: 'operator', password: 'operator123' } })).json();
  const opHeaders = { authorization: `Bearer ${op.token}` };
  const pending = (
    await (await request.get(`${API()}/api/operator/payments?status=0&player=${friend.remote_id}`, { headers: opHeaders })).json()
  ).data;
  const mine = pending.find((t: { player_id: number }) => t.player_id === friend.remote_id);
  expect((await request.post(`${API()}/api/operator/payments/${mine.id}/approve`, { headers: opHeaders, data: {} })).ok()).toBeTruthy();
  const launch = await (
    await request.post(`${API()}/api/game-run`, {
      headers,
      data: { gameCode: 'sandbox-slot', gameType: 'SLOT', platform: 'SANDBOX', userId: friend.remote_id },
    })
  ).json();
  const html = await (await request.get(launch.url)).text();
  const sid = JSON.parse(/const SID=("[^"]+")/.exec(html)![1]!);
  const spin = await request.post(new URL(`api/sessions/${sid}/spin`, launch.url).toString(), { data: { bet: '10.00' } });
  expect(spin.ok(), await spin.text()).toBeTruthy();
}

async function logoutFromAccount(page: Page) {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
}

test('a new player signs up, logs out and in, recovers the password, verifies, converts VP, claims the bonus and uses the inbox', async ({
  page,
  request,
}) => {
  const username = newUsername('id');
  const phone = newPhone();
  const password = 'secret123';

  // --- Sign-up with every validation message provoked once --------------------------------
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign up' }).last().click();
  await expect(page.getByText('Username must be between 8 and 16 characters')).toBeVisible();
  await expect(page.getByText('Invalid phone number (10-15 digits)')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Confirm Password is required')).toBeVisible();
  await fillSignup(page, { username, phone, password: 'bad$pass1', confirm: 'x' });
  await expect(page.getByText('Password can only contain letters and numbers (no special characters)')).toBeVisible();
  await fillSignup(page, { username, phone, password, confirm: 'secret124' });
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.screenshot({ path: '/tmp/identity-signup-errors.png' });
  await fillSignup(page, { username, phone, password, confirm: password });
  await expect(page).toHaveURL(/\/$/);
  const storage = await page.evaluate(() => ({ ...localStorage }));
  expect(storage).toMatchObject({ username, popup: '1', regPopup: '1' });
  expect(storage.token).toBeTruthy();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  // the shell's home shows the registration-welcome popup; closing it remembers the dismissal
  await expect(page.getByTestId('welcome-text')).toBeVisible();
  await page.screenshot({ path: '/tmp/identity-welcome.png' });
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  expect(await page.evaluate(() => localStorage.getItem('regPopup'))).toBe('0');

  // --- Log out (server-side revoke) and log in -----------------------------------------------
  const oldToken = storage.token!;
  await logoutFromAccount(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect
    .poll(async () => (await request.get(`${API()}/api/user/show`, { headers: { authorization: `Bearer ${oldToken}` } })).status())
    .toBe(401);
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('wrongpass1');
  await page.getByRole('button', { name: 'Login' }).last().click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid credentials');
  await login(page, username, password);
  expect(await page.evaluate(() => localStorage.getItem('regPopup'))).toBe('0');

  // --- Forgot password through the SMS tab, OTP from the sandbox outbox ------------------------
  await logoutFromAccount(page);
  await page.goto('/forgot-password');
  await page.getByRole('tab', { name: 'SMS' }).click();
  const before = await lastOutboxId(request, phone);
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByTestId('forgot-success')).toHaveText('OTP sent successfully. Please check your sms.');
  const otp = await codeFor(request, phone, before);
  await page.getByLabel('OTP').fill(otp);
  await page.getByLabel('New Password', { exact: true }).fill('newpass123');
  await page.getByLabel('Confirm New Password').fill('newpass123');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await login(page, username, 'newpass123');

  // --- Verify the phone and set the birthday ------------------------------------------------
  await page.goto('/profile');
  const phoneBox = page.getByTestId('profile-phone');
  await expect(phoneBox.getByText('Not Verified')).toBeVisible();
  const beforeVerify = await lastOutboxId(request, phone);
  await phoneBox.getByRole('button', { name: 'Send code' }).click();
  await expect(phoneBox.getByRole('button', { name: /Resend in [45]:\d\d/ })).toBeDisabled();
  await phoneBox.getByLabel('Verification code').fill(await codeFor(request, phone, beforeVerify));
  await phoneBox.getByRole('button', { name: 'Verify' }).click();
  await expect(phoneBox.getByText('Verified', { exact: true })).toBeVisible();
  await page.getByLabel('Date of Birth').fill('1995-05-17');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('dob-value')).toHaveText('1995-05-17');
  await expect(page.getByLabel('Date of Birth')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/identity-profile.png', fullPage: true });

  // --- Convert 10 VP: the shell's top bar follows through the bus -----------------------------
  await page.goto('/vip');
  await expect(page.getByTestId('vip-points')).toHaveText('10');
  await expect(page.getByTestId('header-balance')).toHaveText('৳0.00');
  await page.getByLabel('VP to convert').fill('9');
  await expect(page.getByText('Not enough points. Points must follow minimum VP required to convert.')).toBeVisible();
  await page.getByRole('button', { name: 'Convert VP' }).click();
  await expect(page.getByTestId('vip-error')).toHaveText('Minimum VP Required: 10');
  await page.getByLabel('VP to convert').fill('10');
  await page.getByRole('button', { name: 'Convert VP' }).click();
  await expect(page.getByTestId('vip-success')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('৳10.00');
  await expect(page.getByTestId('vip-points')).toHaveText('0');
  await page.screenshot({ path: '/tmp/identity-vip.png' });

  // --- Claim the cash bonus: a friend signs up with the referral link, verifies, deposits and bets ---
  await page.goto('/refrrel-program');
  await page.getByRole('tab', { name: 'My Referral' }).click();
  await page.getByRole('button', { name: 'Claim All' }).click();
  await expect(page.getByTestId('referral-notice')).toHaveText('You need at least 10 to claim all.');
  const link = await page.getByTestId('referral-link').textContent();
  expect(link).toMatch(/\/referral_code\?referral_code=[A-Z0-9]+$/);
  await expect(page.getByAltText('QR code of my referral link')).toBeVisible();
  const code = new URL(link!).searchParams.get('referral_code')!;
  const friendPhone = newPhone().replace(/^017/, '018');
  const friend = await (
    await request.post(`${API()}/api/v1/create-players`, {
      data: { username: newUsername('fr'), phone: friendPhone, password, confirmPassword: password, referral_code: code },
    })
  ).json();
  const fAuth = { authorization: `Bearer ${friend.token}` };
  expect((await request.post(`${API()}/api/send-verification-code`, { headers: fAuth, data: { phone: friendPhone } })).ok()).toBeTruthy();
  expect(
    (
      await request.post(`${API()}/api/verify-phone-number`, {
        headers: fAuth,
        data: { verification_code: await codeFor(request, friendPhone) },
      })
    ).ok(),
  ).toBeTruthy();
  // verification alone pays nothing (issue 10: no farming); a deposit and a bet do
  await friendDepositsAndBets(request, friend);
  await page.reload();
  await page.getByRole('tab', { name: 'My Referral' }).click();
  await expect(page.getByTestId('cash-bonus')).toHaveText('৳50.00');
  await page.getByRole('button', { name: 'Claim All' }).click();
  await expect(page.getByTestId('referral-notice')).toHaveText('Bonus Claimed successfully.');
  await expect(page.getByTestId('header-balance')).toHaveText('৳60.00');
  await expect(page.getByTestId('cash-bonus')).toHaveText('৳0.00');

  // --- Inbox: read one, delete two ---------------------------------------------------------
  await page.goto('/inbox');
  const items = page.getByTestId('inbox-item');
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(4); // 3 welcome messages + the phone-verified one
  await items.first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(items.first()).toHaveAttribute('data-read', '1');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('checkbox').nth(0).check();
  await page.getByRole('checkbox').nth(1).check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(items).toHaveCount(count - 2);
  await page.screenshot({ path: '/tmp/identity-inbox.png' });
});

test('the account menu shows the player and logs out; guarded pages send visitors to /login', async ({ page, request }) => {
  await page.goto('/inbox');
  await expect(page).toHaveURL(/\/login$/);
  const username = newUsername('ac');
  const res = await request.post(`${API()}/api/v1/create-players`, {
    data: { username, phone: newPhone().replace(/^017/, '019'), password: 'secret123', confirmPassword: 'secret123' },
  });
  expect(res.ok()).toBeTruthy();
  await login(page, username, 'secret123');
  await page.goto('/account');
  await expect(page.getByTestId('account-username')).toHaveText(username);
  await expect(page.getByTestId('account-vp')).toHaveText('0');
  await page.getByRole('button', { name: 'Hide balance' }).click();
  await expect(page.getByTestId('account-balance')).toHaveText('****');
  await page.screenshot({ path: '/tmp/identity-account.png', fullPage: true });
  await page.getByRole('button', { name: 'Log out' }).last().click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test("a password change ends the session and opens /login with spec 8's text; only the new password logs in", async ({ page, request }) => {
  const username = newUsername('pw');
  const res = await request.post(`${API()}/api/v1/create-players`, {
    data: { username, phone: newPhone().replace(/^017/, '019'), password: 'secret123', confirmPassword: 'secret123' },
  });
  expect(res.ok()).toBeTruthy();
  await login(page, username, 'secret123');
  await page.goto('/reset-password');
  await page.getByLabel('Current Password').fill('secret123');
  await page.getByLabel('New Password', { exact: true }).fill('changed123');
  await page.getByLabel('Confirm New Password').fill('changed123');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('password-success')).toHaveText('Password changed successfully. Please login with your new password.');
  // still there after the old session's late calls were refused (the player used to be sent home ~1.2 s in)
  await page.waitForTimeout(2000);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect((await request.post(`${API()}/api/login`, { data: { username, password: 'secret123' } })).ok()).toBeFalsy();
  await login(page, username, 'changed123');
});

test('code capture stores the referral code and sign-up prefills it', async ({ page }) => {
  await page.goto('/referral_code?referral_code=ZZZ999');
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('Referral Code (optional)')).toHaveValue('ZZZ999');
  page.once('dialog', (d) => {
    expect(d.message()).toBe('No affiliate_code found in the URL');
    void d.accept();
  });
  await page.goto('/affiliate_code');
  await expect(page).toHaveURL(/\/signup$/);
});
