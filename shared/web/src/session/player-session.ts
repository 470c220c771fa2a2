import type { Subscription } from 'rxjs';
import {
  balance as balanceEndpoint,
  dismissLimitsOffer,
  getMarketBlock,
  getProtectionStatus,
  logoutEndpoint,
  marketBlock,
  playerLoginEndpoint,
  NO_MARKET_BLOCK,
  type Locale,
  type LogoutReason,
  type MarketBlock,
  type MarketFlags,
  type BusPayload,
  type ProtectionStatus,
} from '@khela/contracts';
import type { ApiClient } from '../api/client';
import type { SessionBus } from '../bus';
import { i18n, savedLocale } from '../i18n';
import { storage } from '../storage';
import { createFact, sameRecord, type Fact } from './fact';
import { startPushRelay, type PushRelay, type SessionRelayedTopic } from './push-relay';

/** The logged-in player as the apps see it (the token stays inside @khela/web). */
export interface Player {
  username: string;
  remoteId: string;
}

/**
 * The wallet: exact decimal strings; currency, exposure and available are unknown until the server said them.
 * balance includes what is held for open exchange bets (exposure); available = balance - exposure - owed.
 */
export interface WalletBalance {
  balance: string;
  currency: string | null;
  exposure: string | null;
  available: string | null;
  /** Only while the player owes the house (a corrected exchange result): comes off `available`. */
  owed?: string;
}

/** The answer of POST /api/login or of sign-up's auto-login (docs/README.md#spec-3). */
export interface LoginResult {
  token: string;
  remote_id: string | number;
  username: string;
  exchange?: Array<{ token?: string | null }> | null;
}

/** The sign-up codes captured from /referral_code, /affiliate_code and /agent_code (docs/README.md#spec-2). */
export type CapturedCodeKind = 'referral_code' | 'affiliate_code' | 'agent_code';
/** docs/README.md#spec-4 home popups: the system notice (key `popup`) and the sign-up welcome (key `regPopup`). */
export type HomePopup = 'notice' | 'welcome';

/**
 * The player session, as the shell hands it to every app in HostProps (`useHost().session`).
 * Facts are read-only here; the apps ask the session to change them.
 */
export interface PlayerSession {
  /** The logged-in player, or null for a visitor. */
  readonly player$: Fact<Player | null>;
  /** The main wallet while logged in (last stored figure at start), null for a visitor. */
  readonly balance$: Fact<WalletBalance | null>;
  /**
   * docs/README.md#spec-6: sections the upline blocked, decided by `marketBlock` of contracts: fetched once per login, then
   * changed by the `account` push when staff change the player's status or flags (no reload).
   */
  readonly marketBlock$: Fact<MarketBlock>;
  /** The UI language (also applied to i18n, `<html lang>` and the saved preference). */
  readonly locale$: Fact<Locale>;
  /**
   * Responsible gambling: whether play and deposits are open (and why not), the reality-check interval and the
   * session start. Fetched once per login, then replaced by the `protection` push; null while unknown or logged out.
   * The API enforces it; apps use it to show a closed section before the player tries.
   */
  readonly protection$: Fact<ProtectionStatus | null>;
  /**
   * True while the push stream is open: pushed facts and bus topics (balance, odds, ...) arrive as they happen.
   * An app polls what it shows only while this is false (the stream is down, reconnecting, or logged out).
   */
  readonly push$: Fact<boolean>;
  /** Asks the server for the balance now (after a money move, or the refresh button). */
  refreshBalance(): Promise<void>;
  /** Asks the server for the protection status now (after the player changed a setting). */
  refreshProtection(): Promise<void>;
  /**
   * The player skipped the deposit limits offered after sign-up (wherever the offer showed): tells the server, which
   * answers the new protection status, and every app sees it at once. Rejects with the API's error.
   */
  skipLimitsOffer(): Promise<ProtectionStatus>;
  /** docs/README.md#spec-4: stores the login (or sign-up auto-login) and tells every app. */
  login(result: LoginResult, options?: { afterSignup?: boolean }): void;
  /**
   * docs/README.md#spec-3 and #spec-7 (the exchange log-in route): asks POST /api/player-login for the scoped exchange token and keeps
   * it as `exchangeToken` (docs/README.md#spec-4); the exchange's calls made with `token: 'exchange'` then use it. Rejects with
   * the API's error.
   */
  openExchange(): Promise<void>;
  /** docs/README.md#spec-4: forgets the player everywhere; 'exchange' clears all local storage but the language. */
  logout(reason?: LogoutReason): void;
  setLocale(locale: Locale): void;
  captureCode(kind: CapturedCodeKind, code: string): void;
  capturedCode(kind: CapturedCodeKind): string | null;
  /** docs/README.md#spec-4: whether a home popup is still to show after the last login or sign-up. */
  popupPending(popup: HomePopup): boolean;
  /** docs/README.md#spec-4: closing a popup remembers it (popup=0 / regPopup=0). */
  dismissPopup(popup: HomePopup): void;
}

