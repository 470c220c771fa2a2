import { devices, test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, SANDBOX, apiLogin, bearer, fundedPlayer, openLoggedIn, type Session } from './support';

/*
 * Issue 12, the account and records half, against the real API and the sandbox odds feed: a new player is funded
 * (verified phone, a deposit the operator approves), bets through the API on two Match Odds markets and a Fancy row
 * the test drives with the feed's control API (freeze, liquidity, result), then finds them in the browser: My Bets
 * (an unmatched lay cancelled there), Bets History, Profit & Loss, Balance Overview (to the paisa), Activity Log, the
 * In-Play Result tab and the Betting Records Exchange tab with both detail views. Pins of Multi Markets survive a
 * reload and show in a second browser context of the same player. Screenshots go to e2e/artifacts/.
 */

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

/** "৳1,234.50" / "-৳150.55" from paisa, as the site formats taka. */
const taka = (minor: number) =>
  `${minor < 0 ? '-' : ''}৳${(Math.abs(minor) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** The signed form of the account pages: "+৳185.17", "-৳150.55", "৳0.00". */
const signed = (minor: number) => `${minor > 0 ? '+' : ''}${taka(minor)}`;
const paisa = (v: string) => Math.round(Number(v) * 100);

/**
 * Screenshots of the page at the phone size (390x844) and the desktop size (1366x768). The shell lays the page out
 * anew across the 768 px threshold (the remote is mounted again), so each size waits for `ready` first.
 */
async function shots(page: Page, name: string, ready: Locator) {
  for (const [width, height] of [
    [390, 844],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(ready.first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(ARTIFACTS, `exchange-records-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(ready.first()).toBeVisible();
}

interface FeedMarket {
  marketId: string;
  eventId: string;
  status: string;
  inplay: boolean;
  runners: Array<{ selectionId: number; name: string }>;
}
interface ApiMarket {
  status: string;
  inplay: boolean;
  ball_running: boolean;
  event_name: string;
  runners: Array<{ selection_id: string; back: Array<{ price: number }> }>;
  fancy: { yes: number; yes_rate: number; no: number } | null;
}

const feed = (request: APIRequestContext, marketId: string, action: string, data?: unknown) =>
  request.post(`${SANDBOX()}/odds/markets/${marketId}/${action}`, { data: data ?? {} }).then(async (r) => {
    expect(r.ok(), `${action} ${marketId}: ${await r.text()}`).toBeTruthy();
  });
const apiMarket = async (request: APIRequestContext, marketId: string): Promise<ApiMarket> =>
  (await request.get(`${API()}/api/exchange/markets/${marketId}`)).json();

/** Pre-match Match Odds markets that are open in the feed, from the sports given (each sport at most once). */
async function openMatchOdds(request: APIRequestContext, sports: string[]): Promise<FeedMarket[]> {
  const out: FeedMarket[] = [];
  for (const sport of sports) {
    const events: Array<{ MarketId: string; inplay: boolean }> = await (
      await request.get(`${SANDBOX()}/odds/api/sports-events/${sport}`)
    ).json();
    for (const e of events.filter((x) => !x.inplay)) {
      const m: FeedMarket = await (await request.get(`${SANDBOX()}/odds/markets/${e.MarketId}`)).json();
      if (m.status === 'OPEN' && !m.inplay) {
        out.push(m);
        break;
      }
    }
  }
  return out;
}

const state: {
  player?: { username: string; password: string; session: Session };
  start?: number;
  m1?: FeedMarket;
  m2?: FeedMarket;
  fancyId?: string;
  fancyEvent?: string;
  fancyTitle?: string;
  fancyRate?: number;
  backId?: string;
  layId?: string;
} = {};

// one player's story, step by step; screenshots at 1x so the desktop ones stay small
test.describe.configure({ mode: 'serial' });
test.use({ deviceScaleFactor: 1 });

