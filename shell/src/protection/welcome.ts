import { useEffect, useSyncExternalStore } from 'react';

// Whether the sign-up welcome popup (HomePopups) is on screen now: the limits offer waits until it is closed, so
// the new player reads one thing at a time. A page-wide flag of the shell (the popup and the offer are both its own).
let showing = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (showing === next) return;
  showing = next;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** HomePopups: marks the welcome popup as shown while `open` is true (and closed when it unmounts). */
export function useMarkWelcomeShowing(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    set(true);
    return () => set(false);
  }, [open]);
}

/** True while the welcome popup is on screen. */
export const useWelcomeShowing = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => showing,
    () => showing,
  );
