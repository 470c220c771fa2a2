import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import '../i18n';

const calls = vi.hoisted(() => [] as Array<{ path: string; body: unknown }>);
vi.mock('@khela/web', async (orig) => {
  const actual = await orig<typeof import('@khela/web')>();
  const api = {
    call: async (endpoint: { path: string }, opts: { body: unknown }) => {
      calls.push({ path: endpoint.path, body: opts.body });
      return { chat: { id: 41 }, created: true };
    },
  };
  return { ...actual, useHost: () => ({ api, bus: actual.bus, locale: 'bn', isMobile: true }) };
});

import { ChatEntry } from './ChatEntry';

describe('/chat', () => {
  it("opens the player's support chat in their language and goes to its chat box", async () => {
    localStorage.setItem('remote_id', '12');
    render(
      <MemoryRouter initialEntries={['/chat']}>
        <Routes>
          <Route path="/chat" element={<ChatEntry />} />
          <Route path="/chat-box/:chatId" element={<p>box</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('box')).toBeTruthy();
    expect(calls).toEqual([{ path: '/api/chats', body: { user_one_id: '12', user_two_id: 7, locale: 'bn' } }]);
  });
});
