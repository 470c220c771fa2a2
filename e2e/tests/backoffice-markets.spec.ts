import { mkdirSync } from 'node:fs';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, SANDBOX, bearer, fundedPlayer, openLoggedIn } from './support';
import { openConsole, playerContext, staffToken } from './staff';

/*
 * Issue 13, exchange markets for the risk desk: a funded player backs a pre-play Match Odds runner (over the API) at a
 * price the test sets through the sandbox feed; a risk operator finds the market in the console with the players' P&L
 * per runner, suspends it (the player's odds view shows it suspended, live), resumes it, then settles it with the
 * player's runner as the winner: the player's balance (API and the open page) shows the payout less commission. The
 * audit log has each action with before/after; a support operator's settle call is refused with 403.
 */

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/markets-shots';
mkdirSync(SHOTS, { recursive: true });

const feed = (request: APIRequestContext, marketId: string, action: string, data?: unknown) =>
  request.post(`${SANDBOX()}/odds/markets/${marketId}/${action}`, { data: data ?? {} }).then(async (r) => {
    expect(r.ok(), `${action} ${marketId}: ${await r.text()}`).toBeTruthy();
  });

interface Match {
  eventId: string;
  marketId: string;
  name: string;
  runners: Array<{ selectionId: number; name: string }>;
}

