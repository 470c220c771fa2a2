import { describe, expect, it } from 'vitest';
import { createEventBus } from './bus';

describe('event bus', () => {
  it('replays the latest balance to a late subscriber', () => {
    const bus = createEventBus();
    bus.publish('balance', { balance: '10.00' });
    bus.publish('balance', { balance: '25.50' });
    const seen: string[] = [];
    bus.on('balance').subscribe((b) => seen.push(b.balance));
    expect(seen).toEqual(['25.50']);
  });

  it('does not replay logout to late subscribers, but delivers it to current ones', () => {
    const bus = createEventBus();
    const early: string[] = [];
    bus.on('logout').subscribe((e) => early.push(e.reason));
    bus.publish('logout', { reason: 'user' });
    const late: string[] = [];
    bus.on('logout').subscribe((e) => late.push(e.reason));
    expect(early).toEqual(['user']);
    expect(late).toEqual([]);
  });

  it('forgets the balance on logout so a late subscriber sees no stale figure', () => {
    const bus = createEventBus();
    bus.publish('balance', { balance: '99.00' });
    bus.publish('logout', { reason: 'unauthorized' });
    const seen: string[] = [];
    bus.on('balance').subscribe((b) => seen.push(b.balance));
    expect(seen).toEqual([]);
    expect(bus.latest('balance')).toBeUndefined();
  });

  it('rejects malformed payloads and unknown events', () => {
    const bus = createEventBus();
    expect(() => bus.publish('balance', { balance: 12.5 as unknown as string })).toThrow();
    expect(() => bus.publish('balance', { balance: '1.234' })).toThrow();
    expect(() => bus.publish('nope' as 'balance', { balance: '1.00' })).toThrow(/Unknown bus event/);
  });

  it('delivers market-block and locale with replay', () => {
    const bus = createEventBus();
    bus.publish('market-block', { exchange: true, casino: false });
    bus.publish('locale', { locale: 'bn' });
    expect(bus.latest('market-block')).toEqual({ exchange: true, casino: false });
    let locale = '';
    bus.on('locale').subscribe((l) => (locale = l.locale));
    expect(locale).toBe('bn');
  });
});
