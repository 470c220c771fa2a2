import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, SANDBOX, bearer, fundedPlayer, openLoggedIn, type Session } from './support';

/*
 * Issue 33's order tools as a trader uses them, against the real API and the sandbox feed, on a pre-play tennis
 * Match Odds market the test holds still (no bet delay, no other spec's orders): on a phone, edit an unmatched bet's
 * stake (it keeps its place) and price (a new bet), then cancel all in the market and everywhere; on a desktop, a
 * partial (50 %) cash-out of one runner's position and then the rest of the market in full, to a flat position.
 * The resting and matched bets the tests start from are placed through the API; every edit, cancel and cash-out is
 * done in the browser. Screenshots go to e2e/artifacts/.
 */

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
const paisa = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

const feed = (request: APIRequestContext, marketId: string, action: string, data?: unknown) =>
  request.post(`${SANDBOX()}/odds/markets/${marketId}/${action}`, { data: data ?? {} }).then(async (r) => {
    expect(r.ok(), `${action} ${marketId}: ${await r.text()}`).toBeTruthy();
  });

interface Held {
  eventId: string;
  marketId: string;
  runners: Array<{ selectionId: number; name: string }>;
  /** An in-play tennis Match Odds market: a far-off back there only rests (a second market for cancel all everywhere). */
  otherMarket: string;
  otherRunner: number;
}

/** Sets the feed's offer on a runner: backers take `back`, layers `lay`. */
async function offer(request: APIRequestContext, h: Held, i: number, back: number, lay: number) {
  await feed(request, h.marketId, 'liquidity', {
    selectionId: h.runners[i]!.selectionId,
    back: [{ price: back, size: 50000 }],
    lay: [{ price: lay, size: 50000 }],
  });
  await expect
    .poll(async () => (await (await request.get(`${API()}/api/exchange/markets/${h.marketId}`)).json()).runners[i]?.back[0]?.price, {
      message: 'the API reads the offer',
      timeout: 20_000,
    })
    .toBe(back);
}

async function hold(request: APIRequestContext): Promise<Held> {
  const events: Array<{ EventId: string; MarketId: string; inplay: boolean }> = await (
    await request.get(`${SANDBOX()}/odds/api/sports-events/tennis`)
  ).json();
  const pre = events.find((x) => !x.inplay);
  const live = events.find((x) => x.inplay);
  expect(pre && live, 'a pre-play and an in-play tennis match in the feed').toBeTruthy();
  for (const m of [pre!.MarketId, live!.MarketId]) {
    await feed(request, m, 'freeze');
    await feed(request, m, 'resume');
  }
  const mo = await (await request.get(`${SANDBOX()}/odds/markets/${pre!.MarketId}`)).json();
  const other = await (await request.get(`${SANDBOX()}/odds/markets/${live!.MarketId}`)).json();
  const h: Held = {
    eventId: pre!.EventId,
    marketId: pre!.MarketId,
    runners: mo.runners.map((r: { selectionId: number; name: string }) => ({ selectionId: r.selectionId, name: r.name })),
    otherMarket: live!.MarketId,
    otherRunner: other.runners[0].selectionId,
  };
  await offer(request, h, 0, 2, 2.02);
  await offer(request, h, 1, 1.9, 1.92);
  return h;
}

async function placeByApi(request: APIRequestContext, s: Session, body: Record<string, unknown>) {
  const r = await request.post(`${API()}/api/exchange/bets`, {
    headers: { ...bearer(s.token), 'Idempotency-Key': `orders-${Date.now()}-${Math.random()}` },
    data: body,
  });
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()).bet as { id: string; status: string };
}

const position = async (request: APIRequestContext, s: Session, marketId: string) =>
  (
    (await (await request.get(`${API()}/api/exchange/markets/${marketId}/position`, { headers: bearer(s.token) })).json())
      .runners as Array<{
      profit_loss: string;
    }>
  ).map((r) => paisa(r.profit_loss));

async function shot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(ARTIFACTS, `exchange-orders-${name}.png`) });
}

const state: { held?: Held } = {};
test.describe.configure({ mode: 'serial' });
test.afterAll(async ({ request }) => {
  const h = state.held;
  if (!h) return;
  for (const r of h.runners)
    await feed(request, h.marketId, 'liquidity', { selectionId: r.selectionId, auto: true }).catch(() => undefined);
  for (const m of [h.marketId, h.otherMarket]) await feed(request, m, 'unfreeze').catch(() => undefined);
});

