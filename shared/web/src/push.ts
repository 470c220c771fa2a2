import type { Subscription } from 'rxjs';
import type { ApiClient } from './api/client';
import type { EventBus } from './bus';
import { balance as balanceEndpoint, pushTicket, pushTopics } from '@khela/contracts';
import { storage } from './storage';

export const BALANCE_POLL_MS = 10_000;

export interface PushRelay {
  stop(): void;
  /** Fetch the balance now (the refresh button). */
  refreshBalance(): Promise<void>;
  readonly connected: boolean;
}

/**
 * One Server-Sent Events connection per tab, relayed onto the bus. While it is down the
 * spec's 10 s balance poll runs as the fallback; reconnection uses a fresh single-use ticket.
 */
export function startPushRelay(api: ApiClient, bus: EventBus, EventSourceImpl: typeof EventSource | undefined = globalThis.EventSource): PushRelay {
  let source: EventSource | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let connected = false;
  let stopped = false;
  const subs: Subscription[] = [];

  const refreshBalance = async () => {
    if (!storage.get('token')) return;
    try {
      const res = await api.call(balanceEndpoint);
      storage.set('balance', res.balance);
      bus.publish('balance', { balance: res.balance, currency: res.currency });
    } catch {
      /* a 401 already published logout inside the client; other failures wait for the next tick */
    }
  };

  const startPolling = () => {
    if (!poll) poll = setInterval(() => void refreshBalance(), BALANCE_POLL_MS);
  };
  const stopPolling = () => {
    if (poll) clearInterval(poll);
    poll = null;
  };
  const close = () => {
    source?.close();
    source = null;
    connected = false;
    if (retry) clearTimeout(retry);
    retry = null;
  };

  const connect = async () => {
    close();
    if (stopped || !storage.get('token')) return;
    startPolling();
    if (!EventSourceImpl) return;
    try {
      const { ticket } = await api.call(pushTicket);
      if (stopped || !storage.get('token')) return;
      const es = new EventSourceImpl(api.url(`/api/push/stream?ticket=${encodeURIComponent(ticket)}`));
      source = es;
      es.addEventListener('open', () => {
        attempt = 0;
        connected = true;
        stopPolling();
      });
      for (const topic of Object.keys(pushTopics) as (keyof typeof pushTopics)[]) {
        es.addEventListener(topic, (ev) => {
          const parsed = pushTopics[topic].safeParse(JSON.parse((ev as MessageEvent).data));
          if (!parsed.success) return;
          if (topic === 'balance') storage.set('balance', (parsed.data as { balance: string }).balance);
          bus.publish(topic, parsed.data as never);
        });
      }
      es.addEventListener('error', () => scheduleReconnect());
    } catch {
      scheduleReconnect();
    }
  };

  const scheduleReconnect = () => {
    close();
    startPolling();
    if (stopped) return;
    const delay = Math.min(30_000, 1000 * 2 ** attempt++);
    retry = setTimeout(() => void connect(), delay);
  };

  subs.push(
    bus.on('login').subscribe(() => {
      void refreshBalance();
      void connect();
    }),
    bus.on('logout').subscribe(() => {
      close();
      stopPolling();
    }),
  );
  if (storage.get('token')) {
    void refreshBalance();
    void connect();
  }

  return {
    stop() {
      stopped = true;
      close();
      stopPolling();
      subs.forEach((s) => s.unsubscribe());
    },
    refreshBalance,
    get connected() {
      return connected;
    },
  };
}
