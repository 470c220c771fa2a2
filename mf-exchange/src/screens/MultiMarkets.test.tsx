import '@khela/web/test/mock-shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { resetHost, responders, testHost } from '@khela/web/test/fake-host';
import '../i18n';
import { MultiMarkets } from './MultiMarkets';
import { pinStore, useDropPlayerStateOnLogout } from '../state';

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
  // the pinned cards poll the odds host; a host that never answers keeps them on their spinner
  responders.set('GET /api/exchange-hub', () => new Promise(() => {}));
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
