import { test, expect } from '@playwright/test';
import { API, apiLogin, DEMO, newPhone, newUsername, openLoggedIn, SANDBOX, softNavigate } from './support';

// The exchange remote against the real API and the sandbox odds feed.

test('in-play events are grouped by sport and an event opens its live odds', async ({ page, request }) => {
  const feed = await (await request.get(`${SANDBOX()}/odds/api/sports-events/cricket`)).json();
  const live = feed.find((e: { inplay: boolean; Fancy: number }) => e.inplay && e.Fancy);
  expect(live, 'the sandbox feed has an in-play cricket event with fancy lines').toBeTruthy();

  const session = await apiLogin(request);
  // other specs play with the same demo player: compare with what the API says now
  const { balance } = await (await request.post(`${API()}/api/balance`, { headers: { Authorization: `Bearer ${session.token}` } })).json();
  await openLoggedIn(page, session, '/exchange-inplay');
  const cricket = page.getByTestId('sport-cricket');
  await expect(cricket.getByRole('heading', { name: 'Cricket' })).toBeVisible();
  await expect(cricket.getByText(live.Event)).toBeVisible();
  await expect(page.getByTestId('sport-soccer')).toBeVisible();
  const shown = Number(balance).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(page.getByTestId('exchange-balance')).toHaveText(`৳${shown}`);

  await cricket.getByText(live.Event).click();
  await expect(page).toHaveURL(new RegExp(`/odds-view\\?marketId=${live.MarketId.replace('.', '\\.')}&eventId=${live.EventId}`));
  const matchOdds = page.getByTestId('match-odds');
  await expect(matchOdds.getByText('Match Odds')).toBeVisible();
  const odds = await (await request.get(`${SANDBOX()}/odds/api/match-odds/${live.MarketId}`)).json();
  const runners = matchOdds.getByTestId('match-odds-runner');
  await expect(runners).toHaveCount(odds[0].runners.length);
  await expect(runners.first()).toContainText(odds[0].runners[0].SelectionName);
  // a back price on the ladder and its size are shown (the side and runner before them are for screen readers)
  await expect(runners.first().getByRole('button', { name: /^Back / })).toHaveText(/^Back .+ \d+(\.\d+)? \d+$/);
  await expect(
    runners
      .first()
      .getByRole('button', { name: /^Back / })
      .locator('strong'),
  ).toHaveText(/^\d+(\.\d+)?$/);
  await expect(page.getByTestId('fancy').getByRole('tab', { name: 'Ball by Ball' })).toBeVisible();
  await expect(page.getByTestId('bookmaker')).toBeVisible();

  // a reload keeps the page (ids are in the query too)
  await page.reload();
  await expect(page.getByTestId('match-odds-runner').first()).toContainText(odds[0].runners[0].SelectionName);

  // a price opens the bet slip (exchange-trading.spec.ts places bets)
  await page
    .getByTestId('match-odds-runner')
    .first()
    .getByRole('button', { name: /^Back / })
    .click();
  await expect(page.getByTestId('bet-slip').getByTestId('slip-confirm')).toHaveText('Place bet');
});

test('the exchange and the shell show the one session balance; logout from the shell drops the pinned markets without a reload', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  const session = await apiLogin(request);
  await openLoggedIn(page, session, '/exchange-inplay');
  await page
    .getByRole('button', { name: /^Pin to Multi Markets: / })
    .first()
    .click();
  await page.getByRole('link', { name: 'Multi Markets' }).click();
  await expect(page.getByTestId('pinned-market')).toHaveCount(1);
  await expect(page.getByTestId('pinned-market').getByTestId('match-odds-runner').first()).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  // the refresh button asks the player session: the exchange header and the shell's top bar show its one figure
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  const { balance } = await (await request.post(`${API()}/api/balance`, { headers: { Authorization: `Bearer ${session.token}` } })).json();
  const shown = `৳${Number(balance).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(page.getByTestId('exchange-balance')).toHaveText(shown);
  await expect(page.getByTestId('topbar-balance')).toHaveText(shown);

  await page.getByTestId('desktop-logout').click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByTestId('topbar-balance')).toHaveCount(0);

  // the same page (no reload) with another player's login: the exchange must not show the first player's pins
  const other = { username: newUsername('pin'), password: 'secret123' };
  const created = await request.post(`${API()}/api/v1/create-players`, {
    data: { ...other, confirmPassword: other.password, name: 'Pins', phone: newPhone(), currency: 'BDT', status: 'active' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const login = async (who: { username: string; password: string }) => {
    await softNavigate(page, '/login');
    await page.getByLabel('Username').fill(who.username);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await softNavigate(page, '/exchange-multi');
  };
  await login(other);
  await expect(page.getByTestId('exchange-multi')).toContainText('No markets pinned yet');
  await page.getByTestId('desktop-logout').click();
  await expect(page).toHaveURL(/\/$/);
  // pins are kept on the server: the first player finds theirs again
  await login(DEMO);
  await expect(page.getByTestId('pinned-market')).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await page
    .getByRole('button', { name: /^Remove from Multi Markets: / })
    .first()
    .click();
  await expect(page.getByTestId('pinned-market')).toHaveCount(0);
});
