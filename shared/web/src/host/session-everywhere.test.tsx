import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, useEffect } from 'react';
import { screen } from '@testing-library/react';
import { defineRemote } from './lifecycles';
import { createPageRuntime, type PageRuntime } from './page-runtime';
import { useHost } from './context';
import { useBalance, usePlayer } from '../session/hooks';

/**
 * Issue 9: the shell's one session service reaches every mounted remote through HostProps. A balance
 * pushed once arrives once in each remote; a logout asked by any remote clears the session everywhere.
 */

class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, ((ev: Event) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (ev: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data?: unknown) {
    const ev = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    this.listeners.get(type)?.forEach((fn) => fn(ev));
  }
  close() {
    this.closed = true;
  }
}

const API_ANSWERS: Record<string, unknown> = {
  '/api/balance': { balance: '100.00', currency: 'BDT' },
  '/api/push/ticket': { ticket: 'tk1', expires_in: 30 },
  '/api/market/block': { exchange_market: 1, cs_market: 1, status: 'active' },
  '/api/logout': { message: 'Logged out.' },
};
const fakeFetch = (async (input: RequestInfo | URL) => {
  const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
  const body = API_ANSWERS[path];
  return new Response(JSON.stringify(body ?? { message: 'not found' }), {
    status: body ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  });
}) as typeof fetch;

/** What each remote saw: every balance figure its screen rendered, and every `balance` announcement it heard. */
const seen: Record<string, { figures: (string | null)[]; announced: string[] }> = {};

function Probe({ name }: { name: string }) {
  const { session, bus } = useHost();
  const wallet = useBalance();
  const player = usePlayer();
  const figure = wallet?.balance ?? null;
  useEffect(() => void seen[name]!.figures.push(figure), [name, figure]);
  useEffect(() => {
    const s = bus.on('balance').subscribe((b) => seen[name]!.announced.push(b.balance));
    return () => s.unsubscribe();
  }, [name, bus]);
  return (
    <div data-testid={name}>
      <span>{player ? `player ${player.username}` : 'visitor'}</span> <span>{figure ?? 'no balance'}</span>
      <button onClick={() => session.logout('user')}>log out from {name}</button>
      <button onClick={() => bus.publish('balance', { balance: '1.00', currency: 'BDT' })}>publish balance from {name}</button>
    </div>
  );
}

// mounts and pushes happen inside act(), as React expects of a test
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const REMOTES = ['mf_casino', 'mf_exchange', 'mf_wallet'] as const;
let runtime: PageRuntime;
const mounted: { lc: ReturnType<typeof defineRemote>; props: object }[] = [];

async function mountAll() {
  for (const name of REMOTES) {
    seen[name] = { figures: [], announced: [] };
    const lc = defineRemote(() => <Probe name={name} />, { name });
    const props = {
      name,
      domElement: document.body.appendChild(document.createElement('div')),
      basePath: '',
      isMobile: true,
      navigate: vi.fn(),
      location: { pathname: '/', search: '', hash: '', state: null, key: 'k' },
      ...runtime.servicesFor(name),
    };
    await lc.bootstrap(props as never);
    const done = lc.mount(props as never);
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    await done;
    mounted.push({ lc, props });
  }
}

afterEach(async () => {
  for (const { lc, props } of mounted.splice(0)) await act(async () => void (await lc.unmount(props as never)));
  runtime.sessionService.stop();
});

describe('one player session for every remote', () => {
  it('a balance pushed once reaches every mounted remote once; logout from any remote clears it everywhere', async () => {
    runtime = createPageRuntime({ apiBase: 'http://api.test', fetchImpl: fakeFetch });
    runtime.sessionService.start({ EventSource: FakeEventSource as unknown as typeof EventSource });
    runtime.session.login({ token: 'tok', remote_id: 7, username: 'demo1234', exchange: [{ token: 'ex' }] });
    await vi.waitFor(() => expect(runtime.session.balance$.value?.balance).toBe('100.00'));
    await mountAll();
    for (const name of REMOTES) expect(screen.getByTestId(name).textContent).toContain('player demo1234');

    // one push from the server
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    await act(async () => FakeEventSource.last!.emit('balance', { balance: '250.75', currency: 'BDT' }));
    for (const name of REMOTES) {
      expect(screen.getByTestId(name).textContent).toContain('250.75');
      expect(seen[name]!.figures.filter((f) => f === '250.75')).toHaveLength(1);
      expect(seen[name]!.announced).toEqual(['250.75']);
    }
    expect(localStorage.getItem('balance')).toBe('250.75');

    // a remote may not publish a balance: the session is its one writer
    expect(() => runtime.servicesFor('mf_wallet').bus.publish('balance', { balance: '1.00', currency: 'BDT' })).toThrow(
      /may not publish "balance"/,
    );

    // logout asked by one remote
    await act(async () => screen.getByText('log out from mf_exchange').click());
    for (const key of ['token', 'balance', 'remote_id', 'username', 'exchangeToken']) expect(localStorage.getItem(key)).toBeNull();
    expect(runtime.session.player$.value).toBeNull();
    for (const name of REMOTES) {
      expect(screen.getByTestId(name).textContent).toContain('visitor');
      expect(screen.getByTestId(name).textContent).toContain('no balance');
      expect(seen[name]!.figures.at(-1)).toBeNull();
    }
    expect(FakeEventSource.last!.closed).toBe(true);
  });
});
