import { useCallback, useEffect, useRef, useState } from 'react';
import * as schemas from '@khela/contracts';
import { bus, storage, useHost } from '@khela/web';
import type { User } from '@khela/contracts';

/**
 * The logged-in player's record (GET /api/user/show). `pollMs` refreshes it (the VIP page asks for 1 s);
 * every refresh also publishes the balance so the shell's top bar follows.
 */
export function useUser(pollMs?: number) {
  const { api } = useHost();
  const [user, setUser] = useState<User | null>(null);
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);

  const refresh = useCallback(async () => {
    if (!storage.get('token')) return null;
    try {
      const { user: u } = await api.call(schemas.userShowEndpoint, { query: { remote_id: storage.get('remote_id') ?? undefined } });
      if (!alive.current) return u;
      setUser(u);
      setError(null);
      storage.set('balance', u.balance);
      bus.publish('balance', { balance: u.balance, currency: u.currency });
      return u;
    } catch (err) {
      if (alive.current) setError((err as Error).message);
      return null;
    }
  }, [api]);

  useEffect(() => {
    alive.current = true;
    void refresh();
    const t = pollMs ? setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') void refresh();
    }, pollMs) : null;
    const s = bus.on('logout').subscribe(() => setUser(null));
    return () => {
      alive.current = false;
      if (t) clearInterval(t);
      s.unsubscribe();
    };
  }, [refresh, pollMs]);

  return { user, setUser, error, refresh };
}
