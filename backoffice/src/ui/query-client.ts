// The console's QueryClient and its push wiring (the hooks that read and change through it: ./query.ts).
import { QueryClient } from '@tanstack/react-query';
import type { Observable } from 'rxjs';
import type { StaffPushTopic } from '@khela/contracts';
import { createQueryClient } from '@khela/web';
import type { StaffEvent } from '../staff/session';

/** What a staff query says of itself (TanStack's `meta`): the push topics that make it stale, and how. */
export interface StaffQueryMeta extends Record<string, unknown> {
  topics?: readonly StaffPushTopic[];
  /** Only the events this accepts make it stale (one chat's events for that chat's conversation). */
  onlyIf?: (event: StaffEvent) => boolean;
  /** Pushed events make it stale this long after the first of a burst, once (a busy desk: one reload a second). */
  pushDelayMs?: number;
}

/**
 * The console's QueryClient: the kit's (two retries for network and 5xx failures, none for a refusal), except that a
 * shown record is read again whenever a screen showing it mounts (staleTime 0): staff act on what others changed a
 * moment ago, as every screen of the console read on opening before.
 */
export function createStaffQueryClient(overrides: { retry?: false } = {}): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, staleTime: 0, ...overrides } });
  return client;
}

const metaOf = (q: { meta?: Record<string, unknown> | undefined }) => (q.meta ?? {}) as StaffQueryMeta;

/**
 * Wires the console's QueryClient to the staff stream: each event makes the queries that name its topic stale (those
 * shown are read again), a burst of synchronous events once; a query with `pushDelayMs` once after that delay.
 * Returns the unsubscribe.
 */
export function connectStaffQueries(client: QueryClient, events$: Observable<StaffEvent>): () => void {
  const delayed = new Map<string, ReturnType<typeof setTimeout>>();
  let batch: StaffEvent[] | null = null;
  const stale = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey, exact: true });
  const flush = () => {
    const events = batch ?? [];
    batch = null;
    for (const q of client.getQueryCache().getAll()) {
      const meta = metaOf(q);
      if (!events.some((e) => meta.topics?.includes(e.topic) && (!meta.onlyIf || meta.onlyIf(e)))) continue;
      if (!meta.pushDelayMs) stale(q.queryKey);
      else if (!delayed.has(q.queryHash)) {
        delayed.set(
          q.queryHash,
          setTimeout(() => {
            delayed.delete(q.queryHash);
            stale(q.queryKey);
          }, meta.pushDelayMs),
        );
      }
    }
  };
  const sub = events$.subscribe((e) => {
    if (!batch) {
      batch = [];
      queueMicrotask(flush);
    }
    batch.push(e);
  });
  return () => {
    sub.unsubscribe();
    for (const t of delayed.values()) clearTimeout(t);
    delayed.clear();
  };
}
