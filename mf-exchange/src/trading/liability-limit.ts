import { useEffect, useState } from 'react';
import * as schemas from '@khela/contracts';
import { useHost, useLoggedIn } from '@khela/web';

/**
 * The player's own maximum liability on one market of this kind (set by the operator's risk staff), or null when
 * there is none or it is not known. Asked when the slip opens, so a limit staff just changed shows on the next slip.
 */
export function useMaxLiability(kind: schemas.ExchangeMarketKind): string | null {
  const { api } = useHost();
  const loggedIn = useLoggedIn();
  const [limit, setLimit] = useState<string | null>(null);
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    // asked in the next task, not in the tap that opened the slip: the request's set-up is work the slip's first
    // paint need not wait for (issue 31: INP)
    const ask = setTimeout(() => {
      api
        .call(schemas.exchangeLimits, { token: 'exchange' })
        .then((r) => live && setLimit(r.max_liability[kind]))
        // not knowing the limit never stops a bet: the API enforces it and names it in its refusal
        .catch(() => undefined);
    }, 0);
    return () => {
      live = false;
      clearTimeout(ask);
    };
  }, [api, loggedIn, kind]);
  return limit;
}
