// Back office, a player's protection: a new player sets a 24-hour deposit limit and takes a 24-hour time-out through
// the player API; a support operator opens the player's Protection tab and sees the limit, the time-out in force and
// both changes in the history (as the player's own), with nothing to lift or loosen them; support may not record a
// due-diligence check (no action, and the API refuses it); a payments operator records one and it shows in the
// history and as the last check.
import { expect, test, type Page } from '@playwright/test';
import { API, bearer, verifiedPlayer } from './support';
import { openConsole, staffHeaders, staffToken } from './staff';

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

// two logins to the console and a tab of figures per test on a shared two-core machine
test.describe.configure({ timeout: 180_000 });

const READ_ONLY = 'Set by the player; the rules do not allow staff to lift or loosen it.';

test("staff see a player's limit and time-out read-only; payments record a due-diligence check", async ({ page, request }) => {
  const player = await verifiedPlayer(request, { prefix: 'borg' });
  const id = player.session.remote_id;
  const headers = bearer(player.session.token);

  // the player's own changes, through the player API
  const limit = await request.put(`${API()}/api/responsible-gaming/limits`, {
    headers,
    data: { kind: 'deposit', period: '24h', amount: '1000.00' },
  });
  expect(limit.ok(), await limit.text()).toBeTruthy();
  const timeOut = await request.post(`${API()}/api/responsible-gaming/time-out`, { headers, data: { period: '24h', confirm: true } });
  expect(timeOut.ok(), await timeOut.text()).toBeTruthy();
  expect((await timeOut.json()).exclusion).toMatchObject({ kind: 'time_out', period: '24h' });

  // support reads the Protection tab
  await openConsole(page, 'support', `/players/${id}?tab=protection`);
  await expect(page.getByRole('heading', { name: new RegExp(player.username) })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Protection', selected: true })).toBeVisible();
  const tab = page.getByTestId('bo-protection-tab');
  await expect(tab.getByTestId('bo-protection-gates')).toBeVisible();
  // the header says the player is on a time-out
  await expect(page.getByTestId('bo-protection-badge').filter({ hasText: 'Time-out until' })).toHaveCount(1);

  // play and deposits closed by the time-out
  await expect(tab.getByTestId('bo-gate-play')).toContainText('closed');
  await expect(tab.getByTestId('bo-gate-play')).toContainText('Time-out');
  await expect(tab.getByTestId('bo-gate-deposit')).toContainText('Time-out');

  // the limit, in force at once (a first limit), nothing used, nothing pending
  const deposit24h = tab.getByTestId('bo-protection-limits').getByTestId('bo-limit-deposit-24h');
  await expect(deposit24h).toContainText('BDT 1,000.00');
  await expect(deposit24h).toContainText('BDT 0.00');
  await expect(tab.getByTestId('bo-protection-limits').getByTestId('bo-limit-deposit-7d')).toContainText('no limit');

  // the time-out, in force, read-only
  const exclusions = tab.getByTestId('bo-protection-exclusions').getByTestId('bo-exclusion');
  await expect(exclusions).toHaveCount(1);
  await expect(exclusions).toContainText('Time-out');
  await expect(exclusions).toContainText('24 hours');
  await expect(exclusions).toContainText('in force');
  await expect(exclusions).toContainText(READ_ONLY);

  // both changes in the history, as the player's own
  const history = tab.getByTestId('bo-protection-history');
  const limitLine = history.getByTestId('bo-history-row').filter({ hasText: 'Deposit limit, 24 hours' });
  await expect(limitLine).toHaveCount(1);
  await expect(limitLine).toContainText(`player:${player.username}`);
  await expect(limitLine).toContainText('no limit → BDT 1,000.00');
  const timeOutLine = history.getByTestId('bo-history-row').filter({ hasText: 'Time-out started' });
  await expect(timeOutLine).toHaveCount(1);
  await expect(timeOutLine).toContainText(`player:${player.username}`);
  await expect(timeOutLine).toContainText('none → Time-out 24 hours, until');

  // nothing to lift or loosen it, and support records no check
  await expect(tab.getByRole('note')).toContainText(READ_ONLY);
  await expect(tab.getByRole('button')).toHaveCount(1);
  await expect(tab.getByRole('button')).toHaveText('Reload');
  await expect(page.getByTestId('bo-cdd-record')).toHaveCount(0);
  await shot(page, 'protection-support');
  const support = await staffToken(request, 'support');
  const refused = await request.post(`${API()}/api/operator/players/${id}/due-diligence`, {
    headers: staffHeaders(support),
    data: { reason: 'support should not' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('role');

  // payments ('operator') records a due-diligence check
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'Log out' }).click();
  // the log-out has ended the session before the next log-in page loads
  await expect(page.getByLabel('Username')).toBeVisible();
  await openConsole(page, 'payments', `/players/${id}?tab=protection`);
  const cdd = page.getByTestId('bo-protection-cdd');
  await expect(cdd.getByTestId('bo-cdd-last')).toHaveText('never');
  await page.getByTestId('bo-cdd-record').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('bo-cdd-reason').fill('NID and bank statement seen; salary account');
  await dialog.getByTestId('bo-cdd-submit').click();
  await expect(dialog).toBeHidden();
  await expect(cdd.getByRole('status')).toHaveText('Due-diligence check recorded.');
  await expect(cdd.getByTestId('bo-cdd-last')).toContainText('by operator');
  await expect(cdd.getByTestId('bo-cdd-last')).toContainText('NID and bank statement seen; salary account');
  const checkLine = page
    .getByTestId('bo-protection-history')
    .getByTestId('bo-history-row')
    .filter({ hasText: 'Due-diligence check recorded' });
  await expect(checkLine).toHaveCount(1);
  await expect(checkLine).toContainText('operator');
  await expect(checkLine).toContainText('NID and bank statement seen; salary account');

  // it stays after a reload (read back from the API, not only the POST's answer)
  await page.reload();
  await expect(
    page.getByTestId('bo-protection-history').getByTestId('bo-history-row').filter({ hasText: 'Due-diligence check recorded' }),
  ).toHaveCount(1);
  // the time-out is still there: recording a check changes nothing the player set
  await expect(page.getByTestId('bo-protection-exclusions').getByTestId('bo-exclusion')).toContainText('in force');
  await shot(page, 'protection-payments');
});
