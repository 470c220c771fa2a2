import { useCallback, useSyncExternalStore } from 'react';
import { NO_MARKET_BLOCK, type Locale, type MarketBlock, type ProtectionStatus } from '@khela/contracts';
import { useHost } from '../host/context';
import type { Fact } from './fact';
import type { Player, WalletBalance } from './player-session';

/**
 * The current value of a session fact, re-rendering on each change. `serverValue`: what the server render read
 * (useSyncExternalStore's server snapshot, read on the server and while hydrating its markup); the fact's own value
 * by default.
 */
export function useFact<T>(fact: Fact<T>, serverValue?: () => T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const s = fact.subscribe(onChange);
      return () => s.unsubscribe();
    },
    [fact],
  );
  return useSyncExternalStore(subscribe, () => fact.value, serverValue ?? (() => fact.value));
}

/*
 * The player's own facts as the server rendered them (issue 31): the token stays in the browser, so the render server
 * renders every page as a visitor. While hydrating that markup these hooks return the visitor's value (no mismatch);
 * React then re-renders with the player's own (useSyncExternalStore's server snapshot). A render in the browser only
 * (no server markup) reads the player's values at once.
 */
const NOBODY = () => null;
const UNBLOCKED = () => NO_MARKET_BLOCK;

/** The logged-in player, or null for a visitor. */
export const usePlayer = (): Player | null => useFact(useHost().session.player$, NOBODY);
/** docs/README.md#spec-4: logged in means a token is stored; follows login and logout from any app without a reload. */
export const useLoggedIn = (): boolean => usePlayer() !== null;
/** The main wallet (balance, currency, exposure), null after logout. */
export const useBalance = (): WalletBalance | null => useFact(useHost().session.balance$, NOBODY);
/** docs/README.md#spec-6: the sections the upline blocked. */
export const useMarketBlock = (): MarketBlock => useFact(useHost().session.marketBlock$, UNBLOCKED);
/** Responsible gambling: what is open to the player now (null while unknown or logged out). */
export const useProtection = (): ProtectionStatus | null => useFact(useHost().session.protection$, NOBODY);
export const useLocale = (): Locale => useFact(useHost().session.locale$);
