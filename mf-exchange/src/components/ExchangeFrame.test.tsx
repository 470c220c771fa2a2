import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { calls, navigations, resetHost, responders, sessionService, testBus, testHost } from '@khela/web/test/fake-host';
import { bet, betAnswer, listAnswer } from '../trading/fixtures.test-util';
import '../i18n';
import { ExchangeFrame } from './ExchangeFrame';

const frame = (at = '/exchange') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <ExchangeFrame>
        <p>exchange content</p>
      </ExchangeFrame>
    </MemoryRouter>,
  );

// a loaded CI machine renders slowly: wait up to 5 s for what a push or an answer brings
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
  responders.set('POST /api/balance', () => ({ balance: '77.00', currency: 'BDT' }));
  responders.set('GET /api/exchange/bets', () => listAnswer([]));
  responders.set('GET /api/exchange/pins', () => ({ data: [] }));
});

describe('exchange frame', () => {
  it('shows the upline popup instead of the exchange when the session says it is blocked (docs/README.md#spec-6)', async () => {
    sessionService().receiveMarketFlags({ exchange_market: 0, cs_market: 1, status: 'blocked' });
    frame();
    expect((await screen.findByTestId('exchange-blocked')).textContent).toBe(
      'Your selected section "Exchange" is currently blocked by Your Upline. Please Contact Customer Support for further assistance.',
    );
    expect(screen.queryByText('exchange content')).toBeNull();
  });

  it('shows the session balance, follows new figures and drops it on logout', async () => {
    frame();
    expect(screen.getByText('exchange content')).toBeTruthy();
    act(() => sessionService().receiveBalance({ balance: '1234.50', currency: 'BDT' }));
    expect((await screen.findByTestId('exchange-balance')).textContent).toMatch(/1,234\.50/);
    act(() => sessionService().receiveBalance({ balance: '10.00', currency: 'BDT' }));
    expect((await screen.findByTestId('exchange-balance')).textContent).toMatch(/10\.00/);
    act(() => testHost.session.logout('user'));
    expect((await screen.findByTestId('exchange-balance')).textContent).toBe('—');
    expect(screen.getByTestId('exchange-exposure').textContent).toBe('—');
  });

  it("shows Main (available) and the real Exposure of the session's balance, as they change", async () => {
    frame();
    act(() => sessionService().receiveBalance({ balance: '5000.00', currency: 'BDT', exposure: '0.00', available: '5000.00' }));
    expect((await screen.findByTestId('exchange-exposure')).textContent).toBe('৳0.00');
    act(() => sessionService().receiveBalance({ balance: '5000.00', currency: 'BDT', exposure: '1250.50', available: '3749.50' }));
    expect(screen.getByTestId('exchange-exposure').textContent).toBe('৳1,250.50');
    expect(screen.getByTestId('exchange-balance').textContent).toBe('৳3,749.50');
    expect(screen.getByTestId('exchange-balance').getAttribute('title')).toBe('Balance ৳5,000.00');
  });

  it('the upline popup follows the session when the block arrives after the page opened', async () => {
    frame();
    expect(screen.getByText('exchange content')).toBeTruthy();
    act(() => sessionService().receiveMarketFlags({ exchange_market: 0, cs_market: 1, status: 'blocked' }));
    expect(await screen.findByTestId('exchange-blocked')).toBeTruthy();
    expect(screen.queryByText('exchange content')).toBeNull();
  });

  it('the Bets panel lists open bets of this market and all markets; an unmatched one cancels', async () => {
    const mine = bet({ id: '7', event_id: 'e1', status: 'MATCHED' });
    const resting = bet({
      id: '8',
      event_id: 'e1',
      side: 'LAY',
      price: 3,
      avg_price: null,
      status: 'UNMATCHED',
      matched_stake: '0.00',
      unmatched_stake: '100.00',
    });
    const elsewhere = bet({ id: '9', event_id: 'e2', event_name: 'Arsenal v Chelsea', selection_name: 'Arsenal', market_id: '1.2' });
    responders.set('GET /api/exchange/bets', () => listAnswer([elsewhere, resting, mine]));
    responders.set('DELETE /api/exchange/bets/{id}', () => betAnswer({ ...resting, status: 'CANCELLED', unmatched_stake: '0.00' }));
    frame('/odds-view?marketId=1.1&eventId=e1');
    expect((await screen.findByTestId('bets-count')).textContent).toBe('3');
    await userEvent.click(screen.getByTestId('bets-button'));
    const panel = screen.getByTestId('bets-panel');
    expect(within(panel).getAllByTestId('open-bet')).toHaveLength(2);
    await userEvent.click(within(panel).getByRole('tab', { name: 'All markets' }));
    expect(within(panel).getAllByTestId('open-bet')).toHaveLength(3);
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel: Bangladesh 3' }));
    // the cancel's answer, then the list read again: over testing-library's default 1 s on a loaded CI machine
    await waitFor(() => expect(within(panel).getAllByTestId('open-bet')).toHaveLength(2), { timeout: 5_000 });
    expect(calls.some((c) => c.method === 'DELETE' && c.opts.params.id === '8')).toBe(true);
    expect((await screen.findByTestId('bet-message')).textContent).toBe('Cancelled: Lay Bangladesh @ 3 for ৳100.00.✕');
  });

  it('cancelling a partly matched bet says the part cancelled, not the whole stake', async () => {
    const partly = bet({
      id: '8',
      event_id: 'e1',
      side: 'LAY',
      price: 3,
      avg_price: 3,
      status: 'PARTIALLY_MATCHED',
      stake: '100.00',
      matched_stake: '40.00',
      unmatched_stake: '60.00',
    });
    responders.set('GET /api/exchange/bets', () => listAnswer([partly]));
    responders.set('DELETE /api/exchange/bets/{id}', () => betAnswer({ ...partly, status: 'MATCHED', unmatched_stake: '0.00' }));
    frame('/odds-view?marketId=1.1&eventId=e1');
    await userEvent.click(await screen.findByTestId('bets-button'));
    await userEvent.click(within(screen.getByTestId('bets-panel')).getByRole('button', { name: 'Cancel: Bangladesh 3' }));
    expect((await screen.findByTestId('bet-message')).textContent).toBe('Cancelled: Lay Bangladesh @ 3 for ৳60.00.✕');
  });

  it("tells when another player's order matched the player's resting bet (the per-player odds push)", async () => {
    const resting = bet({ id: '8', status: 'UNMATCHED', matched_stake: '0.00', unmatched_stake: '100.00', avg_price: null });
    responders.set('GET /api/exchange/bets', () => listAnswer([resting]));
    frame();
    expect((await screen.findByTestId('bets-count')).textContent).toBe('1');
    expect(screen.queryByTestId('bet-message')).toBeNull();
    responders.set('GET /api/exchange/bets', () =>
      listAnswer([{ ...resting, status: 'MATCHED', matched_stake: '100.00', unmatched_stake: '0.00', avg_price: 2.5 }]),
    );
    act(() => testBus().session.publish('odds', { marketId: '1.1', bets: true }));
    expect((await screen.findByTestId('bet-message')).textContent).toContain('Matched: Back Bangladesh @ 2.5 for ৳100.00.');
    const asked = calls.filter((c) => c.path === '/api/exchange/bets').at(-1)!;
    expect(asked.opts.query).toMatchObject({ status: 'all', market_id: '1.1' });
    // an odds push for the market that is not about the player's bets asks nothing
    const before = calls.length;
    act(() => testBus().session.publish('odds', { marketId: '1.1', status: 'OPEN', version: 9 }));
    expect(calls.length).toBe(before);
  });

  it('its menu leads back to the site (the host navigates) and logs out on the exchange side', async () => {
    frame('/odds-view');
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = within(screen.getByTestId('exchange-menu'));
    expect(menu.getAllByRole('button').map((b) => b.textContent)).toEqual(['Khela home', 'Casino', 'Deposit', 'My account', 'Log out']);
    await userEvent.click(menu.getByRole('button', { name: 'Casino' }));
    expect(navigations.at(-1)?.to).toBe('/games?type=LIVE');
    expect(screen.queryByTestId('exchange-menu')).toBeNull();

    localStorage.setItem('exchangeToken', 'x');
    const reasons: string[] = [];
    const sub = testBus()
      .session.on('logout')
      .subscribe((e) => reasons.push(e.reason));
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(within(screen.getByTestId('exchange-menu')).getByRole('button', { name: 'Log out' }));
    sub.unsubscribe();
    expect(reasons).toEqual(['exchange']);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('exchangeToken')).toBeNull();
    expect(navigations.at(-1)?.to).toBe('/');
  });

  it('the refresh button asks the session, which fetches the balance', async () => {
    frame();
    await act(async () => screen.getByRole('button', { name: /refresh/i }).click());
    expect((await screen.findByTestId('exchange-balance')).textContent).toMatch(/77\.00/);
  });
});
