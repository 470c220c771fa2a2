import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, SANDBOX, bearer, desktopContext, fundedPlayer, openLoggedIn, type Session } from './support';

/*
 * Issue 12, the trading half, against the real API and the sandbox odds feed: a new funded player opens an in-play
 * cricket match whose markets the test holds still and prices through the feed's control API; backs one Match Odds
 * runner and lays another (Exposure and each runner's P&L follow), cancels an unmatched lay, takes a Fancy YES,
 * sees Ball Running cover the row and a bet refused during it, cashes out; then a second player (another browser
 * context) lays into the first player's resting back and both see the match in their bet-matched box. Last, an idle
 * odds view asks nothing while the push stream is up and polls when it is blocked. Screenshots go to e2e/artifacts/.
 * The bet delays are short here (EXCHANGE_BET_DELAY_MS in playwright.config.ts).
 */

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
/** "৳1,234.50" / "-৳150.55" from paisa, as the site formats taka. */
/** "-৳1,234.50" to paisa. */
const paisa = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
const taka = (minor: number) =>
  `${minor < 0 ? '-' : ''}৳${(Math.abs(minor) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A new trader with a verified phone and a deposit the operator approved. */
const fundedTrader = async (request: APIRequestContext, amount = '10000'): Promise<Session> =>
  (await fundedPlayer(request, { amount, prefix: 'xt', name: 'Exchange Trader' })).session;

const feed = (request: APIRequestContext, marketId: string, action: string, data?: unknown) =>
  request.post(`${SANDBOX()}/odds/markets/${marketId}/${action}`, { data: data ?? {} }).then(async (r) => {
    expect(r.ok(), `${action} ${marketId}: ${await r.text()}`).toBeTruthy();
  });

interface Match {
  eventId: string;
  marketId: string;
  name: string;
  runners: Array<{ selectionId: number; name: string }>;
  /** Every market of the event: Match Odds, BookMaker, Fancy rows. */
  markets: string[];
  fancy: { marketId: string; title: string; yes: number; yesRate: number };
}

/** The in-play cricket match with BookMaker and Fancy, held still (frozen) with known Match Odds prices. */
async function holdMatch(request: APIRequestContext): Promise<Match> {
  const events: Array<{ EventId: string; MarketId: string; Event: string; inplay: boolean; Fancy: boolean; Bookmaker: boolean }> = await (
    await request.get(`${SANDBOX()}/odds/api/sports-events/cricket`)
  ).json();
  const e = events.find((x) => x.inplay && x.Fancy && x.Bookmaker);
  expect(e, 'an in-play cricket match with BookMaker and Fancy in the feed').toBeTruthy();
  const mo = await (await request.get(`${SANDBOX()}/odds/markets/${e!.MarketId}`)).json();
  const detail = (await (await request.get(`${SANDBOX()}/odds/api/event/${e!.EventId}`)).json()).data.items[e!.EventId];
  const fancyIds: string[] = detail.fancy2.map((r: { marketId: string }) => r.marketId);
  const markets = [e!.MarketId, ...Object.keys(detail.bookmaker), ...fancyIds];
  for (const m of markets) {
    await feed(request, m, 'freeze');
    // a market the feed left suspended or ball running opens for the test
    await feed(request, m, 'resume');
  }
  const frozen = (await (await request.get(`${SANDBOX()}/odds/api/event/${e!.EventId}`)).json()).data.items[e!.EventId];
  const row = frozen.fancy2.find((r: { type: number }) => r.type === 2) ?? frozen.fancy2[0];
  return {
    eventId: e!.EventId,
    marketId: e!.MarketId,
    name: e!.Event,
    runners: mo.runners.map((r: { selectionId: number; name: string }) => ({ selectionId: r.selectionId, name: r.name })),
    markets,
    fancy: { marketId: row.marketId, title: row.title, yes: row.yes, yesRate: row.yes_rate },
  };
}

/** Prices of runner i: backers take PRICES[i], layers PRICES[i] + one tick. */
const PRICES = [2.5, 1.66, 6];
const LAY_PRICES = [2.52, 1.67, 6.2];

async function offer(request: APIRequestContext, m: Match) {
  for (const [i, r] of m.runners.entries())
    await feed(request, m.marketId, 'liquidity', {
      selectionId: r.selectionId,
      back: [{ price: PRICES[i], size: 5000 }],
      lay: [{ price: LAY_PRICES[i], size: 5000 }],
    });
  await expect
    .poll(
      async () =>
        (await (await request.get(`${API()}/api/exchange/markets/${m.marketId}`)).json()).runners.map(
          (r: { back: Array<{ price: number }> }) => r.back[0]?.price,
        ),
      {
        message: 'the API reads the offer',
        timeout: 20_000,
      },
    )
    .toEqual(PRICES.slice(0, m.runners.length));
}

async function release(request: APIRequestContext, m: Match) {
  for (const r of m.runners)
    await feed(request, m.marketId, 'liquidity', { selectionId: r.selectionId, auto: true }).catch(() => undefined);
  for (const id of m.markets) await feed(request, id, 'unfreeze').catch(() => undefined);
}

const runnerRow = (page: Page, name: string) => page.getByTestId('match-odds-runner').filter({ hasText: name });
const message = (page: Page, text: string) => page.getByTestId('bet-message').filter({ hasText: text });

async function shot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(ARTIFACTS, `exchange-trading-${name}.png`) });
}

/** Opens the slip from a price button, types the stake (and a price), and places the bet. */
async function bet(page: Page, button: RegExp | string, stake: string, opts: { price?: string; shot?: string } = {}) {
  await page.getByRole('button', { name: button }).first().click();
  const slip = page.getByTestId('bet-slip');
  await expect(slip).toBeVisible();
  if (opts.price) {
    await slip.getByTestId('slip-price').fill(opts.price);
    await slip.getByTestId('slip-price').blur();
  }
  await slip.getByTestId('slip-stake').fill(stake);
  if (opts.shot) await shot(page, opts.shot);
  await slip.getByTestId('slip-confirm').click();
  await expect(slip).toHaveCount(0, { timeout: 15_000 });
}

const state: { match?: Match; a?: Session } = {};
test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ request }) => {
  if (state.match) await release(request, state.match);
});

test('back and lay, exposure and runner P&L follow; an unmatched lay cancels; Fancy YES, ball running refuses; cash out; another player matches a resting back', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const [a, b] = await Promise.all([fundedTrader(request), fundedTrader(request)]);
  state.a = a;
  const m = await holdMatch(request);
  state.match = m;
  await offer(request, m);
  const [r1, r2] = m.runners;
  const others = m.runners.slice(2);

  await page.setViewportSize({ width: 390, height: 844 });
  await openLoggedIn(page, a, `/odds-view?marketId=${m.marketId}&eventId=${m.eventId}&sport=cricket`);
  await expect(page.getByRole('heading', { name: m.name })).toBeVisible();
  await expect(runnerRow(page, r1!.name).getByRole('button', { name: `Back ${r1!.name} 2.5` })).toBeVisible();
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳0.00');
  await expect(page.getByTestId('exchange-balance')).toHaveText('৳10,000.00');

  // back runner 1 at 2.5 for 100: the slip shows profit 150 and liability 100 before confirming
  await page.getByRole('button', { name: `Back ${r1!.name} 2.5` }).click();
  const slip = page.getByTestId('bet-slip');
  await slip.getByTestId('slip-stake').fill('100');
  await expect(slip.getByTestId('slip-profit')).toHaveText('৳150.00');
  await expect(slip.getByTestId('slip-liability')).toHaveText('৳100.00');
  await expect(runnerRow(page, r1!.name).getByTestId('runner-pl-next')).toHaveText('» ৳150.00');
  await shot(page, 'slip-390');
  // scrolled down on a phone, Back to top shows but never covers Place bet (the slip lies over it)
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(page.getByTestId('scroll-top')).toBeVisible();
  const confirmBox = (await slip.getByTestId('slip-confirm').boundingBox())!;
  const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid'), {
    x: confirmBox.x + confirmBox.width - 24,
    y: confirmBox.y + confirmBox.height / 2,
  });
  expect(onTop).toBe('slip-confirm');
  await page.evaluate(() => window.scrollTo(0, 0));
  await slip.getByTestId('slip-confirm').click();
  // in play the bet waits the delay, counting down
  await expect(slip.getByTestId('slip-pending')).toContainText('Bet delay');
  // a bet in its delay cannot be cancelled: the slip offers no Cancel and no close until the outcome is known
  await expect(slip.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(slip.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(slip).toHaveCount(0, { timeout: 15_000 });
  await expect(message(page, `Matched: Back ${r1!.name} @ 2.5 for ৳100.00.`)).toBeVisible();
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳100.00');
  await expect(runnerRow(page, r1!.name).getByTestId('runner-pl')).toHaveText('৳150.00');
  await expect(runnerRow(page, r2!.name).getByTestId('runner-pl')).toHaveText('-৳100.00');

  // lay runner 2 at 1.67 for 100: +100 on every other runner, −67 on runner 2
  await bet(page, `Lay ${r2!.name} 1.67`, '100');
  await expect(message(page, `Matched: Lay ${r2!.name} @ 1.67 for ৳100.00.`)).toBeVisible();
  await expect(runnerRow(page, r1!.name).getByTestId('runner-pl')).toHaveText('৳250.00');
  await expect(runnerRow(page, r2!.name).getByTestId('runner-pl')).toHaveText('-৳167.00');
  for (const o of others) await expect(runnerRow(page, o.name).getByTestId('runner-pl')).toHaveText('৳0.00');
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳167.00');
  await expect(page.getByTestId('exchange-balance')).toHaveText('৳9,833.00');

  // a lay of runner 1 at 1.5 meets no back at that price: it rests, then is cancelled from the Bets panel
  await bet(page, `Lay ${r1!.name} 2.52`, '100', { price: '1.5' });
  await expect(message(page, `Unmatched: Lay ${r1!.name} @ 1.5 for ৳100.00 waits in the market.`)).toBeVisible();
  await expect(page.getByTestId('bets-count')).toHaveText('3');
  await page.getByTestId('bets-button').click();
  const panel = page.getByTestId('bets-panel');
  await expect(panel.getByTestId('open-bet')).toHaveCount(3);
  await panel.getByRole('button', { name: `Cancel: ${r1!.name} 1.5` }).click();
  await expect(panel.getByTestId('open-bet')).toHaveCount(2);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await expect(message(page, `Cancelled: Lay ${r1!.name} @ 1.5 for ৳100.00.`)).toBeVisible();
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳167.00');

  // each market says the stake limits the API enforces
  await expect(page.getByTestId('fancy').getByTestId('stake-limits')).toHaveText('Min ৳100.00 / Max ৳25,000.00 a bet');
  await expect(page.getByTestId('match-odds').getByTestId('stake-limits')).toHaveText('Min ৳100.00 / Max ৳5,00,000.00 a bet');

  // Fancy YES at the line and rate shown: wins S·rate/100, risks S; the row shows its book
  const fancyRow = page.getByTestId('fancy-row').filter({ hasText: m.fancy.title });
  await fancyRow.getByRole('button', { name: `Yes ${m.fancy.title} ${m.fancy.yes}` }).click();
  await slip.getByTestId('slip-stake').fill('200');
  await expect(slip.getByTestId('slip-price')).toHaveText(`${m.fancy.yes} @ ${m.fancy.yesRate}`);
  await expect(slip.getByTestId('slip-profit')).toHaveText(taka(2 * m.fancy.yesRate * 100));
  await expect(slip.getByTestId('slip-liability')).toHaveText('৳200.00');
  await slip.getByTestId('slip-confirm').click();
  await expect(slip).toHaveCount(0, { timeout: 15_000 });
  await expect(message(page, `Matched: Yes ${m.fancy.title} @ ${m.fancy.yes} (${m.fancy.yesRate}) for ৳200.00.`)).toBeVisible();
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳367.00');
  await expect(fancyRow.getByTestId('fancy-book')).toHaveText('Book −৳200.00');
  await shot(page, 'odds-positions-390');
  await fancyRow.getByTestId('fancy-book').click();
  await expect(page.getByTestId('fancy-book-table')).toContainText(`${m.fancy.yes}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

  // the desktop size: the odds view with positions, and the slip docked beside the prices
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.waitForTimeout(300);
  await shot(page, 'odds-positions-1366');
  await page.getByRole('button', { name: `Back ${r2!.name} 1.66` }).click();
  await slip.getByTestId('slip-stake').fill('500');
  await expect(runnerRow(page, r2!.name).getByTestId('runner-pl-next')).toHaveText('» ৳163.00');
  await shot(page, 'slip-1366');
  await slip.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 390, height: 844 });

  // ball running covers the Fancy row live, and a bet asked for during it is refused with the API's message
  await fancyRow.getByRole('button', { name: `Yes ${m.fancy.title} ${m.fancy.yes}` }).click();
  await slip.getByTestId('slip-stake').fill('100');
  await feed(request, m.fancy.marketId, 'ball-running', { on: true });
  await expect(fancyRow.getByTestId('row-overlay')).toHaveText('Ball Running');
  await slip.getByTestId('slip-confirm').click();
  await expect(slip.getByTestId('slip-error')).toHaveText('Ball running: bets are not accepted until the ball is dead.');
  await slip.getByRole('button', { name: 'Cancel' }).click();
  await feed(request, m.fancy.marketId, 'resume');
  await expect(fancyRow.getByTestId('row-overlay')).toHaveCount(0);

  // cash out the Match Odds position: the same result whoever wins
  await page.getByTestId('match-odds').getByTestId('cash-out').click();
  const value = page.getByTestId('cash-out-value');
  await expect(value).toHaveText(/৳/);
  const shown = (await value.textContent())!;
  await page.getByTestId('cash-out-confirm').click();
  await expect(message(page, `Cashed out: ${shown} locked in whatever the result.`)).toBeVisible();
  // every runner now shows the value (the hedges round to the paisa, so within one paisa)
  const locked = paisa(shown);
  await expect
    .poll(
      async () => {
        const pls = (await page.getByTestId('match-odds').getByTestId('runner-pl').allTextContents()).map(paisa);
        return pls.length === m.runners.length && pls.every((p) => Math.abs(p - locked) <= 1);
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  // the feed takes its backers away from runner 1 (no offer on its lay side): player A's back at 3 rests unmatched,
  // and player B, in another browser, lays into it
  await feed(request, m.marketId, 'liquidity', { selectionId: r1!.selectionId, back: [{ price: 2.5, size: 5000 }] });
  await expect(runnerRow(page, r1!.name).getByRole('button', { name: /^Lay / })).toHaveCount(0);
  await bet(page, `Back ${r1!.name} 2.5`, '100', { price: '3' });
  await expect(message(page, `Unmatched: Back ${r1!.name} @ 3 for ৳100.00 waits in the market.`)).toBeVisible();

  const context = await desktopContext(browser);
  const other = await context.newPage();
  try {
    await openLoggedIn(other, b, `/odds-view?marketId=${m.marketId}&eventId=${m.eventId}&sport=cricket`);
    // A's back is offered to layers at its price
    await expect(runnerRow(other, r1!.name).getByRole('button', { name: `Lay ${r1!.name} 3` })).toBeVisible();
    await bet(other, `Lay ${r1!.name} 3`, '100');
    await expect(message(other, `Matched: Lay ${r1!.name} @ 3 for ৳100.00.`)).toBeVisible();
    // the book changed with the match: B's screen reads it again (A's back is no longer offered)
    await expect(runnerRow(other, r1!.name).getByRole('button', { name: `Lay ${r1!.name} 3` })).toHaveCount(0);
    await shot(other, 'second-player-1366');
    // A hears it by push: the bet-matched box says so
    await expect(message(page, `Matched: Back ${r1!.name} @ 3 for ৳100.00.`)).toBeVisible();
    await shot(page, 'matched-by-another-390');
  } finally {
    await context.close();
  }

  // the bell kept every outcome on the server: after a reload the newest is the other player's match, the first one
  // (the delayed back) is further down, and what the list showed is read
  await page.reload();
  await expect(page.getByTestId('notice-unread')).toHaveText(/^\d+$/);
  await page.getByTestId('notice-bell').click();
  const notices = page.getByTestId('notice');
  await expect(notices.first()).toContainText(`Matched: Back ${r1!.name} @ 3 for ৳100.00.`);
  await expect(notices.filter({ hasText: `Matched: Back ${r1!.name} @ 2.5 for ৳100.00.` })).toHaveCount(1);
  await expect(notices.filter({ hasText: `Cancelled: Lay ${r1!.name} @ 1.5 for ৳100.00.` })).toHaveCount(1);
  await expect(page.getByTestId('notice-unread')).toHaveCount(0);
  await shot(page, 'bell-390');
  await page.keyboard.press('Escape');

  // the phone's way back to the site: the exchange menu leads to the casino
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByTestId('exchange-menu').getByRole('button', { name: 'Casino' }).click();
  await expect(page).toHaveURL(/\/games\?type=LIVE$/);
});

