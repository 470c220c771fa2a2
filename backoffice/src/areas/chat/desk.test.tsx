import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DeskChat } from '@khela/contracts';
import { ApiError } from '@khela/web';
import { fakeSession } from '../account/fake-session.test-util';
import { Desk } from './Desk';
import { conversationLine, duration } from './desk/times';

const CHAT: DeskChat = {
  id: 5,
  player_id: 9,
  username: 'karim',
  assigned: null,
  awaiting: false,
  last_message: 'thanks',
  last_message_at: '2026-11-27T04:10:00Z',
  unread: 0,
  player_unread: 0,
  created_at: '2026-11-01T00:00:00Z',
  opened_at: '2026-11-27T04:00:00Z',
  first_response_at: '2026-11-27T04:02:30Z',
  closed_at: null,
  closed_by: null,
};
const TIMES = {
  first_response_avg_seconds: 200,
  first_response_median_seconds: 150,
  answered: 4,
  unanswered: 1,
  resolution_avg_seconds: 4000,
  resolution_median_seconds: 3700,
  resolved: 3,
  by_operator: [
    {
      operator_id: 2,
      username: 'sumi',
      answered: 3,
      first_response_avg_seconds: 100,
      first_response_median_seconds: 90,
      resolved: 2,
      resolution_avg_seconds: 3600,
      resolution_median_seconds: 3000,
    },
  ],
};

describe('support desk: closing and the times', () => {
  it('shows the desk times and each chat’s first response; closes and reopens the chat; the queue asks for open chats', async () => {
    let chat = { ...CHAT };
    const fake = fakeSession(
      { role: 'support', id: 1 },
      {
        'GET /api/operator/chats': () => ({ data: [chat], page: 1, per_page: 25, total: 1, unread_total: 0, times: TIMES }),
        'GET /api/operator/chats/{chatId}': () => ({
          chat: { ...chat, staff_read_message_id: null, player_read_message_id: null },
          messages: [],
          has_more: false,
          player: {
            id: 9,
            username: 'karim',
            name: null,
            status: 'active',
            currency: 'BDT',
            balance: '0.00',
            phone: null,
            phone_verified: false,
            email_verified: false,
            created_at: CHAT.created_at,
            transactions: [],
          },
        }),
        'GET /api/operator/canned-replies': () => ({ data: [], page: 1, per_page: 200, total: 0 }),
        'GET /api/operator/desk/agents': () => ({ data: [] }),
        'POST /api/operator/chats/{chatId}/close': () => {
          chat = { ...chat, closed_at: '2026-11-27T05:00:00Z', closed_by: { id: 1, username: 'support', name: 'Sumi' } };
          return { closed: true };
        },
        'POST /api/operator/chats/{chatId}/reopen': () => {
          chat = { ...chat, closed_at: null, closed_by: null };
          return { closed: false };
        },
      },
    );
    render(
      fake.wrap(
        <MemoryRouter initialEntries={['/chat/5']}>
          <Routes>
            <Route path="/chat/:chatId" element={<Desk />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    const times = await screen.findByTestId('desk-times');
    expect(times.textContent).toContain('first response: median 2 min 30 s');
    expect(times.textContent).toContain('resolution: median 1 h 01 min');
    // per operator (issue 32)
    expect(screen.getByTestId('desk-times-sumi').textContent).toBe('sumi31 min 30 s (1 min 40 s)250 min (1 h 00 min)');
    expect((await screen.findByTestId('queue-times')).textContent).toBe('First response in 2 min 30 s');
    const queries = () => fake.calls.filter((c) => c.path === '/api/operator/chats').map((c) => (c.opts.query as { state: string }).state);
    expect(queries().at(-1)).toBe('open');

    const conversation = await screen.findByTestId('desk-conversation');
    fireEvent.click(within(conversation).getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.getByTestId('desk-conversation-state').textContent).toContain('Closed by Sumi'));
    expect(screen.getByTestId('desk-conversation-state').textContent).toContain('resolved in 1 h 00 min');
    fireEvent.click(within(conversation).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(within(conversation).getByRole('button', { name: 'Close chat' })).toBeTruthy());

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'closed' } });
    await waitFor(() => expect(queries().at(-1)).toBe('closed'));
  });

  it('says a failed read of the chat with Retry, and shows the conversation once a retry reads it', async () => {
    let fail = true;
    const fake = fakeSession(
      { role: 'support', id: 1 },
      {
        'GET /api/operator/chats': () => ({ data: [CHAT], page: 1, per_page: 25, total: 1, unread_total: 0, times: TIMES }),
        'GET /api/operator/chats/{chatId}': () => {
          if (fail) throw new ApiError('The desk is busy', 503, { message: 'The desk is busy' });
          return {
            chat: { ...CHAT, staff_read_message_id: null, player_read_message_id: null },
            messages: [{ id: 1, from: 'player', operator: null, content: 'hello', created_at: CHAT.opened_at }],
            has_more: false,
            player: {
              id: 9,
              username: 'karim',
              name: null,
              status: 'active',
              currency: 'BDT',
              balance: '12.50',
              phone: null,
              phone_verified: false,
              email_verified: false,
              created_at: CHAT.created_at,
              transactions: [],
            },
          };
        },
        'GET /api/operator/canned-replies': () => {
          throw new ApiError('nope', 500, {});
        },
        'GET /api/operator/desk/agents': () => ({ data: [{ id: 2, username: 'sumi', name: 'Sumi' }] }),
      },
    );
    render(
      fake.wrap(
        <MemoryRouter initialEntries={['/chat/5']}>
          <Routes>
            <Route path="/chat/:chatId" element={<Desk />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    const failed = await screen.findByTestId('desk-chat-error');
    expect(within(failed).getByRole('alert').textContent).toBe('The chat could not be loaded. The desk is busy');
    expect(screen.queryByTestId('desk-conversation')).toBeNull();

    fail = false;
    fireEvent.click(within(failed).getByRole('button'));
    const conversation = await screen.findByTestId('desk-conversation');
    expect(within(conversation).getByTestId('desk-message').textContent).toContain('hello');
    expect(screen.getByTestId('desk-player-balance').textContent).toBe('12.50 BDT');
    // a failed read of the canned replies leaves the list empty; the agents are offered
    expect(within(conversation).getByRole('option', { name: 'No canned replies yet' })).toBeTruthy();
    expect(within(conversation).getByRole('option', { name: 'Sumi (sumi)' })).toBeTruthy();
  });

  it('words durations and a waiting conversation', () => {
    expect(duration(45)).toBe('45 s');
    expect(duration(200)).toBe('3 min 20 s');
    expect(duration(7500)).toBe('2 h 05 min');
    expect(duration(90_000)).toBe('1 d 1 h');
    expect(duration(null)).toBe('—');
    const waiting = { ...CHAT, first_response_at: null };
    expect(conversationLine(waiting, Date.parse('2026-11-27T04:05:00Z'))).toBe('No answer yet · waiting 5 min');
  });
});
