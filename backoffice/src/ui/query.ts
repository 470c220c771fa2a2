// The console's server state, one way (as the player site's, shared/web/src/data): TanStack Query on one QueryClient
// the console creates at its bootstrap (createStaffQueryClient, ./query-client.ts) and StaffProvider hands down. Reads are queries keyed
// by endpoint and call (the kit's endpointKey), refetched after the staff push topics they name; changes go through
// useStaffChange, one pending flag and one error per screen, and make the console's queries stale when they succeed.
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { Endpoint, ResponseOf, StaffPushTopic } from '@khela/contracts';
import { endpointKey, errorText, type CallOptions, type QueryCall } from '@khela/web';
import { useStaff } from '../staff/context';
import type { StaffEvent } from '../staff/session';
import type { StaffQueryMeta } from './query-client';

export interface StaffQueryOptions<T, R> {
  /** Staff push topics after which the query is read again (when shown; else it is marked stale). */
  topics?: readonly StaffPushTopic[];
  onlyIf?: (event: StaffEvent) => boolean;
  pushDelayMs?: number;
  /** false: not asked (yet). */
  enabled?: boolean;
  /** Ask again every this many ms while shown. */
  refetchInterval?: number | false;
  /** Derives what the screen shows from the answer. */
  select?: (data: R) => T;
  /** A new key keeps the previous answer shown until the new one comes (a filter changed). */
  keepPrevious?: boolean;
}

function queryOptions<T, R>(options: StaffQueryOptions<T, R>) {
  const meta: StaffQueryMeta = { topics: options.topics, onlyIf: options.onlyIf, pushDelayMs: options.pushDelayMs };
  return {
    meta,
    ...(options.enabled !== undefined ? { enabled: options.enabled } : {}),
    ...(options.refetchInterval !== undefined ? { refetchInterval: options.refetchInterval } : {}),
    ...(options.select ? { select: options.select } : {}),
    ...(options.keepPrevious ? { placeholderData: (previous: unknown) => previous } : {}),
  };
}

/**
 * One staff endpoint's answer as server state: `const q = useStaffQuery(staffPlayer, { params: { id } })`, then
 * `<AsyncState query={q}>{(player) => …}</AsyncState>`.
 */
export function useStaffQuery<E extends Endpoint<any, any, any, any>, T = ResponseOf<E>>(
  endpoint: E,
  call: QueryCall<E> = {},
  options: StaffQueryOptions<T, ResponseOf<E>> = {},
): UseQueryResult<T, Error> {
  const { api } = useStaff();
  return useQuery({
    queryKey: endpointKey(endpoint, call),
    queryFn: ({ signal }: { signal: AbortSignal }) => api.call(endpoint, { ...call, signal }) as Promise<ResponseOf<E>>,
    ...queryOptions(options),
  } as never) as UseQueryResult<T, Error>;
}

/** Any staff read as server state (several calls together, or a call with a step after it), under its own key. */
export function useStaffData<R, T = R>(
  queryKey: readonly unknown[],
  load: (signal: AbortSignal) => Promise<R>,
  options: StaffQueryOptions<T, R> = {},
): UseQueryResult<T, Error> {
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => load(signal),
    ...queryOptions(options),
  } as never) as UseQueryResult<T, Error>;
}

export interface StaffChange {
  /**
   * Sends one change; resolves to the answer, or undefined when it failed (the failure is then in `error`). On success
   * the console's queries are stale: those shown are read again, so lists and details show the change.
   */
  run<E extends Endpoint<any, any, any, any>>(endpoint: E, call?: Omit<CallOptions<E>, 'signal'>): Promise<ResponseOf<E> | undefined>;
  /** The same, rejecting with the failure (for a screen that acts on a refusal's code); `error` holds it too. */
  send<E extends Endpoint<any, any, any, any>>(endpoint: E, call?: Omit<CallOptions<E>, 'signal'>): Promise<ResponseOf<E>>;
  /** A change is under way (disable its button). */
  pending: boolean;
  /** The last change's failure (null after a success or `reset`). */
  error: Error | null;
  /** Its text, for the kit's ErrorText. */
  errorText: string | null;
  /** Forgets the last failure (a dialog opened again). */
  reset(): void;
}

interface Sent {
  endpoint: Endpoint<any, any, any, any>;
  call: CallOptions<any> | undefined;
}

/** A screen's changes (POST/PUT/DELETE) through the staff API with one pending flag and one error. */
export function useStaffChange(options: { invalidate?: boolean } = {}): StaffChange {
  const { api } = useStaff();
  const client = useQueryClient();
  const invalidate = options.invalidate ?? true;
  const m = useMutation({
    mutationFn: ({ endpoint, call }: Sent) => (call === undefined ? api.call(endpoint) : api.call(endpoint, call)),
    onSuccess: () => {
      if (invalidate) void client.invalidateQueries();
    },
  });
  const { mutateAsync, reset } = m;
  const send = useCallback(
    (endpoint: Endpoint<any, any, any, any>, call?: CallOptions<any>) => mutateAsync({ endpoint, call }),
    [mutateAsync],
  ) as StaffChange['send'];
  const run = useCallback(
    async (endpoint: Endpoint<any, any, any, any>, call?: CallOptions<any>) => {
      try {
        return await mutateAsync({ endpoint, call });
      } catch {
        return undefined;
      }
    },
    [mutateAsync],
  ) as StaffChange['run'];
  return { run, send, pending: m.isPending, error: m.error, errorText: m.error ? errorText(m.error) : null, reset };
}

export type { UseQueryResult };
