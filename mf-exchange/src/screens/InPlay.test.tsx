import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { calls, resetHost, responders, testHost } from '@khela/web/test/fake-host';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import '../i18n';
import { EventsBoard } from './InPlay';
import { pinStore, useDropPlayerStateOnLogout } from '../state';
import type { ListedEvent } from '../logic';

const events: ListedEvent[] = [
  {
    EventId: '1',
    MarketId: '1.1',
    Event: 'Bangladesh v India',
    Fancy: true,
    Bookmaker: true,
    inplay: true,
    sportKey: 'cricket',
    OpenDate: '2025-01-10T02:00:00Z',
  },
  {
    EventId: '2',
    MarketId: '1.2',
    Event: 'Abahani v Kings',
    Fancy: false,
    Bookmaker: false,
    inplay: true,
    sportKey: 'soccer',
    OpenDate: '2025-01-10T02:00:00Z',
  },
  {
    EventId: '3',
    MarketId: '1.3',
    Event: 'Alcaraz v Sinner',
    Fancy: false,
    Bookmaker: false,
    inplay: false,
    sportKey: 'tennis',
    OpenDate: '2025-01-10T14:00:00Z',
  },
];
const now = new Date('2025-01-10T06:00:00Z');
/** The frame's logout hook, as ExchangeFrame mounts it around every exchange screen. */
function DropOnLogout() {
  useDropPlayerStateOnLogout();
  return null;
}
const board = (props: Partial<Parameters<typeof EventsBoard>[0]> = {}, path = '/exchange-inplay') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <DropOnLogout />
      <EventsBoard events={events} error={false} now={now} {...props} />
    </MemoryRouter>,
  );

const results = [
  {
    event_id: '9',
    event_name: 'Pakistan v Sri Lanka',
    sport: 'cricket',
    market_id: '1.9',
    market_name: 'Match Odds',
    winner: 'Sri Lanka',
    voided: false,
    settled_at: '2025-01-09T12:30:00Z',
  },
  {
    event_id: '8',
    event_name: 'Mohammedan v Dhaka',
    sport: 'soccer',
    market_id: '1.8',
    market_name: 'Match Odds',
    winner: null,
    voided: true,
    settled_at: '2025-01-09T11:00:00Z',
  },
];

beforeEach(() => {
  resetHost();
  responders.set('GET /api/exchange/results', ({ query }) => ({ data: results.filter((r) => !query?.sport || r.sport === query.sport) }));
  responders.set('GET /api/exchange/pins', () => ({ data: [] }));
  responders.set('PUT /api/exchange/pins', ({ body }) => ({ data: [body] }));
});

describe('in-play page', () => {
  it('groups in-play events under their sport with Fancy and BookMaker badges', () => {
    board();
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Cricket', 'Soccer']);
    const cricket = screen.getByTestId('sport-cricket');
    expect(within(cricket).getByText('Bangladesh v India')).toBeTruthy();
    expect(within(cricket).getByText('Fancy')).toBeTruthy();
    expect(within(cricket).getByText('BookMaker')).toBeTruthy();
    expect(within(screen.getByTestId('sport-soccer')).queryByText('Fancy')).toBeNull();
  });

  it("labels an event's start time as Dhaka time (issue 34 item 3)", async () => {
    board();
    await userEvent.click(screen.getByRole('tab', { name: 'Today' }));
    // 14:00 UTC is 20:00 in Dhaka
    expect((await screen.findByTestId('event-start')).textContent).toBe('2025-01-10 20:00:00 GMT+6');
  });

  it('shows the loading overlays while events load', async () => {
    board({ events: null });
    expect(screen.getByTestId('exchange-loading').textContent).toBe('Loading in-play events...');
    await userEvent.click(screen.getByRole('tab', { name: 'Today' }));
    expect(screen.getByTestId('exchange-loading').textContent).toBe('Loading events...');
  });

  it('Result: settled events with their winners, voided shown as Void, Dhaka times, a sport filter', async () => {
    board();
    await userEvent.click(screen.getByRole('tab', { name: 'Result' }));
    const rows = await screen.findAllByTestId('exchange-result');
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Cricket', 'Soccer']);
    expect(rows[0]!.textContent).toContain('Pakistan v Sri Lanka');
    expect(within(rows[0]!).getByTestId('result-outcome').textContent).toBe('WinnerSri Lanka');
    // 12:30 UTC is 18:30 in Dhaka
    expect(rows[0]!.textContent).toContain('2025-01-09 18:30:00 GMT+6');
    expect(within(rows[1]!).getByTestId('result-outcome').textContent).toBe('Void');
    await userEvent.click(screen.getByRole('button', { name: 'Soccer' }));
    await waitFor(() => expect(screen.getAllByTestId('exchange-result')).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/api/exchange/results').map((c) => c.opts.query)).toEqual([{}, { sport: 'soccer' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Tennis' }));
    expect(await screen.findByText('No Data')).toBeTruthy();
  });

  it('opens on the tab of the address (a reload keeps the Result tab)', async () => {
    board({}, '/exchange-inplay?tab=result');
    expect(screen.getByRole('tab', { name: 'Result' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findAllByTestId('exchange-result')).toHaveLength(2);
  });

  it('finds events by name on Search', async () => {
    board();
    await userEvent.click(screen.getByRole('tab', { name: 'Search' }));
    await userEvent.type(screen.getByRole('searchbox'), 'sinner');
    expect(screen.getAllByTestId('exchange-event').map((e) => e.textContent)).toEqual([expect.stringContaining('Alcaraz v Sinner')]);
    expect(screen.getByRole('heading').textContent).toBe('Tennis');
  });

  it('pins an event to Multi Markets and drops the pins on logout', async () => {
    board();
    await userEvent.click(screen.getByRole('button', { name: 'Pin to Multi Markets: Bangladesh v India' }));
    expect(pinStore.get().map((p) => p.marketId)).toEqual(['1.1']);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.opts.body.market_id === '1.1')).toBe(true));
    expect(screen.getByRole('button', { name: 'Remove from Multi Markets: Bangladesh v India' }).getAttribute('aria-pressed')).toBe('true');
    act(() => testHost.session.logout('user'));
    expect(pinStore.get()).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Pin to Multi Markets: Bangladesh v India' })).toBeTruthy();
  });
});
