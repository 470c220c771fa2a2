import { useEffect, useRef } from 'react';

/**
 * Runs `task` now and then every `ms`, but only while the page is visible, and never two at once:
 * the next run is scheduled after the previous one settles. Stops on unmount, when `key` changes or while
 * `enabled` is false (the exchange polls only while the push stream is down).
 */
export function usePoll(task: (signal: AbortSignal) => Promise<void>, ms: number, key: unknown, enabled = true): void {
  const taskRef = useRef(task);
  taskRef.current = task;
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let busy = false;
    const ctrl = new AbortController();
    const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
    const run = async () => {
      timer = null;
      if (stopped || busy || !visible()) return;
      busy = true;
      try {
        await taskRef.current(ctrl.signal);
      } catch {
        /* a failed tick keeps the last figures; the next tick tries again */
      } finally {
        busy = false;
      }
      if (!stopped && visible()) timer = setTimeout(run, ms);
    };
    const onVisibility = () => {
      if (visible() && !timer) void run();
    };
    document.addEventListener('visibilitychange', onVisibility);
    void run();
    return () => {
      stopped = true;
      ctrl.abort();
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [ms, key, enabled]);
}
