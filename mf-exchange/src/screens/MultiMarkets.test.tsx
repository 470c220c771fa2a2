import '@khela/web/test/mock-shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { calls, resetHost, responders, sessionService, testBus, testHost } from '@khela/web/test/fake-host';
import '../i18n';
import { MultiMarkets } from './MultiMarkets';
import { pinStore, useDropPlayerStateOnLogout } from '../state';
import { TradingProvider } from '../trading/context';
import { bet, listAnswer, matchOddsMarket } from '../trading/fixtures.test-util';

const pin = (n: number, sport: 'cricket' | 'soccer' = 'cricket') => ({
  event_id: String(n),
  market_id: `1.${n}`,
  name: `Event ${n}`,
  sport,
});

function Frame() {
  useDropPlayerStateOnLogout();
  return <MultiMarkets />;
}
const page = () =>
  render(
    <MemoryRouter initialEntries={['/exchange-multi']}>
      <Frame />
    </MemoryRouter>,
  );
const names = () => screen.queryAllByTestId('pinned-market').map((c) => c.querySelector('button')!.textContent);

beforeEach(() => {
  resetHost();
  pinStore.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  localStorage.setItem('token', 't');
  localStorage.setItem('username', 'player1');
  // the pinned cards read the API's book; an API that never answers keeps them on their spinner
  responders.set('GET /api/exchange/markets/{marketId}', () => new Promise(() => {}));
});
afterEach(() => {
  pinStore.clear();
  vi.restoreAllMocks();
});

describe('Multi Markets', () => {
  it("shows the player's pins from the server (after a reload or on another device)", async () => {
    let answer: (v: unknown) => void = () => {};
    responders.set('GET /api/exchange/pins', () => new Promise((r) => (answer = r)));
    page();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await act(async () => answer({ data: [pin(1), pin(2, 'soccer')] }));
    expect(names()).toEqual(['Cricket · Event 1', 'Soccer · Event 2']);
  });

  it('unpins at once and puts the pin back when the server refuses', async () => {
    responders.set('GET /api/exchange/pins', () => ({ data: [pin(1), pin(2)] }));
    let refuse: (e: Error) => void = () => {};
    responders.set('DELETE /api/exchange/pins/{marketId}', () => new Promise((_, reject) => (refuse = reject)));
    page();
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Remove from Multi Markets: Event 1' }));
    expect(names()).toEqual(['Cricket · Event 2']);
    await act(async () => refuse(new Error('offline')));
    expect(names()).toEqual(['Cricket · Event 1', 'Cricket · Event 2']);
  });

  it("shows a pin's Match Odds book from the API and follows the pushed books without asking again", async () => {
    sessionService().receivePushState(true);
    act(() => sessionService().receiveBalance({ balance: '100.00', currency: 'BDT' }));
    responders.set('GET /api/exchange/pins', () => ({ data: [pin(1)] }));
    const runner = (id: string, back: number) => ({
      selection_id: id,
      name: `Runner ${id}`,
      status: 'ACTIVE',
      suspended: false,
      back: [{ price: back, size: '500.00' }],
      lay: [],
      back_rate: null,
      lay_rate: null,
    });
    responders.set('GET /api/exchange/markets/{marketId}', () =>
      matchOddsMarket(3, { event_id: '1', event_name: 'Event 1', runners: [runner('11', 2.4), runner('12', 1.7)] }),
    );
    page();
    const card = await screen.findByTestId('match-odds');
    await waitFor(() => expect(card.textContent).toContain('2.4'));
    const asked = calls.filter((c) => c.path === '/api/exchange/markets/{marketId}').length;
    const level = (price: number) => ({ price, size: '42.00' });
    act(() =>
      testBus().session.publish('odds', {
        marketId: '1.1',
        status: 'OPEN',
        version: 4,
        books: {
          BDT: [
            { selection_id: '11', status: 'ACTIVE', suspended: false, back: [level(2.62)], lay: [] },
            { selection_id: '12', status: 'ACTIVE', suspended: false, back: [level(1.55)], lay: [] },
          ],
        },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('match-odds').textContent).toContain('2.62'));
    expect(screen.getByTestId('match-odds').textContent).toContain('1.55');
    expect(calls.filter((c) => c.path === '/api/exchange/markets/{marketId}').length).toBe(asked);
  });

  it("shows the player's P&L per runner and exposure on a pinned market where they have bets", async () => {
    act(() => sessionService().receiveBalance({ balance: '100.00', currency: 'BDT' }));
    responders.set('GET /api/exchange/pins', () => ({ data: [pin(1), pin(2)] }));
    responders.set('GET /api/exchange/bets', () => listAnswer([bet({ market_id: '1.1', selection_id: '11' })]));
    responders.set('GET /api/exchange/markets/{marketId}', (o) => ({
      market_id: o.params.marketId,
      event_id: '1',
      event_name: 'Event 1',
      sport: 'cricket',
      kind: 'MATCH_ODDS',
      name: 'Match Odds',
      status: 'OPEN',
      inplay: false,
      ball_running: false,
      bet_delay: 0,
      version: 1,
      commission_percent: 5,
      runners: ['11', '12'].map((id) => ({
        selection_id: id,
        name: `Runner ${id}`,
        status: 'ACTIVE',
        suspended: false,
        back: [{ price: 2.5, size: '500.00' }],
        lay: [],
        back_rate: null,
        lay_rate: null,
      })),
      fancy: null,
      result: null,
      voided: false,
    }));
    responders.set('GET /api/exchange/markets/{marketId}/position', (o) => ({
      market_id: o.params.marketId,
      kind: 'MATCH_ODDS',
      currency: 'BDT',
      runners: [
        { selection_id: '11', profit_loss: '150.00' },
        { selection_id: '12', profit_loss: '-100.00' },
      ],
      runs: [],
      exposure: '100.00',
    }));
    render(
      <MemoryRouter initialEntries={['/exchange-multi']}>
        <TradingProvider>
          <Frame />
        </TradingProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getAllByTestId('runner-pl')).toHaveLength(2));
    expect(screen.getAllByTestId('runner-pl').map((e) => e.textContent)).toEqual([
      expect.stringContaining('150'),
      expect.stringContaining('100'),
    ]);
    expect(screen.getAllByTestId('pinned-exposure').map((e) => e.textContent)).toEqual(['Exposure: ৳100.00']);
    // only the market with bets is asked for a position
    expect(calls.filter((c) => c.path === '/api/exchange/markets/{marketId}/position').map((c) => c.opts.params.marketId)).toEqual(['1.1']);
  });

  it('says when there are no pins, when they could not be loaded (Retry), and empties on logout', async () => {
    responders.set('GET /api/exchange/pins', () => Promise.reject(new Error('offline')));
    page();
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load your Multi Markets.');
    responders.set('GET /api/exchange/pins', () => ({ data: [pin(3)] }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(names()).toEqual(['Cricket · Event 3']));
    act(() => testHost.session.logout('user'));
    expect(await screen.findByText('No markets pinned yet. Tap the pin on an event to follow it here.')).toBeTruthy();
  });
});
