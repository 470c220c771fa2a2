import { bus } from './bus';
import { storage } from './storage';
import { createApiClient } from './api/client';
import { logoutEndpoint } from '@khela/contracts';
import { defaultApiBase } from './remote';

export interface LoginResult {
  token: string;
  remote_id: string | number;
  username: string;
  exchange?: Array<{ token?: string | null }> | null;
}

/** Spec 4: login stores token, remote_id, username, exchangeToken (removed if absent), popup=1, regPopup=0. */
export function completeLogin(res: LoginResult, opts: { afterSignup?: boolean } = {}): void {
  storage.set('token', res.token);
  storage.set('remote_id', String(res.remote_id));
  storage.set('username', res.username);
  const exchangeToken = res.exchange?.[0]?.token;
  if (exchangeToken) storage.set('exchangeToken', exchangeToken);
  else storage.remove('exchangeToken');
  storage.set('popup', '1');
  if (opts.afterSignup) {
    // spec 4: sign-up success shows the welcome popup and clears the captured codes
    storage.set('regPopup', '1');
    storage.remove('agent_code', 'referral_code', 'affiliate_code');
  } else {
    storage.set('regPopup', '0');
  }
  bus.publish('login', { username: res.username, remoteId: String(res.remote_id) });
}

/**
 * Spec 4: logout removes token, balance, remote_id, username, exchangeToken, agent_code;
 * the exchange-side logout clears all local storage. Publishing `logout` makes every remote drop its state.
 */
export function logout(reason: 'user' | 'unauthorized' | 'exchange' = 'user'): void {
  // the server revokes the session too (best effort: a dead network must not keep the player logged in here)
  const token = storage.get('token');
  if (token && reason !== 'unauthorized') {
    createApiClient({ baseURL: defaultApiBase(), getToken: () => token, onUnauthorized: () => undefined })
      .call(logoutEndpoint)
      .catch(() => undefined);
  }
  if (reason === 'exchange') {
    const locale = storage.get('locale');
    storage.clearAll();
    if (locale) storage.set('locale', locale);
  } else {
    storage.remove('token', 'balance', 'remote_id', 'username', 'exchangeToken', 'agent_code');
  }
  bus.publish('logout', { reason });
}

export const currentPlayer = (): { token: string; remoteId: string; username: string } | null => {
  const token = storage.get('token');
  const remoteId = storage.get('remote_id');
  if (!token || !remoteId) return null;
  return { token, remoteId, username: storage.get('username') ?? '' };
};