test('/exchange-login opens the exchange with the scoped exchange token, which its calls then carry', async ({ page, request }) => {
  const a = state.a ?? (state.a = await fundedTrader(request, '1000'));
  await openLoggedIn(page, a, '/exchange-login');
  await expect(page).toHaveURL(/\/exchange$/);
  const scoped = await page.evaluate(() => localStorage.getItem('exchangeToken'));
  expect(scoped).toBeTruthy();
  expect(scoped).not.toBe(a.token);
  // the token is good on the exchange only
  expect((await request.get(`${API()}/api/exchange/bets`, { headers: bearer(scoped!) })).status()).toBe(200);
  expect((await request.get(`${API()}/api/convert-vipcoin?vip_coin=10`, { headers: bearer(scoped!) })).status()).toBe(403);
  const carried = page.waitForRequest((r) => r.url().includes('/api/exchange/bets') && r.headers()['authorization'] === `Bearer ${scoped}`);
  await page.reload();
  await carried;
  await expect(page.getByTestId('exchange-home')).toBeVisible();
});

// An idle odds view asks nothing while the push stream is up: the live market's test below watches one for 60 s (two
// periods of the slowest poll, 30 s) while its prices move, the stricter case, so this one starts at the stream blocked.
test('an odds view whose push stream is blocked polls the event every 300 ms and the market every second', async ({ page, request }) => {
  const a = state.a ?? (await fundedTrader(request, '1000'));
  const m = state.match ?? (state.match = await holdMatch(request));
  // logged in (the page's session), so the polled page below reads as this player
  await openLoggedIn(page, a, `/odds-view?marketId=${m.marketId}&eventId=${m.eventId}&sport=cricket`);
  await expect(page.getByTestId('match-odds-runner').first()).toBeVisible();

  // the push stream is blocked: the spec's 300 ms poll of the event (and the market every second) takes over
  const polled = await page.context().newPage();
  const hits: string[] = [];
  polled.on('request', (r) => hits.push(new URL(r.url()).pathname));
  await polled.route('**/api/push/stream**', (route) => route.abort());
  await polled.goto(`/odds-view?marketId=${m.marketId}&eventId=${m.eventId}&sport=cricket`);
  await expect(polled.getByTestId('match-odds-runner').first()).toBeVisible();
  await polled.waitForTimeout(6_000);
  expect(hits.filter((p) => p === `/odds/api/event/${m.eventId}`).length).toBeGreaterThanOrEqual(8);
  expect(hits.filter((p) => p === `/api/exchange/markets/${m.marketId}`).length).toBeGreaterThanOrEqual(3);
  await polled.close();
});

