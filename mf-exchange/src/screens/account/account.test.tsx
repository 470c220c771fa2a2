import '@khela/web/test/mock-shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import type { ExchangeBetView } from '@khela/contracts';
import { i18n } from '@khela/web';
import { calls, resetHost, responders, sessionService, testBus } from '@khela/web/test/fake-host';
import '../../i18n';
import { ExchangeAccount } from '../ExchangeAccount';
import { ExchangeAccountPage } from './index';
import { plQuery } from './ProfitLoss';

const where = { path: '', search: '' };
function Spy() {
  const l = useLocation();
  where.path = l.pathname;
  where.search = l.search;
  return null;
}
function open(path: string) {
  void i18n.changeLanguage('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Spy />
        <Routes>
          <Route path="/exchange-account" element={<ExchangeAccount />} />
          <Route path="/exchange-account/:page" element={<ExchangeAccountPage />} />
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const bet = (over: Partial<ExchangeBetView>): ExchangeBetView => ({
  id: 'B1',
  market_id: '1.100',
  market_name: 'Match Odds',
  market_kind: 'MATCH_ODDS',
  event_id: '100',
  event_name: 'Bangladesh v India',
  selection_id: '10001',
  selection_name: 'Bangladesh',
  side: 'BACK',
  price: 2.5,
  line: null,
  rate: null,
  stake: '200.00',
  matched_stake: '200.00',
  unmatched_stake: '0.00',
  avg_price: 2.5,
  status: 'MATCHED',
  persistence: 'LAPSE',
  reason: null,
  potential_profit: '300.00',
  potential_liability: '200.00',
  profit_loss: null,
  placed_at: '2026-03-01T18:30:00.000Z',
  delay_until: null,
  settled_at: null,
  ...over,
});

beforeEach(() => {
  resetHost();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  localStorage.setItem('token', 't');
  localStorage.setItem('username', 'player1');
  localStorage.setItem('remote_id', '7');
  responders.set('POST /api/balance', () => ({ balance: '1135.00', currency: 'BDT', exposure: '100.00', available: '1035.00' }));
});
afterEach(() => vi.restoreAllMocks());

describe('exchange account menu', () => {
  it('lists the six pages as links with the time zone and the balance, and a link opens its page', async () => {
    sessionService().receiveBalance({ balance: '1135.00', currency: 'BDT', exposure: '100.00', available: '1035.00' });
    responders.set('GET /api/user/show', () => ({ user: user() }));
    open('/exchange-account');
    const links = within(screen.getByRole('navigation', { name: 'Exchange account' })).getAllByRole('link');
    expect(links.map((l) => [l.textContent?.replace(/[›৳\d,.]/g, '').trim(), l.getAttribute('href')])).toEqual([
      ['My Profile', '/exchange-account/profile'],
      ['Balance Overview', '/exchange-account/balance'],
      ['My Bets', '/exchange-account/my-bets'],
      ['Bets History', '/exchange-account/bets-history'],
      ['Profit & Loss', '/exchange-account/profit-loss'],
      ['Activity Log', '/exchange-account/activity-log'],
    ]);
    expect(screen.getByTestId('exchange-account-username').textContent).toBe('player1');
    expect(screen.getByTestId('exchange-timezone').textContent).toBe('Time Zone: GMT+6 (Asia/Dhaka)');
    expect(screen.getByTestId('exchange-account-balance').textContent).toBe('৳1,135.00');
    await userEvent.click(links[0]!);
    expect(where.path).toBe('/exchange-account/profile');
    expect(await screen.findByTestId('profile-username')).toBeTruthy();
  });

  it('sends an unknown page back to the menu', () => {
    open('/exchange-account/nothing');
    expect(where.path).toBe('/exchange-account');
  });
});

const user = () => ({
  id: 7,
  username: 'player1',
  name: 'Rahim Uddin',
  phone: '01712345678',
  email: null,
  vip_coin: 50,
  session_id: '1' as const,
  created_at: '2026-01-31T20:15:00.000Z',
  dofb: null,
  email_verified_at: null,
  balance: '1135.00',
  currency: 'BDT' as const,
  referral_code: 'R1',
  cash_bonus: '0.00',
});

describe('My Profile', () => {
  it("shows the player's record with Dhaka times and says what is not set", async () => {
    responders.set('GET /api/user/show', () => ({ user: user() }));
    open('/exchange-account/profile');
    expect((await screen.findByTestId('profile-username')).textContent).toBe('player1');
    expect(screen.getByTestId('profile-name').textContent).toBe('Rahim Uddin');
    expect(screen.getByTestId('profile-phone').textContent).toBe('01712345678 Verified');
    expect(screen.getByTestId('profile-email').textContent).toBe('Not set');
    // 20:15 UTC on 31 January is 02:15 on 1 February in Dhaka
    expect(screen.getByTestId('profile-joined').textContent).toBe('2026-02-01 02:15:00 GMT+6');
    expect(screen.getByTestId('exchange-timezone').textContent).toContain('GMT+6');
    expect(calls.find((c) => c.path === '/api/user/show')!.opts.query).toEqual({ remote_id: '7' });
  });

  it('shows the error with Retry', async () => {
    responders.set('GET /api/user/show', () => Promise.reject(new Error('offline')));
    open('/exchange-account/profile');
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load this page.');
    responders.set('GET /api/user/show', () => ({ user: user() }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('profile-username')).textContent).toBe('player1');
  });
});

describe('Balance Overview', () => {
  it('shows balance, exposure and available of the session, follows a push, and the last 7 days of P&L', async () => {
    responders.set('GET /api/exchange/profit-loss', () => ({
      currency: 'BDT',
      from: '2026-02-23',
      to: '2026-03-01',
      rows: [],
      total: { gross: '150.00', commission: '15.00', net: '135.00' },
    }));
    open('/exchange-account/balance');
    // the stored figure has no exposure: the page asks the session for the balance
    await waitFor(() => expect(screen.getByTestId('overview-exposure').textContent).toBe('৳100.00'));
    expect(screen.getByTestId('overview-balance').textContent).toBe('৳1,135.00');
    expect(screen.getByTestId('overview-available').textContent).toBe('৳1,035.00');
    expect((await screen.findByTestId('overview-pl-net')).textContent).toBe('+৳135.00');
    expect(screen.getByTestId('overview-pl-commission').textContent).toBe('৳15.00');
    expect(screen.getByTestId('overview-pl').textContent).toContain('2026-02-23 to 2026-03-01 (Dhaka days)');
    expect(calls.find((c) => c.path === '/api/exchange/profit-loss')!.opts.query).toEqual({ group: 'day' });
    act(() => sessionService().receiveBalance({ balance: '935.00', currency: 'BDT', exposure: '300.00', available: '635.00' }));
    expect(screen.getByTestId('overview-available').textContent).toBe('৳635.00');
  });
});

describe('My Bets', () => {
  it('lists open bets with matched and unmatched parts, cancels the unmatched part, and reloads on a bets push', async () => {
    let open_ = [
      bet({}),
      bet({
        id: 'B2',
        side: 'LAY',
        selection_name: 'India',
        status: 'PARTIALLY_MATCHED',
        price: 3.2,
        stake: '300.00',
        matched_stake: '100.00',
        unmatched_stake: '200.00',
        avg_price: 3.1,
        potential_profit: '100.00',
        potential_liability: '210.00',
      }),
      bet({ id: 'B3', status: 'PENDING', matched_stake: '0.00', unmatched_stake: '150.00', stake: '150.00', avg_price: null }),
    ];
    responders.set('GET /api/exchange/bets', () => ({ data: open_, page: 1, last_page: 1, total: open_.length }));
    responders.set('DELETE /api/exchange/bets/{id}', ({ params }) => {
      open_ = open_.map((b) => (b.id === params.id ? { ...b, status: 'MATCHED' as const, unmatched_stake: '0.00', stake: '100.00' } : b));
      return { bet: open_[1], balance: '1135.00', available: '1035.00', exposure: '100.00' };
    });
    open('/exchange-account/my-bets');
    const cards = await screen.findAllByTestId('exchange-bet');
    expect(calls.find((c) => c.path === '/api/exchange/bets')!.opts.query).toEqual({ status: 'open', page: 1, per_page: 20 });
    expect(cards).toHaveLength(3);
    const lay = cards[1]!;
    expect(within(lay).getByTestId('bet-side').textContent).toBe('Lay');
    expect(within(lay).getByTestId('bet-status').textContent).toBe('Partially matched');
    expect(within(lay).getByTestId('bet-matched').textContent).toBe('৳100.00 @ 3.1');
    expect(within(lay).getByTestId('bet-unmatched').textContent).toBe('৳200.00 @ 3.2');
    expect(within(lay).getByTestId('bet-liability').textContent).toBe('৳210.00');
    // 18:30 UTC is 00:30 the next day in Dhaka
    expect(within(cards[0]!).getByTestId('bet-placed').textContent).toBe('2026-03-02 00:30:00 GMT+6');
    // fully matched: nothing to cancel; in the delay: cannot be cancelled
    expect(within(cards[0]!).queryByRole('button')).toBeNull();
    expect(cards[2]!.textContent).toContain('In the bet delay: it cannot be cancelled.');

    await userEvent.click(within(lay).getByRole('button', { name: 'Cancel unmatched: India' }));
    expect(await screen.findByText('The unmatched part was cancelled.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')!.opts.params).toEqual({ id: 'B2' });
    await waitFor(() => expect(within(screen.getAllByTestId('exchange-bet')[1]!).getByTestId('bet-status').textContent).toBe('Matched'));
    expect(calls.some((c) => c.path === '/api/balance')).toBe(true);

    const before = calls.filter((c) => c.path === '/api/exchange/bets').length;
    open_ = [open_[0]!];
    act(() => testBus().session.publish('odds', { marketId: '1.100', bets: true }));
    await waitFor(() => expect(screen.getAllByTestId('exchange-bet')).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/api/exchange/bets').length).toBe(before + 1);
  });

  it('shows a refused cancel and an empty list', async () => {
    responders.set('GET /api/exchange/bets', () => ({ data: [], page: 1, last_page: 1, total: 0 }));
    open('/exchange-account/my-bets');
    expect(await screen.findByText('You have no open bets.')).toBeTruthy();
  });
});

describe('Bets History', () => {
  it('lists settled bets with status colours and P&L, paged through the address', async () => {
    responders.set('GET /api/exchange/bets', ({ query }) => ({
      data:
        query.page === 1
          ? [
              bet({ id: 'W', status: 'WON', profit_loss: '300.00', settled_at: '2026-03-01T19:00:00.000Z' }),
              bet({ id: 'L', status: 'LOST', selection_name: 'India', profit_loss: '-150.00', settled_at: '2026-03-01T19:00:00.000Z' }),
            ]
          : [bet({ id: 'V', status: 'VOID', profit_loss: '0.00', settled_at: '2026-02-01T10:00:00.000Z' })],
      page: query.page,
      last_page: 2,
      total: 3,
    }));
    open('/exchange-account/bets-history');
    const cards = await screen.findAllByTestId('exchange-bet');
    expect(calls.at(-1)!.opts.query).toEqual({ status: 'settled', page: 1, per_page: 20 });
    expect(within(cards[0]!).getByTestId('bet-status').textContent).toBe('Won');
    expect(within(cards[0]!).getByTestId('bet-status').dataset.tone).toBe('success');
    expect(within(cards[0]!).getByTestId('bet-pl').textContent).toBe('+৳300.00');
    expect(within(cards[0]!).getByTestId('bet-settled').textContent).toBe('2026-03-02 01:00:00 GMT+6');
    expect(within(cards[1]!).getByTestId('bet-status').dataset.tone).toBe('danger');
    expect(within(cards[1]!).getByTestId('bet-pl').textContent).toBe('-৳150.00');
    expect(screen.getByTestId('pager-position').textContent).toBe('Page 1 of 2');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(where.search).toBe('?page=2');
    await waitFor(() => expect(screen.getAllByTestId('exchange-bet').map((c) => c.dataset.betId)).toEqual(['V']));
    expect(within(screen.getByTestId('exchange-bet')).getByTestId('bet-status').dataset.tone).toBe('neutral');
  });

  it('opens at the page of the address (a reload keeps it)', async () => {
    responders.set('GET /api/exchange/bets', ({ query }) => ({
      data: [bet({ status: 'LAPSED' })],
      page: query.page,
      last_page: 3,
      total: 3,
    }));
    open('/exchange-account/bets-history?page=3');
    await screen.findAllByTestId('exchange-bet');
    expect(calls.at(-1)!.opts.query.page).toBe(3);
    expect(screen.getByTestId('pager-position').textContent).toBe('Page 3 of 3');
  });
});

describe('Profit & Loss', () => {
  const answer = (group: string) => ({
    currency: 'BDT',
    from: '2026-02-01',
    to: '2026-03-01',
    rows:
      group === 'sport'
        ? [{ key: 'cricket', label: 'cricket', markets: 2, gross: '150.00', commission: '15.00', net: '135.00' }]
        : [
            { key: '2026-03-01', label: '2026-03-01', markets: 1, gross: '300.00', commission: '15.00', net: '285.00' },
            { key: '2026-02-28', label: '2026-02-28', markets: 1, gross: '-150.00', commission: '0.00', net: '-150.00' },
          ],
    total: { gross: '150.00', commission: '15.00', net: '135.00' },
  });

  it('defaults to the last 7 Dhaka days', () => {
    // 20:00 UTC on 1 March is 2 March in Dhaka
    expect(plQuery(new URLSearchParams(), new Date('2026-03-01T20:00:00Z'))).toEqual({
      from: '2026-02-24',
      to: '2026-03-02',
      group: 'day',
    });
    expect(plQuery(new URLSearchParams('from=2026-01-01&to=bad&group=market'), new Date('2026-03-01T10:00:00Z'))).toEqual({
      from: '2026-01-01',
      to: '2026-03-01',
      group: 'market',
    });
  });

  it('shows rows with gross, commission and net and the total; range and grouping live in the address', async () => {
    responders.set('GET /api/exchange/profit-loss', ({ query }) => answer(query.group));
    open('/exchange-account/profit-loss?from=2026-02-01&to=2026-03-01');
    const rows = await screen.findAllByTestId('pl-row');
    expect(calls.at(-1)!.opts.query).toEqual({ from: '2026-02-01', to: '2026-03-01', group: 'day' });
    expect(rows.map((r) => within(r).getByTestId('pl-label').textContent)).toEqual(['2026-03-01', '2026-02-28']);
    expect(within(rows[0]!).getByTestId('pl-commission').textContent).toBe('৳15.00');
    expect(within(rows[0]!).getByTestId('pl-net').textContent).toBe('+৳285.00');
    expect(within(rows[1]!).getByTestId('pl-net').textContent).toBe('-৳150.00');
    expect(screen.getByTestId('pl-total-net').textContent).toBe('+৳135.00');
    expect(screen.getByTestId('pl-total-commission').textContent).toBe('৳15.00');
    expect(screen.getByTestId('pl-range').textContent).toBe('2026-02-01 to 2026-03-01 (Dhaka days)');

    await userEvent.click(screen.getByRole('tab', { name: 'Sport' }));
    expect(new URLSearchParams(where.search).get('group')).toBe('sport');
    await waitFor(() => expect(screen.getAllByTestId('pl-label').map((l) => l.textContent)).toEqual(['Cricket']));
    expect(calls.at(-1)!.opts.query).toEqual({ from: '2026-02-01', to: '2026-03-01', group: 'sport' });

    // the date picker: a start after the end is refused before asking
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-05');
    expect(screen.getByRole('alert').textContent).toBe('The start date must not be after the end date.');
    expect((screen.getByRole('button', { name: 'Show' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-02-15');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(Object.fromEntries(new URLSearchParams(where.search))).toEqual({ from: '2026-02-15', to: '2026-03-01', group: 'sport' });
    await waitFor(() => expect(calls.at(-1)!.opts.query).toEqual({ from: '2026-02-15', to: '2026-03-01', group: 'sport' }));
  });

  it('shows No Data for an empty range', async () => {
    responders.set('GET /api/exchange/profit-loss', () => ({
      ...answer('day'),
      rows: [],
      total: { gross: '0.00', commission: '0.00', net: '0.00' },
    }));
    open('/exchange-account/profit-loss');
    expect(await screen.findByText('No Data')).toBeTruthy();
  });
});

describe('Activity Log', () => {
  it('lists log-ins, bets, cancels and settlements with Dhaka times, paged', async () => {
    responders.set('GET /api/exchange/activity', ({ query }) => ({
      data: [
        {
          kind: 'settled',
          at: '2026-03-01T19:00:00.000Z',
          detail: 'Settled Bangladesh v India, Match Odds: +285.00',
          bet_id: null,
          market_id: '1.100',
        },
        { kind: 'bet', at: '2026-03-01T18:30:00.000Z', detail: 'BACK Bangladesh @ 2.5 for 200.00', bet_id: 'B1', market_id: '1.100' },
        { kind: 'login', at: '2026-03-01T18:00:00.000Z', detail: 'Logged in', bet_id: null, market_id: null },
      ],
      page: query.page,
      last_page: 2,
    }));
    open('/exchange-account/activity-log');
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows.map((r) => r.dataset.kind)).toEqual(['settled', 'bet', 'login']);
    expect(rows[0]!.textContent).toContain('Settled');
    expect(within(rows[1]!).getByTestId('activity-time').textContent).toBe('2026-03-02 00:30:00 GMT+6');
    expect(within(rows[1]!).getByTestId('activity-detail').textContent).toBe('BACK Bangladesh @ 2.5 for 200.00');
    expect(rows[1]!.textContent).toContain('Bet ID B1');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(calls.at(-1)!.opts.query).toEqual({ page: 2 }));
  });
});
