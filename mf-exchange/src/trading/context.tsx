import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useHost, usePlayer, useServerData } from '@khela/web';
import { usePushDown } from './live';
import { TradingStore, exchangeCalls, type TradingSnapshot } from './store';

/** While the push stream is down and bets are open, their state is asked for this often. */
export const OPEN_BETS_POLL_MS = 5_000;

const StoreContext = createContext<TradingStore | null>(null);

/**
 * The player's bets for every exchange screen (the exchange frame wraps them all): loaded once per log-in, then
 * kept current by the per-player `odds` push (`bets: true`), and by a slow poll only while the stream is down.
 */
export function TradingProvider({ children }: { children: ReactNode }) {
  const { api, bus } = useHost();
  const player = usePlayer();
  const store = useMemo(() => new TradingStore(exchangeCalls(api)), [api]);
  const polling = usePushDown();

  useEffect(() => {
    store.reset();
    if (player) void store.loadOpen().catch((err: unknown) => console.warn('[exchange] open bets failed', err));
  }, [player, store]);

  useEffect(() => {
    const s = bus.on('odds').subscribe((e) => {
      if (e.bets) void store.marketChanged(e.marketId).catch(() => undefined);
    });
    return () => s.unsubscribe();
  }, [bus, store]);

  const snap = useSyncExternalStore(store.subscribe, store.get, noBets);
  const anyOpen = (snap.openBets?.length ?? 0) > 0;
  // the poll is a query of the page's cache for its schedule (at once, then every OPEN_BETS_POLL_MS, paused while the
  // tab is hidden, never two at once); the bets themselves stay in the store, which compares each list with the last
  // to say what was matched, lapsed or settled
  useServerData(
    ['exchange', 'open-bets-poll', player?.username ?? null],
    async () => {
      await store.loadOpen();
      return store.get().openBets?.length ?? 0;
    },
    { enabled: Boolean(player) && polling && anyOpen, refetchInterval: OPEN_BETS_POLL_MS, staleTime: 0, retry: false },
  );
  // the stream came back after a poll: what changed meanwhile is read once
  const polled = useRef(false);
  useEffect(() => {
    if (polling) polled.current = true;
    else if (polled.current) {
      polled.current = false;
      if (player) void store.loadOpen().catch(() => undefined);
    }
  }, [polling, player, store]);

  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useTradingStore(): TradingStore {
  const store = useContext(StoreContext);
  const { api } = useHost();
  // outside the exchange frame (a screen rendered alone): a store of its own, fed by the screen's own actions
  const own = useMemo(() => (store ? null : new TradingStore(exchangeCalls(api))), [store, api]);
  return store ?? own!;
}

/**
 * The player's bets as the server rendered them: none (issue 31: the render server renders every page as a visitor,
 * and its store never loads). useTrading's server snapshot, so the hydrating render reads what the server rendered
 * even when the browser's store already holds the player's bets: the frame hydrates first and loads them, and the
 * screen's own Suspense boundary (the odds view) hydrates afterwards, often once they are in (a matched bet's Cash Out
 * in the Match Odds header was a hydration mismatch, #418). React re-renders with the player's bets right after.
 */
const NO_BETS: TradingSnapshot = { openBets: null, messages: [], marketVersions: {} };
const noBets = () => NO_BETS;

/** The player's bets, messages and market versions; the server's (none) while hydrating its markup. */
export function useTrading(): TradingSnapshot {
  const store = useTradingStore();
  return useSyncExternalStore(store.subscribe, store.get, noBets);
}