/** The owner's side of the session (the shell, or the standalone QA host): the feeds of its facts. */
export interface PlayerSessionService {
  /** The view handed to apps: no writers on it. */
  readonly session: PlayerSession;
  /** Writer of the push relay (and of refreshBalance): a balance from the server. */
  receiveBalance(balance: { balance: string; currency: string; exposure?: string; available?: string; owed?: string }): void;
  /**
   * Writer of the once-per-login market-block fetch and of the `account` push: applies the upline block of contracts
   * (docs/README.md#spec-6).
   */
  receiveMarketFlags(flags: Pick<MarketFlags, 'exchange_market' | 'cs_market' | 'status'>): void;
  /** Writer of the once-per-login protection fetch and of the `protection` push. */
  receiveProtection(status: ProtectionStatus): void;
  /** Writer of the push relay: the stream opened (true) or was lost (false). */
  receivePushState(up: boolean): void;
  /** The push relay's other topics, announced on the bus. */
  relay<K extends SessionRelayedTopic>(topic: K, payload: BusPayload<K>): void;
  /**
   * Writer of the shell's general-settings load: the support-contact keys (docs/README.md#spec-4) (whatsapp, liveChat, intercom,
   * tawkId), kept as the settings say (an emptied setting removes its key).
   */
  receiveSupportContacts(general: {
    whatsapp: string | null;
    live_chat: string | null;
    intercom: string | null;
    tawk_id: string | null;
  }): void;
  /** The API client answered 401 for this token: if it is still the stored one, the session is over. */
  tokenRefused(token: string): void;
  /** Starts the feeds: the push relay (with its poll fallback) and the market-block fetch on each login. */
  start(options?: { EventSource?: typeof EventSource }): void;
  stop(): void;
}

export interface PlayerSessionOptions {
  api: ApiClient;
  /** The bus handle with session rights (PageBus.session). */
  bus: SessionBus;
  /**
   * A server render's language (issue 31: the visitor's `lang` cookie): the session starts in it and leaves the
   * process's i18n and document alone (one process renders pages in both languages at once). Default: the saved one,
   * applied to the page.
   */
  locale?: Locale;
}

const POPUP_KEY = { notice: 'popup', welcome: 'regPopup' } as const;

function storedPlayer(): Player | null {
  const token = storage.get('token');
  // docs/README.md#spec-4: logged in means a token is stored
  return token ? { username: storage.get('username') ?? '', remoteId: storage.get('remote_id') ?? '' } : null;
}

function storedBalance(): WalletBalance | null {
  const figure = storage.get('balance');
  return storage.get('token') && figure ? { balance: figure, currency: null, exposure: null, available: null } : null;
}

