// Back office, payments: a payments operator approves a deposit in the console and the player's open page shows the
// new balance without a reload; a rejection with a reason shows on the player's records; a support operator's approval
// is refused by the API (403); both decisions are in the audit log with the status before and after. The methods and
// reports screens load.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, bearer, newTrx, openLoggedIn, verifiedPlayer, type NewPlayer } from './support';
import { openConsole, playerContext, staffHeaders, staffToken } from './staff';

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function requestDeposit(request: APIRequestContext, player: NewPlayer, amount: string, trx: string) {
  const methods = (await (await request.get(`${API()}/api/showpayment-menthod?name=deposit`)).json()).data;
  const bkash = methods.find((m: { name: string }) => m.name === 'bKash');
  const dep = await request.post(`${API()}/api/submit-deposit`, {
    headers: { ...bearer(player.session.token), 'Idempotency-Key': `e2e-bo-${player.username}-${trx}` },
    data: { amount, payment_id: bkash.id, transaction_id: trx },
  });
  expect(dep.ok(), await dep.text()).toBeTruthy();
  return (await dep.json()).transaction_id as string;
}

/** The player's records on a phone; a remote that timed out on a busy machine is retried once (the area's Retry). */
async function openRecords(phone: Page, player: NewPlayer) {
  await openLoggedIn(phone, player.session, '/transaction-record');
  const retry = phone.getByRole('alert').getByRole('button', { name: 'Retry' });
  await expect(phone.getByTestId('status-tag').first().or(retry)).toBeVisible({ timeout: 20_000 });
  if (await retry.isVisible()) await retry.click();
}

async function paymentId(request: APIRequestContext, token: string, player: NewPlayer, publicId: string): Promise<number> {
  const res = await request.get(`${API()}/api/operator/payments?status=all&player=${player.username}`, { headers: staffHeaders(token) });
  const row = (await res.json()).data.find((t: { public_id: string }) => t.public_id === publicId);
  return row.id as number;
}

test('a payments operator approves a deposit in the console; the player sees the balance live; support is refused', async ({
  page,
  browser,
  request,
}) => {
  const player = await verifiedPlayer(request, { prefix: 'bopay' });
  await openConsole(page, 'payments', '/payments/desk');
  await expect(page.getByRole('tab', { name: 'Pending', selected: true })).toBeVisible();
  const table = page.getByTestId('payments-table');
  await page.getByLabel('Player id or username').fill(player.username);
  await expect(table.getByText('No rows')).toBeVisible();

  // the request appears in the open console by the staff push, without a reload
  const trx = newTrx();
  const publicId = await requestDeposit(request, player, '1500', trx);
  const row = table.getByRole('row').filter({ hasText: player.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1500.00 BDT');
  await expect(row).toContainText(trx);

  // the player's page is open while the operator decides
  const ctx = await playerContext(browser);
  const phone = await ctx.newPage();
  await openRecords(phone, player);
  await expect(phone.getByTestId('header-balance')).toHaveText('৳0.00');
  await expect(phone.getByTestId('status-tag').first()).toHaveText('Pending', { timeout: 15_000 });

  // a support operator may not approve it (the API refuses, nothing moves)
  const support = await staffToken(request, 'support');
  const id = await paymentId(request, await staffToken(request, 'payments'), player, publicId);
  const refused = await request.post(`${API()}/api/operator/payments/${id}/approve`, { headers: staffHeaders(support), data: {} });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('role');

  await row.click();
  const drawer = page.getByTestId('payment-drawer');
  await expect(drawer.getByRole('heading', { level: 2 })).toContainText(publicId);
  await expect(drawer).toContainText(trx);
  await expect(drawer.getByTestId('payment-timeline')).toContainText('initiated');
  await shot(page, 'payments-drawer');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await expect(drawer.getByRole('status')).toHaveText('Approved.');
  await expect(drawer.getByRole('heading', { level: 2 })).toContainText('Approved');
  await expect(drawer.getByTestId('payment-timeline')).toContainText('approved');
  // pending list: gone
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: 'Close' }).click();

  // the player's open page: the new balance and the record's status, no reload
  await expect(phone.getByTestId('header-balance')).toHaveText('৳1,500.00', { timeout: 15_000 });
  await expect(phone.getByTestId('status-tag').first()).toHaveText('Success');
  await shot(phone, 'player-after-approve');

  // approved tab lists it
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(table.getByRole('row').filter({ hasText: player.username })).toContainText('Approved');
  await shot(page, 'payments-approved');

  // the audit log has the decision with the status before and after (GET /api/operator/audit)
  const admin = await staffToken(request, 'admin');
  const audit = await request.get(`${API()}/api/operator/audit?action=payment.approve&entity_id=${id}`, { headers: staffHeaders(admin) });
  expect(audit.ok(), await audit.text()).toBeTruthy();
  const lines = (await audit.json()).data;
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ username: 'operator', before: { status: 0 }, after: { status: 1, amount: '1500.00' } });
  await ctx.close();
});

