// Back office, transfer wallets (issue 30): a transfer-in whose provider stopped answering stays pending; support sees
// it on the player page and in Pending transfers but may not act; a payments operator re-queries it (no answer yet, so
// no Resolve), the provider comes back, re-queries again (it never saw the transfer, now closed) and resolves it with a
// reason: reversed, the money back in main. The e2e site's reconciler runs only at start (playwright.config.ts), so
// staff, not the reconciler, resolve it here.
import { expect, test } from '@playwright/test';
import { API, SANDBOX, bearer, fundedPlayer } from './support';
import { BACKOFFICE, openConsole } from './staff';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/pw-out-30/shots';

test('a pending transfer: support reads it, payments re-query and resolve it by the provider answer with a reason', async ({
  page,
  request,
}) => {
  const { session, username } = await fundedPlayer(request, { amount: '1000', prefix: 'bot' });
  const fault = (mode: string) =>
    request.post(`${SANDBOX()}/transfer/control/fault`, { data: { vendor: 'FANTASY', mode, ops: ['transfer', 'status'] } });
  expect((await fault('down')).ok()).toBeTruthy();
  try {
    const launch = await request.post(`${API()}/api/provider-wallets/launch`, {
      headers: bearer(session.token),
      data: { gameCode: 'fantasy-sportsbook', amount: '250.00' },
    });
    expect(launch.ok(), await launch.text()).toBeTruthy();
    expect((await launch.json()).transfer.state).toBe('pending');

    // support: the player page's section and the list, read only
    await openConsole(page, 'support', `/players/${session.remote_id}`);
    const section = page.getByTestId('player-provider-wallets');
    await expect(section).toContainText('Provider wallets');
    await expect(section.getByTestId('provider-transfer-row')).toHaveAttribute('data-state', 'pending');
    await expect(section.getByTestId('provider-transfer-row')).toContainText('Main → Fantasy');
    await expect(section.getByTestId('provider-transfer-row')).toContainText('GMT+6');
    await expect(section.getByTestId('provider-transfer-requery')).toHaveCount(0);
    await section.getByRole('link', { name: 'All pending transfers →' }).click();
    await page.getByTestId('pending-transfers-age').selectOption('0');
    await expect(
      page.getByTestId('pending-transfers-table').getByTestId('provider-transfer-row').filter({ hasText: username }),
    ).toHaveCount(1);
    await expect(page.getByTestId('provider-transfer-requery')).toHaveCount(0);
    await page.getByRole('button', { name: 'Log out' }).click();

    // payments, in the payments area: re-query while the provider is still down (no answer, no Resolve)
    await openConsole(page, 'payments', '/payments/pending-transfers');
    await page.getByTestId('pending-transfers-age').selectOption('0');
    const row = page.getByTestId('provider-transfer-row').filter({ hasText: username });
    await expect(row).toHaveCount(1);
    await row.getByTestId('provider-transfer-requery').click();
    await expect(page.getByTestId('provider-transfer-note')).toContainText('Fantasy did not answer');
    await expect(row.getByTestId('provider-transfer-resolve')).toHaveCount(0);

    // the provider is back: it never saw the transfer (and now never will), so Resolve reverses it
    expect((await fault('none')).ok()).toBeTruthy();
    await row.getByTestId('provider-transfer-requery').click();
    await expect(page.getByTestId('provider-transfer-note')).toContainText('Fantasy answered: never seen (closed)');
    await expect(row.getByTestId('provider-transfer-answer')).toContainText('never seen');
    await row.getByTestId('provider-transfer-resolve').click();
    const dialog = page.getByTestId('provider-transfer-resolve-dialog');
    await expect(dialog).toContainText('reversed: the money goes back to the main wallet');
    await page.getByTestId('provider-transfer-resolve-confirm').click();
    await expect(dialog).toContainText('Write why');
    await page.getByTestId('provider-transfer-reason').fill('Player asked; provider confirmed it never arrived');
    await page.screenshot({ path: `${SHOTS}/bo-transfer-resolve.png` });
    await page.getByTestId('provider-transfer-resolve-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('provider-transfer-row').filter({ hasText: username })).toHaveCount(0);

    // the player page: reversed, by whom, the money back in main
    await page.goto(`${BACKOFFICE()}/players/${session.remote_id}`);
    const done = page.getByTestId('player-provider-wallets').getByTestId('provider-transfer-row');
    await expect(done).toHaveAttribute('data-state', 'reversed');
    await expect(done).toContainText('staff:operator');
    await expect(page.getByTestId('wallet-balance')).toContainText('1000.00');
    await page.screenshot({ path: `${SHOTS}/bo-transfer-player.png`, fullPage: true });
  } finally {
    await fault('none');
  }
});
