import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => undefined;

/**
 * False on the server and while React hydrates the server's markup (the server snapshot), true afterwards, and true at
 * once in a tree the browser renders itself (issue 31): what may differ between the two renders (a guard that reads
 * the player's token, controls that cannot answer before their handlers exist) waits for it.
 *
 * `active` false: the caller does not need the difference in this render (the same on the server and while hydrating),
 * and the hook answers true throughout. A server snapshot unlike the browser's makes React re-render the component
 * synchronously once hydrated, in one task with everything below it: the shell's App (the whole page) did so on every
 * page, ~200 ms of blocked main thread at 4x CPU on home, though only a guarded page for a visitor reads the answer.
 */
export function useHydrated(active = true): boolean {
  return useSyncExternalStore(noSubscribe, () => true, active ? () => false : () => true);
}
