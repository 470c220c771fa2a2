import '@khela/web/test/mock-shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { calls, resetHost, responders, testHost } from '@khela/web/test/fake-host';
import '../i18n';
import { ExchangeFrame } from '../components/ExchangeFrame';
import { bet, listAnswer, matchOddsMarket } from '../trading/fixtures.test-util';
import { OddsView, marketKey } from './OddsView';

/*
 * Issue 31: the render server renders /odds-view as a visitor (no bets, no settings). In a logged-in player's browser
 * the exchange's frame hydrates first and reads the player's open bets; the screen's own Suspense boundary (the odds
 * view) hydrates afterwards, often once they are in. That render must still be the server's: a matched bet's Cash Out
 * in the Match Odds header was a hydration mismatch (#418) in about a third of a player's loads.
 */

const market = matchOddsMarket(1, { total_matched: '0.00' });

/**
 * While `held` is set, the screen's boundary waits (suspends) with the server's markup: the test lets it hydrate once
 * the player's bets are in the browser's store, the order in which the race ended when the mismatch showed.
 */
let held: Promise<void> | null = null;
function Hold({ children }: { children: ReactNode }) {
  if (held) throw held;
  return children;
}

const page = () => (
  <MemoryRouter initialEntries={['/odds-view?marketId=1.1&eventId=e1&sport=cricket']}>
    <ExchangeFrame>
      <Hold>
        <OddsView />
      </Hold>
    </ExchangeFrame>
  </MemoryRouter>
);

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The API's answers to the page (the market, the player's pins, settings, notices and position). */
function answer() {
  responders.set('GET /api/exchange/markets/{marketId}', () => market);
  responders.set('GET /api/exchange/pins', () => ({ data: [] }));
  responders.set('GET /api/exchange-hub', () => ({ data: { odds_url: 'http://odds.test' } }));
  responders.set('GET /api/exchange/settings', () => ({
    one_click: true,
    one_click_confirmed: true,
    one_click_stake: 500,
    stake_presets: [100, 500],
    keep_in_play: false,
  }));
  responders.set('GET /api/exchange/notices', () => ({ data: [], page: 1, last_page: 1, total: 0, unread: 0 }));
  responders.set('GET /api/exchange/markets/{marketId}/position', () => ({
    market_id: '1.1',
    kind: 'MATCH_ODDS',
    exposure: '100.00',
    runners: [
      { selection_id: '101', profit_loss: '150.00' },
      { selection_id: '102', profit_loss: '-100.00' },
    ],
  }));
}

let root: Root | null = null;
beforeEach(() => {
  resetHost();
  answer();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"data":{"items":{}}}', { headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  held = null;
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('odds view over the server markup', () => {
  it("hydrates a logged-in player's page whose matched bet came before the screen hydrated, without a mismatch; then shows it", async () => {
    // the server: a visitor's page with the market the render server read
    testHost.queryClient.setQueryData(marketKey('1.1'), market);
    const html = renderToString(page());
    expect(html).toContain('Bangladesh v India');
    expect(html).not.toContain('data-testid="cash-out"');

    // the browser: the player's session, with a matched bet on the shown market
    resetHost();
    answer();
    responders.set('GET /api/exchange/bets', () => listAnswer([bet({ id: '7', market_id: '1.1', event_id: 'e1', status: 'MATCHED' })]));
    localStorage.setItem('token', 't');
    localStorage.setItem('username', 'demo1234');
    testHost.queryClient.setQueryData(marketKey('1.1'), market);
    const el = document.createElement('div');
    el.innerHTML = html;
    document.body.append(el);
    let release = () => undefined as void;
    held = new Promise<void>((resolve) => (release = resolve));
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(el, page(), { onRecoverableError: (e) => void errors.push(e) });
    });
    // the frame hydrated and read the player's open bets; the screen's boundary still holds the server's markup
    await act(async () => {
      await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/exchange/bets')).toBe(true));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(el.querySelector('[data-testid="bets-count"]')!.textContent).toBe('1');
    const runner = el.querySelector('[data-testid="match-odds-runner"]');
    expect(runner).not.toBeNull();

    // now the screen hydrates: as the server rendered it, then the player's bet (its Cash Out) right after
    await act(async () => {
      held = null;
      release();
    });
    await act(async () => {
      await vi.waitFor(() => expect(el.querySelector('[data-testid="cash-out"]')).not.toBeNull());
    });
    expect(errors).toEqual([]);
    // the server's elements were hydrated, not replaced
    expect(runner!.isConnected).toBe(true);
  });
});
