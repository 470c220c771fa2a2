import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { calls, resetHost, responders, testBus } from '@khela/web/test/fake-host';
import '../i18n';

const data = { chats: [] as unknown[] };
beforeEach(() => {
  resetHost();
  responders.set('GET /api/get-chats', () => ({ chats: data.chats }));
});

import { ChatList } from './ChatList';

const list = () =>
  render(
    <MemoryRouter>
      <ChatList />
    </MemoryRouter>,
  );

describe('/chat-list', () => {
  it('shows No Data when the player has no chats', async () => {
    data.chats = [];
    list();
    expect(await screen.findByText('No Data')).toBeTruthy();
  });

  it('shows the other side and the last message, linking to the chat box', async () => {
    data.chats = [
      { chat_id: 3, other_user: { username: 'Khela Support' }, last_message: 'Hello there', updated_at: '2025-01-10T06:00:00Z' },
    ];
    list();
    const item = await screen.findByTestId('chat-list-item');
    expect(item.textContent).toContain('Khela Support');
    expect(item.textContent).toContain('Hello there');
    expect(item.getAttribute('href')).toBe('/chat-box/3');
  });

  it('shows the count of support messages the player has not read', async () => {
    data.chats = [
      { chat_id: 4, other_user: { username: 'Khela Support' }, last_message: 'Done', updated_at: '2025-01-10T06:00:00Z', unread: 2 },
    ];
    list();
    const badge = await screen.findByTestId('chat-list-unread');
    expect(badge.textContent).toBe('2');
    expect(badge.getAttribute('aria-label')).toBe('2 unread');
  });

  it('asks again when a chat message is pushed', async () => {
    data.chats = [{ chat_id: 5, other_user: { username: 'Khela Support' }, last_message: 'First', updated_at: '2025-01-10T06:00:00Z' }];
    list();
    expect((await screen.findByTestId('chat-list-item')).textContent).toContain('First');
    data.chats = [{ chat_id: 5, other_user: { username: 'Khela Support' }, last_message: 'Second', updated_at: '2025-01-10T06:01:00Z' }];
    act(() => testBus().session.publish('chat', { chatId: '5', content: 'Second', senderId: '9' }));
    expect(await screen.findByText('Second')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/get-chats')).toHaveLength(2);
  });
});