test('open bets: My Bets shows the matched and unmatched parts, the unmatched lay is cancelled in the browser', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const player = await fundedPlayer(request, { amount: '1000', prefix: 'xr', name: 'Exchange Records' });
  state.player = player;
  const headers = bearer(player.session.token);
  const wallet = await (await request.post(`${API()}/api/balance`, { headers })).json();
  expect(wallet.balance).toBe('1000.00');
  state.start = paisa(wallet.balance);

  const [m1, m2] = await openMatchOdds(request, ['tennis', 'soccer', 'cricket']);
  expect(m1 && m2, 'two open pre-match Match Odds markets in the feed').toBeTruthy();
  state.m1 = m1;
  state.m2 = m2;
  // the feed holds still, and offers the prices the bets take (the house lays at the feed's back prices)
  for (const [m, price] of [
    [m1!, 2.5],
    [m2!, 1.8],
  ] as const) {
    await feed(request, m.marketId, 'freeze');
    await feed(request, m.marketId, 'liquidity', {
      selectionId: m.runners[0]!.selectionId,
      back: [{ price, size: 5000 }],
      lay: [{ price: price + 0.02, size: 5000 }],
    });
    await expect
      .poll(
        async () =>
          (await apiMarket(request, m.marketId)).runners.find((r) => r.selection_id === String(m.runners[0]!.selectionId))?.back[0]?.price,
        {
          message: `the API reads the new offer of ${m.marketId}`,
          timeout: 20_000,
        },
      )
      .toBe(price);
  }

  const place = async (data: Record<string, unknown>) => {
    const res = await request.post(`${API()}/api/exchange/bets`, {
      headers: { ...headers, 'Idempotency-Key': `e2e-xr-${Math.random()}` },
      data,
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).bet as { id: string; status: string; matched_stake: string; unmatched_stake: string };
  };
  const back = await place({
    market_id: m1!.marketId,
    selection_id: String(m1!.runners[0]!.selectionId),
    side: 'BACK',
    price: 2.5,
    stake: '123.45',
  });
  expect([back.status, back.matched_stake]).toEqual(['MATCHED', '123.45']);
  state.backId = back.id;
  // a lay at 1.5 meets no back at that price: it rests unmatched
  const lay = await place({
    market_id: m1!.marketId,
    selection_id: String(m1!.runners[0]!.selectionId),
    side: 'LAY',
    price: 1.5,
    stake: '100',
    persistence: 'PERSIST',
  });
  expect([lay.status, lay.unmatched_stake]).toEqual(['UNMATCHED', '100.00']);
  state.layId = lay.id;
  const loser = await place({
    market_id: m2!.marketId,
    selection_id: String(m2!.runners[0]!.selectionId),
    side: 'BACK',
    price: 1.8,
    stake: '150.55',
  });
  expect(loser.status).toBe('MATCHED');

  // a Fancy row of a cricket event before play: YES at the line and rate shown
  const cricket: Array<{ EventId: string; inplay: boolean; Fancy: number; Event: string }> = await (
    await request.get(`${SANDBOX()}/odds/api/sports-events/cricket`)
  ).json();
  let fancy: { id: string; line: number; rate: number; title: string; event: string } | null = null;
  for (const e of cricket.filter((x) => !x.inplay && x.Fancy)) {
    for (let n = 1; n <= 6 && !fancy; n++) {
      const id = `${e.EventId}-F${n}`;
      const f = await request.get(`${SANDBOX()}/odds/markets/${id}`);
      if (!f.ok()) continue;
      const fm = await f.json();
      if (fm.status !== 'OPEN' || fm.inplay || fm.ballRunning) continue;
      await feed(request, id, 'freeze');
      const frozen = await (await request.get(`${SANDBOX()}/odds/markets/${id}`)).json();
      const row = frozen.fancy ?? frozen;
      // the line and its rate both: a tick before the freeze can move the rate alone, and the bet below names both
      await expect
        .poll(
          async () => {
            const f = (await apiMarket(request, id)).fancy;
            return [f?.yes, f?.yes_rate];
          },
          { timeout: 20_000 },
        )
        .toEqual([row.yes, row.yesRate]);
      const shown = await apiMarket(request, id);
      if (shown.status !== 'OPEN' || shown.ball_running || !shown.fancy) continue;
      fancy = { id, line: shown.fancy.yes, rate: shown.fancy.yes_rate, title: fm.name ?? id, event: e.Event };
    }
    if (fancy) break;
  }
  expect(fancy, 'an open Fancy row before play').toBeTruthy();
  const yes = await place({ market_id: fancy!.id, side: 'YES', line: fancy!.line, rate: fancy!.rate, stake: '100' });
  expect(yes.status).toBe('MATCHED');
  Object.assign(state, { fancyId: fancy!.id, fancyRate: fancy!.rate, fancyEvent: fancy!.event, fancyTitle: fancy!.title });

  // My Bets in the browser
  await openLoggedIn(page, player.session, '/exchange-account');
  await expect(page.getByTestId('exchange-account-username')).toHaveText(player.username);
  await expect(page.getByTestId('exchange-timezone')).toHaveText('Time Zone: GMT+6 (Asia/Dhaka)');
  await shots(page, 'account-menu', page.getByTestId('exchange-account-link-my-bets'));
  await page.getByTestId('exchange-account-link-my-bets').click();
  await expect(page).toHaveURL(/\/exchange-account\/my-bets$/);
  const bets = page.getByTestId('exchange-bet');
  await expect(bets).toHaveCount(4);
  const layCard = page.locator(`[data-bet-id="${lay.id}"]`);
  await expect(layCard.getByTestId('bet-status')).toHaveText('Unmatched');
  await expect(layCard.getByTestId('bet-unmatched')).toHaveText('৳100.00 @ 1.5');
  await expect(layCard.getByTestId('bet-matched')).toHaveText('৳0.00');
  const backCard = page.locator(`[data-bet-id="${back.id}"]`);
  await expect(backCard.getByTestId('bet-matched')).toHaveText('৳123.45 @ 2.5');
  // 123.45 × 1.5 = 185.175, rounded down to the paisa
  await expect(backCard.getByTestId('bet-profit')).toHaveText('৳185.17');
  await expect(page.getByTestId('exchange-timezone')).toContainText('GMT+6');
  await shots(page, 'my-bets', page.locator(`[data-bet-id="${lay.id}"]`));
  // a reload keeps the page
  await page.reload();
  await expect(page.getByTestId('exchange-bet')).toHaveCount(4);

  await layCard.getByRole('button', { name: /^Cancel unmatched/ }).click();
  await expect(page.getByText('The unmatched part was cancelled.')).toBeVisible();
  await expect(page.getByTestId('exchange-bet')).toHaveCount(3);
  await expect(page.locator(`[data-bet-id="${lay.id}"]`)).toHaveCount(0);
});

