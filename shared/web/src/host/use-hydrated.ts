import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => undefined;

/**
 * False on the server and while React hydrates the server's markup (the server snapshot), true afterwards, and true at
 * once in a tree the browser renders itself (issue 31): what may differ between the two renders (a guard that reads
 * the player's token, controls that cannot answer before their handlers exist) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