test("on a phone: edit an unmatched bet's stake (keeps its place) and price (a new bet), then cancel all in the market and everywhere", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const h = (state.held = await hold(request));
  const a = (await fundedPlayer(request, { amount: '10000', prefix: 'xo', name: 'Order Editor' })).session;
  const [r1, r2] = h.runners;
  // two resting bets: a lay of runner 1 at 1.5 (the feed's backers are at 2.02) and a back of runner 2 at 3
  await placeByApi(request, a, { market_id: h.marketId, selection_id: r1!.selectionId, side: 'LAY', price: 1.5, stake: '200' });
  await placeByApi(request, a, { market_id: h.marketId, selection_id: r2!.selectionId, side: 'BACK', price: 3, stake: '100' });

  await page.setViewportSize({ width: 390, height: 844 });
  await openLoggedIn(page, a, `/odds-view?marketId=${h.marketId}&eventId=${h.eventId}&sport=tennis`);
  // lay 200 @1.5 risks 100 if runner 1 wins, and so does the back of runner 2 (100): 200 at worst
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳200.00');
  await page.getByTestId('bets-button').click();
  const panel = page.getByTestId('bets-panel');
  const lay = panel.getByTestId('open-bet').filter({ hasText: `${r1!.name} @ 1.5` });
  await expect(lay).toBeVisible();

  // the stake down to 150: the panel says it keeps its place; the same bet, 150 unmatched
  await lay.getByTestId('open-bet-edit').click();
  await lay.getByTestId('bet-edit-stake').fill('150');
  await expect(lay.getByTestId('bet-edit-note')).toHaveText('A lower stake keeps your place in the queue.');
  await shot(page, 'edit-stake-390');
  await lay.getByTestId('bet-edit-save').click();
  await expect(lay.getByTestId('bet-edit')).toHaveCount(0);
  await expect(lay.getByTestId('open-bet-unmatched')).toHaveText(' · Unmatched ৳150.00');
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳175.00');

  // one tick up the ladder: a new bet at 1.51 at the back of the queue (75.00 -> 76.50 at risk)
  await lay.getByTestId('open-bet-edit').click();
  await lay.getByRole('button', { name: 'Higher odds' }).click();
  await expect(lay.getByTestId('bet-edit-price')).toHaveValue('1.51');
  await expect(lay.getByTestId('bet-edit-note')).toHaveText(
    'A new price or a higher stake places a new bet at the back of the queue; it may match at once.',
  );
  await lay.getByTestId('bet-edit-save').click();
  const moved = panel.getByTestId('open-bet').filter({ hasText: `${r1!.name} @ 1.51` });
  await expect(moved).toBeVisible();
  // a new bet: its stake is the 150 (nothing cancelled from it)
  await expect(moved).toContainText('Stake ৳150.00');
  await expect(moved.getByTestId('open-bet-unmatched')).toHaveCount(0);
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳176.50');
  await shot(page, 'edited-390');

  // a bet elsewhere (a far-off back in play only rests), then cancel all in this market: that one stays
  await placeByApi(request, a, { market_id: h.otherMarket, selection_id: h.otherRunner, side: 'BACK', price: 900, stake: '100' });
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await page.reload();
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳276.50');
  await page.getByTestId('bets-button').click();
  await panel.getByRole('tab', { name: 'All markets' }).click();
  await expect(panel.getByTestId('open-bet')).toHaveCount(3);
  await expect(panel.getByTestId('open-bets-market')).toHaveCount(2);
  await shot(page, 'cancel-all-390');
  await panel.locator(`[data-testid="open-bets-market"][data-market="${h.marketId}"]`).getByTestId('cancel-all-market').click();
  await expect(panel.getByTestId('open-bet')).toHaveCount(1);
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳100.00');

  // and everywhere: nothing unmatched left, nothing held
  await panel.getByTestId('cancel-all-everywhere').click();
  await expect(panel.getByTestId('open-bet')).toHaveCount(0);
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳0.00');
  await expect(page.getByTestId('exchange-balance')).toHaveText('৳10,000.00');

  // the exchange account's My Bets: the same edit on a bet card, then cancel all there
  await placeByApi(request, a, { market_id: h.marketId, selection_id: r1!.selectionId, side: 'LAY', price: 1.5, stake: '300' });
  await page.goto('/exchange-account/my-bets');
  const card = page.getByTestId('open-bet-edit').first();
  await card.click();
  await page.getByTestId('bet-edit-stake').fill('120');
  await page.getByTestId('bet-edit-save').click();
  await expect(page.getByText('Bet updated.')).toBeVisible();
  await expect(page.getByTestId('bet-unmatched')).toContainText('৳120.00');
  await shot(page, 'my-bets-390');
  await page.getByTestId('cancel-all-everywhere').click();
  await expect(page.getByText('1 unmatched bet cancelled.')).toBeVisible();
  await expect(page.getByTestId('open-bet-edit')).toHaveCount(0);
});

