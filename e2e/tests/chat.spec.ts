import { test, expect } from '@playwright/test';
import { API, apiLogin, openLoggedIn } from './support';

test('a player opens support chat, sends a message and sees it with the support greeting', async ({ page, request }) => {
  const session = await apiLogin(request);
  await openLoggedIn(page, session, '/chat');
  await expect(page).toHaveURL(/\/chat-box\/\d+$/);
  const log = page.getByRole('log');
  await expect(log.getByText('Thanks for contacting Khela support. An agent will reply shortly.')).toBeVisible();

  const text = `Deposit question ${Date.now()}`;
  const box = page.getByRole('textbox', { name: 'Type a message' });
  // whitespace is ignored: nothing is posted
  await box.fill('    ');
  await page.getByRole('button', { name: 'Send' }).click();
  await box.fill(text);
  await box.press('Enter');
  await expect(log.getByText(text)).toBeVisible();
  await expect(page.locator('[data-testid=chat-message][data-from=me]')).toHaveCount(1);

  // the server kept exactly what the screen shows, in order
  const chatId = Number(page.url().split('/').pop());
  const res = await request.get(`${API()}/api/chats/${chatId}/messages`, { headers: { authorization: `Bearer ${session.token}` } });
  const { messages } = await res.json();
  expect(messages.map((m: { content: string }) => m.content).slice(-1)).toEqual([text]);
  expect(messages.filter((m: { from_support: boolean }) => !m.from_support).every((m: { content: string }) => m.content.trim())).toBe(true);

  // the chat list shows support with the last message
  await page.getByRole('link', { name: 'Back to chats' }).click();
  await expect(page.getByTestId('chat-list-item').first()).toContainText('Khela Support');
  await expect(page.getByTestId('chat-list-item').first()).toContainText(text.slice(0, 40));
});
