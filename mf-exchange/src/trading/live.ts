import { useCallback, useEffect, useRef, useState } from 'react';
import { BehaviorSubject } from 'rxjs';
import { useFact, useHost, type Fact } from '@khela/web';
import { usePoll } from '../usePoll';

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
 * Data a screen shows live: loaded at once (and again when `key` changes); while the push stream is up, refreshed
 * only when `refresh()` is called (a push for it arrived), throttled to `minMs`; while the stream is down, polled
 * every `pollMs` (only while the tab is visible); when the stream is back, loaded once to catch up, the poll stops.
 */
export function useLive(load: (signal?: AbortSignal) => Promise<void>, opts: { pollMs: number; minMs?: number; key: unknown }) {
  const polling = usePushDown();
  const loadRef = useRef(load);
  loadRef.current = load;
  const safeLoad = useCallback(() => void loadRef.current().catch(() => undefined), []);
  const refresh = useThrottled(safeLoad, opts.minMs ?? 1_000);
  useEffect(() => {
    const ctrl = new AbortController();
    void loadRef.current(ctrl.signal).catch(() => undefined);
    return () => ctrl.abort();
  }, [opts.key]);
  // the poll loads at once when it starts, then every pollMs
  usePoll((signal) => loadRef.current(signal), opts.pollMs, opts.key, polling);
  const polled = useRef(false);
  useEffect(() => {
    if (polling) polled.current = true;
    else if (polled.current) {
      // the stream is back: what changed while it was away is loaded once
      polled.current = false;
      safeLoad();
    }
  }, [polling, safeLoad]);
  return { refresh, polling };
}
