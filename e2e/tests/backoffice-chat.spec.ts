import { test, expect } from '@playwright/test';
import { API, bearer, openLoggedIn, verifiedPlayer } from './support';
import { openConsole, playerContext, staffToken } from './staff';

const SITE = () => process.env.E2E_SITE_URL!;

test('support desk: a player writes, support answers with a canned reply live, and the reverse', async ({ page, browser, request }) => {
  const player = await verifiedPlayer(request, { prefix: 'chat' });
  const support = await staffToken(request, 'support');
  const stamp = Date.now().toString(36);
  const cannedBody = `Your deposit is being checked (${stamp}).`;
  const canned = await request.post(`${API()}/api/operator/canned-replies`, {
    headers: bearer(support),
    data: { title: `Deposit check ${stamp}`, body: cannedBody },
  });
  expect(canned.ok(), await canned.text()).toBeTruthy();

  // the operator's console is open on the desk before the player writes
  await openConsole(page, 'support', '/chat');
  const queue = page.getByTestId('queue-table');
  await expect(queue).toBeVisible();

  // the player opens the support chat on a phone and writes
  const ctx = await playerContext(browser);
  const phone = await ctx.newPage();
  await openLoggedIn(phone, player.session, `${SITE()}/chat`);
  // on a loaded machine the shell's remote loader may time out once: its own Retry button loads the remote again
  await expect(async () => {
    const retry = phone.getByRole('button', { name: 'Retry' });
    if (await retry.isVisible()) await retry.click();
    await expect(phone).toHaveURL(/\/chat-box\/\d+$/, { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  const log = phone.getByRole('log');
  const question = `Where is my deposit? ${stamp}`;
  await phone.getByRole('textbox', { name: 'Type a message' }).fill(question);
  await phone.getByRole('textbox', { name: 'Type a message' }).press('Enter');
  await expect(log.getByText(question)).toBeVisible();

  // it arrives in the console's queue without a reload, unread and awaiting
  const row = queue.locator('tbody tr', { hasText: player.username });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('queue-unread')).toHaveText('1');
  await page.screenshot({ path: '/tmp/desk/console-queue.png' });

  // the operator opens it: the message, the player's context; reading clears the badge
  await row.click();
  const conv = page.getByTestId('desk-conversation');
  await expect(conv.getByText(question)).toBeVisible();
  await expect(page.getByTestId('desk-player')).toContainText(player.username);
  await expect(page.getByTestId('desk-player')).toContainText('verified');
  await expect(row.getByTestId('queue-unread')).toHaveCount(0);
  await expect(conv.getByTestId('desk-assigned')).toHaveText('Unassigned');

  // a canned reply goes into the reply box; Enter sends it
  await conv.getByLabel('Insert canned reply').selectOption({ label: `Deposit check ${stamp}` });
  const reply = conv.getByRole('textbox', { name: 'Reply' });
  await expect(reply).toHaveValue(cannedBody);
  await reply.press('Enter');
  await expect(reply).toHaveValue('');
  await expect(conv.locator('[data-testid=desk-message][data-from=support]', { hasText: cannedBody })).toBeVisible();
  // replying took the chat
  await expect(conv.getByTestId('desk-assigned')).toContainText('(you)');

  // the player sees the reply live, from "Support" (not the operator's name)
  const answer = phone.locator('[data-testid=chat-message][data-from=support]', { hasText: cannedBody });
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('Support');
  await expect(answer).not.toContainText('Support Agent');
  await phone.screenshot({ path: '/tmp/desk/player-reply.png' });

  // the player answers; the operator sees it live, and the player's Seen mark is on the reply
  const followUp = `Thanks! It was 500 taka. ${stamp}`;
  await phone.getByRole('textbox', { name: 'Type a message' }).fill(followUp);
  await phone.getByRole('textbox', { name: 'Type a message' }).press('Enter');
  await expect(conv.locator('[data-testid=desk-message][data-from=player]', { hasText: followUp })).toBeVisible();
  await expect(conv.locator('[data-testid=desk-message][data-from=support]', { hasText: cannedBody })).toContainText('Seen');

  // a typed reply (Shift+Enter is a new line, Enter sends)
  await reply.fill('Found it: credited now.');
  await reply.press('Enter');
  await expect(phone.locator('[data-testid=chat-message][data-from=support]', { hasText: 'Found it: credited now.' })).toBeVisible();
  await page.screenshot({ path: '/tmp/desk/console-conversation.png' });
  await phone.screenshot({ path: '/tmp/desk/player-conversation.png' });

  // the "mine" filter lists it
  await page.getByRole('tab', { name: 'Mine' }).click();
  await expect(queue.locator('tbody tr', { hasText: player.username })).toBeVisible();
  await ctx.close();

  // the canned replies screen lists the reply the operator used
  await page.getByRole('link', { name: 'Canned replies' }).click();
  await page.getByTestId('canned-table').getByRole('searchbox').fill(stamp);
  await expect(page.getByTestId('canned-table').locator('tbody tr', { hasText: `Deposit check ${stamp}` })).toBeVisible();
  await page.screenshot({ path: '/tmp/desk/console-canned.png' });
});

test('a payments operator cannot use the desk (403) and does not see it in the console', async ({ page, request }) => {
  const payments = await staffToken(request, 'payments');
  for (const url of ['/api/operator/chats', '/api/operator/canned-replies', '/api/operator/desk/agents']) {
    const res = await request.get(`${API()}${url}`, { headers: bearer(payments) });
    expect(res.status(), url).toBe(403);
    expect((await res.json()).code).toBe('role');
  }
  const reply = await request.post(`${API()}/api/operator/chats/1/messages`, { headers: bearer(payments), data: { content: 'hi' } });
  expect(reply.status()).toBe(403);
  await openConsole(page, 'payments');
  await expect(page.getByRole('link', { name: 'Support chat' })).toHaveCount(0);
});
