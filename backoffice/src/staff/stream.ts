import { useEffect } from 'react';
import { staffPushTopics, staffStreamTicket, type StaffPushTopic } from '@khela/contracts';
import { useStaff } from './context';
import type { StaffSession } from './session';

/** Reconnection delay after the n-th failure in a row: 1 s, 2 s, 4 s ... at most 30 s. */
export const backoffMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * Opens the staff stream for a logged-in session and feeds `session.events$`; reconnects with backoff, a new
 * single-use ticket each time. Returns the stop function.
 */
export function startStaffStream(
  session: Pick<StaffSession, 'api' | 'events$' | 'account$'>,
  EventSourceImpl: typeof EventSource | undefined = globalThis.EventSource,
): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = false;
  const close = () => {
    source?.close();
    source = null;
    if (retry) clearTimeout(retry);
    retry = null;
  };
  const schedule = () => {
    close();
    if (stopped || !session.account$.value) return;
    retry = setTimeout(() => void connect(), backoffMs(attempt++));
  };
  const connect = async () => {
    close();
    if (stopped || !session.account$.value || !EventSourceImpl) return;
    try {
      const { ticket } = await session.api.call(staffStreamTicket);
      if (stopped) return;
      const es = new EventSourceImpl(session.api.url(`/api/operator/stream?ticket=${encodeURIComponent(ticket)}`));
      source = es;
      es.addEventListener('ready', () => {
        attempt = 0;
      });
      for (const topic of Object.keys(staffPushTopics) as StaffPushTopic[]) {
        es.addEventListener(topic, (ev) => {
          let data: unknown;
          try {
            data = JSON.parse((ev as MessageEvent).data);
          } catch {
            return;
          }
          const parsed = staffPushTopics[topic].safeParse(data);
          if (parsed.success) session.events$.next({ topic, payload: parsed.data });
        });
      }
      // the browser's own retry would reuse a spent ticket: close and reconnect with a new one
      es.addEventListener('error', () => schedule());
    } catch {
      schedule();
    }
  };
  void connect();
  return () => {
    stopped = true;
    close();
  };
}

/**
 * Keeps the staff stream (GET /api/operator/stream, Server-Sent Events) open while the console is logged in and
 * feeds its events to `session.events$` (read with useStaffEvent).
 */
export function useStaffStream(): void {
  const session = useStaff();
  useEffect(() => {
    let stop: (() => void) | null = null;
    const sub = session.account$.subscribe((op) => {
      if (op && !stop) stop = startStaffStream(session);
      if (!op && stop) {
        stop();
        stop = null;
      }
    });
    return () => {
      sub.unsubscribe();
      stop?.();
    };
  }, [session]);
}
