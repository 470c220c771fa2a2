// Back office, players: a risk operator finds a new player and blocks their exchange (status suspended,
// exchange_market 0): the player's open exchange page shows the upline popup without a reload, and the block lifts the
// same way; disabling the player logs their open page out. A payments operator's adjustment shows on the player's
// open page as the new balance. A support operator's status change is refused by the API (403).
import { expect, test, type Page } from '@playwright/test';
import { API, bearer, openLoggedIn, verifiedPlayer } from './support';
import { BACKOFFICE, openConsole, playerContext, staffHeaders, staffToken } from './staff';

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

// several pages, a remote and the console per test on a shared two-core machine
test.describe.configure({ timeout: 240_000 });

/**
 * Opens the player's exchange in-play list. On this shared, loaded machine the remote may miss the e2e stack's short
 * REMOTE_TIMEOUT_MS once; the shell then offers Retry, which a player would press.
 */
async function openExchange(phone: Page, session: Parameters<typeof openLoggedIn>[1]) {
  await openLoggedIn(phone, session, '/exchange-inplay');
  const ready = phone.getByTestId('sport-cricket');
  const retry = phone.getByRole('button', { name: 'Retry' });
  for (let i = 0; i < 3; i++) {
    await expect(ready.or(retry).first()).toBeVisible({ timeout: 20_000 });
    if (await ready.isVisible()) return;
    await retry.click();
  }
  await expect(ready).toBeVisible();
}

