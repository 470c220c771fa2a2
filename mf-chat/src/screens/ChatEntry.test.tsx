import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { HostProvider, createPageRuntime, type HostProps } from '@khela/web';
import '../i18n';
import { ChatEntry } from './ChatEntry';

describe('/chat', () => {
  it("opens the player's support chat in their language and goes to its chat box", async () => {
    // a logged-in player who chose Bangla (the session reads the stored login when it is created)
    localStorage.setItem('token', 't');
    localStorage.setItem('remote_id', '12');
    const runtime = createPageRuntime({ apiBase: 'http://api.test' });
    runtime.session.setLocale('bn');
    const calls: Array<{ path: string; body: unknown }> = [];
    const api = {
      ...runtime.api,
      call: async (endpoint: { path: string }, opts: { body: unknown }) => {
        calls.push({ path: endpoint.path, body: opts.body });
        return { chat: { id: 41 }, created: true };
      },
    } as unknown as HostProps['api'];
    const host: HostProps = {
      ...runtime.servicesFor('mf_chat'),
      api,
      basePath: '',
      isMobile: true,
      navigate: vi.fn(),
      location: { pathname: '/chat', search: '', hash: '', state: null, key: 'k' },
    };
    render(
      <HostProvider host={host}>
        <MemoryRouter initialEntries={['/chat']}>
          <Routes>
            <Route path="/chat" element={<ChatEntry />} />
            <Route path="/chat-box/:chatId" element={<p>box</p>} />
          </Routes>
        </MemoryRouter>
      </HostProvider>,
    );
    expect(await screen.findByText('box')).toBeTruthy();
    expect(calls).toEqual([{ path: '/api/chats', body: { user_one_id: '12', user_two_id: 7, locale: 'bn' } }]);
    runtime.session.setLocale('en');
  });
});
