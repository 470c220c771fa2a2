import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError, HostProvider, type HostProps } from '@khela/web';
import '../i18n';

const host = vi.hoisted(() => ({
  api: { call: null as unknown as (...a: any[]) => Promise<any> },
  runtime: null as unknown as import('@khela/web').PageRuntime,
}));
vi.mock('@khela/web', async (orig) => {
  const actual = await orig<typeof import('@khela/web')>();
  host.runtime = actual.createPageRuntime({ apiBase: 'http://api.test' });
  const services = host.runtime.servicesFor('mf_chat');
  return { ...actual, useHost: () => ({ ...services, api: host.api, isMobile: true }) };
});

import { ChatBox, messageToSend } from './ChatBox';

const greeting = {
  id: 1,
  chat_id: 5,
  sender_id: 0,
  from_support: true,
  content: 'Thanks for contacting Khela support. An agent will reply shortly.',
  created_at: '2025-01-10T06:00:00Z',
};
let stored: any[];
let calls: Array<{ path: string; opts: any }>;

beforeEach(() => {
  stored = [greeting];
  calls = [];
  host.api.call = vi.fn(async (endpoint: { path: string }, opts: any) => {
    calls.push({ path: endpoint.path, opts });
    if (endpoint.path === '/api/chats/{chatId}/messages') {
      if (opts.params.chatId === 9) throw new ApiError('Forbidden', 403, { message: 'Forbidden' });
      return { messages: [...stored] };
    }
    if (endpoint.path === '/api/messages') {
      const m = {
        id: stored.length + 1,
        chat_id: 5,
        sender_id: 42,
        from_support: false,
        content: opts.body.content,
        created_at: '2025-01-10T06:01:00Z',
      };
      stored.push(m);
      return { data: m };
    }
    throw new Error(`unexpected ${endpoint.path}`);
  });
});

// the screen reads through the page's query client (useServerQuery), which takes the host from its provider
const open = (id = 5) =>
  render(
    <HostProvider host={{ ...host.runtime.servicesFor('mf_chat'), api: host.api, isMobile: true } as unknown as HostProps}>
      <MemoryRouter initialEntries={[`/chat-box/${id}`]}>
        <Routes>
          <Route path="/chat-box/:chatId" element={<ChatBox />} />
        </Routes>
      </MemoryRouter>
    </HostProvider>,
  );

describe('chat box', () => {
  it('treats empty and whitespace-only text as nothing to send', () => {
    expect(messageToSend('')).toBeNull();
    expect(messageToSend('  \n\t ')).toBeNull();
    expect(messageToSend('  hello ')).toBe('hello');
  });

  it('shows the conversation and ignores a whitespace-only message', async () => {
    open();
    expect(await screen.findByText(greeting.content)).toBeTruthy();
    // the message's time says it is Dhaka time (issue 34 item 3): 06:00 UTC is 12:00 in Dhaka
    expect(screen.getByTestId('chat-time').textContent).toBe('2025-01-10 12:00:00 GMT+6');
    await userEvent.type(screen.getByRole('textbox'), '    ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(calls.some((c) => c.path === '/api/messages')).toBe(false);
    expect(screen.getAllByTestId('chat-message')).toHaveLength(1);
  });

  it('sends a trimmed message, shows it as mine and clears the box', async () => {
    open();
    await screen.findByText(greeting.content);
    await userEvent.type(screen.getByRole('textbox'), '  Where is my deposit?  {Enter}');
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    expect(calls.find((c) => c.path === '/api/messages')!.opts.body).toMatchObject({ chat_id: 5, content: 'Where is my deposit?' });
    const mine = screen.getAllByTestId('chat-message')[1]!;
    expect(mine.getAttribute('data-from')).toBe('me');
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('');
  });

  it("says so when the chat is someone else's (403)", async () => {
    open(9);
    expect((await screen.findByTestId('chat-box-error')).textContent).toContain('This chat is not yours.');
  });

  it('reloads on a chat push for this chat and drops the messages on logout', async () => {
    open();
    await screen.findByText(greeting.content);
    stored.push({ ...greeting, id: 2, content: 'An agent here, how can I help?' });
    // the shell's push relay announces the chat message
    act(() => host.runtime.sessionService.relay('chat', { chatId: '5', content: 'An agent here, how can I help?', senderId: '3' }));
    expect(await screen.findByText('An agent here, how can I help?')).toBeTruthy();
    act(() => host.runtime.session.logout('user'));
    await waitFor(() => expect(screen.queryAllByTestId('chat-message')).toHaveLength(0));
  });
});
