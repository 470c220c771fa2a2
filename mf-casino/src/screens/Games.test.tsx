import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, i18n } from '@khela/web';
import { calls, navigations, published, resetHost, responders, sessionService } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { Games, sortGames } from './Games';

const GAMES = [
  {
    code: 'sandbox-slot',
    name: 'Sandbox Slots',
    type: 'SLOT',
    platform: 'SANDBOX',
    provider: 'SANDBOX',
    thumbnail: '/storage/a.svg',
    created_at: '2026-01-01T00:00:00.000Z',
  },
  {
    code: 'JILI-1',
    name: 'Super Ace',
    type: 'SLOT',
    platform: 'JILI',
    provider: 'JILI',
    thumbnail: null,
    created_at: '2026-03-01T00:00:00.000Z',
  },
  {
    code: 'JILI-2',
    name: 'Money Coming',
    type: 'SLOT',
    platform: 'JILI',
    provider: 'JILI',
    thumbnail: null,
    created_at: '2026-02-01T00:00:00.000Z',
  },
  {
    code: 'PG-1',
    name: 'Mahjong Ways',
    type: 'SLOT',
    platform: 'PG',
    provider: 'PG',
    thumbnail: null,
    created_at: '2026-01-15T00:00:00.000Z',
  },
];

function catalogue() {
  responders.set('GET /api/get-system', () => ({
    systems: [
      { platform: 'SANDBOX', name: 'Khela Sandbox', icon: null },
      { platform: 'JILI', name: 'JILI', icon: null },
      { platform: 'PG', name: 'PG Soft', icon: null },
    ],
  }));
  responders.set('GET /api/get-provider', () => ({
    data: [
      { system: 'SANDBOX', platform: 'SANDBOX', name: 'Khela Sandbox', icon: null },
      { system: 'JILI', platform: 'JILI', name: 'JILI Games', icon: null },
      { system: 'PG', platform: 'PG', name: 'PG Soft', icon: null },
    ],
  }));
  responders.set('GET /api/get-games', () => ({ games: GAMES }));
}

const names = () => screen.getAllByTestId('game-card').map((c) => within(c).getAllByRole('button')[0]!.textContent);

beforeEach(() => {
  resetHost();
  catalogue();
});

