import { describe, expect, it } from 'vitest';
import { completeLogin, logout } from './session';
import { bus } from './bus';

const seed = () => {
  for (const [k, v] of Object.entries({ agent_code: 'A1', referral_code: 'R1', affiliate_code: 'F1', whatsapp: 'w', locale: 'bn' })) localStorage.setItem(k, v);
};

describe('session transitions (spec 4)', () => {
  it('login stores the keys, popup=1, regPopup=0, and drops exchangeToken when absent', () => {
    localStorage.setItem('exchangeToken', 'old');
    completeLogin({ token: 't1', remote_id: 5, username: 'player001' });
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('remote_id')).toBe('5');
    expect(localStorage.getItem('username')).toBe('player001');
    expect(localStorage.getItem('exchangeToken')).toBeNull();
    expect(localStorage.getItem('popup')).toBe('1');
    expect(localStorage.getItem('regPopup')).toBe('0');
    expect(bus.latest('login')).toEqual({ username: 'player001', remoteId: '5' });
  });

  it('keeps the exchange token when the login response has one', () => {
    completeLogin({ token: 't1', remote_id: 5, username: 'p', exchange: [{ token: 'ex' }] });
    expect(localStorage.getItem('exchangeToken')).toBe('ex');
  });

  it('sign-up login sets regPopup=1 and clears the captured codes', () => {
    seed();
    completeLogin({ token: 't', remote_id: 1, username: 'u' }, { afterSignup: true });
    expect(localStorage.getItem('regPopup')).toBe('1');
    expect(localStorage.getItem('popup')).toBe('1');
    for (const k of ['agent_code', 'referral_code', 'affiliate_code']) expect(localStorage.getItem(k)).toBeNull();
  });

  it('logout removes exactly the player keys and publishes logout', () => {
    seed();
    completeLogin({ token: 't', remote_id: 1, username: 'u', exchange: [{ token: 'e' }] });
    localStorage.setItem('balance', '10.00');
    localStorage.setItem('agent_code', 'A2');
    const reasons: string[] = [];
    const s = bus.on('logout').subscribe((e) => reasons.push(e.reason));
    logout('user');
    s.unsubscribe();
    for (const k of ['token', 'balance', 'remote_id', 'username', 'exchangeToken', 'agent_code']) expect(localStorage.getItem(k)).toBeNull();
    expect(localStorage.getItem('whatsapp')).toBe('w');
    expect(localStorage.getItem('popup')).toBe('1');
    expect(reasons).toEqual(['user']);
  });

  it('the exchange-side logout clears all local storage but the language', () => {
    seed();
    logout('exchange');
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('locale')).toBe('bn');
  });
});