function applyLocaleToPage(locale: Locale): void {
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * The one owner of the player's facts: player, balance, market block and locale, and the spec's local-storage keys
 * (docs/README.md#spec-4; it is their only writer). Created once per page by createPageRuntime.
 */
export function createPlayerSession({ api, bus, locale: fixedLocale }: PlayerSessionOptions): PlayerSessionService {
  const player = createFact<Player | null>(storedPlayer(), sameRecord);
  const wallet = createFact<WalletBalance | null>(storedBalance(), sameRecord);
  const block = createFact<MarketBlock>(NO_MARKET_BLOCK, sameRecord);
  const locale = createFact<Locale>(fixedLocale ?? savedLocale());
  const push = createFact(false);
  const protection = createFact<ProtectionStatus | null>(null, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  if (!fixedLocale) applyLocaleToPage(locale.fact.value);

  let relay: PushRelay | null = null;
  let feeds: Subscription | null = null;

  const receiveBalance: PlayerSessionService['receiveBalance'] = (b) => {
    // an answer that arrives after a logout must not bring the balance back
    if (!player.fact.value) return;
    const next: WalletBalance = {
      balance: b.balance,
      currency: b.currency,
      exposure: b.exposure ?? wallet.fact.value?.exposure ?? null,
      available: b.available ?? wallet.fact.value?.available ?? null,
      // the server says owed whenever there is a debt: an answer without it means none
      ...(b.owed ? { owed: b.owed } : {}),
    };
    const changed = !sameRecord(wallet.fact.value, next);
    storage.set('balance', next.balance);
    wallet.set(next);
    if (changed)
      bus.publish('balance', {
        balance: next.balance,
        currency: b.currency,
        ...(next.exposure !== null ? { exposure: next.exposure } : {}),
        ...(next.available !== null ? { available: next.available } : {}),
        ...(next.owed ? { owed: next.owed } : {}),
      });
  };

  const receiveMarketFlags: PlayerSessionService['receiveMarketFlags'] = (flags) => {
    if (!player.fact.value) return;
    const decision = marketBlock(flags);
    block.set(decision);
    bus.publish('market-block', decision);
  };

  const receiveProtection: PlayerSessionService['receiveProtection'] = (status) => {
    if (!player.fact.value) return;
    protection.set(status);
  };

  const refreshProtection = async (): Promise<void> => {
    const p = player.fact.value;
    if (!p) return;
    try {
      const status = await api.call(getProtectionStatus);
      if (player.fact.value === p) receiveProtection(status);
    } catch (err) {
      console.warn('[session] protection status failed', err);
    }
  };

  const refreshBalance = async (): Promise<void> => {
    if (!player.fact.value) return;
    try {
      receiveBalance(await api.call(balanceEndpoint));
    } catch {
      // a 401 already ended the session (tokenRefused); other failures wait for the next push or poll
    }
  };

  const logout = (reason: LogoutReason = 'user'): void => {
    // the server revokes the session too (best effort: a dead network must not keep the player logged in)
    // (a 401 or a password change: the server has already revoked it)
    if (storage.get('token') && reason !== 'unauthorized' && reason !== 'password_changed') {
      void api.call(logoutEndpoint).catch(() => undefined);
    }
    if (reason === 'exchange') {
      const savedLanguage = storage.get('locale');
      storage.clearAll();
      if (savedLanguage) storage.set('locale', savedLanguage);
    } else {
      storage.remove('token', 'balance', 'remote_id', 'username', 'exchangeToken', 'agent_code');
    }
    player.set(null);
    wallet.set(null);
    block.set(NO_MARKET_BLOCK);
    protection.set(null);
    bus.publish('logout', { reason });
  };

  const session: PlayerSession = {
    player$: player.fact,
    balance$: wallet.fact,
    marketBlock$: block.fact,
    locale$: locale.fact,
    protection$: protection.fact,
    push$: push.fact,
    refreshBalance,
    refreshProtection,
    async skipLimitsOffer() {
      const p = player.fact.value;
      const status = await api.call(dismissLimitsOffer);
      // a log-out (or another log-in) while it was asked must not take this player's status
      if (player.fact.value === p) receiveProtection(status);
      return status;
    },
    login(res, options = {}) {
      storage.set('token', res.token);
      storage.set('remote_id', String(res.remote_id));
      storage.set('username', res.username);
      const exchangeToken = res.exchange?.[0]?.token;
      if (exchangeToken) storage.set('exchangeToken', exchangeToken);
      else storage.remove('exchangeToken');
      storage.set('popup', '1');
      if (options.afterSignup) {
        // docs/README.md#spec-4: sign-up success shows the welcome popup and clears the captured codes
        storage.set('regPopup', '1');
        storage.remove('agent_code', 'referral_code', 'affiliate_code');
      } else {
        storage.set('regPopup', '0');
      }
      // a new login starts without the previous player's figures
      wallet.set(null);
      block.set(NO_MARKET_BLOCK);
      protection.set(null);
      storage.remove('balance');
      player.set({ username: res.username, remoteId: String(res.remote_id) });
      bus.publish('login', { username: res.username, remoteId: String(res.remote_id) });
    },
    logout,
    async openExchange() {
      const p = player.fact.value;
      if (!p) return;
      const { access_token } = await api.call(playerLoginEndpoint, { body: { user_id: p.remoteId } });
      // a logout (or another login) while it was asked must not keep the old player's token
      if (player.fact.value === p) storage.set('exchangeToken', access_token);
    },
    setLocale(next) {
      storage.set('locale', next);
      applyLocaleToPage(next);
      if (locale.fact.value === next) return;
      locale.set(next);
      bus.publish('locale', { locale: next });
    },
    captureCode(kind, code) {
      storage.set(kind, code);
    },
    capturedCode: (kind) => storage.get(kind),
    popupPending: (popup) => storage.get(POPUP_KEY[popup]) === '1',
    dismissPopup(popup) {
      storage.set(POPUP_KEY[popup], '0');
    },
  };

  return {
    session,
    receiveBalance,
    receiveMarketFlags,
    receiveProtection,
    receivePushState: (up) => push.set(up),
    relay(topic, payload) {
      bus.publish(topic, payload);
    },
    receiveSupportContacts(general) {
      const keys = [
        ['whatsapp', general.whatsapp],
        ['liveChat', general.live_chat],
        ['intercom', general.intercom],
        ['tawkId', general.tawk_id],
      ] as const;
      for (const [key, value] of keys) {
        if (value) storage.set(key, value);
        else storage.remove(key);
      }
    },
    tokenRefused(token) {
      // an expired exchange token ends only itself: the player's own session goes on
      if (storage.get('exchangeToken') === token) {
        storage.remove('exchangeToken');
        return;
      }
      // a late 401 for an older token must not log out the player who logged in since
      if (storage.get('token') === token) logout('unauthorized');
    },
    start(options = {}) {
      if (feeds) return;
      relay = startPushRelay(
        {
          api,
          session,
          receiveBalance,
          receiveMarketFlags,
          receiveProtection,
          // parsed by the push relay with the event's own schema: not parsed again
          relayTopic: (topic, payload) => bus.relay(topic, payload),
          pushState: (up) => push.set(up),
        },
        options.EventSource,
      );
      // the market-block decision: fetched once per login (and at start for a stored login)
      let fetchedFor: Player | null = null;
      feeds = player.fact.subscribe((p) => {
        if (!p || p === fetchedFor) return;
        fetchedFor = p;
        api.call(getMarketBlock).then(
          (flags) => player.fact.value === p && receiveMarketFlags(flags),
          (err: unknown) => console.warn('[session] market block failed', err),
        );
        void refreshProtection();
      });
    },
    stop() {
      relay?.stop();
      push.set(false);
      feeds?.unsubscribe();
      relay = null;
      feeds = null;
    },
  };
}
