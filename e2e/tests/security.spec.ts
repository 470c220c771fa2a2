import { expect, test } from '@playwright/test';
import { API, bearer, newTrx, verifiedPlayer } from './support';

/**
 * Issue 10 item 8 in the browser: log-out ends the session everywhere. The push stream the page opened is
 * closed by the server (a balance change after log-out reaches nobody) and the exchange token of the
 * session is refused.
 */

test('log-out closes the push stream (no balance after it) and kills the exchange token', async ({ page, request }) => {
  const player = await verifiedPlayer(request, { prefix: 'sec', name: 'Security Tester' });

  // every EventSource the page opens, with the balances it received
  await page.addInitScript(() => {
    type Rec = { url: string; es: EventSource; balances: Array<{ at: number; data: string }> };
    const streams: Rec[] = ((window as unknown as { __streams: Rec[] }).__streams = []);
    const Native = window.EventSource;
    class Recorded extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        const rec: Rec = { url: String(url), es: this, balances: [] };
        streams.push(rec);
        this.addEventListener('balance', (e) => rec.balances.push({ at: Date.now(), data: (e as MessageEvent).data }));
      }
    }
    window.EventSource = Recorded as typeof EventSource;
  });

  await page.goto('/login');
  await page.getByLabel('Username').fill(player.username);
  await page.getByLabel('Password').fill(player.password);
  await page.getByRole('button', { name: 'Login' }).last().click();
  await expect(page).toHaveURL(/\/$/);
  // the home notice popup after a log-in (docs/README.md#spec-4)
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'OK' })
    .click({ timeout: 5000 })
    .catch(() => undefined);
  const streamsOpen = () =>
    page.evaluate(() => (window as any).__streams.filter((s: any) => s.es.readyState === 1 && s.balances.length > 0).length as number);
  await expect.poll(streamsOpen).toBeGreaterThan(0);

  // the exchange token of the browser's session: good on the exchange's calls, refused elsewhere
  const uiToken = (await page.evaluate(() => localStorage.getItem('token')))!;
  const ex = (await (await request.post(`${API()}/api/player-login`, { headers: bearer(uiToken), data: {} })).json())
    .access_token as string;
  expect((await request.get(`${API()}/api/exchange-hub`, { headers: bearer(ex) })).status()).toBe(200);
  const elsewhere = await request.get(`${API()}/api/convert-vipcoin?vip_coin=10`, { headers: bearer(ex) });
  expect(elsewhere.status()).toBe(403);
  expect((await elsewhere.json()).message).toBe('This token is only valid on the exchange. Please log in.');

  // a second stream of the same session, opened in the page but unknown to the app: only the server can end it
  await page.evaluate(async (api) => {
    const w = window as any;
    w.__raw = { chunks: [] as string[], ended: false };
    const t = await (
      await fetch(`${api}/api/push/ticket`, { method: 'POST', headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } })
    ).json();
    const res = await fetch(`${api}/api/push/stream?ticket=${t.ticket}`);
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) break;
        w.__raw.chunks.push(dec.decode(value));
      }
      w.__raw.ended = true;
    })();
  }, API());
  await expect.poll(() => page.evaluate(() => (window as any).__raw.chunks.join('').includes('event: balance'))).toBe(true);

  // a deposit (through the player's other, API session) that the operator approves after the log-out
  const methods = (await (await request.get(`${API()}/api/showpayment-menthod?name=deposit`)).json()).data;
  const bkash = methods.find((m: { name: string }) => m.name === 'bKash');
  const dep = await request.post(`${API()}/api/submit-deposit`, {
    headers: { ...bearer(player.session.token), 'Idempotency-Key': `sec-${player.username}` },
    data: { amount: '500', payment_id: bkash.id, transaction_id: newTrx() },
  });
  expect(dep.ok(), await dep.text()).toBeTruthy();

  // log out in the browser (client-side navigation: the page, its streams and the records stay)
  await page.getByRole('link', { name: 'Account' }).last().click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  const loggedOutAt = Date.now();

  // the server closed the stream it had opened for this session
  await expect.poll(() => page.evaluate(() => (window as any).__raw.ended as boolean)).toBe(true);
  const rawAtLogout = await page.evaluate(() => (window as any).__raw.chunks.join('') as string);

  // the balance moves after the log-out ...
  const op = await (await request.post(`${API()}/api/operator/login`, { data: { username: 'operator', password: 'operator123' } })).json();
  const pending = (
    await (await request.get(`${API()}/api/operator/payments?status=0&player=${player.username}`, { headers: bearer(op.token) })).json()
  ).data;
  const mine = pending.find((t: { username: string }) => t.username === player.username);
  expect(
    (await request.post(`${API()}/api/operator/payments/${mine.id}/approve`, { headers: bearer(op.token), data: {} })).ok(),
  ).toBeTruthy();
  const after = await (await request.post(`${API()}/api/balance`, { headers: bearer(player.session.token) })).json();
  expect(after.balance).toBe('500.00');
  await page.waitForTimeout(1500);

  // ... and reaches none of the page's streams: all closed, no balance received since the log-out
  const streams = await page.evaluate(() =>
    (window as any).__streams.map((s: any) => ({
      state: s.es.readyState as number,
      late: s.balances.filter((b: any) => b.data.includes('500.00')).length as number,
    })),
  );
  for (const s of streams) expect(s).toEqual({ state: 2, late: 0 });
  expect(await page.evaluate(() => (window as any).__raw.chunks.join('') as string)).toBe(rawAtLogout);
  expect(rawAtLogout).not.toContain('500.00');
  expect(Date.now()).toBeGreaterThan(loggedOutAt);

  // the session's tokens are dead: the exchange token too
  expect((await request.get(`${API()}/api/exchange-hub`, { headers: bearer(ex) })).status()).toBe(401);
  expect((await request.post(`${API()}/api/balance`, { headers: bearer(ex) })).status()).toBe(401);
  expect((await request.post(`${API()}/api/balance`, { headers: bearer(uiToken) })).status()).toBe(401);
  await page.screenshot({ path: '/tmp/security-logged-out.png' });
});
