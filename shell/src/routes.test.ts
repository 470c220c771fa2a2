import { describe, expect, it } from 'vitest';
import { isGuarded, remoteFor, ALIASES } from './routes';

describe('route table', () => {
  it('maps every screen of the spec to its remote', () => {
    expect(remoteFor('/deposit')).toBe('mf_wallet');
    expect(remoteFor('/make-payment')).toBe('mf_wallet');
    expect(remoteFor('/games')).toBe('mf_casino');
    expect(remoteFor('/chat-box/12')).toBe('mf_chat');
    expect(remoteFor('/odds-view')).toBe('mf_exchange');
    expect(remoteFor('/refrrel-program')).toBe('mf_account');
    expect(remoteFor('/')).toBeNull();
    expect(remoteFor('/promotions')).toBeNull();
  });

  it('guards everything except the unguarded list of spec 2', () => {
    for (const open of [
      '/',
      '/signup',
      '/login',
      '/games',
      '/forgot-password',
      '/make-payment',
      '/referral_code',
      '/affiliate_code',
      '/agent_code',
    ]) {
      expect(isGuarded(open), open).toBe(false);
    }
    for (const closed of [
      '/account',
      '/deposit',
      '/withdrawal',
      '/gamerun',
      '/exchange',
      '/inbox',
      '/vip',
      '/chat',
      '/betting-record',
      '/payment-request',
    ]) {
      expect(isGuarded(closed), closed).toBe(true);
    }
  });

  it('sends the desktop nav aliases to real screens', () => {
    expect(ALIASES['/slot']).toBe('/games?type=SLOT');
    expect(ALIASES['/referral']).toBe('/refrrel-program');
  });
});