test("a live market's odds view follows the feed's ticks by push, asking at most once a minute", async ({ page, request }) => {
  test.setTimeout(180_000);
  const a = state.a ?? (await fundedTrader(request, '1000'));
  const held = state.match?.eventId;
  // a live in-play match: its prices move on the feed's ticks (every 3 s), none held still by this file
  const events: Array<{ EventId: string; MarketId: string; inplay: boolean }> = await (
    await request.get(`${SANDBOX()}/odds/api/sports-events/cricket`)
  ).json();
  const live = events.find((e) => e.inplay && e.EventId !== held);
  expect(live, 'a second in-play cricket match in the feed').toBeTruthy();
  const { EventId: eventId, MarketId: marketId } = live!;
  await feed(request, marketId, 'unfreeze');

  const apiPort = new URL(API()).port;
  const oddsPort = new URL(SANDBOX()).port;
  const seen: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.port === apiPort || u.port === oddsPort) seen.push(`${r.method()} ${u.pathname}`);
  });
  const streamOpen = page.waitForResponse((r) => r.url().includes('/api/push/stream'));
  await openLoggedIn(page, a, `/odds-view?marketId=${marketId}&eventId=${eventId}&sport=cricket`);
  await expect(page.getByTestId('match-odds-runner').first()).toBeVisible();
  await streamOpen;
  await page.waitForTimeout(3_000);

  /** The best back price of each runner as the page shows it ('' when none). */
  const shown = async () =>
    (
      await page
        .getByTestId('match-odds-runner')
        .evaluateAll((rows) =>
          rows.map(
            (row) =>
              [...row.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Back '))?.querySelector('strong')?.textContent ??
              '',
          ),
        )
    ).join(' ');
  seen.length = 0;
  const samples = new Set<string>();
  // 30 s of the feed's 3 s ticks: ten moves, each shown by push; a view that polled would ask every second (the test
  // above), one that refreshes once a minute asks at most once in any 30 s
  for (let t = 0; t < 30; t += 2) {
    samples.add(await shown());
    await page.waitForTimeout(2_000);
  }
  const asked = seen.filter((s) => !s.endsWith('/api/push/stream'));
  expect(asked.length, `requests of an idle live odds view in 30 s: ${asked.join(', ')}`).toBeLessThanOrEqual(1);
  expect(samples.size, `prices shown over 30 s: ${[...samples].join(' | ')}`).toBeGreaterThanOrEqual(3);

  // what is shown is the API's book of the moment (within a tick and its push)
  const apiBest = async () => {
    const m = await (await request.get(`${API()}/api/exchange/markets/${marketId}`, { headers: bearer(a.token) })).json();
    return (m.runners as Array<{ back: Array<{ price: number }> }>).map((r) => (r.back[0] ? String(r.back[0].price) : '')).join(' ');
  };
  await expect.poll(async () => (await shown()) === (await apiBest()), { timeout: 10_000, intervals: [250] }).toBe(true);
});
