import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StaffPushPayload } from '@khela/contracts';
import { fakeSession } from './areas/account/fake-session.test-util';
import { App } from './App';

const news = (over: Partial<StaffPushPayload<'approval'>>): StaffPushPayload<'approval'> => ({
  id: 12,
  kind: 'balance_adjustment',
  status: 'approved',
  summary: 'Credit 15000.00 BDT to demo1234 (player 17)',
  requested_by: 2,
  requested_by_username: 'operator',
  decided_by_username: 'cashier2',
  ...over,
});

describe('the maker hears the decision at once', () => {
  it('a line above every page when a second operator approves or rejects one’s own request; others’ are not shown', async () => {
    const fake = fakeSession(
      { id: 2, username: 'operator', role: 'payments' },
      {
        'GET /api/operator/dashboard': () => ({ pending: [], open_chats: 0, players_online: 0, today: null, alerts: [], alerts_total: 0 }),
      },
    );
    render(fake.wrap(<MemoryRouter initialEntries={['/dashboard']}>{<App />}</MemoryRouter>));
    await screen.findByTestId('tile-open-chats');
    act(() => {
      fake.session.events$.next({ topic: 'approval', payload: news({ status: 'pending', decided_by_username: null }) });
      fake.session.events$.next({ topic: 'approval', payload: news({ id: 13, requested_by: 3, requested_by_username: 'cashier2' }) });
    });
    expect(screen.queryByTestId('approval-news')).toBeNull();
    act(() => fake.session.events$.next({ topic: 'approval', payload: news({}) }));
    const line = await screen.findByTestId('approval-news');
    expect(line.textContent).toContain('Your request #12 (Credit 15000.00 BDT to demo1234 (player 17)) was approved by cashier2.');
    act(() =>
      fake.session.events$.next({ topic: 'approval', payload: news({ id: 14, status: 'rejected', summary: 'Pay out withdrawal W9' }) }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('approval-news').textContent).toContain('#14 (Pay out withdrawal W9) was rejected by cashier2'),
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(screen.getByTestId('approval-news').textContent).not.toContain('#14');
  });
});