test('on a desktop: cash out 50% of one runner, then the rest of the market, to a flat position', async ({ page, request }) => {
  test.setTimeout(120_000);
  const h = state.held ?? (state.held = await hold(request));
  await offer(request, h, 0, 2, 2.02);
  await offer(request, h, 1, 1.9, 1.92);
  const b = (await fundedPlayer(request, { amount: '10000', prefix: 'xc', name: 'Cash Out Trader' })).session;
  const [r1, r2] = h.runners;
  // backs matched against the feed: runner 1 +500/-500, runner 2 +450/-500
  expect(
    (await placeByApi(request, b, { market_id: h.marketId, selection_id: r1!.selectionId, side: 'BACK', price: 2, stake: '500' })).status,
  ).toBe('MATCHED');
  expect(
    (await placeByApi(request, b, { market_id: h.marketId, selection_id: r2!.selectionId, side: 'BACK', price: 1.9, stake: '500' })).status,
  ).toBe('MATCHED');
  // runner 1 shortens to 1.5/1.52, runner 2 drifts to 2.5/2.54
  await offer(request, h, 0, 1.5, 1.52);
  await offer(request, h, 1, 2.5, 2.54);

  await page.setViewportSize({ width: 1366, height: 768 });
  await openLoggedIn(page, b, `/odds-view?marketId=${h.marketId}&eventId=${h.eventId}&sport=tennis`);
  const mo = page.getByTestId('match-odds');
  await mo.getByTestId('cash-out').click();
  const dialog = page.getByTestId('cash-out-dialog');
  await expect(page.getByTestId('cash-out-value')).toHaveText(/৳/);
  // runner 1 alone, half: lay round(1000.00 * 50% / 1.52) = 328.95 at 1.52; half of its whole value 157.89 -> 78.94
  await dialog.locator(`[data-testid="cash-out-scope"][data-selection="${r1!.selectionId}"]`).click();
  await dialog.locator('[data-testid="cash-out-percent"][data-percent="50"]').click();
  await expect(page.getByTestId('cash-out-value')).toHaveText('৳78.94');
  await expect(dialog).toContainText('the rest of your position stays open');
  await expect(dialog).toContainText(`Lay ${r1!.name} @ 1.52 · ৳328.95`);
  // what it leaves: runner 1's own bets +328.95 / -171.05 (half its gap), runner 2's back still open
  await expect(dialog.getByTestId('cash-out-after')).toHaveText([`if ${r1!.name} wins: -৳171.05`, `if ${r2!.name} wins: ৳278.95`]);
  await shot(page, 'cash-out-half-1366');
  await page.getByTestId('cash-out-confirm').click();
  await expect(
    page.getByTestId('bet-message').filter({ hasText: `Cashed out 50% of ${r1!.name}: ৳78.94. The rest of your position stays open.` }),
  ).toBeVisible();
  await expect.poll(() => position(request, b, h.marketId)).toEqual([-171_05, 278_95]);

  // the rest of the market in full: every runner the same, to the paisa of the hedges' rounding
  await mo.getByTestId('cash-out').click();
  await expect(dialog.locator('[data-testid="cash-out-percent"][data-percent="100"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('cash-out-value')).toHaveText(/৳/);
  const shown = paisa((await page.getByTestId('cash-out-value').textContent())!);
  await shot(page, 'cash-out-rest-1366');
  await page.getByTestId('cash-out-confirm').click();
  await expect
    .poll(async () => {
      const pl = await position(request, b, h.marketId);
      return Math.max(...pl) - Math.min(...pl) <= 2 && Math.abs(Math.min(...pl) - shown) <= 2;
    })
    .toBe(true);
  await expect
    .poll(async () => (await mo.getByTestId('runner-pl').allTextContents()).map(paisa).every((p) => Math.abs(p - shown) <= 2))
    .toBe(true);
  await expect(page.getByTestId('exchange-exposure')).toHaveText('৳0.00');
  await shot(page, 'cash-out-flat-1366');

  // the same dialog on a phone, in Bangla: the choices and the amount in the reader's digits
  await page.setViewportSize({ width: 390, height: 844 });
  await placeByApi(request, b, { market_id: h.marketId, selection_id: r2!.selectionId, side: 'BACK', price: 2.5, stake: '200' });
  await page.evaluate(() => localStorage.setItem('locale', 'bn'));
  await page.reload();
  await mo.getByTestId('cash-out').click();
  await dialog.locator('[data-testid="cash-out-percent"][data-percent="25"]').click();
  await expect(dialog.locator('[data-testid="cash-out-percent"][data-percent="25"]')).toHaveText('২৫%');
  await expect(dialog.getByTestId('cash-out-scope').first()).toHaveText('পুরো মার্কেট');
  await shot(page, 'cash-out-bn-390');

  // and an unmatched bet's editor in Bangla
  await page.getByRole('dialog').getByRole('button', { name: 'বাতিল' }).click();
  await placeByApi(request, b, { market_id: h.marketId, selection_id: r1!.selectionId, side: 'LAY', price: 1.2, stake: '300' });
  await page.getByTestId('bets-button').click();
  const row = page.getByTestId('bets-panel').getByTestId('open-bet').filter({ hasText: '1.2' });
  await row.getByTestId('open-bet-edit').click();
  await expect(row.getByTestId('open-bet-edit')).toHaveCount(0);
  await row.getByTestId('bet-edit-stake').fill('200');
  await expect(row.getByTestId('bet-edit-note')).toHaveText('স্টেক কমালে সারিতে আপনার জায়গা থাকে।');
  await shot(page, 'edit-bn-390');
  await row.getByTestId('bet-edit-save').click();
  await expect(row.getByTestId('bet-edit')).toHaveCount(0);
  await page.getByTestId('bets-panel').getByTestId('cancel-all-everywhere').click();
  await expect(page.getByTestId('bets-panel').getByTestId('open-bet').filter({ hasText: '1.2' })).toHaveCount(0);
});
