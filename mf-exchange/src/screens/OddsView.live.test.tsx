import '@khela/web/test/mock-shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { calls, resetHost, responders, sessionService, testBus } from '@khela/web/test/fake-host';
import '../i18n';
import { TradingProvider } from '../trading/context';
import { PUSH_GRACE_MS } from '../trading/live';
import { bet, listAnswer, matchOddsMarket as market } from '../trading/fixtures.test-util';
import { OddsView } from './OddsView';

const detail = (ballRunning = 0) => ({
  data: {
    items: {
      e1: {
        fancy2: [
          {
            marketId: 'e1-F1',
            selectionId: 151,
            title: '6 over runs',
            type: 2,
            suspended: ballRunning,
            ball_running: ballRunning,
            no: 48,
            no_rate: 100,
            yes: 49,
            yes_rate: 90,
          },
        ],
        bookmaker: {
          'e1-BM': {
            runners: [
              { selectionId: 101, runner: 'Bangladesh', backPrice: 150, layPrice: 152, suspended: 0, ball_running: 0 },
              { selectionId: 102, runner: 'India', backPrice: 66, layPrice: 68, suspended: 0, ball_running: 0 },
            ],
          },
        },
      },
    },
  },
});

let oddsHits: string[] = [];
let ballRunning = 0;

function view() {
  return render(
    <MemoryRouter initialEntries={['/odds-view?marketId=1.1&eventId=e1&sport=cricket']}>
      <TradingProvider>
        <OddsView />
      </TradingProvider>
    </MemoryRouter>,
  );
}
const marketCalls = () => calls.filter((c) => c.path === '/api/exchange/markets/{marketId}').length;
const detailCalls = () => oddsHits.filter((u) => u.includes('/api/event/')).length;
/** Fake time in steps, each in its own act() so React renders and runs effects between them (as a browser would). */
async function tick(ms: number, step = 100) {
  for (let left = ms; left > 0; left -= step) await act(async () => void (await vi.advanceTimersByTimeAsync(Math.min(step, left))));
}

