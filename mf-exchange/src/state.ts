import { useEffect, useSyncExternalStore } from 'react';
import { useHost } from '@khela/web';
import { resetOddsBase } from './odds';
import type { Sport } from './logic';

/** A market pinned to Multi Markets. Kept in memory for the session only. */
export interface PinnedMarket {
  eventId: string;
  marketId: string;
  name: string;
  sport: Sport;
}

let pins: PinnedMarket[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const pinStore = {
  get: () => pins,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
  toggle(p: PinnedMarket) {
    pins = pins.some((x) => x.marketId === p.marketId) ? pins.filter((x) => x.marketId !== p.marketId) : [...pins, p];
    emit();
  },
  clear() {
    pins = [];
    emit();
  },
};

export function usePins(): PinnedMarket[] {
  return useSyncExternalStore(pinStore.subscribe, pinStore.get, pinStore.get);
}

/** Logout from any app drops the player's exchange state at once, without a reload (ExchangeFrame calls it). */
export function useDropPlayerStateOnLogout(): void {
  const { bus } = useHost();
  useEffect(() => {
    const s = bus.on('logout').subscribe(() => {
      pinStore.clear();
      resetOddsBase();
    });
    return () => s.unsubscribe();
  }, [bus]);
}
