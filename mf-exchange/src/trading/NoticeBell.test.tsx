import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ExchangeNotice } from '@khela/contracts';
import { calls, resetHost, responders, testBus } from '@khela/web/test/fake-host';
import '../i18n';
import { TradingProvider } from './context';
import { bet, listAnswer } from './fixtures.test-util';
import { NOTICES_PAGE, NoticeBell } from './NoticeBell';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const notice = (i: number, over: Partial<ExchangeNotice> = {}): ExchangeNotice => ({
  id: String(100 - i),
  kind: 'won',
  read: false,
  created_at: '2026-11-26T12:00:00.000Z',
  bet: bet({ id: `B${i}`, status: 'WON', profit_loss: '150.00' }),
  ...over,
});

let store: ExchangeNotice[] = [];
const unread = () => store.filter((n) => !n.read).length;

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
  responders.set('GET /api/exchange/bets', () => listAnswer([]));
  store = Array.from({ length: 25 }, (_, i) =>
    notice(i, i === 1 ? { kind: 'lost', bet: bet({ id: 'B1', status: 'LOST', profit_loss: '-100.00' }) } : {}),
  );
  responders.set('GET /api/exchange/notices', (o) => {
    const page = Number(o.query?.page ?? 1);
    const per = Number(o.query?.per_page ?? 20);
    return {
      data: store.slice((page - 1) * per, page * per),
      unread: unread(),
      page,
      last_page: Math.max(1, Math.ceil(store.length / per)),
      total: store.length,
    };
  });
  responders.set('POST /api/exchange/notices/read', (o) => {
    for (const n of store) if (!o.body.ids || o.body.ids.includes(n.id)) n.read = true;
    return { unread: unread() };
  });
});

const bell = () =>
  render(
    <MemoryRouter>
      <TradingProvider>
        <NoticeBell />
      </TradingProvider>
    </MemoryRouter>,
  );

describe('the bell of bet outcomes', () => {
  it('shows the unread count, lists the notices newest first in words, pages, and marks what it showed read', async () => {
    bell();
    expect((await screen.findByTestId('notice-unread')).textContent).toBe('25');
    await userEvent.click(screen.getByRole('button', { name: 'Bet notifications, 25 unread' }));
    const list = await screen.findByTestId('notice-list');
    const items = within(list).getAllByTestId('notice');
    expect(items).toHaveLength(NOTICES_PAGE);
    expect(items[0]!.textContent).toContain('Won: Back Bangladesh @ 2.5, profit ৳150.00.');
    expect(items[1]!.textContent).toContain('Lost: Back Bangladesh @ 2.5, loss ৳100.00.');
    expect(items[0]!.textContent).toContain('2026-11-26 18:00:00 GMT+6');
    // what was shown is read; the five on the next page are not
    await waitFor(() => expect(screen.getByTestId('notice-unread').textContent).toBe('5'));
    const reads = calls.filter((c) => c.path === '/api/exchange/notices/read');
    expect(reads[0]!.opts.body.ids).toEqual(store.slice(0, NOTICES_PAGE).map((n) => n.id));
    expect(reads[0]!.opts.token).toBe('exchange');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(screen.getByTestId('notice-list')).getAllByTestId('notice')).toHaveLength(25));
    await waitFor(() => expect(screen.queryByTestId('notice-unread')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('reads the count again when the push says the player’s bets changed', async () => {
    bell();
    expect((await screen.findByTestId('notice-unread')).textContent).toBe('25');
    store.unshift(notice(-1, { id: '500' }));
    act(() => testBus().session.publish('odds', { marketId: '1.1', bets: true }));
    await waitFor(() => expect(screen.getByTestId('notice-unread').textContent).toBe('26'));
  });
});