// typing and fake time are slow on a loaded machine
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.useFakeTimers();
  resetHost();
  localStorage.setItem('token', 't');
  oddsHits = [];
  ballRunning = 0;
  responders.set('GET /api/exchange-hub', () => ({ data: { odds_url: 'http://odds.test' } }));
  responders.set('GET /api/exchange/bets', () => listAnswer([]));
  responders.set('GET /api/exchange/pins', () => ({ data: [] }));
  responders.set('GET /api/exchange/markets/{marketId}', () => market());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      oddsHits.push(url);
      if (url.includes('/api/score/board/')) return new Response('<p>no frame</p>', { headers: { 'content-type': 'text/html' } });
      return new Response(JSON.stringify(detail(ballRunning)), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('odds view: push drives it, the poll only while push is down', () => {
  it('while push is up an idle view asks nothing; a push for a shown market refetches it, throttled', async () => {
    sessionService().receivePushState(true);
    view();
    await tick(50);
    expect(screen.getAllByTestId('match-odds-runner')).toHaveLength(2);
    expect(screen.getByText('Bangladesh v India')).toBeTruthy();
    const [m0, d0] = [marketCalls(), detailCalls()];
    expect([m0, d0]).toEqual([1, 1]);

    await tick(60_000);
    expect([marketCalls(), detailCalls()]).toEqual([m0, d0]);

    // another market's change is not ours; an older version of ours is not news
    act(() => testBus().session.publish('odds', { marketId: '9.9', status: 'OPEN', version: 5 }));
    act(() => testBus().session.publish('odds', { marketId: '1.1', status: 'OPEN', version: 1 }));
    await tick(2_000);
    expect(marketCalls()).toBe(m0);

    // a burst of pushes for the market: one refetch now, one after the throttle window
    responders.set('GET /api/exchange/markets/{marketId}', () => market(2, { status: 'SUSPENDED' }));
    for (let v = 2; v < 7; v++) act(() => testBus().session.publish('odds', { marketId: '1.1', status: 'SUSPENDED', version: v }));
    await tick(10);
    expect(marketCalls()).toBe(m0 + 1);
    await tick(1_000);
    expect(marketCalls()).toBe(m0 + 2);
    expect(within(screen.getByTestId('match-odds')).getByTestId('row-overlay').textContent).toBe('Suspend');

    // a Fancy row starts ball running: the overlay shows from the push, then the row is read again
    ballRunning = 1;
    act(() => testBus().session.publish('odds', { marketId: 'e1-F1', status: 'SUSPENDED', ballRunning: true, version: 3 }));
    expect(within(screen.getByTestId('fancy-row')).getByTestId('row-overlay').textContent).toBe('Ball Running');
    await tick(1_000);
    expect(detailCalls()).toBe(d0 + 1);
    expect(within(screen.getByTestId('fancy-row')).getByTestId('row-overlay').textContent).toBe('Ball Running');
  });

  it('applies the prices a push carries as they come (Match Odds book, BookMaker rates, Fancy lines): nothing is asked', async () => {
    sessionService().receivePushState(true);
    act(() => sessionService().receiveBalance({ balance: '1000.00', currency: 'BDT' }));
    view();
    await tick(50);
    const [m0, d0] = [marketCalls(), detailCalls()];
    const runner = (i: number) => screen.getAllByTestId('match-odds-runner')[i]!;
    expect(runner(0).textContent).toContain('2.5');

    // a feed tick: the book of the player's currency is shown, the other currencies' are not
    const book = (back: number, size: string) => [
      { selection_id: '101', status: 'ACTIVE', suspended: false, back: [{ price: back, size }], lay: [{ price: 3.05, size: '10.00' }] },
      { selection_id: '102', status: 'ACTIVE', suspended: false, back: [{ price: 1.5, size: '20.00' }], lay: [] },
    ];
    act(() =>
      testBus().session.publish('odds', {
        marketId: '1.1',
        status: 'OPEN',
        inplay: true,
        ballRunning: false,
        version: 2,
        books: { BDT: book(3, '4321.00'), INR: book(9, '1.00') },
      }),
    );
    await tick(10);
    expect(runner(0).textContent).toContain('3');
    expect(runner(0).textContent).toContain('4321');
    expect(runner(0).textContent).not.toContain('9');
    // an older version's book is not shown over a newer one
    act(() => testBus().session.publish('odds', { marketId: '1.1', version: 1, books: { BDT: book(7.4, '5.00') } }));
    await tick(10);
    expect(runner(0).textContent).not.toContain('7.4');

    // BookMaker rates and a Fancy row's lines
    act(() =>
      testBus().session.publish('odds', {
        marketId: 'e1-BM',
        status: 'OPEN',
        ballRunning: false,
        version: 4,
        rates: [
          { selection_id: '101', back_rate: 171, lay_rate: 175, suspended: false },
          { selection_id: '102', back_rate: 55, lay_rate: 57, suspended: true },
        ],
      }),
    );
    act(() =>
      testBus().session.publish('odds', {
        marketId: 'e1-F1',
        status: 'OPEN',
        ballRunning: false,
        version: 4,
        fancy: { no: 61, no_rate: 100, yes: 62, yes_rate: 95 },
      }),
    );
    await tick(10);
    const bm = screen.getAllByTestId('bookmaker-runner');
    expect(bm[0]!.textContent).toContain('171');
    expect(bm[0]!.textContent).toContain('175');
    expect(within(bm[1]!).getByTestId('row-overlay')).toBeTruthy();
    expect(screen.getByTestId('fancy-row').textContent).toContain('61');
    expect(screen.getByTestId('fancy-row').textContent).toContain('62');

    await tick(5_000);
    expect([marketCalls(), detailCalls()]).toEqual([m0, d0]);
  });

  it("polls the spec's 300 ms event detail and the market every second while push is down, and stops when it is back", async () => {
    view();
    await tick(50);
    const [m0, d0] = [marketCalls(), detailCalls()];
    // the stream may take a moment at page load: no poll during the grace
    await tick(PUSH_GRACE_MS - 100);
    expect([marketCalls(), detailCalls()]).toEqual([m0, d0]);
    await tick(3_000);
    expect(detailCalls() - d0).toBeGreaterThanOrEqual(9);
    expect(marketCalls() - m0).toBeGreaterThanOrEqual(3);

    act(() => sessionService().receivePushState(true));
    await tick(50);
    const [m1, d1] = [marketCalls(), detailCalls()];
    await tick(10_000);
    expect([marketCalls(), detailCalls()]).toEqual([m1, d1]);
  });

  it("shows the player's P&L per runner, the Fancy book and Cash Out where they have bets", async () => {
    sessionService().receivePushState(true);
    responders.set('GET /api/exchange/bets', () =>
      listAnswer([
        bet({ id: '1', market_id: '1.1', event_id: 'e1' }),
        bet({ id: '2', market_id: 'e1-F1', event_id: 'e1', market_kind: 'FANCY', side: 'YES', price: null, line: 49, rate: 90 }),
      ]),
    );
    responders.set('GET /api/exchange/markets/{marketId}/position', ({ params }) =>
      params.marketId === '1.1'
        ? {
            market_id: '1.1',
            kind: 'MATCH_ODDS',
            currency: 'BDT',
            runners: [
              { selection_id: '101', selection_name: 'Bangladesh', profit_loss: '150.00', worst: '150.00' },
              { selection_id: '102', selection_name: 'India', profit_loss: '-100.00', worst: '-100.00' },
            ],
            runs: [],
            exposure: '100.00',
          }
        : {
            market_id: 'e1-F1',
            kind: 'FANCY',
            currency: 'BDT',
            runners: [],
            runs: [
              { runs: 48, profit_loss: '-100.00' },
              { runs: 49, profit_loss: '90.00' },
            ],
            exposure: '100.00',
          },
    );
    view();
    await tick(50);
    expect(screen.getAllByTestId('runner-pl').map((e) => e.textContent)).toEqual(['৳150.00', '-৳100.00']);
    expect(screen.getByTestId('fancy-book').textContent).toBe('Book −৳100.00');
    expect(within(screen.getByTestId('match-odds')).getByTestId('cash-out')).toBeTruthy();
    expect(within(screen.getByTestId('bookmaker')).queryByTestId('cash-out')).toBeNull();

    // the player's bets changed (another player matched, own bet): the position is read again
    const positionCalls = () => calls.filter((c) => c.path.endsWith('/position')).length;
    const before = positionCalls();
    responders.set('GET /api/exchange/bets', () =>
      listAnswer([bet({ id: '1', market_id: '1.1', event_id: 'e1', stake: '200.00', matched_stake: '200.00' })]),
    );
    act(() => testBus().session.publish('odds', { marketId: '1.1', bets: true }));
    await tick(50);
    expect(positionCalls()).toBe(before + 1);
  });
});

describe('odds view: a settled market', () => {
  it('says Closed (not Suspend), with its winner and the player’s result, and no In-Play badge', async () => {
    sessionService().receivePushState(true);
    responders.set('GET /api/exchange/markets/{marketId}', () => market(9, { status: 'CLOSED', result: { winner: '102' } }));
    responders.set('GET /api/exchange/bets', (o) =>
      o.query?.market_id === '1.1'
        ? listAnswer([
            bet({ id: '7', status: 'WON', profit_loss: '66.00' }),
            bet({ id: '8', status: 'LOST', profit_loss: '-100.00' }),
            bet({ id: '9', status: 'LAPSED', profit_loss: null }),
          ])
        : listAnswer([]),
    );
    view();
    await tick(100);
    expect(within(screen.getByTestId('match-odds')).getByTestId('row-overlay').textContent).toBe('Closed');
    expect(screen.getByTestId('market-closed-outcome').textContent).toBe('Closed · Winner: India');
    expect(screen.getByTestId('market-closed-mine').textContent).toBe('Your result on this market: -৳34.00');
    expect(screen.queryByText('In-Play')).toBeNull();
  });

  it('a push that closes the open market shows Closed at once and reads the winner (the push carries none)', async () => {
    sessionService().receivePushState(true);
    act(() => sessionService().receiveBalance({ balance: '1000.00', currency: 'BDT' }));
    let settled = false;
    responders.set('GET /api/exchange/markets/{marketId}', () =>
      settled ? market(9, { status: 'CLOSED', result: { winner: '102' } }) : market(9),
    );
    view();
    await tick(50);
    expect(screen.queryByTestId('market-closed')).toBeNull();
    const before = marketCalls();
    settled = true;
    // staff settled it: the push has the status and the book, of the same version (a staff change is no feed version)
    const book = [
      { selection_id: '101', status: 'ACTIVE', suspended: false, back: [], lay: [] },
      { selection_id: '102', status: 'ACTIVE', suspended: false, back: [], lay: [] },
    ];
    act(() => testBus().session.publish('odds', { marketId: '1.1', status: 'CLOSED', version: 9, books: { BDT: book } }));
    await tick(1_100);
    expect(marketCalls()).toBe(before + 1);
    expect(screen.getByTestId('market-closed-outcome').textContent).toBe('Closed · Winner: India');
    // once the result is shown, another push of the closed market reads nothing
    act(() => testBus().session.publish('odds', { marketId: '1.1', status: 'CLOSED', version: 9, books: { BDT: book } }));
    await tick(1_100);
    expect(marketCalls()).toBe(before + 1);
  });

  it('a closed market shown without its result reads it when the next push of it comes (the feed results it later)', async () => {
    sessionService().receivePushState(true);
    act(() => sessionService().receiveBalance({ balance: '1000.00', currency: 'BDT' }));
    let resulted = false;
    responders.set('GET /api/exchange/markets/{marketId}', () =>
      market(9, { status: 'CLOSED', ...(resulted ? { result: { winner: '101' } } : {}) }),
    );
    view();
    await tick(50);
    expect(screen.getByTestId('market-closed-outcome').textContent).toBe('Closed · Result to follow');
    resulted = true;
    const book = [
      { selection_id: '101', status: 'WINNER', suspended: false, back: [], lay: [] },
      { selection_id: '102', status: 'LOSER', suspended: false, back: [], lay: [] },
    ];
    act(() => testBus().session.publish('odds', { marketId: '1.1', status: 'CLOSED', version: 10, books: { BDT: book } }));
    await tick(1_100);
    expect(screen.getByTestId('market-closed-outcome').textContent).toBe('Closed · Winner: Bangladesh');
  });

  it('says Void when the market was voided, and when the player had no bet there', async () => {
    sessionService().receivePushState(true);
    responders.set('GET /api/exchange/markets/{marketId}', () => market(9, { status: 'CLOSED', voided: true }));
    view();
    await tick(100);
    expect(screen.getByTestId('market-closed-outcome').textContent).toBe('Closed · Void: every stake is returned');
    expect(screen.getByTestId('market-closed-mine').textContent).toBe('You had no bets on this market.');
  });
});