test("a rejection with a reason shows on the player's records, and in the audit log", async ({ page, browser, request }) => {
  const player = await verifiedPlayer(request, { prefix: 'borej' });
  const publicId = await requestDeposit(request, player, '700', newTrx());
  const ctx = await playerContext(browser);
  const phone = await ctx.newPage();
  await openRecords(phone, player);
  await expect(phone.getByTestId('status-tag').first()).toHaveText('Pending');

  await openConsole(page, 'payments', '/payments/desk');
  await page.getByLabel('Player id or username').fill(player.username);
  const row = page.getByTestId('payments-table').getByRole('row').filter({ hasText: player.username });
  await row.click();
  const drawer = page.getByTestId('payment-drawer');
  // a rejection without a reason is stopped before it is sent
  await drawer.getByRole('button', { name: 'Reject' }).click();
  await expect(drawer.getByRole('alert')).toContainText('Give a reason');
  await drawer.getByLabel(/Reason/).fill('No money arrived on 01711000001');
  await drawer.getByRole('button', { name: 'Reject' }).click();
  await expect(drawer.getByRole('status')).toHaveText('Rejected.');
  await expect(drawer).toContainText('No money arrived on 01711000001');
  await shot(page, 'payments-rejected');

  // the player's records follow without a reload, and the details carry the reason
  await expect(phone.getByTestId('status-tag').first()).toHaveText('Fail', { timeout: 15_000 });
  await phone.getByTestId('record-row').first().click();
  await expect(phone.getByTestId('record-details').getByTestId('detail-reason')).toHaveText('No money arrived on 01711000001');
  await shot(phone, 'player-rejected-record');

  const admin = await staffToken(request, 'admin');
  const id = await paymentId(request, admin, player, publicId);
  const audit = await request.get(`${API()}/api/operator/audit?action=payment.reject&entity_id=${id}`, { headers: staffHeaders(admin) });
  const lines = (await audit.json()).data;
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ reason: 'No money arrived on 01711000001', before: { status: 0 }, after: { status: 2 } });
  await ctx.close();
});

test('payment methods and reports screens', async ({ page, request }) => {
  await openConsole(page, 'payments', '/payments/methods');
  const methods = page.getByTestId('methods-table');
  await expect(methods.getByRole('row').filter({ hasText: 'bKash' })).toContainText('100–25000 (default)');
  await expect(page.getByTestId('withdrawal-status')).toContainText('On');
  await shot(page, 'payments-methods');
  await methods.getByRole('row').filter({ hasText: 'bKash' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Payment method: bKash' })).toBeVisible();
  await expect(dialog.getByText('01711000001')).toBeVisible();
  await shot(page, 'payments-method-editor');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await page.goto(page.url().replace('/payments/methods', '/reports'));
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await expect(page.getByTestId('report-table')).toBeVisible();
  // today's BDT deposits include this run's approvals (the demo seed is not a deposit)
  const token = await staffToken(request, 'risk');
  const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
  const api = await (
    await request.get(`${API()}/api/operator/reports/daily?from=${today}&to=${today}`, { headers: staffHeaders(token) })
  ).json();
  const bdt = api.rows.find((r: { currency: string }) => r.currency === 'BDT');
  if (bdt) await expect(page.getByTestId('report-table').getByRole('row').filter({ hasText: today })).toContainText(bdt.deposits);
  await shot(page, 'reports');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
});
