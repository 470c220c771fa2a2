import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPageBus } from '../bus';
import type { ApiClient } from '../api/client';
import { i18n } from '../i18n';
import { createPlayerSession, type PlayerSessionService } from './player-session';

const seed = () => {
  for (const [k, v] of Object.entries({ agent_code: 'A1', referral_code: 'R1', affiliate_code: 'F1', whatsapp: 'w', locale: 'bn' }))
    localStorage.setItem(k, v);
};

function makeSession(answers: Record<string, unknown> = {}) {
  const call = vi.fn(async (endpoint: { path: string }) => {
    if (endpoint.path in answers) return answers[endpoint.path];
    throw new Error(`unexpected ${endpoint.path}`);
  });
  const api = { baseURL: 'http://api', url: (p: string) => `http://api${p}`, call, send: vi.fn() } as unknown as ApiClient;
  const bus = createPageBus();
  const service = createPlayerSession({ api, bus: bus.session });
  return { service, session: service.session, call, bus: bus.forApp('test') };
}

let running: PlayerSessionService | null = null;
afterEach(() => {
  running?.stop();
  running = null;
});

describe('player session transitions (docs/README.md#spec-4)', () => {
  it('login stores the keys, popup=1, regPopup=0, drops exchangeToken when absent, and tells every app', () => {
    localStorage.setItem('exchangeToken', 'old');
    const { session, bus } = makeSession();
    const logins: unknown[] = [];
    bus.on('login').subscribe((l) => logins.push(l));
    session.login({ token: 't1', remote_id: 5, username: 'player001' });
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('remote_id')).toBe('5');
    expect(localStorage.getItem('username')).toBe('player001');
    expect(localStorage.getItem('exchangeToken')).toBeNull();
    expect(localStorage.getItem('popup')).toBe('1');
    expect(localStorage.getItem('regPopup')).toBe('0');
    expect(session.player$.value).toEqual({ username: 'player001', remoteId: '5' });
    expect(logins).toEqual([{ username: 'player001', remoteId: '5' }]);
  });

  it('keeps the exchange token when the login response has one', () => {
    makeSession().session.login({ token: 't1', remote_id: 5, username: 'p', exchange: [{ token: 'ex' }] });
    expect(localStorage.getItem('exchangeToken')).toBe('ex');
  });

  it('opens the exchange: the scoped token of /api/player-login is kept as exchangeToken; a refused one ends only itself', async () => {
    const { service, session, call } = makeSession({ '/api/player-login': { access_token: 'scoped' } });
    session.login({ token: 't1', remote_id: 5, username: 'p' });
    await session.openExchange();
    expect(call).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/api/player-login' }), { body: { user_id: '5' } });
    expect(localStorage.getItem('exchangeToken')).toBe('scoped');
    service.tokenRefused('scoped');
    expect(localStorage.getItem('exchangeToken')).toBeNull();
    expect(session.player$.value).not.toBeNull();
    expect(localStorage.getItem('token')).toBe('t1');
  });

  it('sign-up login sets regPopup=1 and clears the captured codes', () => {
    seed();
    const { session } = makeSession();
    expect(session.capturedCode('referral_code')).toBe('R1');
    session.login({ token: 't', remote_id: 1, username: 'u' }, { afterSignup: true });
    expect(localStorage.getItem('regPopup')).toBe('1');
    expect(localStorage.getItem('popup')).toBe('1');
    expect(session.popupPending('welcome')).toBe(true);
    for (const k of ['agent_code', 'referral_code', 'affiliate_code']) expect(localStorage.getItem(k)).toBeNull();
    session.dismissPopup('welcome');
    expect(localStorage.getItem('regPopup')).toBe('0');
  });

  it('a debt the server reports (owed) reaches the balance and the bus; an answer without it means none is owed', () => {
    seed();
    const { session, service, bus } = makeSession();
    session.login({ token: 't', remote_id: 1, username: 'u' });
    const seen: unknown[] = [];
    bus.on('balance').subscribe((e) => seen.push(e));
    service.receiveBalance({ balance: '1950.00', currency: 'BDT', exposure: '0.00', available: '0.00', owed: '1950.00' });
    expect(session.balance$.value).toEqual({ balance: '1950.00', currency: 'BDT', exposure: '0.00', available: '0.00', owed: '1950.00' });
    expect(seen.at(-1)).toMatchObject({ owed: '1950.00', available: '0.00' });
    service.receiveBalance({ balance: '1000.00', currency: 'BDT', exposure: '0.00', available: '1000.00' });
    expect(session.balance$.value).toEqual({ balance: '1000.00', currency: 'BDT', exposure: '0.00', available: '1000.00' });
  });

  it('logout removes exactly the player keys, empties the facts and publishes logout', () => {
    seed();
    const { session, service, bus } = makeSession();
    session.login({ token: 't', remote_id: 1, username: 'u', exchange: [{ token: 'e' }] });
    service.receiveBalance({ balance: '10.00', currency: 'BDT' });
    service.receiveMarketFlags({ exchange_market: 0, cs_market: 1, status: 'inactive' });
    expect(localStorage.getItem('balance')).toBe('10.00');
    expect(session.marketBlock$.value).toEqual({ exchange: true, casino: false });
    localStorage.setItem('agent_code', 'A2');
    const reasons: string[] = [];
    bus.on('logout').subscribe((e) => reasons.push(e.reason));
    session.logout('user');
    for (const k of ['token', 'balance', 'remote_id', 'username', 'exchangeToken', 'agent_code'])
      expect(localStorage.getItem(k)).toBeNull();
    expect(localStorage.getItem('whatsapp')).toBe('w');
    expect(localStorage.getItem('popup')).toBe('1');
    expect(reasons).toEqual(['user']);
    expect(session.player$.value).toBeNull();
    expect(session.balance$.value).toBeNull();
    expect(session.marketBlock$.value).toEqual({ exchange: false, casino: false });
  });

  it('the exchange-side logout clears all local storage but the language', () => {
    seed();
    makeSession().session.logout('exchange');
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('locale')).toBe('bn');
  });

  it('skipping the limits offer tells the server and every app gets the answered status at once', async () => {
    const status = { limits_offer: false, deposit: { open: true }, play: { open: true } };
    const { session, call } = makeSession({ '/api/responsible-gaming/offer-seen': status });
    session.login({ token: 't1', remote_id: 5, username: 'player001' });
    const seen: unknown[] = [];
    session.protection$.subscribe((p) => seen.push(p));
    await expect(session.skipLimitsOffer()).resolves.toEqual(status);
    expect(call.mock.calls.map(([e]) => (e as { path: string }).path)).toEqual(['/api/responsible-gaming/offer-seen']);
    expect(seen.at(-1)).toEqual(status);
  });

  it("keeps the spec's support-contact keys (docs/README.md#spec-4) as the general settings say, removing an emptied one", () => {
    localStorage.clear();
    const { service } = makeSession();
    service.receiveSupportContacts({ whatsapp: '+8801700000000', live_chat: 'https://chat.example', intercom: null, tawk_id: 'tw-1' });
    expect(localStorage.getItem('whatsapp')).toBe('+8801700000000');
    expect(localStorage.getItem('liveChat')).toBe('https://chat.example');
    expect(localStorage.getItem('intercom')).toBeNull();
    expect(localStorage.getItem('tawkId')).toBe('tw-1');
    service.receiveSupportContacts({ whatsapp: null, live_chat: 'https://chat.example', intercom: 'ic-9', tawk_id: '' });
    expect(localStorage.getItem('whatsapp')).toBeNull();
    expect(localStorage.getItem('intercom')).toBe('ic-9');
    expect(localStorage.getItem('tawkId')).toBeNull();
  });

  it('a refused token ends the session only while it is still the stored one', () => {
    const { session, service } = makeSession();
    session.login({ token: 'new', remote_id: 1, username: 'u' });
    service.tokenRefused('old');
    expect(session.player$.value).not.toBeNull();
    service.tokenRefused('new');
    expect(session.player$.value).toBeNull();
  });

  it('ignores a balance that arrives after logout', () => {
    const { session, service } = makeSession();
    session.login({ token: 't', remote_id: 1, username: 'u' });
    session.logout('unauthorized');
    service.receiveBalance({ balance: '5.00', currency: 'BDT' });
    expect(session.balance$.value).toBeNull();
    expect(localStorage.getItem('balance')).toBeNull();
  });

  it('owns the locale: saved preference, i18n, <html lang> and one bus announcement', () => {
    const { session, bus } = makeSession();
    const announced: string[] = [];
    bus.on('locale').subscribe((l) => announced.push(l.locale));
    session.setLocale('bn');
    session.setLocale('bn');
    expect(session.locale$.value).toBe('bn');
    expect(localStorage.getItem('locale')).toBe('bn');
    expect(i18n.language).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
    expect(announced).toEqual(['bn']);
    session.setLocale('en');
  });

  it('fetches the market block once per login and applies the upline block of contracts (docs/README.md#spec-6)', async () => {
    const { service, session, call } = makeSession({
      '/api/market/block': { exchange_market: 1, cs_market: 0, status: 'inactive' },
      '/api/balance': { balance: '1.00', currency: 'BDT' },
      '/api/push/ticket': { ticket: 'tk', expires_in: 30 },
    });
    running = service;
    service.start({ EventSource: undefined });
    session.login({ token: 't', remote_id: 1, username: 'u' });
    await vi.waitFor(() => expect(session.marketBlock$.value).toEqual({ exchange: false, casino: true }));
    await session.refreshBalance();
    expect(call.mock.calls.filter(([e]) => e.path === '/api/market/block')).toHaveLength(1);
    expect(session.balance$.value).toEqual({ balance: '1.00', currency: 'BDT', exposure: null, available: null });
  });
});