/** A pre-play cricket Match Odds market (no bet delay), held still with runner 1 backed at 2.0. */
async function holdPreplay(request: APIRequestContext): Promise<Match> {
  const events: Array<{ EventId: string; MarketId: string; Event: string; inplay: boolean }> = await (
    await request.get(`${SANDBOX()}/odds/api/sports-events/cricket`)
  ).json();
  // a pre-play match whose market the API still takes bets on (another spec, or this one's first attempt, may have
  // settled the first one): from the end of the list, where the records spec (which takes the first) is not
  let e: (typeof events)[number] | undefined;
  for (const x of events.filter((ev) => !ev.inplay).reverse()) {
    const state = await (await request.get(`${API()}/api/exchange/markets/${x.MarketId}`)).json();
    if (state.status === 'OPEN') {
      e = x;
      break;
    }
  }
  expect(e, 'a pre-play cricket match in the feed').toBeTruthy();
  const mo = await (await request.get(`${SANDBOX()}/odds/markets/${e!.MarketId}`)).json();
  const runners = mo.runners.map((r: { selectionId: number; name: string }) => ({ selectionId: r.selectionId, name: r.name }));
  await feed(request, e!.MarketId, 'freeze');
  await feed(request, e!.MarketId, 'resume');
  for (const [i, r] of runners.entries())
    await feed(request, e!.MarketId, 'liquidity', {
      selectionId: r.selectionId,
      back: [{ price: i === 0 ? 2 : 1.9, size: 5000 }],
      lay: [{ price: i === 0 ? 2.02 : 1.92, size: 5000 }],
    });
  await expect
    .poll(async () => (await (await request.get(`${API()}/api/exchange/markets/${e!.MarketId}`)).json()).runners[0]?.back[0]?.price, {
      message: 'the API reads the offer',
      timeout: 20_000,
    })
    .toBe(2);
  return { eventId: e!.EventId, marketId: e!.MarketId, name: e!.Event, runners };
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function confirmAction(page: Page, button: string, reason: string, winner?: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByTestId('market-action');
  await expect(dialog).toBeVisible();
  if (winner) await dialog.getByLabel('Winner').selectOption({ label: winner });
  await dialog.getByLabel('Reason (for the audit log)').fill(reason);
  return dialog;
}

test('a risk operator suspends, resumes and settles a market in the console; the player sees each live and is paid; audited; support is refused', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const player = await fundedPlayer(request, { amount: '10000', prefix: 'bm', name: 'Market Player' });
  const m = await holdPreplay(request);
  const [r1, r2] = m.runners;

  // the player backs runner 1 at 2.0 for 100: matched against the feed's offer
  const placed = await request.post(`${API()}/api/exchange/bets`, {
    headers: { ...bearer(player.session.token), 'Idempotency-Key': `bm-${player.username}` },
    data: { market_id: m.marketId, selection_id: r1!.selectionId, side: 'BACK', price: 2, stake: '100' },
  });
  expect(placed.ok(), await placed.text()).toBeTruthy();
  expect((await placed.json()).bet.status).toBe('MATCHED');

  // the player's odds view, open on a phone
  const ctx = await playerContext(browser);
  const phone = await ctx.newPage();
  await openLoggedIn(phone, player.session, `/odds-view?marketId=${m.marketId}&eventId=${m.eventId}&sport=cricket`);
  const moCard = phone.getByTestId('match-odds-runner').first().locator('..');
  await expect(phone.getByTestId('match-odds-runner').first()).toBeVisible();
  await expect(moCard.getByTestId('row-overlay')).toHaveCount(0);
  await expect(phone.getByTestId('exchange-exposure')).toHaveText('৳100.00');

  // the risk operator finds the market: players +100 if runner 1 wins, -100 if runner 2 does
  await openConsole(page, 'risk', '/markets');
  const table = page.getByTestId('markets-table');
  await table.getByRole('searchbox', { name: 'Search' }).fill(m.marketId);
  const row = table.locator('tbody tr').filter({ hasText: m.marketId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('100.00');
  await shot(page, 'markets-list');
  await row.click();
  await expect(page.getByRole('heading', { name: new RegExp(m.name) })).toBeVisible();
  await expect(page.getByTestId(`runner-${r1!.selectionId}`)).toContainText('100.00');
  await expect(page.getByTestId(`runner-${r1!.selectionId}`)).toContainText('-100.00'); // the house's side
  await expect(page.getByTestId(`runner-${r2!.selectionId}`)).toContainText('-100.00');
  // the player's bet (another spec may have left a cancelled bet of its own on this market)
  await expect(page.getByTestId('market-bets').locator('tbody tr').filter({ hasText: player.username })).toHaveCount(1);
  await expect(page.getByTestId('market-status')).toHaveText('OPEN');
  await shot(page, 'market-page');

  // suspend: the console shows the staff hold, the player's view covers the market at once
  const suspend = await confirmAction(page, 'Suspend', 'Suspicious betting pattern');
  await shot(page, 'suspend-dialog');
  await suspend.getByRole('button', { name: /Confirm/ }).click();
  await expect(page.getByTestId('market-status')).toHaveText('SUSPENDED (staff)');
  await expect(moCard.getByTestId('row-overlay')).toHaveText(/suspend/i);
  await shot(phone, 'player-suspended');
  const refused = await request.post(`${API()}/api/exchange/bets`, {
    headers: { ...bearer(player.session.token), 'Idempotency-Key': `bm2-${player.username}` },
    data: { market_id: m.marketId, selection_id: r1!.selectionId, side: 'BACK', price: 2, stake: '100' },
  });
  expect(refused.status()).toBe(409);

  // resume: open again for the player
  const resume = await confirmAction(page, 'Resume', 'Checked, all fine');
  await resume.getByRole('button', { name: /Confirm/ }).click();
  await expect(page.getByTestId('market-status')).toHaveText('OPEN');
  await expect(moCard.getByTestId('row-overlay')).toHaveCount(0);

  // a support operator may not settle (API 403), and nothing changed
  const support = await staffToken(request, 'support');
  const denied = await request.post(`${API()}/api/operator/markets/${m.marketId}/settle`, {
    headers: bearer(support),
    data: { reason: 'not mine to do', winner: String(r1!.selectionId) },
  });
  expect(denied.status()).toBe(403);

  // settle with runner 1 as the winner: +100 less 5 % commission
  const settle = await confirmAction(page, 'Settle', 'Official result', r1!.name);
  await shot(page, 'settle-dialog');
  await settle.getByRole('button', { name: /Confirm/ }).click();
  await expect(page.getByTestId('market-result')).toContainText(`Winner ${r1!.name} (staff decision, final)`);
  await expect(page.getByTestId('market-status')).toHaveText('CLOSED');
  await expect(page.getByTestId('market-bets').locator('tbody tr').filter({ hasText: player.username })).toContainText('WON');
  await shot(page, 'market-settled');

  const balance = await (await request.post(`${API()}/api/balance`, { headers: bearer(player.session.token) })).json();
  expect({ balance: balance.balance, exposure: balance.exposure }).toEqual({ balance: '10095.00', exposure: '0.00' });
  // the player's open page: the balance pushed, the exposure released, the market closed
  await expect(phone.getByTestId('exchange-balance')).toHaveText('৳10,095.00');
  await expect(phone.getByTestId('exchange-exposure')).toHaveText('৳0.00');
  // a settled market says so: Closed (not Suspend), its winner and the player's result on it
  await expect(moCard.getByTestId('row-overlay')).toHaveText('Closed');
  await expect(phone.getByTestId('market-closed-outcome')).toHaveText(`Closed · Winner: ${r1!.name}`);
  await expect(phone.getByTestId('market-closed-mine')).toHaveText('Your result on this market: ৳100.00 before 5% commission');
  await expect(phone.getByText('In-Play', { exact: true })).toHaveCount(0);
  await shot(phone, 'player-paid');

  // the audit log: suspend, resume, settle by risk, each with before and after
  const admin = await staffToken(request, 'admin');
  const audit = await (
    await request.get(`${API()}/api/operator/audit?entity_type=market&entity_id=${encodeURIComponent(m.marketId)}&per_page=10`, {
      headers: bearer(admin),
    })
  ).json();
  const lines = (audit.data as Array<{ action: string; username: string; reason: string; before: any; after: any }>).sort((a, b) =>
    a.action.localeCompare(b.action),
  );
  expect(lines.map((l) => [l.action, l.username, l.reason])).toEqual([
    ['market.resume', 'risk', 'Checked, all fine'],
    ['market.settle', 'risk', 'Official result'],
    ['market.suspend', 'risk', 'Suspicious betting pattern'],
  ]);
  const settleLine = lines.find((l) => l.action === 'market.settle')!;
  expect(settleLine.before).toMatchObject({ status: 'OPEN', settled_result: null });
  expect(settleLine.after).toMatchObject({ status: 'CLOSED', settled_result: { winner: String(r1!.selectionId) } });

  await ctx.close();
  await feed(request, m.marketId, 'unfreeze').catch(() => undefined);
});
