import { useCallback, useSyncExternalStore } from 'react';
import type { Locale, MarketBlock, ProtectionStatus } from '@khela/contracts';
import { useHost } from '../host/context';
import type { Fact } from './fact';
import type { Player, WalletBalance } from './player-session';

/** The current value of a session fact, re-rendering on each change. */
export function useFact<T>(fact: Fact<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const s = fact.subscribe(onChange);
      return () => s.unsubscribe();
    },
    [fact],
  );
  return useSyncExternalStore(
    subscribe,
    () => fact.value,
    () => fact.value,
  );
}

/** The logged-in player, or null for a visitor. */
export const usePlayer = (): Player | null => useFact(useHost().session.player$);
/** docs/README.md#spec-4: logged in means a token is stored; follows login and logout from any app without a reload. */
export const useLoggedIn = (): boolean => usePlayer() !== null;
/** The main wallet (balance, currency, exposure), null after logout. */
export const useBalance = (): WalletBalance | null => useFact(useHost().session.balance$);
/** docs/README.md#spec-6: the sections the upline blocked. */
export const useMarketBlock = (): MarketBlock => useFact(useHost().session.marketBlock$);
/** Responsible gambling: what is open to the player now (null while unknown or logged out). */
export const useProtection = (): ProtectionStatus | null => useFact(useHost().session.protection$);
export const useLocale = (): Locale => useFact(useHost().session.locale$);