describe('Games list', () => {
  it('loads systems, then their providers, and the games of the category', async () => {
    renderScreen(<Games />, '/games?type=SLOT');
    await screen.findByText('Super Ace');
    const providerCall = calls.find((c) => c.path === '/api/get-provider')!;
    expect(providerCall.opts.query).toEqual({ system: '["SANDBOX","JILI","PG"]' });
    expect(calls.find((c) => c.path === '/api/get-games')!.opts.query).toEqual({ type: 'SLOT' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Slot');
    expect(names()).toEqual(['Sandbox Slots', 'Super Ace', 'Money Coming', 'Mahjong Ways']);
  });

  it('fetches the first screen of thumbnails at once (the largest paint) and the rest lazily', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...GAMES[0]!, code: `g-${i}`, name: `Game ${String(i).padStart(2, '0')}` }));
    responders.set('GET /api/get-games', () => ({ games: many }));
    renderScreen(<Games />, '/games?type=SLOT');
    await screen.findByText('Game 00');
    const images = screen.getAllByTestId('game-card').map((c) => c.querySelector('img')!);
    expect(images).toHaveLength(20);
    expect(images.slice(0, 12).map((img) => img.getAttribute('loading'))).toEqual(Array(12).fill('eager'));
    expect(images.slice(12).map((img) => img.getAttribute('loading'))).toEqual(Array(8).fill('lazy'));
    expect(images[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(images[1]!.getAttribute('fetchpriority')).toBeNull();
  });

  it('filters by a provider chip (in the URL), searches and sorts A-Z', async () => {
    renderScreen(<Games />, '/games?type=SLOT');
    await screen.findByText('Super Ace');
    const chips = within(screen.getByTestId('provider-chips'));
    await userEvent.click(await chips.findByRole('button', { name: 'JILI Games' }));
    expect(names()).toEqual(['Super Ace', 'Money Coming']);
    expect(new URLSearchParams(current.search).get('system')).toBe('JILI');
    expect(new URLSearchParams(current.search).get('title')).toBe('JILI Games');

    await userEvent.click(screen.getByRole('button', { name: /Sort: Recommend/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'A-Z' }));
    expect(names()).toEqual(['Money Coming', 'Super Ace']);
    expect(new URLSearchParams(current.search).get('sort')).toBe('az');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search games' }), 'super');
    expect(names()).toEqual(['Super Ace']);
    await waitFor(() => expect(new URLSearchParams(current.search).get('q')).toBe('super'));

    await userEvent.click(chips.getByRole('button', { name: 'All' }));
    expect(new URLSearchParams(current.search).get('system')).toBeNull();
    expect(names()).toEqual(['Super Ace']);
  });

  it('keeps a chip tapped while a search is still settling into the URL (the tap is not lost to the search)', async () => {
    renderScreen(<Games />, '/games?type=SLOT&sort=az');
    await screen.findByText('Super Ace');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search games' }), 'sandbox');
    // tapped before the 250 ms settle: the search goes into the URL with the chip, in one navigation
    await user.click(within(screen.getByTestId('provider-chips')).getByRole('button', { name: 'Khela Sandbox' }));
    const params = () => new URLSearchParams(current.search);
    expect(params().get('system')).toBe('SANDBOX');
    expect(params().get('q')).toBe('sandbox');
    // and the settle timer, had it survived, would have written the params it saw when the player typed
    await new Promise((r) => setTimeout(r, 400));
    expect(params().get('system')).toBe('SANDBOX');
    expect(params().get('q')).toBe('sandbox');
    expect(params().get('sort')).toBe('az');
    expect(within(screen.getByTestId('provider-chips')).getByRole('button', { name: 'Khela Sandbox' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(names()).toEqual(['Sandbox Slots']);
  });

  it('keeps a category tapped while a search is still settling, and starts it with an empty search', async () => {
    renderScreen(<Games />, '/games?type=SLOT');
    await screen.findByText('Super Ace');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search games' }), 'ace');
    await user.click(within(screen.getByRole('navigation', { name: 'Game categories' })).getByRole('button', { name: 'Table' }));
    await new Promise((r) => setTimeout(r, 400));
    expect(new URLSearchParams(current.search).get('type')).toBe('TABLE');
    expect(new URLSearchParams(current.search).get('q')).toBeNull();
    expect((screen.getByRole('searchbox', { name: 'Search games' }) as HTMLInputElement).value).toBe('');
  });

  it('sorts Latest by catalogue date and Favorite with the player’s favourites first', () => {
    expect(sortGames(GAMES, 'latest', []).map((g) => g.code)).toEqual(['JILI-1', 'JILI-2', 'PG-1', 'sandbox-slot']);
    expect(sortGames(GAMES, 'favorite', ['PG-1', 'JILI-2']).map((g) => g.code)).toEqual(['PG-1', 'JILI-2', 'sandbox-slot', 'JILI-1']);
    expect(sortGames(GAMES, 'recommend', []).map((g) => g.code)).toEqual(GAMES.map((g) => g.code));
  });

  it('stores a favourite for a logged-in player and sorts it first', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('remote_id', '7');
    responders.set('GET /api/game-favourites', () => ({ codes: [] }));
    responders.set('POST /api/game-favourites', (o) => ({ codes: [o.body.gameCode] }));
    renderScreen(<Games />, '/games?type=SLOT&sort=favorite');
    await screen.findByText('Mahjong Ways');
    await userEvent.click(screen.getByRole('button', { name: 'Add Mahjong Ways to favourites' }));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/game-favourites')!.opts.body).toEqual({ gameCode: 'PG-1' });
    expect(names()[0]).toBe('Mahjong Ways');
    expect(screen.getByRole('button', { name: 'Remove Mahjong Ways from favourites' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the server message when there is one, else the spec text', async () => {
    responders.set('GET /api/get-system', () => {
      throw new ApiError('Unknown game type: XYZ', 404, {});
    });
    renderScreen(<Games />, '/games?type=SLOT');
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown game type: XYZ');
  });

  it("falls back to 'Failed to fetch games'", async () => {
    responders.set('GET /api/get-games', () => {
      throw new ApiError('Failed to fetch games', 500, {});
    });
    renderScreen(<Games />, '/games?type=SLOT');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch games');
    // said with Retry, nothing left loading
    expect(screen.getByTestId('games-error')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('a network failure of the games and of the systems says so in Bangla with Retry, and Retry loads them (issue 34 item 4)', async () => {
    let down = true;
    responders.set('GET /api/get-games', () => {
      if (down) throw new ApiError('Network error, please try again later.', 0, undefined, true);
      return { games: GAMES };
    });
    responders.set('GET /api/get-system', () => {
      if (down) throw new ApiError('Network error, please try again later.', 0, undefined, true);
      return { systems: [{ platform: 'JILI', name: 'JILI', icon: null }] };
    });
    renderScreen(<Games />, '/games?type=SLOT');
    await act(() => i18n.changeLanguage('bn'));
    const games = await screen.findByTestId('games-error');
    expect(games.textContent).toContain('নেটওয়ার্ক ত্রুটি');
    // said once: the games' Retry asks for the providers too
    expect(screen.queryByTestId('providers-error')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    down = false;
    await userEvent.click(within(games).getByRole('button', { name: 'আবার চেষ্টা করুন' }));
    await screen.findByText('Super Ace');
    await screen.findByRole('button', { name: 'JILI Games' });
    expect(screen.queryByTestId('providers-error')).toBeNull();
  });

  it('a failure of the providers alone says so above the games, with its Retry', async () => {
    let down = true;
    responders.set('GET /api/get-provider', () => {
      if (down) throw new ApiError('Failed to fetch providers', 500, {});
      return { data: [{ system: 'JILI', platform: 'JILI', name: 'JILI Games', icon: null }] };
    });
    renderScreen(<Games />, '/games?type=SLOT');
    const failed = await screen.findByTestId('providers-error');
    expect(failed.textContent).toContain('Failed to fetch providers');
    expect(await screen.findByText('Super Ace')).toBeTruthy();
    down = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('button', { name: 'JILI Games' });
    expect(screen.queryByTestId('providers-error')).toBeNull();
  });

  it("sends a visitor to /login with 'User not logged in'", async () => {
    renderScreen(<Games />, '/games?type=SLOT');
    await userEvent.click(await screen.findByRole('button', { name: 'Play Super Ace' }));
    expect(navigations[0]!.to).toBe('/login');
    expect(published).toContainEqual({ type: 'toast', payload: { kind: 'error', message: 'User not logged in' } });
    expect(calls.some((c) => c.path === '/api/game-run')).toBe(false);
  });

  it('launches for a player: POST /api/game-run, then /gamerun with the url and originating params', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('remote_id', '7');
    responders.set('GET /api/game-favourites', () => ({ codes: [] }));
    responders.set('POST /api/game-run', () => ({ url: 'http://sandbox.test/provider/play?token=abc' }));
    renderScreen(<Games />, '/games?type=SLOT&system=SANDBOX&title=Khela%20Sandbox');
    await userEvent.click(await screen.findByRole('button', { name: 'Play Sandbox Slots' }));
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/game-run')!.opts.body).toMatchObject({
      userId: '7',
      gameCode: 'sandbox-slot',
      gameType: 'SLOT',
      platform: 'SANDBOX',
      isMobileLogin: true,
    });
    expect(navigations[0]).toEqual({
      to: '/gamerun',
      state: {
        url: 'http://sandbox.test/provider/play?token=abc',
        gameName: 'Sandbox Slots',
        from: { pathname: '/games', search: '?type=SLOT&system=SANDBOX&title=Khela%20Sandbox' },
      },
    });
  });

  it('blocks the categories with the spec 6 popup when the upline blocked the casino', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('remote_id', '7');
    responders.set('GET /api/game-favourites', () => ({ codes: [] }));
    // the shell's session decided the block from the player's flags
    sessionService().receiveMarketFlags({ exchange_market: 1, cs_market: 0, status: 'inactive' });
    renderScreen(<Games />, '/games?type=SLOT');
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Your selected section "Slot" is currently blocked by Your Upline. Please Contact Customer Support for further assistance.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('game-list')).toBeNull();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
