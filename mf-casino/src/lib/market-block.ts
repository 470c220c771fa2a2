import { useEffect, useState } from 'react';
import * as schemas from '@khela/contracts';
import { useHost, useLoggedIn } from '@khela/web';

/** Spec 6: game categories are blocked when cs_market is 0 and status is not active. */
export const isCasinoBlocked = (f: { cs_market: number; status: string }) => f.cs_market === 0 && f.status !== 'active';

/** The player's casino block, fetched once per login and shared on the bus; false for visitors. */
export function useCasinoBlocked(): boolean {
  const { api, bus } = useHost();
  const loggedIn = useLoggedIn();
  const [blocked, setBlocked] = useState<boolean>(() => (loggedIn ? (bus.latest('market-block')?.casino ?? false) : false));
  useEffect(() => {
    if (!loggedIn) {
      setBlocked(false);
      return;
    }
    let live = true;
    api
      .call(schemas.getMarketBlock)
      .then((flags) => {
        const casino = isCasinoBlocked(flags);
        const exchange = flags.exchange_market === 0 && flags.status !== 'active';
        if (live) setBlocked(casino);
        bus.publish('market-block', { casino, exchange });
      })
      // other fetch failures are only logged (spec 8)
      .catch((err) => console.warn('[casino] market block check failed', err));
    return () => {
      live = false;
    };
  }, [loggedIn, api, bus]);
  return blocked;
}
