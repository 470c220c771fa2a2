import { expect, test } from '@playwright/test';

// Issue 16: a player's push stream survives the loss of the API process it was on. The suite kills api2 first so
// the stream must open on api1, brings api2 back, then kills api1 (kill -9, no goodbye): the page's push relay
// reconnects through nginx to api2 within 5 s and later balance pushes still arrive, without a reload.
const control = (path: string) => fetch(`${process.env.CLUSTER_CONTROL_URL}${path}`).then((r) => r.json());
const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test('the stream reconnects to the other process within 5 s and keeps pushing balances', async ({ page }) => {
  const player = await control('/player');
  await control('/kill/api2');
  const streams: Array<{ at: number; status: number }> = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/push/stream')) streams.push({ at: Date.now(), status: r.status() });
  });
  await page.goto('/favicon.svg');
  await page.evaluate((p) => {
    localStorage.setItem('token', p.token);
    localStorage.setItem('remote_id', p.remote_id);
    localStorage.setItem('username', p.username);
    localStorage.setItem('popup', '0');
    localStorage.setItem('regPopup', '0');
  }, player);
  await page.goto('/');
  const balance = page.getByTestId('topbar-balance');
  await expect.poll(async () => amount(await balance.textContent()), { timeout: 30_000 }).toBe(1000);
  await expect.poll(() => streams.filter((s) => s.status === 200).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  expect((await control('/restart/api2')).ready).toBe(true);

  // the stream is on api1 (the only process alive when it opened): take that process away
  const opened = streams.length;
  const { killedAt } = await control('/kill/api1');
  await expect.poll(() => streams.slice(opened).some((s) => s.status === 200), { timeout: 15_000 }).toBe(true);
  const gap = streams.slice(opened).find((s) => s.status === 200)!.at - killedAt;
  console.log(`stream gap ${gap} ms`);
  expect(gap).toBeLessThan(5_000);

  // a later balance change reaches the page by push over the new stream
  const after = await control(`/deposit/${player.username}?amount=250`);
  expect(after.balance).toBe(1250);
  await expect.poll(async () => amount(await balance.textContent()), { timeout: 10_000 }).toBe(1250);
  await control('/restart/api1');
});
