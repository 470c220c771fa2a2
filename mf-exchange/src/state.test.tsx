import '@khela/web/test/mock-shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { calls, published, resetHost, responders, testHost } from '@khela/web/test/fake-host';
import './i18n';
import { renderToString } from 'react-dom/server';
import { pinStore, useDropPlayerStateOnLogout, usePins, usePinsStatus, type PinnedMarket } from './state';

const server = (p: PinnedMarket) => ({ event_id: p.eventId, market_id: p.marketId, name: p.name, sport: p.sport });
const A: PinnedMarket = { eventId: '1', marketId: '1.1', name: 'Bangladesh v India', sport: 'cricket' };
const B: PinnedMarket = { eventId: '2', marketId: '1.2', name: 'Abahani v Kings', sport: 'soccer' };

/** The server's pins, answered by fake GET/PUT/DELETE handlers (each answers the whole list, as the API does). */
let stored: PinnedMarket[] = [];
function fakeServer() {
  responders.set('GET /api/exchange/pins', () => ({ data: stored.map(server) }));
  responders.set('PUT /api/exchange/pins', ({ body }) => {
    if (!stored.some((p) => p.marketId === body.market_id))
      stored.push({ eventId: body.event_id, marketId: body.market_id, name: body.name, sport: body.sport });
    return { data: stored.map(server) };
  });
  responders.set('DELETE /api/exchange/pins/{marketId}', ({ params }) => {
    stored = stored.filter((p) => p.marketId !== params.marketId);
    return { data: stored.map(server) };
  });
}

function Frame() {
  useDropPlayerStateOnLogout();
  return null;
}
const ids = () => pinStore.get().map((p) => p.marketId);

beforeEach(() => {
  resetHost();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  pinStore.clear();
  stored = [];
  localStorage.setItem('token', 't');
  localStorage.setItem('username', 'player1');
  localStorage.setItem('remote_id', '7');
  fakeServer();
});
afterEach(() => {
  pinStore.clear();
  vi.restoreAllMocks();
});

describe('Multi Markets pins on the server', () => {
  it("loads the player's pins when the frame mounts (a reload or another device)", async () => {
    stored = [A, B];
    render(<Frame />);
    await waitFor(() => expect(pinStore.status()).toBe('ready'));
    expect(ids()).toEqual(['1.1', '1.2']);
    expect(pinStore.get()[1]).toEqual(B);
  });

  it('toggles at once and stores the change (PUT, then DELETE)', async () => {
    render(<Frame />);
    await waitFor(() => expect(pinStore.status()).toBe('ready'));
    act(() => pinStore.toggle(A));
    expect(ids()).toEqual(['1.1']);
    await waitFor(() => expect(stored).toEqual([A]));
    expect(calls.find((c) => c.method === 'PUT')!.opts.body).toEqual(server(A));
    act(() => pinStore.toggle(A));
    expect(ids()).toEqual([]);
    await waitFor(() => expect(stored).toEqual([]));
    expect(calls.find((c) => c.method === 'DELETE')!.opts.params).toEqual({ marketId: '1.1' });
  });

  it('rolls a refused change back (to its place) and says why in a toast', async () => {
    stored = [A, B];
    render(<Frame />);
    await waitFor(() => expect(ids()).toEqual(['1.1', '1.2']));
    responders.set('DELETE /api/exchange/pins/{marketId}', () => Promise.reject(new Error('offline')));
    act(() => pinStore.toggle(A));
    expect(ids()).toEqual(['1.2']);
    await waitFor(() => expect(ids()).toEqual(['1.1', '1.2']));
    expect(published).toContainEqual({
      type: 'toast',
      payload: { kind: 'error', message: 'Could not update Multi Markets. Please try again.' },
    });

    responders.set('PUT /api/exchange/pins', () => Promise.reject(new Error('offline')));
    const C: PinnedMarket = { ...B, marketId: '1.3', eventId: '3', name: 'Alcaraz v Sinner', sport: 'tennis' };
    act(() => pinStore.toggle(C));
    expect(ids()).toEqual(['1.1', '1.2', '1.3']);
    await waitFor(() => expect(ids()).toEqual(['1.1', '1.2']));
  });

  it('clears the in-memory copy on logout (the server keeps them) and ignores an answer that comes after it', async () => {
    let answer: (v: unknown) => void = () => {};
    responders.set('GET /api/exchange/pins', () => new Promise((r) => (answer = r)));
    render(<Frame />);
    expect(pinStore.status()).toBe('loading');
    act(() => testHost.session.logout('user'));
    expect(pinStore.status()).toBe('idle');
    await act(async () => answer({ data: [server(A)] }));
    expect(ids()).toEqual([]);
  });

  it("loads the next player's pins after a log-in on the same page (no reload)", async () => {
    stored = [A];
    render(<Frame />);
    await waitFor(() => expect(ids()).toEqual(['1.1']));
    act(() => testHost.session.logout('user'));
    expect(ids()).toEqual([]);
    stored = [B];
    act(() => testHost.session.login({ token: 't2', remote_id: 8, username: 'player2' }));
    await waitFor(() => expect(ids()).toEqual(['1.2']));
    expect(calls.filter((c) => c.path === '/api/exchange/pins' && c.method === 'GET')).toHaveLength(2);
  });

  it('says when the pins could not be loaded', async () => {
    responders.set('GET /api/exchange/pins', () => Promise.reject(new Error('offline')));
    render(<Frame />);
    await waitFor(() => expect(pinStore.status()).toBe('error'));
    fakeServer();
    stored = [B];
    await act(() => pinStore.load());
    expect(ids()).toEqual(['1.2']);
  });
});

describe('pins while the page hydrates (issue 31)', () => {
  it("the server's snapshot is the visitor's: no pins, not read, whatever the browser's store holds", async () => {
    render(<Frame />);
    await waitFor(() => expect(pinStore.status()).toBe('ready'));
    act(() => pinStore.toggle(A));
    expect(ids()).toEqual(['1.1']);
    // what React renders on the server and in the hydrating render: the server's snapshot
    function Pins() {
      return <>{`${usePinsStatus()}:${usePins().length}`}</>;
    }
    expect(renderToString(<Pins />)).toBe('idle:0');
    expect(render(<Pins />).container.textContent).toBe('ready:1');
  });
});
