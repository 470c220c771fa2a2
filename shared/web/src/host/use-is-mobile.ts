import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { theme } from '../ui/theme';

/** True below the 768 px mobile threshold, following resizes (the `isMobile` of HostProps). */
const query = `(max-width: ${theme.mobileMax}px)`;

/**
 * The server render's guess of the screen (from the User-Agent), provided around the tree the shell renders on the
 * server and hydrates in the browser: the hydrating render must read what the server read, then the real width
 * takes over (useSyncExternalStore's server snapshot). Without it (a remote's own root, tests): phone.
 */
const ServerMobileGuess = createContext<boolean | undefined>(undefined);

export function MobileGuessProvider({ mobile, children }: { mobile: boolean; children: ReactNode }) {
  return createElement(ServerMobileGuess.Provider, { value: mobile }, children);
}

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia === 'undefined') return () => {};
  const mql = matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}
const snapshot = () => (typeof matchMedia === 'undefined' ? true : matchMedia(query).matches);

/** Calls `onChange` with the screen's layout now (true: a phone's) and on every change; returns the unsubscribe. */
export function watchScreen(onChange: (mobile: boolean) => void): () => void {
  onChange(snapshot());
  return subscribe(() => onChange(snapshot()));
}

export function useIsMobile(): boolean {
  const guess = useContext(ServerMobileGuess);
  return useSyncExternalStore(subscribe, snapshot, () => guess ?? true);
}
