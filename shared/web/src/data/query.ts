import { QueryClient, useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@khela/contracts';
import type { ApiClient, CallOptions } from '../api/client';
import { useHost } from '../host/context';
import { invalidateTopic, type QueryMeta, type QueryTopic } from './query-client';

// The hooks of the page's server state; the client itself, its defaults and its push wiring are in ./query-client.ts.

/** The request of an endpoint call, without what the hook supplies (the abort signal). */
export type QueryCall<E> = Omit<CallOptions<E>, 'signal' | 'idempotencyKey'>;

export interface ServerQueryOptions<E, T> {
  /** Push topics or session changes after which the record is asked for again. */
  topics?: readonly QueryTopic[];
  /** false: not asked for (yet), e.g. until the player is logged in. */
  enabled?: boolean;
  /** Ask again every this many ms while shown (e.g. only while the push stream is down). */
  refetchInterval?: number | false;
  /** How long an answer counts as fresh (default 15 s). */
  staleTime?: number;
  /** Public content: kept across log-in and log-out. */
  public?: boolean;
  /** Derives what the screen shows from the answer (memoised by TanStack Query). */
  select?: (data: ResponseOf<E>) => T;
  /** Retries of a failed request (default: two for network and server errors, none for a refusal). */
  retry?: boolean | number;
}

/** The cache key of an endpoint call: its method and path, then what varies (params, query, body). */
export function endpointKey<E extends Endpoint<any, any, any, any>>(endpoint: E, call: QueryCall<E> = {}): unknown[] {
  const key: unknown[] = [endpoint.method, endpoint.path];
  if (call.params !== undefined) key.push({ params: call.params as ParamsOf<E> });
  if (call.query !== undefined) key.push({ query: call.query as QueryOf<E> });
  if (call.body !== undefined) key.push({ body: call.body as BodyOf<E> });
  if (call.token) key.push({ token: call.token });
  return key;
}

/** The options of an endpoint query, for `useQuery`, `prefetchQuery` or `fetchQuery` with the page's client. */
export function endpointQuery<E extends Endpoint<any, any, any, any>, T = ResponseOf<E>>(
  api: ApiClient,
  endpoint: E,
  call: QueryCall<E> = {},
  options: ServerQueryOptions<E, T> = {},
) {
  const meta: QueryMeta = { topics: options.topics, public: options.public };
  return {
    queryKey: endpointKey(endpoint, call),
    queryFn: ({ signal }: { signal: AbortSignal }) => api.call(endpoint, { ...call, signal }) as Promise<ResponseOf<E>>,
    meta,
    ...(options.enabled !== undefined ? { enabled: options.enabled } : {}),
    ...(options.refetchInterval !== undefined ? { refetchInterval: options.refetchInterval } : {}),
    ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
    ...(options.retry !== undefined ? { retry: options.retry } : {}),
    ...(options.select ? { select: options.select } : {}),
  };
}

/**
 * One endpoint's answer as server state: cached per page (key: method, path and what varies), retried, refetched after
 * the named push topics. `const q = useServerQuery(getInbox, { query: { page } }, { topics: ['inbox'] })`, then
 * `<AsyncState query={q}>{(data) => …}</AsyncState>`.
 */
export function useServerQuery<E extends Endpoint<any, any, any, any>, T = ResponseOf<E>>(
  endpoint: E,
  call: QueryCall<E> = {},
  options: ServerQueryOptions<E, T> = {},
): UseQueryResult<T, Error> {
  const host = useHost();
  return useQuery(endpointQuery(api(host), endpoint, call, options) as never, host.queryClient) as UseQueryResult<T, Error>;
}

/** Any async read as server state (a non-endpoint source, or several calls together), on the page's client. */
export function useServerData<T>(
  queryKey: readonly unknown[],
  load: (signal: AbortSignal) => Promise<T>,
  options: Omit<ServerQueryOptions<never, T>, 'select'> = {},
): UseQueryResult<T, Error> {
  const { queryClient } = useHost();
  const meta: QueryMeta = { topics: options.topics, public: options.public };
  return useQuery(
    {
      queryKey,
      queryFn: ({ signal }) => load(signal),
      meta,
      ...(options.enabled !== undefined ? { enabled: options.enabled } : {}),
      ...(options.refetchInterval !== undefined ? { refetchInterval: options.refetchInterval } : {}),
      ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
      ...(options.retry !== undefined ? { retry: options.retry } : {}),
    },
    queryClient,
  );
}

/** A change (POST/PUT/DELETE) with the page's client; `invalidates` names the topics whose queries it makes stale. */
export function useServerMutation<V, R>(run: (vars: V) => Promise<R>, options: { invalidates?: readonly QueryTopic[] } = {}) {
  const { queryClient } = useHost();
  return useMutation(
    {
      mutationFn: run,
      onSuccess: async () => {
        for (const t of options.invalidates ?? []) await invalidateTopic(queryClient, t);
      },
    },
    queryClient,
  );
}

/** The page's QueryClient (to invalidate or prefetch by hand). */
export function usePageQueryClient(): QueryClient {
  return useHost().queryClient;
}

const api = (host: { api: ApiClient }) => host.api;

export { QueryClient };
export type { UseQueryResult };
