import { expect, test, type Page } from '@playwright/test';
import { SANDBOX, fundedPlayer, openLoggedIn } from './support';

const taka = (n: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'BDT',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(n);
const minor = (s: string) => Math.round(Number(s) * 100);

async function names(page: Page) {
  const cards = page.getByTestId('game-card');
  const out: string[] = [];
  for (let i = 0; i < (await cards.count()); i++)
    out.push((await cards.nth(i).getByRole('button').first().innerText()).split('\n')[0]!.trim());
  return out;
}

interface ProviderRound {
  round: string;
  game_code: string;
  bet: string;
  win: string;
  status: string;
}

test('a player filters, searches, sorts, plays three slot rounds with a live balance, and finds them in Settled records', async ({
  page,
  request,
}) => {
  // a player of its own: the Settled records below hold only this test's rounds (it can be repeated: --repeat-each)
  const { session } = await fundedPlayer(request, { amount: '1000', prefix: 'cs' });
  await openLoggedIn(page, session, '/games?type=LIVE');

  // open Slot from the category bar
  await page.getByRole('navigation', { name: 'Game categories' }).getByRole('button', { name: 'Slot' }).click();
  await expect(page).toHaveURL(/\/games\?type=SLOT$/);
  await expect(page.getByTestId('game-card')).toHaveCount(4);

  // filter by a provider
  await page.getByTestId('provider-chips').getByRole('button', { name: 'JILI Games' }).click();
  await expect.poll(() => names(page)).toEqual(['Super Ace', 'Money Coming']);
  await page.getByTestId('provider-chips').getByRole('button', { name: 'Khela Sandbox' }).click();
  await expect.poll(() => names(page)).toEqual(['Sandbox Slots']);
  await page.getByTestId('provider-chips').getByRole('button', { name: 'All' }).click();

  // sort A-Z, then search
  await page.getByRole('button', { name: /^Sort:/ }).click();
  await page.getByRole('menuitemradio', { name: 'A-Z' }).click();
  await expect.poll(() => names(page)).toEqual(['Mahjong Ways', 'Money Coming', 'Sandbox Slots', 'Super Ace']);
  await page.getByRole('searchbox', { name: 'Search games' }).fill('sandbox');
  await expect.poll(() => names(page)).toEqual(['Sandbox Slots']);
  await page.getByTestId('provider-chips').getByRole('button', { name: 'Khela Sandbox' }).click();
  await expect(page).toHaveURL(/system=SANDBOX/);
  await expect(page).toHaveURL(/q=sandbox/);
  await expect(page).toHaveURL(/sort=az/);
  const listUrl = page.url();

  // launch
  await page.getByRole('button', { name: 'Play Sandbox Slots' }).click();
  await expect(page).toHaveURL(/\/gamerun$/);
  const frame = page.frameLocator('iframe[title="Sandbox Slots"]');
  await expect(frame.getByTestId('slot-spin')).toBeVisible();
  const balanceBar = page.getByTestId('gamerun-balance');
  await expect(balanceBar).toHaveText(/৳/);
  const before = minor((await balanceBar.innerText()).replace(/[^\d.]/g, ''));

  for (let i = 1; i <= 3; i++) {
    await frame.getByTestId('slot-spin').click();
    await expect(frame.locator(`body[data-rounds="${i}"]`)).toBeAttached();
  }
  await expect(frame.getByTestId('game-history').locator('li')).toHaveCount(3);

  // the provider's own round log is the truth to compare with
  const log = (await (await request.get(`${SANDBOX()}/provider/rounds?user=${session.remote_id}&game_code=sandbox-slot`)).json()) as {
    rounds: ProviderRound[];
  };
  const rounds = log.rounds.slice(-3);
  expect(rounds.map((r) => r.status)).toEqual(['closed', 'closed', 'closed']);
  const bets = rounds.reduce((s, r) => s + minor(r.bet), 0);
  const wins = rounds.reduce((s, r) => s + minor(r.win), 0);
  expect(bets).toBe(3000);
  // exact to the paisa; (wins can add back exactly what was staked, so no "it changed" check: the bar must show this figure)
  const after = before - bets + wins;

  // pushed to the page while the game is open: the game bar and the shell's header both follow
  await expect(balanceBar).toHaveText(taka(after / 100));
  await expect(page.getByTestId('header-balance')).toHaveText(taka(after / 100));
  await page.screenshot({ path: 'test-results/casino-gamerun.png' });

  // Close returns to the same list
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(listUrl);
  await expect.poll(() => names(page)).toEqual(['Sandbox Slots']);
  await expect(page.getByRole('searchbox', { name: 'Search games' })).toHaveValue('sandbox');
  await expect(page.getByTestId('header-balance')).toHaveText(taka(after / 100));

  // Settled records: one group with the three rounds and correct totals
  await page.goto('/betting-record');
  const group = page.getByTestId('record-group').filter({ hasText: 'Khela Sandbox' }).filter({ hasText: 'Slot' });
  await expect(group).toHaveCount(1);
  await expect(group.getByTestId('group-turnover')).toHaveText(taka(bets / 100));
  await expect(group.getByTestId('group-profit')).toHaveText(taka((wins - bets) / 100));
  await group.getByRole('button').click();
  await expect(page.getByTestId('record-row')).toHaveCount(3);
  await expect(page.getByTestId('summary-turnover')).toHaveText(taka(bets / 100));
  await expect(page.getByTestId('summary-profit')).toHaveText(taka((wins - bets) / 100));
  await page.getByRole('button', { name: /Back/ }).click();
  await expect(page.getByTestId('record-group')).toHaveCount(1);
});

test('a crash round settles through the wallet and lands under Crash', async ({ page, request }) => {
  // a player of its own: its Crash group holds this round only (a retry or --repeat-each starts clean)
  const { session } = await fundedPlayer(request, { amount: '1000', prefix: 'cc' });
  await openLoggedIn(page, session, '/games?type=EGAME&system=SANDBOX&title=Crash');
  await page.getByRole('button', { name: 'Play Sandbox Crash' }).click();
  const frame = page.frameLocator('iframe[title="Sandbox Crash"]');
  await frame.getByTestId('crash-auto').fill('1.01');
  await frame.getByTestId('crash-bet').click();
  await expect(frame.locator('body[data-rounds="1"]')).toBeAttached({ timeout: 20_000 });
  const log = (await (await request.get(`${SANDBOX()}/provider/rounds?user=${session.remote_id}&game_code=sandbox-crash`)).json()) as {
    rounds: ProviderRound[];
  };
  const round = log.rounds.at(-1)!;
  expect(round.status).toBe('closed');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/games\?type=EGAME&system=SANDBOX&title=Crash$/);

  await page.goto('/betting-record');
  const group = page.getByTestId('record-group').filter({ hasText: 'Crash' });
  await expect(group.getByTestId('group-turnover')).toHaveText(taka(minor(round.bet) / 100));
  await expect(group.getByTestId('group-profit')).toHaveText(taka((minor(round.win) - minor(round.bet)) / 100));
});

test("a visitor who launches a game goes to /login ('User not logged in')", async ({ page }) => {
  await page.goto('/games?type=SLOT');
  await page.getByRole('button', { name: 'Play Sandbox Slots' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('toast')).toHaveText('User not logged in');
});
