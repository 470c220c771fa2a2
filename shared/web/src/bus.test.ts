import { describe, expect, it } from 'vitest';
import { BusPermissionError, createPageBus } from './bus';

describe('page bus', () => {
  it('delivers to current subscribers only (no replay: facts live in the session)', () => {
    const bus = createPageBus();
    bus.session.publish('logout', { reason: 'user' });
    const late: string[] = [];
    bus
      .forApp('mf_wallet')
      .on('logout')
      .subscribe((e) => late.push(e.reason));
    bus.session.publish('logout', { reason: 'unauthorized' });
    expect(late).toEqual(['unauthorized']);
  });

  it('lets an app publish only the events declared for any app', () => {
    const bus = createPageBus();
    const wallet = bus.forApp('mf_wallet');
    const toasts: string[] = [];
    bus
      .forApp('shell')
      .on('toast')
      .subscribe((t) => toasts.push(t.message));
    wallet.publish('toast', { kind: 'info', message: 'hi' });
    expect(toasts).toEqual(['hi']);
    expect(() => wallet.publish('balance', { balance: '1.00', currency: 'BDT' })).toThrow(BusPermissionError);
    expect(() => wallet.publish('logout', { reason: 'user' })).toThrow(/mf_wallet may not publish "logout"/);
    expect(() => wallet.publish('market-block', { exchange: true, casino: true })).toThrow(BusPermissionError);
  });

  it('rejects malformed payloads and unknown events', () => {
    const bus = createPageBus();
    expect(() => bus.session.publish('balance', { balance: 12.5 as unknown as string, currency: 'BDT' })).toThrow();
    expect(() => bus.session.publish('balance', { balance: '1.234', currency: 'BDT' })).toThrow();
    expect(() => bus.session.publish('nope' as 'toast', { kind: 'info', message: '' })).toThrow(/Unknown bus event/);
  });

  it("relays a push topic the push relay parsed as it is, without parsing it again (the session's handle only)", () => {
    const bus = createPageBus();
    const heard: unknown[] = [];
    bus
      .forApp('mf_exchange')
      .on('odds')
      .subscribe((o) => heard.push(o));
    const parsed = { marketId: '1.2', version: 3 };
    bus.session.relay('odds', parsed);
    // publish parses (zod hands a copy); relay hands the parsed object itself
    bus.session.publish('odds', parsed);
    expect(heard[0]).toBe(parsed);
    expect(heard[1]).not.toBe(parsed);
    expect(heard[1]).toEqual(parsed);
    expect(() => bus.session.relay('nope' as 'odds', parsed)).toThrow(/Unknown bus event/);
    expect('relay' in bus.forApp('mf_exchange')).toBe(false);
  });
});
