import * as schemas from '@khela/contracts';
import { endpointKey, useHost, usePageQueryClient, usePlayer, useServerQuery } from '@khela/web';
import type { User } from '@khela/contracts';

/**
 * The logged-in player's record (GET /api/user/show) as server state: read when a screen using it opens (the cached
 * record shown meanwhile), `pollMs` reads it again while the page is visible (the VIP page asks for 1 s), nothing
 * without a player (a logout empties it at once). The shell's top bar follows the player session's balance, not this
 * record: a screen that moved money asks the session to refresh (`session.refreshBalance()`).
 */
export function useUser(pollMs?: number) {
  const { session } = useHost();
  const queries = usePageQueryClient();
  const player = usePlayer();
  const call = { query: { remote_id: player?.remoteId || undefined } };
  const record = useServerQuery(schemas.userShowEndpoint, call, {
    enabled: Boolean(player),
    refetchInterval: pollMs ?? false,
    staleTime: 0,
    select: (r) => r.user,
  });
  const user = player ? (record.data ?? null) : null;

  /** Puts the record a change answered with in place of the cached one. */
  const setUser = (u: User) => queries.setQueryData(endpointKey(schemas.userShowEndpoint, call), { user: u });

  /** Reads the record again; the new record, or null without a player or when the read failed. */
  const refresh = async (): Promise<User | null> => {
    if (!session.player$.value) return null;
    const r = await record.refetch();
    return r.data ?? null;
  };

  return { user, setUser, error: record.error ? record.error.message : null, refresh };
}
