import { useCallback, useEffect, useRef, useState } from 'react';
import { BehaviorSubject } from 'rxjs';
import { useFact, useHost, usePageQueryClient, useServerData, type Fact, type UseQueryResult } from '@khela/web';

// a shell deployed before the session said its push state: treat the stream as down (the screens poll)
const NO_PUSH_STATE: Fact<boolean> = new BehaviorSubject(false);

/** Whether the session's push stream is up now (`session.push$`): pushes drive the screens, no polls run. */
export function usePushUp(): boolean {
  return useFact(useHost().session.push$ ?? NO_PUSH_STATE);
}

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * A refetch a push asks for, throttled to one per `minMs` (the last ask wins, none is lost) and held while the tab
 * is hidden (it runs when the tab shows again): a phone paints what it can, not every feed tick.
 */
export function useThrottled(task: () => void, minMs: number): () => void {
  const taskRef = useRef(task);
  taskRef.current = task;
  const state = useRef({ last: 0, timer: null as ReturnType<typeof setTimeout> | null, dirty: false });
  const run = useCallback(() => {
    const s = state.current;
    if (hidden()) {
      s.dirty = true;
      return;
    }
    if (s.timer) return;
    const wait = s.last + minMs - Date.now();
    const go = () => {
      s.timer = null;
      s.last = Date.now();
      s.dirty = false;
      taskRef.current();
    };
    if (wait <= 0) go();
    else s.timer = setTimeout(go, wait);
  }, [minMs]);
  useEffect(() => {
    const s = state.current;
    const onVisible = () => {
      if (!hidden() && s.dirty) run();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      if (s.timer) clearTimeout(s.timer);
      s.timer = null;
    };
  }, [run]);
  return run;
}

/** How long the stream may be away (connecting at page load, a quick reconnect) before the screens poll. */
export const PUSH_GRACE_MS = 2_000;

/**
 * True once the push stream has been down for `PUSH_GRACE_MS` (and until it is up again): the moment to poll.
 * A page that opens while the stream connects does not start polling for the half second that takes.
 */
export function usePushDown(): boolean {
  const pushUp = usePushUp();
  const [down, setDown] = useState(false);
  useEffect(() => {
    if (pushUp) {
      setDown(false);
      return;
    }
    const t = setTimeout(() => setDown(true), PUSH_GRACE_MS);
    return () => clearTimeout(t);
  }, [pushUp]);
  return down && !pushUp;
}

/**
 * Data a screen shows live, as a query of the page's cache (TanStack Query, `useServerData`): read at once (and again
 * when `key` changes). While the push stream is up, read again only when `refresh()` is called (a push for it arrived),
 * throttled to `minMs`, and `set()` puts in what a push carried without a request. While the stream is down it is
 * polled every `pollMs` (the query's refetchInterval, paused while the tab is hidden): at once when the poll starts,
 * and once more when the stream is back, to catch up. A failed read keeps the last data (the next one tries again).
 * Public: the market's prices are the same for every player, so a logout does not drop them.
 */
export function useLiveQuery<T>(
  key: readonly unknown[],
  load: (signal: AbortSignal) => Promise<T>,
  opts: { pollMs: number; minMs?: number; enabled?: boolean },
): { query: UseQueryResult<T, Error>; refresh: () => void; set: (next: T) => void; polling: boolean } {
  const polling = usePushDown();
  const client = usePageQueryClient();
  const enabled = opts.enabled ?? true;
  const loadRef = useRef(load);
  loadRef.current = load;
  const query = useServerData(key, (signal) => loadRef.current(signal), {
    enabled,
    public: true,
    staleTime: 0,
    // the poll or the next push asks again: no retries of their own in between
    retry: false,
    refetchInterval: polling && enabled ? opts.pollMs : false,
  });
  const keyRef = useRef(key);
  keyRef.current = key;
  // a read asked for while one is on its way waits for it and then runs once: a slow API under a burst of pushes
  // still answers (a newer ask never cancels the read in flight), and what the last push changed is read after it
  const again = useRef(false);
  const reload = useCallback(() => {
    if (client.getQueryState(keyRef.current)?.fetchStatus === 'fetching') {
      again.current = true;
      return;
    }
    again.current = false;
    void client.refetchQueries({ queryKey: keyRef.current, exact: true }, { cancelRefetch: false });
  }, [client]);
  useEffect(() => {
    if (query.fetchStatus === 'idle' && again.current) reload();
  }, [query.fetchStatus, reload]);
  const refresh = useThrottled(reload, opts.minMs ?? 1_000);
  // the poll starts (read at once, then every pollMs) or stops (the stream is back: what changed meanwhile is read)
  const wasPolling = useRef(polling);
  useEffect(() => {
    if (wasPolling.current === polling) return;
    wasPolling.current = polling;
    reload();
  }, [polling, reload]);
  const set = useCallback((next: T) => void client.setQueryData(keyRef.current, next), [client]);
  return { query, refresh, set, polling };
}