test('settled: Bets History, Profit & Loss, Balance Overview to the paisa, Activity Log, In-Play Result', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { player, m1, m2, fancyId, fancyRate, start } = state;
  expect(player && m1 && m2 && fancyId).toBeTruthy();
  const headers = bearer(player!.session.token);
  const fancyLine = (await apiMarket(request, fancyId!)).fancy!.yes;
  // the first runner of m1 wins, m2's first runner loses, the Fancy row goes past the YES line
  await feed(request, m1!.marketId, 'result', { winner: m1!.runners[0]!.selectionId });
  await feed(request, m2!.marketId, 'result', { winner: m2!.runners[1]!.selectionId });
  await feed(request, fancyId!, 'result', { runs: fancyLine + 5 });

  // paisa: back 123.45 @ 2.5 wins 185.17, commission 5 % = 9.25 (rounded down), net 175.92; back 150.55 loses;
  // Fancy YES 100 at rate R wins 100 × R / 100, no commission
  const won = 18517;
  const commission = Math.floor((won * 500) / 10_000);
  const fancyWon = Math.floor((10_000 * fancyRate!) / 100);
  const net1 = won - commission;
  const lost = -15055;
  const end = start! + net1 + lost + fancyWon;
  await expect
    .poll(async () => (await (await request.post(`${API()}/api/balance`, { headers })).json()).balance, { timeout: 30_000 })
    .toBe((end / 100).toFixed(2));

  await openLoggedIn(page, player!.session, '/exchange-account/bets-history');
  const history = page.getByTestId('exchange-bet');
  await expect(history).toHaveCount(4);
  const card = (id: string) => page.locator(`[data-bet-id="${id}"]`);
  await expect(card(state.backId!).getByTestId('bet-status')).toHaveText('Won');
  await expect(card(state.backId!).getByTestId('bet-pl')).toHaveText(signed(won));
  await expect(card(state.layId!).getByTestId('bet-status')).toHaveText('Cancelled');
  await expect(card(state.layId!).getByTestId('bet-pl')).toHaveText('৳0.00');
  await expect(page.locator('[data-status="LOST"]').getByTestId('bet-pl')).toHaveText(signed(lost));
  await expect(page.locator('[data-status="WON"]')).toHaveCount(2);
  await expect(page.getByTestId('exchange-timezone')).toContainText('GMT+6');
  await shots(page, 'bets-history', card(state.backId!));

  await page.goto('/exchange-account/profit-loss?group=market');
  const rows = page.getByTestId('pl-row');
  await expect(rows).toHaveCount(3);
  const m1Row = rows.filter({ hasText: (await apiMarket(request, m1!.marketId)).event_name });
  await expect(m1Row.getByTestId('pl-gross')).toHaveText(signed(won));
  await expect(m1Row.getByTestId('pl-commission')).toHaveText(taka(commission));
  await expect(m1Row.getByTestId('pl-net')).toHaveText(signed(net1));
  await expect(page.getByTestId('pl-total-commission')).toHaveText(taka(commission));
  await expect(page.getByTestId('pl-total-net')).toHaveText(signed(net1 + lost + fancyWon));
  await shots(page, 'profit-loss', page.getByTestId('pl-total'));
  // a reload keeps the grouping; Day groups everything into today
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Market' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Day' }).click();
  await expect(page).toHaveURL(/group=day/);
  await expect(page.getByTestId('pl-row')).toHaveCount(1);
  await expect(page.getByTestId('pl-row').getByText('3 markets')).toBeVisible();

  await page.goto('/exchange-account/balance');
  await expect(page.getByTestId('overview-balance')).toHaveText(taka(end));
  await expect(page.getByTestId('overview-exposure')).toHaveText('৳0.00');
  await expect(page.getByTestId('overview-available')).toHaveText(taka(end));
  await expect(page.getByTestId('overview-pl-net')).toHaveText(signed(end - start!));
  await expect(page.getByTestId('overview-pl-commission')).toHaveText(taka(commission));
  await shots(page, 'balance-overview', page.getByTestId('overview-pl-net'));
  await page.goto('/exchange-account');
  await expect(page.getByTestId('exchange-account-balance')).toHaveText(taka(end));

  await page.goto('/exchange-account/activity-log');
  await expect(page.locator('[data-kind="settled"]')).toHaveCount(3);
  await expect(page.locator('[data-kind="bet"]')).toHaveCount(4);
  await expect(page.locator('[data-kind="cancel"]')).toHaveCount(1);
  await expect(page.locator('[data-kind="login"]').first()).toBeVisible();
  await shots(page, 'activity-log', page.getByTestId('activity-row'));

  await page.goto('/exchange-account/profile');
  await expect(page.getByTestId('profile-username')).toHaveText(player!.username);
  await expect(page.getByTestId('profile-phone')).toContainText('Verified');
  await shots(page, 'profile', page.getByTestId('profile-joined'));

  // In-Play → Result: the settled market with its winner
  await page.goto('/exchange-inplay');
  await page.getByRole('tab', { name: 'Result' }).click();
  await expect(page).toHaveURL(/\/exchange-inplay\?tab=result$/);
  const result = page.locator(`[data-testid="exchange-result"][data-market-id="${m1!.marketId}"]`);
  await expect(result.getByTestId('result-outcome')).toHaveText(`Winner${m1!.runners[0]!.name}`);
  await shots(page, 'inplay-result', result);
});

