import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, SANDBOX, bearer, desktopContext, fundedPlayer, openLoggedIn, type Session } from './support';

/*
 * Issue 33, the trader's tools, against the real API and the sandbox odds feed, on a pre-play tennis match held still
 * with three prices a side: on a phone (390x844) a trader shows the depth and lays at a deeper price, places one
 * bet kept in play and one not, and sees the turn in-play (the feed's control) lapse the one and keep the other; on a
 * desktop (1440x900) another trader, in play, opens a runner's ladder and rests a back from a cell (shown as theirs there),
 * edits their stake presets (kept after a reload), turns on one-click betting (confirmed once) and bets with a click.
 * Screenshots go to e2e/artifacts/.
 */

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

const feed = (request: APIRequestContext, marketId: string, action: string, data?: unknown) =>
  request.post(`${SANDBOX()}/odds/markets/${marketId}/${action}`, { data: data ?? {} }).then(async (r) => {
    expect(r.ok(), `${action} ${marketId}: ${await r.text()}`).toBeTruthy();
  });

interface Match {
  sport: string;
  eventId: string;
  marketId: string;
  markets: string[];
  runners: Array<{ selectionId: number; name: string }>;
}

const BACKS = [
  [2.5, 2.48, 2.46],
  [1.66, 1.65, 1.64],
];
const LAYS = [
  [2.52, 2.54, 2.56],
  [1.67, 1.68, 1.69],
];

/**
 * A pre-play tennis match of this spec's own (the feed's POST /odds/events: the fixtures' matches are settled or needed
 * untouched by other specs of a full run), frozen, with three prices a side.
 */
