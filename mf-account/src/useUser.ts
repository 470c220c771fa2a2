import { useCallback, useEffect, useRef, useState } from 'react';
import * as schemas from '@khela/contracts';
import { useHost } from '@khela/web';
import type { User } from '@khela/contracts';

/**
 * The logged-in player's record (GET /api/user/show). `pollMs` refreshes it (the VIP page asks for 1 s).
 * The shell's top bar follows the player session's balance, not this record: a screen that moved money
 * asks the session to refresh (`session.refreshBalance()`).
 */
export function useUser(pollMs?: number) {
  const { api, session, bus } = useHost();
  const [user, setUser] = useState<User | null>(null);
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);

  const refresh = useCallback(async () => {
    const player = session.player$.value;
    if (!player) return null;
    try {
      const { user: u } = await api.call(schemas.userShowEndpoint, { query: { remote_id: player.remoteId || undefined } });
      if (!alive.current) return u;
      setUser(u);
      setError(null);
      return u;
    } catch (err) {
      if (alive.current) setError((err as Error).message);
      return null;
    }
  }, [api, session]);

  useEffect(() => {
    alive.current = true;
    void refresh();
    const t = pollMs
      ? setInterval(() => {
          if (typeof document === 'undefined' || document.visibilityState !== 'hidden') void refresh();
        }, pollMs)
      : null;
    const s = bus.on('logout').subscribe(() => setUser(null));
    return () => {
      alive.current = false;
      if (t) clearInterval(t);
      s.unsubscribe();
    };
  }, [refresh, pollMs, bus]);

  return { user, setUser, error, refresh };
}
