import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BehaviorSubject, Subject } from 'rxjs';
import type { StaffAccount } from '@khela/contracts';
import { backoffMs, startStaffStream } from './stream';
import type { StaffEvent } from './session';

class FakeEventSource {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, Array<(e: unknown) => void>>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data?: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) });
  }
  close() {
    this.closed = true;
  }
}

const op = {
  id: 1,
  username: 'support',
  name: null,
  role: 'support',
  totp_enabled: false,
  totp_enrolment_required: false,
} as StaffAccount;

function fakeSession() {
  let n = 0;
  const call = vi.fn(async () => ({ ticket: `t${++n}`, expires_in: 30 }));
  return {
    api: { call, url: (p: string) => `http://api.test${p}` } as never,
    events$: new Subject<StaffEvent>(),
    account$: new BehaviorSubject<StaffAccount | null>(op),
    call,
  };
}

describe('staff stream (console side)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.all = [];
  });
  afterEach(() => vi.useRealTimers());

  it('opens with a ticket, feeds valid staff events to events$, drops malformed ones', async () => {
    const s = fakeSession();
    const got: StaffEvent[] = [];
    s.events$.subscribe((e) => got.push(e));
    const stop = startStaffStream(s, FakeEventSource as never);
    await vi.runAllTicks();
    await Promise.resolve();
    expect(FakeEventSource.all).toHaveLength(1);
    expect(FakeEventSource.all[0]!.url).toBe('http://api.test/api/operator/stream?ticket=t1');
    const es = FakeEventSource.all[0]!;
    es.emit('chat', { chatId: '5', playerId: '9', kind: 'message', from: 'player' });
    es.emit('chat', { chatId: 5 }); // not the contract's shape
    es.emit('payment', { id: 3, action: 'deposit', status: 0 });
    expect(got).toEqual([
      { topic: 'chat', payload: { chatId: '5', playerId: '9', kind: 'message', from: 'player' } },
      { topic: 'payment', payload: { id: 3, action: 'deposit', status: 0 } },
    ]);
    stop();
    expect(es.closed).toBe(true);
  });

  it('reconnects after an error with backoff and a new ticket each time; stops when logged out', async () => {
    const s = fakeSession();
    const stop = startStaffStream(s, FakeEventSource as never);
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.all[0]!.emit('error');
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(backoffMs(0) - 1);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.all[1]!.url).toContain('ticket=t2');
    FakeEventSource.all[1]!.emit('error');
    await vi.advanceTimersByTimeAsync(backoffMs(1));
    expect(FakeEventSource.all[2]!.url).toContain('ticket=t3');
    // logged out: an error does not reconnect
    s.account$.next(null);
    FakeEventSource.all[2]!.emit('error');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.all).toHaveLength(3);
    stop();
    expect(backoffMs(10)).toBe(30_000);
  });
});
