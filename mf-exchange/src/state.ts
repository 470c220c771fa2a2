import { useEffect, useSyncExternalStore } from 'react';
import * as schemas from '@khela/contracts';
import { ApiError, i18n, useHost, type ApiClient, type EventBus } from '@khela/web';
import './i18n-account';
import { resetOddsBase } from './odds';
import type { Sport } from './logic';

/**
 * A market pinned to Multi Markets. The player's pins are kept on the server (`/api/exchange/pins`), so they
 * survive a reload and follow the player to another device; this module holds the in-memory copy of the page.
 */
export interface PinnedMarket {
  eventId: string;
  marketId: string;
  name: string;
  sport: Sport;
}

/** 'idle' before the first load of a player's pins, then 'loading', 'ready' or 'error' (the load failed). */
export type PinsStatus = 'idle' | 'loading' | 'ready' | 'error';

const fromServer = (p: schemas.ExchangePin): PinnedMarket => ({ eventId: p.event_id, marketId: p.market_id, name: p.name, sport: p.sport });
const toServer = (p: PinnedMarket): schemas.ExchangePin => ({ event_id: p.eventId, market_id: p.marketId, name: p.name, sport: p.sport });

let pins: PinnedMarket[] = [];
let status: PinsStatus = 'idle';
/** The page's API client and this remote's bus handle, bound by the frame's hook (null in a bare screen test). */
let bound: { api: ApiClient; bus: EventBus } | null = null;
/** Bumped by every logout: answers for an earlier player are dropped. */
let generation = 0;
/** Pin changes sent and not answered yet: a list from the server is applied only when none is outstanding. */
let inflight = 0;
/** Bumped by every local change: a load that started before it must not overwrite it. */
let changes = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function set(next: PinnedMarket[], nextStatus: PinsStatus = status) {
  pins = next;
  status = nextStatus;
  emit();
}

export const pinStore = {
  get: () => pins,
  status: () => status,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
  /**
   * Pins or unpins a market at once (optimistic), then tells the server; a refusal puts the pin back as it was and
   * says why in a toast. Without a bound API (a screen test without the frame) the change stays in memory.
   */
  toggle(p: PinnedMarket) {
    const wasPinned = pins.some((x) => x.marketId === p.marketId);
    const index = pins.findIndex((x) => x.marketId === p.marketId);
    changes++;
    set(wasPinned ? pins.filter((x) => x.marketId !== p.marketId) : [...pins, p]);
    if (!bound) return;
    const { api, bus } = bound;
    const gen = generation;
    inflight++;
    const request = wasPinned
      ? api.call(schemas.removeExchangePin, { params: { marketId: p.marketId } })
      : api.call(schemas.addExchangePin, { body: toServer(p) });
    request.then(
      (answer) => {
        if (gen !== generation) return;
        inflight--;
        if (inflight === 0) set(answer.data.map(fromServer), 'ready');
      },
      (err: unknown) => {
        if (gen !== generation) return;
        inflight--;
        // roll this change back only: other pins changed meanwhile stay as they are
        const now = pins.some((x) => x.marketId === p.marketId);
        if (wasPinned && !now) {
          const next = [...pins];
          next.splice(Math.min(index, next.length), 0, p);
          set(next);
        } else if (!wasPinned && now) set(pins.filter((x) => x.marketId !== p.marketId));
        console.warn('[exchange] pin change failed', err);
        // the server's reason (e.g. the most pins allowed) when it gave one, else ours
        const message = err instanceof ApiError && !err.network && err.status >= 400 ? err.message : i18n.t('exchange:pins.failed');
        bus.publish('toast', { kind: 'error', message });
      },
    );
  },
  /** Reads the player's pins from the server (after a reload, a login, or on another device). */
  async load(): Promise<void> {
    if (!bound) return;
    const gen = generation;
    const since = changes;
    if (status !== 'ready') set(pins, 'loading');
    try {
      const answer = await bound.api.call(schemas.listExchangePins);
      if (gen !== generation) return;
      // a pin changed while the list was on its way: that change's own answer brings the list
      if (changes !== since || inflight > 0) return void set(pins, 'ready');
      set(answer.data.map(fromServer), 'ready');
    } catch (err) {
      if (gen !== generation) return;
      console.warn('[exchange] pins failed', err);
      set(pins, 'error');
    }
  },
  /** Forgets the in-memory copy (logout); the server keeps the pins for the player's next visit. */
  clear() {
    generation++;
    inflight = 0;
    changes++;
    set([], 'idle');
  },
  /** Binds the page's API client and bus (the frame's hook); null unbinds. */
  bind(host: { api: ApiClient; bus: EventBus } | null) {
    bound = host;
  },
};

/**
 * The server renders as a visitor (issue 31): its snapshot is no pins, not read yet, so a hydrating render matches the
 * server's HTML even when the player's pins came first, and React draws them right after (as `useTrading` does).
 */
const NO_PINS: PinnedMarket[] = [];
const serverPins = () => NO_PINS;
const serverPinsStatus = (): PinsStatus => 'idle';

export function usePins(): PinnedMarket[] {
  return useSyncExternalStore(pinStore.subscribe, pinStore.get, serverPins);
}

export function usePinsStatus(): PinsStatus {
  return useSyncExternalStore(pinStore.subscribe, pinStore.status, serverPinsStatus);
}

/**
 * The player's exchange state across the page (ExchangeFrame mounts it): loads the player's pins from the server
 * when a player is there (at start, after a login), and on logout from any app drops the in-memory pins and the
 * odds host at once, without a reload.
 */
export function useDropPlayerStateOnLogout(): void {
  const { api, bus, session } = useHost();
  useEffect(() => {
    pinStore.bind({ api, bus });
    let loadedFor: string | null = null;
    const player = session.player$.subscribe((p) => {
      const who = p ? `${p.remoteId}|${p.username}` : null;
      if (who && who !== loadedFor) void pinStore.load();
      loadedFor = who;
    });
    const logout = bus.on('logout').subscribe(() => {
      loadedFor = null;
      pinStore.clear();
      resetOddsBase();
    });
    return () => {
      player.unsubscribe();
      logout.unsubscribe();
      pinStore.bind(null);
    };
  }, [api, bus, session]);
}
