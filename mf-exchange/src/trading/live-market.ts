import { useEffect, useRef } from 'react';
import * as schemas from '@khela/contracts';
import { ApiError, useBalance, useHost, useLoggedIn } from '@khela/web';
import { useTradingStore } from './context';
import { useLiveQuery } from './live';
import { closesMarket, withPushedBook } from './pushed';

type MarketState = schemas.ResponseOf<typeof schemas.exchangeMarketState>;

/**
 * A Match Odds market as the API shows it (the feed's offer and players' resting orders), kept live: read once, then
 * the `odds` pushes' books applied as they come (no request); a push without one reads it again (throttled); polled
 * every `pollMs` only while the push stream is down. `missing`: the API does not know the market.
 */
export function useLiveMatchOdds(marketId: string, pollMs: number): { market: MarketState | null; missing: boolean } {
  const { bus } = useHost();
  const store = useTradingStore();
  const wallet = useBalance();
  const loggedIn = useLoggedIn();
  // the book of the player's currency (a visitor sees the API's BDT book); unknown while the balance loads: ask
  const currency = wallet?.currency ?? (loggedIn ? null : 'BDT');
  const live = useLiveQuery(['exchange', 'market', marketId], (signal) => store.calls.market(marketId, signal), { pollMs });
  const market = live.query.data ?? null;
  const missing = live.query.error instanceof ApiError && live.query.error.status === 404;
  const refs = useRef({ market, currency, live });
  refs.current = { market, currency, live };
  useEffect(() => {
    const s = bus.on('odds').subscribe((e) => {
      if (e.marketId !== marketId) return;
      const r = refs.current;
      const next = e.prices === undefined && r.market && r.currency ? withPushedBook(r.market, e, r.currency) : null;
      if (next) r.live.set(next);
      // a push that closes the market is shown at once but carries no result: the winner (or the void) is read
      if (
        closesMarket(r.market, e) ||
        (!next && (e.prices !== undefined || e.bets || e.version === undefined || !r.market || e.version > r.market.version))
      )
        r.live.refresh();
    });
    return () => s.unsubscribe();
  }, [bus, marketId]);
  return { market, missing };
}
