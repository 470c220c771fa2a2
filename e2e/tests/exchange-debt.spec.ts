import { test, expect, type APIRequestContext } from '@playwright/test';
import { API, SANDBOX, bearer, fundedPlayer, openLoggedIn } from './support';
import { staffToken } from './staff';

/*
 * Issue 27 item 2, the debt of a re-settlement is collected, in the browser: a player backs 1,000 at 2.0 (matched by
 * the feed's offer), staff settle the market as a win (+950 after commission), the player moves the winnings into an
 * unmatched bet elsewhere, staff re-settle the other way, the player cancels the bet. The phone's header shows what
 * is owed under the balance, the withdrawal page says the debt (not the turnover), and the inbox has the message.
 */

const feed = (request: APIRequestContext, marketId: string, action: string, data?: unknown) =>
  request.post(`${SANDBOX()}/odds/markets/${marketId}/${action}`, { data: data ?? {} }).then(async (r) => {
    expect(r.ok(), `${action} ${marketId}: ${await r.text()}`).toBeTruthy();
  });

interface Market {
  marketId: string;
  runners: number[];
}

/** Pre-play cricket Match Odds markets the API still takes bets on, held still with runner 1 offered at 2.0. */
async function openMarkets(request: APIRequestContext, n: number): Promise<Market[]> {
  const events: Array<{ MarketId: string; inplay: boolean }> = await (
    await request.get(`${SANDBOX()}/odds/api/sports-events/cricket`)
  ).json();
  const out: Market[] = [];
  // from the middle of the list: the markets and records specs take the ends
  const preplay = events.filter((ev) => !ev.inplay);
  const order = [...preplay.slice(Math.floor(preplay.length / 2)), ...preplay.slice(0, Math.floor(preplay.length / 2))];
  for (const e of order) {
    if (out.length === n) break;
    const state = await (await request.get(`${API()}/api/exchange/markets/${e.MarketId}`)).json();
    if (state.status !== 'OPEN') continue;
    const mo = await (await request.get(`${SANDBOX()}/odds/markets/${e.MarketId}`)).json();
    const runners = mo.runners.map((r: { selectionId: number }) => r.selectionId) as number[];
    await feed(request, e.MarketId, 'freeze');
    await feed(request, e.MarketId, 'resume');
    for (const [i, r] of runners.entries())
      await feed(request, e.MarketId, 'liquidity', {
        selectionId: r,
        back: [{ price: i === 0 ? 2 : 1.9, size: 5000 }],
        lay: [{ price: i === 0 ? 2.02 : 1.92, size: 5000 }],
      });
    await expect
      .poll(async () => (await (await request.get(`${API()}/api/exchange/markets/${e.MarketId}`)).json()).runners[0]?.back[0]?.price, {
        timeout: 20_000,
      })
      .toBe(2);
    out.push({ marketId: e.MarketId, runners });
  }
  expect(out, 'open pre-play cricket markets in the feed').toHaveLength(n);
  return out;
}

test('a re-settlement debt shows under the balance, on the withdrawal page and in the inbox', async ({ page, request }) => {
  const [won, spendOn] = await openMarkets(request, 2);
  const { session } = await fundedPlayer(request, { amount: '1000', prefix: 'debt' });
  const headers = bearer(session.token);
  const bet = async (m: Market, selection: number, price: number, stake: string) => {
    const r = await request.post(`${API()}/api/exchange/bets`, {
      headers: { ...headers, 'Idempotency-Key': `e2e-debt-${session.remote_id}-${m.marketId}-${stake}` },
      data: { market_id: m.marketId, selection_id: selection, side: 'BACK', price, stake },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
    return (await r.json()).bet as { id: string; status: string };
  };
  const risk = bearer(await staffToken(request, 'risk'));
  const settle = async (winner: number) => {
    const r = await request.post(`${API()}/api/operator/markets/${won!.marketId}/settle`, {
      headers: risk,
      data: { reason: 'e2e debt', winner: String(winner) },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
  };
  const balance = async () => (await (await request.post(`${API()}/api/balance`, { headers })).json()) as Record<string, string>;

  expect((await bet(won!, won!.runners[0]!, 2, '1000')).status).toBe('MATCHED');
  await settle(won!.runners[0]!);
  expect(await balance()).toMatchObject({ balance: '1950.00', available: '1950.00' });
  const open = await bet(spendOn!, spendOn!.runners[0]!, 50, '1950');
  expect(open.status).not.toBe('MATCHED');
  await settle(won!.runners[1]!);
  expect(await balance()).toMatchObject({ available: '0.00', owed: '1950.00' });
  const cancel = await request.delete(`${API()}/api/exchange/bets/${open.id}`, { headers });
  expect(cancel.ok(), await cancel.text()).toBeTruthy();
  expect(await balance()).toMatchObject({ balance: '1950.00', exposure: '0.00', available: '0.00', owed: '1950.00' });

  // the phone's header: the balance, and what is owed under it
  await openLoggedIn(page, session, '/');
  await expect(page.getByTestId('header-owed')).toContainText('Owed');
  await expect(page.getByTestId('header-owed')).toContainText('1,950.00');

  // the withdrawal page says the debt
  await page.goto('/withdrawal');
  await expect(page.getByTestId('withdraw-check')).toContainText('You owe BDT 1950.00');

  // the inbox has the message
  const inbox = await (await request.get(`${API()}/api/inbox`, { headers })).json();
  expect(inbox.data.data.map((m: { title: string }) => m.title)).toContain('A corrected result left you owing');
});
