// Back office, the risk hold (issue 27 item 9): a risk operator puts a player on hold from the player page with a
// reason; the player's open page shows why without a reload (the site's banner), a game launch is refused, log-in
// still works; releasing the hold takes the banner away the same way. Both are in the audit log.
import { expect, test } from '@playwright/test';
import { API, bearer, openLoggedIn, verifiedPlayer } from './support';
import { openConsole, playerContext, staffHeaders, staffToken } from './staff';

test.describe.configure({ timeout: 240_000 });

test('a risk operator puts a player on hold and releases it; the player is told why at once and cannot play', async ({
  page,
  browser,
  request,
}) => {
  const player = await verifiedPlayer(request, { prefix: 'boh' });
  const ctx = await playerContext(browser);
  const phone = await ctx.newPage();
  await openLoggedIn(phone, player.session, '/');
  await expect(phone.getByTestId('rg-play-closed')).toHaveCount(0);

  await openConsole(page, 'risk', `/players/${player.session.remote_id}`);
  await expect(page.getByRole('heading', { name: new RegExp(player.username) })).toBeVisible();
  await expect(page.getByTestId('player-hold')).toHaveCount(0);
  await page.getByTestId('player-hold-open').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Why').selectOption('bonus_abuse');
  await dialog.getByLabel('Reason').fill('Same device as three bonus accounts');
  await dialog.getByTestId('player-hold-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('player-hold')).toContainText('suspected bonus abuse');
  await expect(page.getByTestId('player-hold')).toContainText('withdrawals closed');

  // the player's open page says why, without a reload
  const banner = phone.getByTestId('rg-play-closed');
  await expect(banner).toHaveAttribute('data-reason', 'risk_hold');
  await banner.click(); // one line on a phone until tapped
  await expect(banner).toContainText('suspected bonus abuse');

  // no launch; log-in still works
  const launch = await request.post(`${API()}/api/game-run`, {
    headers: bearer(player.session.token),
    data: { gameCode: 'sandbox-slot', gameType: 'SLOT', platform: 'SANDBOX', userId: Number(player.session.remote_id) },
  });
  expect(launch.status()).toBe(403);
  expect((await launch.json()).code).toBe('account_on_hold');
  const login = await request.post(`${API()}/api/login`, { data: { username: player.username, password: 'secret123' } });
  expect(login.status(), await login.text()).toBe(200);

  // release: the banner goes the same way
  await page.getByTestId('player-hold-open').click();
  await dialog.getByLabel('Reason').fill('Review cleared the account');
  await dialog.getByTestId('player-hold-release').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('player-hold')).toHaveCount(0);
  await expect(phone.getByTestId('rg-play-closed')).toHaveCount(0);

  const token = await staffToken(request, 'admin');
  const audit = await request.get(`${API()}/api/operator/audit?entity_type=player&entity_id=${player.session.remote_id}`, {
    headers: staffHeaders(token),
  });
  expect(audit.ok(), await audit.text()).toBeTruthy();
  const actions = JSON.stringify(await audit.json());
  expect(actions).toContain('"player.hold"');
  expect(actions).toContain('"player.hold_release"');
  await ctx.close();
});
