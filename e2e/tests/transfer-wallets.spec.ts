// Issue 30, as a player would: open SBO from the sports menu with ৳1,000, win at the provider (the sandbox's control
// API settles the bet), see the SBO wallet in the exchange header, Recall -> main shows the sum; then two providers and
// Recall All. On a phone (the side menu) and on a desktop (the home page's category strip, the top bar's wallets, a
// provider down on Recall All). The game tiles carry their image.
import { expect, test, type Page } from '@playwright/test';
import { SANDBOX, desktopContext, fundedPlayer, openLoggedIn } from './support';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/pw-out-30/shots';

const mainShown = (page: Page) => page.getByTestId('exchange-balance');

async function settleAll(request: import('@playwright/test').APIRequestContext, vendor: string, user: string, result: 'won' | 'lost') {
  const r = await request.post(`${SANDBOX()}/transfer/control/settle`, { data: { vendor, user, result } });
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()).bets as Array<{ state: string }>;
}

/** From a games list of one transfer-wallet provider: the dialog, the amount, the game frame; a bet in the frame. */
async function playAndBet(page: Page, game: string, amount: string, selection: string, stake: string) {
  await expect(page.getByTestId('game-card')).toHaveCount(1);
  await expect(page.getByTestId('game-card')).toContainText(game.slice(0, 12));
  await page.getByTestId('game-card').getByRole('button').first().click();
  const dialog = page.getByTestId('transfer-launch');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('transfer-amount')).not.toHaveValue('');
  await page.getByTestId('transfer-amount').fill(amount);
  await page.getByTestId('transfer-play').click();
  await expect(page).toHaveURL(/\/gamerun/);
  const frame = page.frameLocator('[data-testid="gamerun"] iframe');
  await expect(frame.getByTestId('tw-balance')).toHaveText(`৳${Number(amount).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
  await frame.getByRole('button', { name: new RegExp(`^${selection}`) }).click();
  await frame.getByTestId('tw-stake').fill(stake);
  await frame.getByTestId('tw-bet').click();
  await expect(frame.getByTestId('tw-message')).toHaveText('Bet placed');
}

test('phone: SBO from the sports menu with ৳1,000, a win at the provider, Recall from the exchange header; then two providers and Recall All', async ({
  page,
  request,
}) => {
  const { session } = await fundedPlayer(request, { amount: '3000', prefix: 'tw' });
  await openLoggedIn(page, session, '/');
  await expect(page.getByTestId('splash')).toHaveCount(0);

  // the side menu's sports entry opens SBO's game
  await page.getByTestId('menu-button').click();
  const menu = page.getByTestId('side-menu');
  await menu.getByTestId('menu-cat-sports').click();
  await page.getByTestId('sports-list').getByText('SBO Sports', { exact: true }).click();
  await expect(page).toHaveURL(/system=SBO/);
  await page.getByTestId('game-card').first().getByRole('button').first().click();
  await expect(page.getByTestId('transfer-available')).toContainText('৳3,000.00');
  await page.screenshot({ path: `${SHOTS}/tw-phone-launch.png` });
  await page.getByTestId('transfer-amount').fill('1000');
  await page.getByTestId('transfer-play').click();
  await expect(page).toHaveURL(/\/gamerun/);
  const frame = page.frameLocator('[data-testid="gamerun"] iframe');
  await expect(frame.getByTestId('tw-balance')).toHaveText('৳1,000.00');
  // a bet of ৳200 on Bangladesh at 2.50
  await frame.getByRole('button', { name: /^Bangladesh/ }).click();
  await frame.getByTestId('tw-stake').fill('200');
  await frame.getByTestId('tw-bet').click();
  await expect(frame.getByTestId('tw-message')).toHaveText('Bet placed');
  await expect(frame.getByTestId('tw-balance')).toHaveText('৳800.00');
  await page.screenshot({ path: `${SHOTS}/tw-phone-game.png` });

  // the provider settles it as won (sandbox control): ৳500 back at the provider
  expect(await settleAll(request, 'SBO', session.remote_id, 'won')).toEqual([expect.objectContaining({ state: 'won' })]);
  await expect(frame.getByTestId('tw-balance')).toHaveText('৳1,300.00');

  // the exchange header shows the SBO wallet; Recall brings the sum back to main
  await page.goto('/exchange');
  await expect(mainShown(page)).toHaveText('৳2,000.00');
  // the header's figure is what SBO reported at the transfer (at most 30 s old); opening the wallets asks again
  await expect(page.getByTestId('provider-wallets-total')).toHaveText('৳1,000.00');
  await page.getByTestId('provider-wallets-button').click();
  await expect(page.getByTestId('provider-wallet-balance-SBO')).toHaveText('৳1,300.00');
  await expect(page.getByTestId('provider-wallets-total')).toHaveText('৳1,300.00');
  await page.screenshot({ path: `${SHOTS}/tw-phone-wallets.png` });
  await page.getByTestId('recall-SBO').click();
  await expect(page.getByTestId('recall-result-SBO')).toHaveAttribute('data-status', 'recalled');
  await expect(page.getByTestId('recall-result-SBO')).toContainText('৳1,300.00 is back in your main wallet');
  await expect(page.getByTestId('provider-wallets-main')).toHaveText('৳3,300.00');
  await page.screenshot({ path: `${SHOTS}/tw-phone-recalled.png` });
  await page.keyboard.press('Escape');
  await expect(mainShown(page)).toHaveText('৳3,300.00');

  // two providers (auto transfer off, so both keep their money), a loss at one, then Recall All
  await page.goto('/games?type=SPORTS&system=KABADDI&title=Kabaddi');
  await page.getByTestId('game-card').first().getByRole('button').first().click();
  await page.getByTestId('transfer-auto').uncheck();
  await page.getByTestId('transfer-amount').fill('500');
  await page.getByTestId('transfer-play').click();
  await expect(page).toHaveURL(/\/gamerun/);
  await page.goto('/games?type=SPORTS&system=SBO&title=SBO%20Sports');
  await playAndBet(page, 'SBO Sportsbook', '700', 'India', '100');
  await settleAll(request, 'SBO', session.remote_id, 'lost');
  await page.goto('/exchange');
  await expect(mainShown(page)).toHaveText('৳2,100.00');
  await page.getByTestId('provider-wallets-button').click();
  await expect(page.getByTestId('provider-wallet-balance-SBO')).toHaveText('৳600.00');
  await expect(page.getByTestId('provider-wallet-balance-KABADDI')).toHaveText('৳500.00');
  await page.getByTestId('recall-all').click();
  await expect(page.getByTestId('recall-result-SBO')).toHaveAttribute('data-status', 'recalled');
  await expect(page.getByTestId('recall-result-KABADDI')).toHaveAttribute('data-status', 'recalled');
  await expect(page.getByTestId('provider-wallets-main')).toHaveText('৳3,200.00');
  await page.screenshot({ path: `${SHOTS}/tw-phone-recall-all.png` });
});

test('desktop: SBO from the home sports strip with ৳1,000, a win, the SBO wallet in the exchange header; Recall All with a provider down, then Recall', async ({
  browser,
  request,
}) => {
  const ctx = await desktopContext(browser);
  const page = await ctx.newPage();
  try {
    const { session } = await fundedPlayer(request, { amount: '2000', prefix: 'twd' });
    await openLoggedIn(page, session, '/');
    await expect(page.getByTestId('splash')).toHaveCount(0);
    // the home page's category strip: Sports, then SBO. One tap, right after load: while home's screen is still the
    // server's markup the early script holds it until React holds the button (shell/src/early/hold.ts), so one tap
    // opens the list. A desktop browser's context: with a phone's User-Agent the layout flipped under the tap (support.ts)
    await page.getByTestId('home-cat-sports').click();
    await expect(page.getByTestId('sports-list')).toBeVisible({ timeout: 5_000 });
    await page.getByTestId('sports-list').getByText('SBO Sports', { exact: true }).click();
    await expect(page).toHaveURL(/system=SBO/);
    await expect(page.getByTestId('game-card').first().locator('img')).toHaveJSProperty('complete', true);
    expect(
      await page
        .getByTestId('game-card')
        .first()
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await page.getByTestId('game-card').first().getByRole('button').first().click();
    await expect(page.getByTestId('transfer-available')).toContainText('৳2,000.00');
    await page.getByTestId('transfer-amount').fill('1000');
    await page.getByTestId('transfer-play').click();
    await expect(page).toHaveURL(/\/gamerun/);
    const frame = page.frameLocator('[data-testid="gamerun"] iframe');
    await expect(frame.getByTestId('tw-balance')).toHaveText('৳1,000.00');
    await frame.getByRole('button', { name: /^Bangladesh/ }).click();
    await frame.getByTestId('tw-stake').fill('100');
    await frame.getByTestId('tw-bet').click();
    await expect(frame.getByTestId('tw-message')).toHaveText('Bet placed');
    await settleAll(request, 'SBO', session.remote_id, 'won'); // 100 x 2.50
    await expect(frame.getByTestId('tw-balance')).toHaveText('৳1,150.00');

    // a second provider (auto transfer off, so SBO keeps its money)
    await page.goto('/games?type=LIVE&system=TWLIVE');
    await expect(page.getByTestId('game-card')).toHaveCount(1);
    await page.getByTestId('game-card').first().getByRole('button').first().click();
    await page.getByTestId('transfer-auto').uncheck();
    await page.getByTestId('transfer-amount').fill('300');
    await page.getByTestId('transfer-play').click();
    await expect(page).toHaveURL(/\/gamerun/);

    // the site's desktop top bar lists the wallets too (opening it asks the providers)
    await page.goto('/');
    await page.getByTestId('topbar-provider-wallets-button').click();
    await expect(page.getByTestId('topbar-provider-wallet-balance-SBO')).toHaveText('৳1,150.00');
    await expect(page.getByTestId('topbar-provider-wallet-balance-TWLIVE')).toHaveText('৳300.00');
    await page.screenshot({ path: `${SHOTS}/tw-desktop-topbar.png` });
    await page.keyboard.press('Escape');

    // the exchange header: the SBO wallet; TW Live goes down altogether, Recall All brings SBO back anyway
    await request.post(`${SANDBOX()}/transfer/control/fault`, {
      data: { vendor: 'TWLIVE', mode: 'down', ops: ['balance', 'transfer', 'status'] },
    });
    await page.goto('/exchange');
    await expect(mainShown(page)).toHaveText('৳700.00');
    await page.getByTestId('provider-wallets-button').click();
    await expect(page.getByTestId('provider-wallet-balance-SBO')).toHaveText('৳1,150.00');
    await expect(page.getByTestId('provider-wallet-TWLIVE')).toHaveAttribute('data-state', 'unavailable');
    await page.getByTestId('recall-all').click();
    await expect(page.getByTestId('recall-result-SBO')).toHaveAttribute('data-status', 'recalled');
    await expect(page.getByTestId('recall-result-SBO')).toContainText('৳1,150.00');
    await expect(page.getByTestId('recall-result-TWLIVE')).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('recall-result-TWLIVE')).toContainText('stays in your TW Live Casino wallet');
    await expect(page.getByTestId('provider-wallets-main')).toHaveText('৳1,850.00');
    await page.screenshot({ path: `${SHOTS}/tw-desktop-one-down.png` });

    // it comes back: Recall brings its money too, main shows the sum
    await request.post(`${SANDBOX()}/transfer/control/fault`, { data: { vendor: 'TWLIVE', mode: 'none' } });
    await page.getByTestId('recall-TWLIVE').click();
    await expect(page.getByTestId('recall-result-TWLIVE')).toHaveAttribute('data-status', 'recalled');
    await expect(page.getByTestId('provider-wallets-main')).toHaveText('৳2,150.00');
    await page.keyboard.press('Escape');
    await expect(mainShown(page)).toHaveText('৳2,150.00');
    await page.screenshot({ path: `${SHOTS}/tw-desktop-recalled.png` });
  } finally {
    await ctx.close();
  }
});

test('phone: the provider bets in Betting Records, the wallets in /account, and "Recall all first" on the withdrawal page', async ({
  page,
  request,
}) => {
  const { session } = await fundedPlayer(request, { amount: '1500', prefix: 'twr' });
  await openLoggedIn(page, session, '/games?type=SPORTS&system=HORSEBOOK&title=Horsebook');
  await expect(page.getByTestId('splash')).toHaveCount(0);
  await playAndBet(page, 'Horsebook Racing', '1000', 'Sylhet Strikers', '150');
  await settleAll(request, 'HORSEBOOK', session.remote_id, 'lost');

  // Betting Records, Sports tab: the provider's bet as it reports it
  await page.goto('/betting-record?tab=sports');
  const bet = page.getByTestId('provider-bet');
  await expect(bet).toHaveCount(1);
  await expect(bet).toHaveAttribute('data-state', 'lost');
  await expect(bet).toContainText('Horsebook');
  await expect(bet).toContainText('Sylhet Strikers @ 2.00');
  await expect(bet).toContainText('৳150.00');
  await page.screenshot({ path: `${SHOTS}/tw-phone-records.png` });

  // the member centre's balance area lists the wallet
  await page.goto('/account');
  await expect(page.getByTestId('account-provider-wallets-total')).toBeVisible();
  await page.getByTestId('account-provider-wallets-button').click();
  await expect(page.getByTestId('account-provider-wallet-balance-HORSEBOOK')).toHaveText('৳850.00');
  await page.keyboard.press('Escape');

  // withdrawals are from main only: the page offers to recall first
  await page.goto('/withdrawal');
  const first = page.getByTestId('recall-first');
  await expect(first).toContainText('Horsebook');
  await page.screenshot({ path: `${SHOTS}/tw-phone-withdraw.png` });
  await page.getByTestId('recall-first-button').click();
  await expect(page.getByTestId('recall-first-HORSEBOOK')).toHaveAttribute('data-status', 'recalled');
  await expect(page.getByTestId('recall-first-HORSEBOOK')).toContainText('৳850.00 is back in your main wallet');
  await expect(page.getByTestId('recall-first-button')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/tw-phone-withdraw-recalled.png` });

  // transaction records: both transfers, type Transfer, with the provider's name
  await page.goto('/transaction-record');
  const transfers = page.getByTestId('provider-transfer');
  await expect(transfers).toHaveCount(2);
  await expect(transfers.nth(0)).toHaveAttribute('data-direction', 'out');
  await expect(transfers.nth(0)).toContainText('Horsebook → Main');
  await expect(transfers.nth(0)).toContainText('৳850.00');
  await expect(transfers.nth(1)).toContainText('Main → Horsebook');
  await expect(transfers.nth(1)).toHaveAttribute('data-state', 'confirmed');
});
