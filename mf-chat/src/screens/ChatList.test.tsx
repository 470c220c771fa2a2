import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '../i18n';

const data = vi.hoisted(() => ({ chats: [] as unknown[] }));
vi.mock('@khela/web', async (orig) => {
  const actual = await orig<typeof import('@khela/web')>();
  const api = { call: async () => ({ chats: data.chats }) };
  const services = actual.createPageRuntime({ apiBase: 'http://api.test' }).servicesFor('mf_chat');
  return { ...actual, useHost: () => ({ ...services, api, isMobile: true }) };
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
});
