import { test, expect } from '@playwright/test';
import { API, bearer, newTrx, openLoggedIn, verifiedPlayer } from './support';

/*
 * Issue 27 item 8, self-exclusion across accounts, through the real site: a player uses the site on a phone, then
 * self-excludes; a new account logged in on the same phone (the site's API client sends the browser's first-party
 * device id) is linked to the first: its deposit page says another account of theirs is self-excluded, a deposit
 * over the API is refused, and it sees no promotions.
 */
test("a new account on a self-excluded player's phone is linked: deposits refused, no promotions", async ({ page, request }) => {
  const first = await verifiedPlayer(request, { prefix: 'lka' });
  await openLoggedIn(page, first.session, '/account');
  await expect(page.getByTestId('account-balance')).not.toHaveText('…');
  const out = await request.post(`${API()}/api/responsible-gaming/self-exclusion`, {
    headers: bearer(first.session.token),
    data: { period: '6m', confirm: true },
  });
  expect(out.ok(), await out.text()).toBeTruthy();

  const second = await verifiedPlayer(request, { prefix: 'lkb' });
  await openLoggedIn(page, second.session, '/deposit');
  await expect(page.getByTestId('rg-deposit-closed')).toContainText('Another account of yours is self-excluded');

  const methods = (await (await request.get(`${API()}/api/showpayment-menthod?name=deposit`)).json()).data;
  const bkash = methods.find((m: { name: string }) => m.name === 'bKash');
  const dep = await request.post(`${API()}/api/submit-deposit`, {
    headers: { ...bearer(second.session.token), 'Idempotency-Key': `e2e-linked-${second.username}` },
    data: { amount: '1000', payment_id: bkash.id, transaction_id: newTrx() },
  });
  expect(dep.status()).toBe(403);
  expect((await dep.json()).code).toBe('rg_self_excluded');
  expect(await (await request.get(`${API()}/api/promotion`, { headers: bearer(second.session.token) })).json()).toEqual([]);
  expect(((await (await request.get(`${API()}/api/promotion`)).json()) as unknown[]).length).toBeGreaterThan(0);
});
