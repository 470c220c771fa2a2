import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageBus } from '../bus';
import type { ApiClient } from '../api/client';
import { createPlayerSession } from './player-session';
import { BALANCE_POLL_MS } from './push-relay';

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  listeners = new Map<string, ((ev: MessageEvent | Event) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (ev: MessageEvent | Event) => void) {
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

function startSession(balances: string[]) {
  let ticket = 0;
  const call = vi.fn(async (endpoint: { path: string }) => {
    if (endpoint.path === '/api/push/ticket') return { ticket: `tk${++ticket}`, expires_in: 30 };
    if (endpoint.path === '/api/balance') return { balance: balances.shift() ?? '0.00', currency: 'BDT' };
    if (endpoint.path === '/api/market/block') return { exchange_market: 1, cs_market: 1, status: 'active' };
    if (endpoint.path === '/api/logout') return { message: 'ok' };
    throw new Error(`unexpected ${endpoint.path}`);
  });
  const api = { baseURL: 'http://api', url: (p: string) => `http://api${p}`, call, send: vi.fn() } as unknown as ApiClient;
  const bus = createPageBus();
  const service = createPlayerSession({ api, bus: bus.session });
  service.start({ EventSource: FakeEventSource as unknown as typeof EventSource });
  const balanceCalls = () => call.mock.calls.filter(([e]) => e.path === '/api/balance').length;
  return { service, session: service.session, bus: bus.forApp('test'), balanceCalls };
}

describe('push relay (started by the session service)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    localStorage.setItem('token', 'tok');
  });
  afterEach(() => vi.useRealTimers());

  it('feeds pushed balances to the session with a single-use ticket, no token in the URL', async () => {
    const { service, session, bus } = startSession(['100.00']);
    const announced: string[] = [];
    bus.on('balance').subscribe((b) => announced.push(b.balance));
    await vi.advanceTimersByTimeAsync(0);
    const es = FakeEventSource.instances.at(-1)!;
    expect(es.url).toBe('http://api/api/push/stream?ticket=tk1');
    expect(es.url).not.toContain('tok');
    es.emit('open');
    es.emit('balance', { balance: '250.75', currency: 'BDT' });
    expect(session.balance$.value).toEqual({ balance: '250.75', currency: 'BDT', exposure: null, available: null });
    expect(localStorage.getItem('balance')).toBe('250.75');
    expect(announced).toEqual(['100.00', '250.75']);
    service.stop();
  });

  it('relays the other topics onto the bus and drops malformed pushes', async () => {
    const { service, bus } = startSession([]);
    const chats: string[] = [];
    bus.on('chat').subscribe((c) => chats.push(c.content));
    await vi.advanceTimersByTimeAsync(0);
    const es = FakeEventSource.instances.at(-1)!;
    es.emit('chat', { chatId: '1', content: 'hello', senderId: '7' });
    es.emit('chat', { chatId: 1 });
    expect(chats).toEqual(['hello']);
    service.stop();
  });

  it("applies staff's status and flag changes (`account`) to the market block at once, without a new fetch", async () => {
    const { service, session, bus } = startSession([]);
    const decisions: { exchange: boolean; casino: boolean }[] = [];
    bus.on('market-block').subscribe((b) => decisions.push(b));
    await vi.advanceTimersByTimeAsync(0);
    expect(session.marketBlock$.value).toEqual({ exchange: false, casino: false });
    const es = FakeEventSource.instances.at(-1)!;
    es.emit('open');
    es.emit('account', { status: 'suspended', exchange_market: 0, cs_market: 1 });
    expect(session.marketBlock$.value).toEqual({ exchange: true, casino: false });
    // a flag of 0 blocks only while the status is not active (docs/README.md#spec-6)
    es.emit('account', { status: 'active', exchange_market: 0, cs_market: 0 });
    expect(session.marketBlock$.value).toEqual({ exchange: false, casino: false });
    es.emit('account', { status: 'suspended', exchange_market: 1, cs_market: 0 });
    expect(session.marketBlock$.value).toEqual({ exchange: false, casino: true });
    es.emit('account', { status: 'suspended', exchange_market: 7 });
    expect(session.marketBlock$.value).toEqual({ exchange: false, casino: true });
    expect(decisions.at(-1)).toEqual({ exchange: false, casino: true });
    service.stop();
  });

  it('polls the balance every 10 s while the stream is down, and stops once it is up', async () => {
    const { service, balanceCalls } = startSession(['1.00', '2.00', '3.00', '4.00']);
    await vi.advanceTimersByTimeAsync(0);
    expect(balanceCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(BALANCE_POLL_MS);
    expect(balanceCalls()).toBe(2);
    FakeEventSource.instances.at(-1)!.emit('open');
    await vi.advanceTimersByTimeAsync(BALANCE_POLL_MS * 3);
    expect(balanceCalls()).toBe(2);
    service.stop();
  });

  it('reconnects with a fresh ticket after an error', async () => {
    const { service } = startSession([]);
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeEventSource.instances.at(-1)!;
    first.emit('error');
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1500);
    const second = FakeEventSource.instances.at(-1)!;
    expect(second).not.toBe(first);
    expect(second.url).toContain('ticket=tk2');
    service.stop();
  });

  it('tells the session whether the stream is up (push$), so apps can poll only while it is down', async () => {
    const { service, session } = startSession([]);
    const states: boolean[] = [];
    session.push$.subscribe((up) => states.push(up));
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.instances.at(-1)!.emit('open');
    expect(session.push$.value).toBe(true);
    FakeEventSource.instances.at(-1)!.emit('error');
    expect(session.push$.value).toBe(false);
    await vi.advanceTimersByTimeAsync(1500);
    FakeEventSource.instances.at(-1)!.emit('open');
    session.logout('user');
    expect(states).toEqual([false, true, false, true, false]);
    service.stop();
  });

  it('closes the stream on logout', async () => {
    const { service, session } = startSession([]);
    await vi.advanceTimersByTimeAsync(0);
    const es = FakeEventSource.instances.at(-1)!;
    session.logout('user');
    expect(es.closed).toBe(true);
    service.stop();
  });
});