async function holdPreplay(request: APIRequestContext): Promise<Match> {
  const created = await request.post(`${SANDBOX()}/odds/events`, {
    data: {
      sport: 'tennis',
      name: 'Djokovic v Medvedev',
      runners: [
        { name: 'Novak Djokovic', basePrice: 2.5 },
        { name: 'Daniil Medvedev', basePrice: 1.66 },
      ],
      startsInHours: 24,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const ids: { eventId: string; marketId: string } = await created.json();
  const e = { EventId: ids.eventId, MarketId: ids.marketId };
  const sport = 'tennis';
  await expect
    .poll(async () => (await (await request.get(`${API()}/api/exchange/markets/${e.MarketId}`)).json()).status, {
      message: 'the API takes the new market from the feed',
      timeout: 20_000,
    })
    .toBe('OPEN');
  const mo = await (await request.get(`${SANDBOX()}/odds/markets/${e.MarketId}`)).json();
  const markets = [e.MarketId]; // Match Odds only: the event has no BookMaker or Fancy
  for (const m of markets) {
    await feed(request, m, 'freeze');
    await feed(request, m, 'resume');
  }
  const runners = mo.runners.map((r: { selectionId: number; name: string }) => ({ selectionId: r.selectionId, name: r.name }));
  for (const [i, r] of runners.slice(0, 2).entries())
    await feed(request, e.MarketId, 'liquidity', {
      selectionId: r.selectionId,
      back: BACKS[i]!.map((price, k) => ({ price, size: [5000, 300, 200][k] })),
      lay: LAYS[i]!.map((price, k) => ({ price, size: [5000, 400, 100][k] })),
    });
  await expect
    .poll(
      async () =>
        (await (await request.get(`${API()}/api/exchange/markets/${e.MarketId}`)).json()).runners
          .slice(0, 2)
          .map((r: { back: Array<{ price: number }> }) => r.back.map((l) => l.price)),
      { message: 'the API reads the offer', timeout: 20_000 },
    )
    .toEqual(BACKS);
  return { sport, eventId: e.EventId, marketId: e.MarketId, markets, runners };
}

async function release(request: APIRequestContext, m: Match) {
  for (const r of m.runners)
    await feed(request, m.marketId, 'liquidity', { selectionId: r.selectionId, auto: true }).catch(() => undefined);
  for (const id of m.markets) await feed(request, id, 'unfreeze').catch(() => undefined);
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const runnerRow = (page: Page, name: string) => page.getByTestId('match-odds-runner').filter({ hasText: name });
const message = (page: Page, text: string) => page.getByTestId('bet-message').filter({ hasText: text });
async function shot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(ARTIFACTS, `exchange-trader-${name}.png`) });
}
const myBets = async (request: APIRequestContext, s: Session) =>
  (await (await request.get(`${API()}/api/exchange/bets?status=all`, { headers: bearer(s.token) })).json()).data as Array<{
    status: string;
    persistence: string;
    price: number;
    unmatched_stake: string;
  }>;

const state: { match?: Match } = {};
test.describe.configure({ mode: 'serial' });
test.afterAll(async ({ request }) => {
  if (!state.match) return;
  // the spec's own match is voided: its stakes go back and no open market is left behind
  await release(request, state.match);
  await feed(request, state.match.marketId, 'void').catch(() => undefined);
});

test('phone: depth, a bet from a deeper price, and keep in-play across the turn in-play', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [trader, m] = await Promise.all([
    fundedPlayer(request, { amount: '5000', prefix: 'tt', name: 'Depth Trader' }),
    holdPreplay(request),
  ]);
  state.match = m;
  const [r1, r2] = m.runners;
  await openLoggedIn(page, trader.session, `/odds-view?marketId=${m.marketId}&eventId=${m.eventId}&sport=${m.sport}`);

  // the best prices as always (same names); the deeper ones appear with Show depth
  const row1 = runnerRow(page, r1!.name);
  await expect(row1.getByRole('button', { name: `Back ${r1!.name} 2.5` })).toBeVisible();
  await expect(row1.getByRole('button', { name: `Level 2 lay: ${r1!.name} 2.54` })).toHaveCount(0);
  await page.getByTestId('depth-toggle').click();
  await expect(row1.getByRole('button', { name: `Level 2 lay: ${r1!.name} 2.54 400` })).toBeVisible();
  await expect(row1.getByRole('button', { name: `Level 3 back: ${r1!.name} 2.46 200` })).toBeVisible();
  // what other specs matched on this market before (the orders spec trades the same tennis match), then 100 more
  const matchedBefore = Number((await (await request.get(`${API()}/api/exchange/markets/${m.marketId}`)).json()).total_matched);
  const taka = (n: number) => `৳${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(page.getByTestId('total-matched')).toHaveText(`Matched: ${taka(matchedBefore)}`);
  await shot(page, 'depth-390');

  // a lay at the second price (2.54) takes the best offer there is first: 2.52
  await row1.getByRole('button', { name: `Level 2 lay: ${r1!.name} 2.54` }).click();
  const slip = page.getByTestId('bet-slip');
  await expect(slip.getByTestId('slip-price')).toHaveValue('2.54');
  await expect(slip.getByTestId('slip-keep-hint')).toHaveText(
    'If it is not matched when the market goes in-play, the unmatched part is cancelled (lapses).',
  );
  await slip.getByTestId('slip-stake').fill('100');
  await slip.getByTestId('slip-confirm').click();
  await expect(message(page, `Matched: Lay ${r1!.name} @ 2.52 for ৳100.00.`)).toBeVisible();
  await expect(page.getByTestId('total-matched')).toHaveText(`Matched: ${taka(matchedBefore + 100)}`);

  // two backs on runner 2 far above its price (they rest): the first lapses at the turn, the second is kept in play
  await runnerRow(page, r2!.name)
    .getByRole('button', { name: `Back ${r2!.name} 1.66` })
    .click();
  await slip.getByTestId('slip-price').fill('10');
  await slip.getByTestId('slip-price').blur();
  await slip.getByTestId('slip-stake').fill('100');
  await slip.getByTestId('slip-confirm').click();
  await expect(message(page, `Unmatched: Back ${r2!.name} @ 10 for ৳100.00 waits in the market.`)).toBeVisible();

  await runnerRow(page, r2!.name)
    .getByRole('button', { name: `Back ${r2!.name} 1.66` })
    .click();
  await slip.getByTestId('slip-price').fill('12');
  await slip.getByTestId('slip-price').blur();
  await slip.getByTestId('slip-stake').fill('200');
  await slip.getByTestId('slip-keep-in-play').check();
  await expect(slip.getByTestId('slip-keep-hint')).toHaveText(
    'If it is not matched when the market goes in-play, the unmatched part stays in the market.',
  );
  await shot(page, 'keep-in-play-390');
  await slip.getByTestId('slip-confirm').click();
  await expect(message(page, `Unmatched: Back ${r2!.name} @ 12 for ৳200.00 waits in the market.`)).toBeVisible();
  // exposure: if runner 1 wins, the lay loses 152 and the unmatched backs on runner 2 at worst 300
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳452.00');

  await feed(request, m.marketId, 'in-play');
  await expect(message(page, `Lapsed: Back ${r2!.name} @ 10 for ৳100.00. Unmatched at the start of play (not kept in play).`)).toBeVisible({
    timeout: 15_000,
  });
  // the lapsed 100 is released exactly: the lay's 152 and the kept back's 200 if runner 1 wins
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳352.00');
  const bets = await myBets(request, trader.session);
  expect(bets.find((b) => b.price === 12)).toMatchObject({ status: 'UNMATCHED', persistence: 'PERSIST', unmatched_stake: '200.00' });
  expect(bets.find((b) => b.price === 10)).toMatchObject({ status: 'LAPSED', persistence: 'LAPSE' });
  // the choice is remembered: the next slip starts with it ticked
  await runnerRow(page, r2!.name)
    .getByRole('button', { name: `Back ${r2!.name} 1.66` })
    .click();
  await expect(slip.getByTestId('slip-keep-in-play')).toBeChecked();
  await expect(slip.getByTestId('slip-keep-hint')).toHaveText(
    'The market is in play: an unmatched part stays until it is matched, you cancel it, or the market closes.',
  );
  await shot(page, 'in-play-390');
  // the match stays in play (the feed cannot take it back: its start time is now passed), so the desktop trader
  // below bets in play, with the bet delay
});

test('desktop: the ladder, stake presets kept on the server, one-click betting', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const m = state.match ?? (state.match = await holdPreplay(request));
  const [r1] = m.runners;
  const trader = await fundedPlayer(request, { amount: '5000', prefix: 'tl', name: 'Ladder Trader' });
  const context = await desktopContext(browser, { width: 1440, height: 900 });
  const page = await context.newPage();
  try {
    await openLoggedIn(page, trader.session, `/odds-view?marketId=${m.marketId}&eventId=${m.eventId}&sport=${m.sport}`);
    const row1 = runnerRow(page, r1!.name);
    // six prices on a desktop, no toggle
    await expect(row1.getByRole('button', { name: `Level 3 lay: ${r1!.name} 2.56 100` })).toBeVisible();
    await expect(page.getByTestId('depth-toggle')).toBeHidden();

    // the ladder: a back at 2.7 (above the best back: it rests) from its cell, then shown as mine at 2.7
    await row1.getByRole('button', { name: `Ladder: ${r1!.name}` }).click();
    const ladder = page.getByTestId('ladder');
    await expect(
      ladder.getByTestId('ladder-row').filter({ has: page.locator('[data-testid="ladder-back"]', { hasText: '5000' }) }),
    ).toHaveAttribute('data-price', '2.5');
    await ladder.getByRole('button', { name: new RegExp(`^Ladder: back ${esc(r1!.name)} at 2\\.7$`) }).click();
    const slip = page.getByTestId('bet-slip');
    await expect(slip.getByTestId('slip-price')).toHaveValue('2.7');
    await slip.getByTestId('slip-stake').fill('100');
    await slip.getByTestId('slip-confirm').click();
    await expect(message(page, `Unmatched: Back ${r1!.name} @ 2.7 for ৳100.00 waits in the market.`)).toBeVisible();
    const row27 = ladder.locator('[data-testid="ladder-row"][data-price="2.7"]');
    await expect(row27.getByTestId('ladder-mine-back')).toHaveText('100');
    // ... and offered to layers at 2.7 in the book
    await expect(row27.getByTestId('ladder-lay')).toContainText('100');
    await ladder.scrollIntoViewIfNeeded();
    await shot(page, 'ladder-1440');

    // stake presets: edited in the slip, kept on the server (a reload shows them)
    await row1.getByRole('button', { name: `Back ${r1!.name} 2.5` }).click();
    await slip.getByTestId('slip-edit-presets').click();
    await slip.getByRole('textbox', { name: 'Stake preset 1' }).fill('150');
    await slip.getByRole('textbox', { name: 'Stake preset 2' }).fill('250');
    await slip.getByTestId('preset-save').click();
    await expect(slip.getByTestId('slip-presets').getByRole('button')).toHaveText(['150', '250', '1,000', '5,000', '10,000', '25,000']);
    await slip.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await runnerRow(page, r1!.name)
      .getByRole('button', { name: `Back ${r1!.name} 2.5` })
      .click();
    await expect(slip.getByTestId('slip-presets').getByRole('button').first()).toHaveText('150');
    await slip.getByRole('button', { name: 'Cancel' }).click();
    await runnerRow(page, r1!.name)
      .getByRole('button', { name: `Ladder: ${r1!.name}` })
      .click();
    await expect(ladder.locator('[data-testid="ladder-row"][data-price="2.7"]').getByTestId('ladder-mine-back')).toHaveText('100');

    // one-click: the stake chosen first, a confirmation the first time, then a click on a price bets at once
    const bar = page.getByTestId('one-click');
    await bar.getByTestId('one-click-stake').selectOption('250');
    await bar.getByTestId('one-click-toggle').click();
    const dialog = page.getByRole('dialog', { name: 'Turn on one-click betting?' });
    await expect(dialog).toContainText('a click on a price places a bet at once');
    await shot(page, 'one-click-confirm-1440');
    await dialog.getByTestId('one-click-confirm').click();
    await expect(bar.getByTestId('one-click-state')).toHaveText('On: ৳250.00 a bet');
    await runnerRow(page, r1!.name)
      .getByRole('button', { name: `Back ${r1!.name} 2.5` })
      .click();
    await expect(message(page, `Matched: Back ${r1!.name} @ 2.5 for ৳250.00.`)).toBeVisible();
    await expect(slip).toHaveCount(0);
    // from the ladder too: a lay at 2.52 matches at once
    await ladder.getByRole('button', { name: new RegExp(`^Ladder: lay ${esc(r1!.name)} at 2\\.52 `) }).click();
    await expect(message(page, `Matched: Lay ${r1!.name} @ 2.52 for ৳250.00.`)).toBeVisible();
    // a refusal is shown in the slip: a one-click stake the balance cannot hold
    await bar.getByTestId('one-click-stake').selectOption('25000');
    await expect(bar.getByTestId('one-click-state')).toHaveText('On: ৳25,000.00 a bet');
    await runnerRow(page, r1!.name)
      .getByRole('button', { name: `Back ${r1!.name} 2.5` })
      .click();
    await expect(slip.getByTestId('slip-error')).toHaveText('Not enough available balance for this bet.');
    await shot(page, 'one-click-1440');
    await slip.getByRole('button', { name: 'Cancel' }).click();
    await bar.getByTestId('one-click-stake').selectOption('250');
    // off again (no dialog the next time it is turned on)
    await bar.getByTestId('one-click-toggle').click();
    await expect(bar.getByTestId('one-click-state')).toHaveText('Off');
    await bar.getByTestId('one-click-toggle').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(bar.getByTestId('one-click-state')).toHaveText('On: ৳250.00 a bet');
    const settings = await (await request.get(`${API()}/api/exchange/settings`, { headers: bearer(trader.session.token) })).json();
    expect(settings).toMatchObject({ stake_presets: [150, 250, 1000, 5000, 10000, 25000], one_click: true, one_click_stake: 250 });
  } finally {
    await context.close();
  }
});
