// Fraud and AML alerts (issue 32): a risk operator sets the deposit velocity rule in the console; a burst of deposits
// from a new account raises an alert that shows with its evidence on its page; the operator takes it, exports the
// suspicious-transaction report (CSV) and cannot resolve it without a note.
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, bearer, newTrx, verifiedPlayer, type NewPlayer } from './support';
import { openConsole, staffHeaders, staffToken } from './staff';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/staff-shots';
mkdirSync(SHOTS, { recursive: true });

async function requestDeposit(request: APIRequestContext, player: NewPlayer, amount: string) {
  const methods = (await (await request.get(`${API()}/api/showpayment-menthod?name=deposit`)).json()).data;
  const bkash = methods.find((m: { name: string }) => m.name === 'bKash');
  const trx = newTrx();
  const dep = await request.post(`${API()}/api/submit-deposit`, {
    headers: { ...bearer(player.session.token), 'Idempotency-Key': `e2e-risk-${player.username}-${trx}` },
    data: { amount, payment_id: bkash.id, transaction_id: trx },
  });
  expect(dep.ok(), await dep.text()).toBeTruthy();
  return (await dep.json()).transaction_id as string;
}

const DEFAULT_RULE = { enabled: true, window_minutes: 60, amounts: { BDT: 100000, INR: 75000, PKR: 350000 }, account_days: 30 };

test('a velocity rule fires on a burst of deposits; the alert shows its evidence and is resolved only with a note', async ({
  page,
  request,
}) => {
  const risk = await staffToken(request, 'risk');
  try {
    // the risk operator tightens the rule in the console (the demo's deposits are small)
    await openConsole(page, 'risk', '/risk/rules');
    const form = page.getByTestId('risk-rule-deposit_velocity');
    await form.getByLabel('BDT at least').fill('3000');
    await form.getByLabel('Reason (for the audit log)').fill('e2e: a low bar for the test');
    await form.getByRole('button', { name: 'Save rule' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved.');
    await page.screenshot({ path: `${SHOTS}/risk-rules.png`, fullPage: true });

    // a new player deposits twice within the hour (the first approved, so the second may be asked)
    const player = await verifiedPlayer(request, { prefix: 'vel' });
    const first = await requestDeposit(request, player, '2000');
    const payments = await staffToken(request, 'payments');
    const list = await request.get(`${API()}/api/operator/payments?status=all&player=${player.username}`, {
      headers: staffHeaders(payments),
    });
    const id = (await list.json()).data.find((t: { public_id: string }) => t.public_id === first).id as number;
    expect(
      (await request.post(`${API()}/api/operator/payments/${id}/approve`, { headers: staffHeaders(payments), data: {} })).ok(),
    ).toBeTruthy();
    const second = await requestDeposit(request, player, '1500');

    // the alert in the list (open or investigating), then its page with the evidence
    await page.getByRole('link', { name: 'Alerts', exact: true }).click();
    const alerts = page.getByTestId('risk-alerts');
    const row = alerts.locator('tbody tr', { hasText: `from player ${player.session.remote_id} ` });
    await expect(row).toContainText('3,500.00 BDT in 2 deposit requests within 60 minutes');
    await expect(row).toContainText('open');
    await row.click();
    await expect(page).toHaveURL(/\/risk\/alerts\/\d+$/);
    const alertId = Number(page.url().split('/').pop());
    const detail = page.getByTestId('risk-alert');
    const evidence = detail.getByTestId('risk-evidence-transactions');
    await expect(evidence).toContainText(first);
    await expect(evidence).toContainText(second);
    await expect(evidence).toContainText('2000.00');
    await expect(evidence).toContainText('approved');
    await expect(detail.getByTestId('risk-evidence')).toContainText('3500.00');
    await expect(detail.getByTestId('risk-evidence')).toContainText('3000');

    // the operator takes it and investigates
    await detail.getByRole('button', { name: 'Assign to me' }).click();
    await expect(detail.getByTestId('risk-alert-owner')).toHaveText('risk');
    await detail.getByRole('button', { name: 'Start investigating' }).click();
    await expect(detail.getByRole('heading', { level: 1 })).toContainText('investigating');

    // the STR: a CSV with the transactions in Dhaka time
    const [download] = await Promise.all([page.waitForEvent('download'), detail.getByTestId('str-export').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(download.suggestedFilename()).toMatch(new RegExp(`^STR-\\d{8}-A${alertId}\\.csv$`));
    expect(csv).toContain(first);
    expect(csv).toContain(second);
    expect(csv).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} GMT\+6,deposit,approved,2000\.00,BDT,bKash/);

    // no note: refused (in the console, and by the API)
    await detail.getByRole('button', { name: 'Resolve' }).click();
    await expect(detail.getByRole('alert')).toContainText('only with a note');
    const bare = await request.post(`${API()}/api/operator/alerts/${alertId}/resolve`, { headers: staffHeaders(risk), data: {} });
    expect(bare.status()).toBe(422);
    const bareState = await request.post(`${API()}/api/operator/risk/alerts/${alertId}/state`, {
      headers: staffHeaders(risk),
      data: { state: 'resolved' },
    });
    expect(bareState.status()).toBe(422);
    await page.screenshot({ path: `${SHOTS}/risk-alert.png`, fullPage: true });
    await detail.getByLabel(/Resolution note/).fill('Called the player: salary and savings; source of funds seen');
    await detail.getByRole('button', { name: 'Resolve' }).click();
    await expect(detail.getByTestId('risk-alert-resolution')).toHaveText('Called the player: salary and savings; source of funds seen');
    await expect(detail.getByTestId('risk-alert-history')).toContainText('STR exported');
    await expect(detail.getByTestId('risk-alert-history')).toContainText('investigating → resolved');

    // closed: gone from the working list, found under resolved
    await page.getByRole('link', { name: '← Alerts' }).click();
    await expect(page.getByTestId('risk-alerts').locator('tbody tr', { hasText: `from player ${player.session.remote_id} ` })).toHaveCount(
      0,
    );
    await page.getByLabel('State').selectOption('resolved');
    const done = page.getByTestId('risk-alerts').locator('tbody tr', { hasText: `from player ${player.session.remote_id} ` });
    await expect(done).toContainText('resolved by risk');
    await page.screenshot({ path: `${SHOTS}/risk.png` });
  } finally {
    // the other specs' players deposit too: the rule goes back to its set-up
    await request.post(`${API()}/api/operator/risk/rules/deposit_velocity`, {
      headers: staffHeaders(risk),
      data: { ...DEFAULT_RULE, reason: 'e2e: back to the set-up' },
    });
  }
});
