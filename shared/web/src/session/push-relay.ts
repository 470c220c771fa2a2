import { pushTicket, pushTopics, type BusPayload, type PushPayload, type PushTopic } from '@khela/contracts';
import type { ApiClient } from '../api/client';
import type { PlayerSession } from './player-session';

export const BALANCE_POLL_MS = 10_000;

/** Topics the session keeps as facts (balance, market flags, protection); the others are announced on the bus. */
export type SessionRelayedTopic = Exclude<PushTopic, 'balance' | 'account' | 'protection'>;

export interface PushRelay {
  stop(): void;
  readonly connected: boolean;
}

export interface PushRelayFeeds {
  api: ApiClient;
  session: Pick<PlayerSession, 'player$' | 'refreshBalance'>;
  /** The session's balance writer. */
  receiveBalance(balance: BusPayload<'balance'>): void;
  /** The session's market-flags writer: staff changed the player's status or upline flags (`account`). */
  receiveMarketFlags?(flags: PushPayload<'account'>): void;
  /** The session's protection writer: a time-out, self-exclusion, reached session limit or staff check (`protection`). */
  receiveProtection?(status: PushPayload<'protection'>): void;
  /** Announces the other topics on the bus. */
  relayTopic<K extends SessionRelayedTopic>(topic: K, payload: BusPayload<K>): void;
  /** Whether the stream is open now (apps switch their own polls off while it is). */
  pushState?(up: boolean): void;
}

/**
 * One Server-Sent Events connection per tab while a player is logged in, feeding the player session
 * (balance, and the market flags staff change: `account`) and the bus (inbox, chat, odds). While it is down the spec's 10 s balance poll runs as the
 * fallback; reconnection uses a fresh single-use ticket. Started by the session service only.
 */
export function startPushRelay(feeds: PushRelayFeeds, EventSourceImpl: typeof EventSource | undefined = globalThis.EventSource): PushRelay {
  const { api, session } = feeds;
  let source: EventSource | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let connected = false;
  let stopped = false;
  const loggedIn = () => session.player$.value !== null;

  const startPolling = () => {
    if (!poll) poll = setInterval(() => void session.refreshBalance(), BALANCE_POLL_MS);
  };
  const stopPolling = () => {
    if (poll) clearInterval(poll);
    poll = null;
  };
  const setConnected = (up: boolean) => {
    if (connected === up) return;
    connected = up;
    feeds.pushState?.(up);
  };
  const close = () => {
    source?.close();
    source = null;
    setConnected(false);
    if (retry) clearTimeout(retry);
    retry = null;
  };

  const connect = async () => {
    close();
    if (stopped || !loggedIn()) return;
    startPolling();
    if (!EventSourceImpl) return;
    try {
      const { ticket } = await api.call(pushTicket);
      if (stopped || !loggedIn()) return;
      const es = new EventSourceImpl(api.url(`/api/push/stream?ticket=${encodeURIComponent(ticket)}`));
      source = es;
      es.addEventListener('open', () => {
        attempt = 0;
        setConnected(true);
        stopPolling();
      });
      for (const topic of Object.keys(pushTopics) as PushTopic[]) {
        es.addEventListener(topic, (ev) => {
          const parsed = pushTopics[topic].safeParse(JSON.parse((ev as MessageEvent).data));
          if (!parsed.success) return;
          if (topic === 'balance') feeds.receiveBalance(parsed.data as BusPayload<'balance'>);
          else if (topic === 'account') feeds.receiveMarketFlags?.(parsed.data as PushPayload<'account'>);
          else if (topic === 'protection') feeds.receiveProtection?.(parsed.data as PushPayload<'protection'>);
          else feeds.relayTopic(topic, parsed.data as never);
        });
      }
      es.addEventListener('error', () => scheduleReconnect());
    } catch {
      scheduleReconnect();
    }
  };

  const scheduleReconnect = () => {
    close();
    if (stopped || !loggedIn()) return;
    startPolling();
    const delay = Math.min(30_000, 1000 * 2 ** attempt++);
    retry = setTimeout(() => void connect(), delay);
  };

  // the player fact emits at once: a stored login connects now, a later login connects then
  const sub = session.player$.subscribe((player) => {
    if (player) {
      attempt = 0;
      void session.refreshBalance();
      void connect();
    } else {
      close();
      stopPolling();
    }
  });

  return {
    stop() {
      stopped = true;
      sub.unsubscribe();
      close();
      stopPolling();
    },
    get connected() {
      return connected;
    },
  };
}
