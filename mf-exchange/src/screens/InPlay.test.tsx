import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { resetHost, testHost } from '@khela/web/test/fake-host';
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
const board = (props: Partial<Parameters<typeof EventsBoard>[0]> = {}) =>
  render(
    <MemoryRouter>
      <DropOnLogout />
      <EventsBoard events={events} error={false} now={now} {...props} />
    </MemoryRouter>,
  );

beforeEach(resetHost);

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

  it('shows the loading overlays while events load', async () => {
    board({ events: null });
    expect(screen.getByTestId('exchange-loading').textContent).toBe('Loading in-play events...');
    await userEvent.click(screen.getByRole('tab', { name: 'Today' }));
    expect(screen.getByTestId('exchange-loading').textContent).toBe('Loading events...');
  });

  it('shows No Data on Result and finds events by name on Search', async () => {
    board();
    await userEvent.click(screen.getByRole('tab', { name: 'Result' }));
    expect(screen.getByText('No Data')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Search' }));
    await userEvent.type(screen.getByRole('searchbox'), 'sinner');
    expect(screen.getAllByTestId('exchange-event').map((e) => e.textContent)).toEqual([expect.stringContaining('Alcaraz v Sinner')]);
    expect(screen.getByRole('heading').textContent).toBe('Tennis');
  });

  it('pins an event to Multi Markets and drops the pins on logout', async () => {
    board();
    await userEvent.click(screen.getByRole('button', { name: 'Pin to Multi Markets: Bangladesh v India' }));
    expect(pinStore.get().map((p) => p.marketId)).toEqual(['1.1']);
    expect(screen.getByRole('button', { name: 'Remove from Multi Markets: Bangladesh v India' }).getAttribute('aria-pressed')).toBe('true');
    act(() => testHost.session.logout('user'));
    expect(pinStore.get()).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Pin to Multi Markets: Bangladesh v India' })).toBeTruthy();
  });
});
