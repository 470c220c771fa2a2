// Whether this process's odds are live. Each API process mirrors the feed itself, so each knows its own state: while
// its consumer is down the stored prices may be stale, and the exchange says "prices unavailable" and takes no bets.
import type { FeedState } from './consumer';

export class FeedAvailability {
  /** No consumer watched (ODDS_FEED=off, tests without a feed): prices are what the database holds, taken as live. */
  private watched = false;
  private state: FeedState = 'connected';
  private downSince: number | null = null;
  private readonly listeners = new Set<(available: boolean) => void>();

  /** A consumer now drives this (down until its first connection: nothing confirmed the stored prices yet). */
  watch(now = Date.now()): void {
    this.watched = true;
    this.set('down', now);
  }

  set(state: FeedState, now = Date.now()): void {
    if (!this.watched || state === this.state) return;
    this.state = state;
    this.downSince = state === 'down' ? now : null;
    for (const fn of [...this.listeners]) fn(state === 'connected');
  }

  get available(): boolean {
    return this.state === 'connected';
  }

  /** When the current outage began (ms since epoch), null while available. */
  get since(): number | null {
    return this.downSince;
  }

  /** Called with the new availability on every change. Returns the unsubscribe function. */
  onChange(fn: (available: boolean) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process's odds feed is live (set by its consumer; live when no consumer runs). */
    oddsFeed: FeedAvailability;
  }
}