test('Betting Records → Exchange: the rows with their statuses and Exchange Record Details in the short and full views', async ({
  page,
}) => {
  const { player, backId, m1 } = state;
  expect(player && backId && m1).toBeTruthy();
  await openLoggedIn(page, player!.session, '/betting-record');
  await page.getByRole('tab', { name: 'Exchange' }).click();
  await expect(page).toHaveURL(/tab=exchange/);
  const rows = page.getByTestId('exchange-record');
  await expect(rows).toHaveCount(4);
  await expect(page.locator('[data-testid="exchange-status"][data-tone="won"]')).toHaveCount(2);
  await expect(page.locator('[data-testid="exchange-status"][data-tone="lost"]')).toHaveText(['LOST']);
  await expect(page.locator('[data-testid="exchange-status"][data-tone="neutral"]')).toHaveText(['CANCELLED']);
  const row = page.locator(`[data-transaction-id="${backId}"]`);
  // the record's profit is net of its share of the market's commission: 185.17 - 9.25
  await expect(row.getByTestId('exchange-record-pl')).toHaveText('৳175.92');
  await shots(page, 'betting-records', row);
  // a reload keeps the Exchange tab; Today lists the same bets (placed today)
  await page.reload();
  await expect(page.getByTestId('exchange-record')).toHaveCount(4);
  await page.getByTestId('exchange-records').getByRole('button', { name: 'Today', exact: true }).click();
  await expect(page.getByTestId('exchange-record')).toHaveCount(4);

  await row.getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Exchange Record Details' });
  await expect(dialog.getByTestId('detail-eventName')).toHaveText(/ v /);
  await expect(dialog.getByTestId('detail-transactionId')).toHaveText(backId!);
  await expect(dialog.getByTestId('detail-amount')).toHaveText('৳123.45');
  await expect(dialog.getByRole('definition')).toHaveCount(3);
  await page.screenshot({ path: path.join(ARTIFACTS, 'exchange-records-record-short-390.png') });
  await dialog.getByRole('button', { name: 'Full view' }).click();
  await expect(dialog.getByRole('definition')).toHaveCount(10);
  await expect(dialog.getByTestId('detail-gameType')).toHaveText('Match Odds');
  await expect(dialog.getByTestId('detail-marketName')).toHaveText('Match Odds');
  await expect(dialog.getByTestId('detail-selectionName')).toHaveText(m1!.runners[0]!.name);
  await expect(dialog.getByTestId('detail-betType')).toHaveText('Back');
  await expect(dialog.getByTestId('detail-stake')).toHaveText('৳123.45');
  await expect(dialog.getByTestId('detail-potentialProfit')).toHaveText('৳185.17');
  await expect(dialog.getByTestId('detail-potentialLiability')).toHaveText('৳123.45');
  await expect(dialog.getByTestId('detail-odds')).toHaveText('2.5');
  await expect(dialog.getByTestId('detail-runs')).toHaveText('—');
  await page.screenshot({ path: path.join(ARTIFACTS, 'exchange-records-record-full-390.png') });
  await dialog.getByRole('button', { name: 'Short view' }).click();
  await expect(dialog.getByRole('definition')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // the same at the desktop size (the shell mounts the page anew there)
  await page.setViewportSize({ width: 1366, height: 768 });
  await row.getByRole('button').click();
  await expect(dialog.getByTestId('detail-amount')).toHaveText('৳123.45');
  await page.screenshot({ path: path.join(ARTIFACTS, 'exchange-records-record-short-1366.png') });
  await dialog.getByRole('button', { name: 'Full view' }).click();
  await expect(dialog.getByTestId('detail-potentialProfit')).toHaveText('৳185.17');
  await page.screenshot({ path: path.join(ARTIFACTS, 'exchange-records-record-full-1366.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.setViewportSize({ width: 390, height: 844 });

  // the Fancy record: its odds are the rate, its runs the line
  await page.locator('[data-testid="exchange-record"]', { hasText: state.fancyEvent! }).getByRole('button').click();
  await dialog.getByRole('button', { name: 'Full view' }).click();
  await expect(dialog.getByTestId('detail-gameType')).toHaveText('Fancy');
  await expect(dialog.getByTestId('detail-betType')).toHaveText('Yes');
  await expect(dialog.getByTestId('detail-odds')).toHaveText(String(state.fancyRate));
  await expect(dialog.getByTestId('detail-runs')).toHaveText(/^\d+$/);
});

test('Multi Markets pins survive a reload and follow the player to a second browser context', async ({ page, browser, request }) => {
  const { player } = state;
  expect(player).toBeTruthy();
  await openLoggedIn(page, player!.session, '/exchange-inplay');
  const pin = page.getByRole('button', { name: /^Pin to Multi Markets: / }).first();
  const label = (await pin.getAttribute('aria-label'))!;
  const event = label.replace(/^Pin to Multi Markets: /, '');
  await pin.click();
  await expect(page.getByRole('button', { name: `Remove from Multi Markets: ${event}` })).toHaveAttribute('aria-pressed', 'true');
  // stored on the server
  await expect
    .poll(async () =>
      (await (await request.get(`${API()}/api/exchange/pins`, { headers: bearer(player!.session.token) })).json()).data.map(
        (p: { name: string }) => p.name,
      ),
    )
    .toEqual([event]);

  await page.goto('/exchange-multi');
  await page.reload();
  await expect(page.getByTestId('pinned-market')).toHaveCount(1);
  await expect(page.getByTestId('pinned-market')).toContainText(event);
  await shots(page, 'multi-markets', page.getByTestId('pinned-market'));

  // the same player on another device: a second context with its own log-in
  const other = await browser.newContext({ userAgent: devices['Pixel 7'].userAgent, viewport: { width: 390, height: 844 } });
  const page2 = await other.newPage();
  const session2 = await apiLogin(request, player!.username, player!.password);
  await openLoggedIn(page2, session2, '/exchange-multi');
  await expect(page2.getByTestId('pinned-market')).toHaveCount(1);
  await expect(page2.getByTestId('pinned-market')).toContainText(event);
  // unpinned there, gone here after a reload
  await page2.getByRole('button', { name: `Remove from Multi Markets: ${event}` }).click();
  await expect(page2.getByTestId('pinned-market')).toHaveCount(0);
  await expect(page2.getByTestId('exchange-multi')).toContainText('No markets pinned yet');
  await other.close();
  await expect
    .poll(async () => (await (await request.get(`${API()}/api/exchange/pins`, { headers: bearer(player!.session.token) })).json()).data)
    .toEqual([]);
  await page.reload();
  await expect(page.getByTestId('exchange-multi')).toContainText('No markets pinned yet');
});
