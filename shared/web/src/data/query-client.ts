import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import type { EventBus, BusEventName } from '../bus';
import type { PlayerSession } from '../session/player-session';

/*
 * Server state, one way for every app: TanStack Query. The page runtime creates one QueryClient per page and hands it
 * to each app in HostProps (as it hands the session), so a remote never creates its own and the cache is one per page:
 * two remotes asking for the same record ask once. @tanstack/react-query is a shared singleton of the federation
 * (shared/build/federation.mjs); the hooks below take the client from useHost(), so a remote needs no provider.
 *
 * Invalidation follows the page's push: a query names the topics that change what it shows (`topics: ['balance']`),
 * and when the session announces one of them on the bus, those queries are fetched again (if shown) or marked stale.
 * A logout forgets every player's query (public ones, `public: true`, stay); a login refetches them.
 */

/**
 * What may make a query stale: a pushed topic or a session change announced on the bus, the protection status, or
 * `bets`: an `odds` push to this player saying their exchange bets changed (`bets: true`), which a list of the
 * player's bets follows without being read again on every price move.
 */
export type QueryTopic = BusEventName | 'protection' | 'bets';

export interface QueryMeta extends Record<string, unknown> {
  topics?: readonly QueryTopic[];
  /** Public content (no player in it): kept across log-in and log-out. */
  public?: boolean;
}

/** An API failure the server meant (4xx): asking again would get the same answer, so it is not retried. */
export function isFinalError(err: unknown): boolean {
  return err instanceof ApiError && !err.network && err.status >= 400 && err.status < 500;
}

/** The page's QueryClient: two retries with backoff for network and 5xx failures, none for a refusal. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, err) => !isFinalError(err) && failures < 2,
        // a record shown by several components or remounted soon after is not asked for again within this time
        staleTime: 15_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

const metaOf = (q: { meta?: Record<string, unknown> | undefined }) => (q.meta ?? {}) as QueryMeta;

/** Stales (and refetches when shown) the queries that named `topic`. */
export function invalidateTopic(client: QueryClient, topic: QueryTopic): Promise<void> {
  return client.invalidateQueries({ predicate: (q) => metaOf(q).topics?.includes(topic) ?? false });
}

const RELAYED: readonly BusEventName[] = ['balance', 'inbox', 'chat', 'odds', 'market-block', 'locale', 'content'];

/**
 * Wires a page's QueryClient to its bus and session: topics invalidate, a logout forgets the player's queries and a
 * login refetches them. Returns the unsubscribe. Called once by createPageRuntime.
 */
export function connectQueryClient(client: QueryClient, bus: EventBus, session: PlayerSession): () => void {
  const subs = RELAYED.map((topic) => bus.on(topic).subscribe(() => void invalidateTopic(client, topic)));
  // the API answers its messages and texts in the session's language (Accept-Language): after a switch every record
  // shown is read again in the new one (inbox messages, promotions, refusals), not only those that name the topic
  subs.push(bus.on('locale').subscribe(() => void client.invalidateQueries()));
  subs.push(bus.on('odds').subscribe((e) => void (e.bets && invalidateTopic(client, 'bets'))));
  subs.push(
    bus.on('logout').subscribe(() => client.removeQueries({ predicate: (q) => !metaOf(q).public })),
    bus.on('login').subscribe(() => {
      void client.invalidateQueries({ predicate: (q) => !metaOf(q).public || (metaOf(q).topics?.includes('login') ?? false) });
    }),
  );
  let first = true;
  const protection = session.protection$.subscribe(() => {
    // the fact replays its current value on subscribe: only a change afterwards stales anything
    if (first) return void (first = false);
    void invalidateTopic(client, 'protection');
  });
  return () => {
    for (const s of subs) s.unsubscribe();
    protection.unsubscribe();
  };
}
