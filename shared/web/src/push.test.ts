import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from './bus';
import type { ApiClient } from './api/client';
import { startPushRelay, BALANCE_POLL_MS } from './push';

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

function fakeApi(balances: string[]) {
  let ticket = 0;
  const call = vi.fn(async (endpoint: { path: string }) => {
    if (endpoint.path === '/api/push/ticket') return { ticket: `tk${++ticket}`, expires_in: 30 };
    if (endpoint.path === '/api/balance') return { balance: balances.shift() ?? '0.00', currency: 'BDT' };
    throw new Error(`unexpected ${endpoint.path}`);
  });
  return { api: { baseURL: 'http://api', url: (p: string) => `http://api${p}`, call } as unknown as ApiClient, call };
}

describe('push relay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    localStorage.setItem('token', 'tok');
  });
  afterEach(() => vi.useRealTimers());

  it('relays pushed balances onto the bus with a single-use ticket, no token in the URL', async () => {
    const bus = createEventBus();
    const { api } = fakeApi(['100.00']);
    const relay = startPushRelay(api, bus, FakeEventSource as unknown as typeof EventSource);
    await vi.advanceTimersByTimeAsync(0);
    const es = FakeEventSource.instances.at(-1)!;
    expect(es.url).toBe('http://api/api/push/stream?ticket=tk1');
    expect(es.url).not.toContain('tok');
    es.emit('open');
    es.emit('balance', { balance: '250.75', currency: 'BDT' });
    expect(bus.latest('balance')?.balance).toBe('250.75');
    expect(localStorage.getItem('balance')).toBe('250.75');
    relay.stop();
  });

  it('polls the balance every 10 s while the stream is down, and stops once it is up', async () => {
    const bus = createEventBus();
    const { api, call } = fakeApi(['1.00', '2.00', '3.00', '4.00']);
    const relay = startPushRelay(api, bus, FakeEventSource as unknown as typeof EventSource);
    await vi.advanceTimersByTimeAsync(0);
    const balanceCalls = () => call.mock.calls.filter(([e]) => (e as { path: string }).path === '/api/balance').length;
    expect(balanceCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(BALANCE_POLL_MS);
    expect(balanceCalls()).toBe(2);
    FakeEventSource.instances.at(-1)!.emit('open');
    await vi.advanceTimersByTimeAsync(BALANCE_POLL_MS * 3);
    expect(balanceCalls()).toBe(2);
    relay.stop();
  });

  it('reconnects with a fresh ticket after an error', async () => {
    const bus = createEventBus();
    const { api } = fakeApi([]);
    const relay = startPushRelay(api, bus, FakeEventSource as unknown as typeof EventSource);
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeEventSource.instances.at(-1)!;
    first.emit('error');
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1500);
    const second = FakeEventSource.instances.at(-1)!;
    expect(second).not.toBe(first);
    expect(second.url).toContain('ticket=tk2');
    relay.stop();
  });

  it('closes the stream on logout', async () => {
    const bus = createEventBus();
    const { api } = fakeApi([]);
    const relay = startPushRelay(api, bus, FakeEventSource as unknown as typeof EventSource);
    await vi.advanceTimersByTimeAsync(0);
    const es = FakeEventSource.instances.at(-1)!;
    bus.publish('logout', { reason: 'user' });
    expect(es.closed).toBe(true);
    relay.stop();
  });
});
