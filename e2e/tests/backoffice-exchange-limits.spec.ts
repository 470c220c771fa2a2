import { test, expect, type APIRequestContext } from '@playwright/test';
import { API, SANDBOX, bearer, fundedPlayer, openLoggedIn } from './support';
import { openConsole } from './staff';

/*
 * Issue 26 item 4, the per-player maximum liability: a risk operator sets a player's BookMaker limit on the player's
 * page in the console (desktop); the player, at 1366×768, opens a pre-play BookMaker market held still through the
 * sandbox feed: the slip shows the limit, a bet that would pass it is refused with the limit's text and changes
 * nothing, one within it is placed. Support sees the limit but cannot set it.
 */

const feed = (request: APIRequestContext, marketId: string, action: string) =>
  request.post(`${SANDBOX()}/odds/markets/${marketId}/${action}`, { data: {} }).then(async (r) => {
    expect(r.ok(), `${action} ${marketId}: ${await r.text()}`).toBeTruthy();
  });

test('risk staff set a BookMaker liability limit; the slip shows it and the API holds the player to it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const player = await fundedPlayer(request, { amount: '5000', prefix: 'll', name: 'Limit Trader' });
  const playerId = player.session.remote_id;

  // a pre-play match with a BookMaker market, its rates held still
  const events: Array<{ EventId: string; MarketId: string; inplay: boolean; Bookmaker: boolean }> = await (
    await request.get(`${SANDBOX()}/odds/api/sports-events/cricket`)
  ).json();
  const e = events.find((x) => !x.inplay && x.Bookmaker);
  expect(e, 'a pre-play cricket match with BookMaker').toBeTruthy();
  const detail = (await (await request.get(`${SANDBOX()}/odds/api/event/${e!.EventId}`)).json()).data.items[e!.EventId];
  const bmId = Object.keys(detail.bookmaker)[0]!;
  await feed(request, bmId, 'freeze');
  await feed(request, bmId, 'resume');

  // risk sets the limit on the player's page (Bets tab)
  await openConsole(page, 'risk', `/players/${playerId}?tab=bets`);
  const card = page.getByTestId('liability-limits');
  await expect(card).toContainText('BookMaker');
  await expect(card).not.toContainText('500.00 BDT');
  await card.getByRole('button', { name: 'Set limit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Market kind').selectOption('BOOKMAKER');
  await dialog.getByLabel(/Maximum liability/).fill('500');
  await dialog.getByLabel('Reason').fill('new account, bonus review');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('BookMaker maximum liability set to 500.00 BDT.')).toBeVisible();
  await expect(card).toContainText('500.00 BDT');

  // the player on a desktop
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const desk = await ctx.newPage();
  await openLoggedIn(desk, player.session, `/odds-view?marketId=${e!.MarketId}&eventId=${e!.EventId}&sport=cricket`);
  const runner = desk.getByTestId('bookmaker-runner').first();
  await expect(runner).toBeVisible();
  await runner.getByRole('button', { name: /^Back / }).click();
  const slip = desk.getByTestId('bet-slip');
  await expect(slip.getByTestId('slip-max-liability')).toHaveText('৳500.00');

  await slip.getByTestId('slip-stake').fill('600');
  await slip.getByTestId('slip-confirm').click();
  await expect(slip.getByTestId('slip-error')).toHaveText(
    'This bet would take your liability on this market over your limit of 500.00 BDT.',
  );
  await desk.screenshot({ path: test.info().outputPath('bookmaker-limit-refused-1366.png') });
  const wallet = await (await request.post(`${API()}/api/balance`, { headers: bearer(player.session.token) })).json();
  expect(wallet.exposure).toBe('0.00');

  await slip.getByTestId('slip-stake').fill('400');
  await slip.getByTestId('slip-confirm').click();
  await expect(slip).toHaveCount(0);
  await expect
    .poll(async () => (await (await request.post(`${API()}/api/balance`, { headers: bearer(player.session.token) })).json()).exposure)
    .toBe('400.00');
  await ctx.close();

  // support reads the limit, has no button to change it
  const supportPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await openConsole(supportPage, 'support', `/players/${playerId}?tab=bets`);
  await expect(supportPage.getByTestId('liability-limits')).toContainText('500.00 BDT');
  await expect(supportPage.getByTestId('liability-limits').getByRole('button', { name: 'Set limit' })).toHaveCount(0);
  await supportPage.close();
});