/** Fills and saves the console's status form. */
async function setStatus(page: Page, values: { status?: string; exchange?: '0' | '1' }, reason: string) {
  await page.getByRole('button', { name: 'Status and flags…' }).click();
  const dialog = page.getByRole('dialog');
  if (values.status) await dialog.getByLabel('Status').selectOption(values.status);
  if (values.exchange) await dialog.getByLabel('exchange_market').selectOption(values.exchange);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test("a risk operator blocks and unblocks a player's exchange live, then disables the player, who is logged out", async ({
  page,
  browser,
  request,
}) => {
  const player = await verifiedPlayer(request, { prefix: 'bop' });
  const ctx = await playerContext(browser);
  const phone = await ctx.newPage();
  await openExchange(phone, player.session);
  await expect(phone.getByTestId('exchange-blocked')).toHaveCount(0);

  await openConsole(page, 'risk', '/players');
  await page.getByRole('searchbox', { name: 'Search' }).fill(player.username);
  const row = page.getByTestId('players-table').getByRole('row').filter({ hasText: player.username });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('Page 1 of 1 · 1 rows')).toBeVisible();
  await shot(page, 'players-table');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/players/${player.session.remote_id}$`));
  await expect(page.getByRole('heading', { name: new RegExp(player.username) })).toBeVisible();
  await expect(page.getByTestId('player-status')).toHaveText('active');
  // risk may change status and flags, not money
  await expect(page.getByRole('button', { name: 'Adjust balance…' })).toHaveCount(0);
  await shot(page, 'player-profile');

  await setStatus(page, { status: 'suspended', exchange: '0' }, 'Upline asked to block the exchange');
  await expect(page.getByTestId('player-status')).toHaveText('suspended');
  await expect(page.getByTestId('player-flags')).toContainText('exchange blocked');

  // the player's open exchange page shows the upline popup without a reload
  const popup = phone.getByRole('dialog');
  await expect(popup.getByTestId('exchange-blocked')).toBeVisible();
  await shot(phone, 'player-exchange-blocked');

  await setStatus(page, { exchange: '1' }, 'Upline lifted the block');
  await expect(page.getByTestId('player-flags')).toContainText('exchange open');
  // the popup goes as it came: no reload
  await expect(phone.getByTestId('exchange-blocked')).toHaveCount(0);
  await expect(phone.getByTestId('sport-cricket')).toBeVisible();

  // a note, appended with its author
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByLabel(/New note/).fill('Called the player about the upline block.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('player-notes')).toContainText('Called the player about the upline block.');
  await expect(page.getByTestId('player-notes')).toContainText('risk');

  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page.getByTestId('player-sessions').getByRole('row')).not.toHaveCount(1);
  await shot(page, 'player-sessions');

  // disabled: every token dies and the open page logs out
  await setStatus(page, { status: 'disabled' }, 'Fraud: account closed');
  await expect(page.getByTestId('player-status')).toHaveText('disabled');
  await expect.poll(() => phone.evaluate(() => localStorage.getItem('token')), { timeout: 20_000 }).toBeNull();
  const balance = await request.post(`${API()}/api/balance`, { headers: bearer(player.session.token) });
  expect(balance.status()).toBe(401);
  const login = await request.post(`${API()}/api/login`, { data: { username: player.username, password: player.password } });
  expect(login.status()).toBe(403);
  await shot(phone, 'player-logged-out');
  await ctx.close();
});

test("a payments operator's adjustment shows on the player's open page as the new balance", async ({ page, browser, request }) => {
  const player = await verifiedPlayer(request, { prefix: 'boa' });
  const ctx = await playerContext(browser);
  const phone = await ctx.newPage();
  await openExchange(phone, player.session);
  await expect(phone.getByTestId('exchange-balance')).toHaveText('৳0.00');

  await openConsole(page, 'payments', `/players/${player.session.remote_id}`);
  await expect(page.getByTestId('wallet-available')).toHaveText('0.00 BDT');
  // payments may adjust, not change the status
  await expect(page.getByRole('button', { name: 'Status and flags…' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Adjust balance…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Amount/).fill('150.50');
  await dialog.getByLabel('Reason').fill('Goodwill credit for a failed deposit');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByTestId('adjust-confirm')).toContainText('Credit 150.50 BDT');
  await expect(dialog.getByTestId('adjust-confirm')).toContainText('150.50');
  await shot(page, 'adjust-confirm');
  await dialog.getByRole('button', { name: 'Confirm credit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('wallet-available')).toHaveText('150.50 BDT');

  // the player's open page shows the new balance without a reload
  await expect(phone.getByTestId('exchange-balance')).toHaveText('৳150.50');

  // a debit beyond the available balance is refused in the form
  await page.getByRole('button', { name: 'Adjust balance…' }).click();
  await dialog.getByLabel('Direction').selectOption('debit');
  await dialog.getByLabel(/^Amount/).fill('200');
  await dialog.getByLabel('Reason').fill('Too much');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByText(/More than the available balance/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tab', { name: 'Ledger' }).click();
  const ledger = page.getByTestId('player-ledger');
  await expect(ledger).toContainText('staff.adjustment');
  await expect(ledger).toContainText('Goodwill credit for a failed deposit');
  await shot(page, 'player-ledger');
  await ctx.close();
});

test("a support operator's status change is refused (403) and the console offers no such form", async ({ page, request }) => {
  const player = await verifiedPlayer(request, { prefix: 'bos' });
  const token = await staffToken(request, 'support');
  const res = await request.post(`${API()}/api/operator/players/${player.session.remote_id}/status`, {
    headers: staffHeaders(token),
    data: { status: 'disabled', reason: 'support should not' },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).code).toBe('role');
  const adjust = await request.post(`${API()}/api/operator/players/${player.session.remote_id}/adjust`, {
    headers: { ...staffHeaders(token), 'Idempotency-Key': `e2e-support-${player.username}` },
    data: { direction: 'credit', amount: '10.00', reason: 'support should not' },
  });
  expect(adjust.status()).toBe(403);
  // still active and able to log in
  const login = await request.post(`${API()}/api/login`, { data: { username: player.username, password: player.password } });
  expect(login.ok()).toBeTruthy();

  await openConsole(page, 'support', `/players/${player.session.remote_id}`);
  await expect(page.getByTestId('player-status')).toHaveText('active');
  await expect(page.getByRole('button', { name: 'Status and flags…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Adjust balance…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log out everywhere…' })).toBeVisible();
  expect(BACKOFFICE()).toContain('127.0.0.1');
});
