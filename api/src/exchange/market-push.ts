// The `odds` push of a changed market, carrying its prices (views.ts pushedMarket), to this process's streams: an open
// odds view applies it and asks nothing (issue 26 item 10). The feed's ticks, players' bets, staff decisions: each
// says `changed(marketId)`, and at most one push per market goes out every `minMs` (the last change wins, none is
// lost), read from the database after the change committed, and only while a stream in this process hears it.
import type { Db } from '../db';
import type { PushService } from '../push/service';
import type { ExchangeConfig } from './config';
import { readMarket } from './markets';
import { pushedMarket } from './views';

declare module 'fastify' {
  interface FastifyInstance {
    /** The `odds` push of changed markets with their prices, to this process's streams (app.ts decorates the root). */
    exchangeMarketPush: MarketPush;
  }
}

export interface MarketPushOptions {
  /** At most one push per market this often (ms): what a phone can paint. EXCHANGE_PUSH_MIN_MS, default 1000. */
  minMs: number;
  /** A feed version another process is still writing: asked again this often (ms), this many times. */
  retryMs: number;
  retries: number;
}

export function marketPushOptions(env: NodeJS.ProcessEnv = process.env): MarketPushOptions {
  const n = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
  return { minMs: n(env.EXCHANGE_PUSH_MIN_MS, 1_000), retryMs: 100, retries: 20 };
}

interface Due {
  timer: NodeJS.Timeout;
  /** The feed version the push must show at least (another process may not have committed it yet). */
  version: number;
  tries: number;
}

export class MarketPush {
  private readonly due = new Map<string, Due>();
  private readonly last = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly deps: {
      db: Db;
      push: Pick<PushService, 'broadcast' | 'broadcastHeard'>;
      cfg: ExchangeConfig;
      log: { warn(obj: object, msg: string): void };
    },
    private readonly opts: MarketPushOptions = marketPushOptions(),
  ) {}

  /** The market changed (at feed `version` when the feed changed it): its push goes out once, soon. */
  changed(marketId: string, version = 0): void {
    if (this.closed) return;
    const pending = this.due.get(marketId);
    if (pending) {
      // a push is on its way: it reads the market when it goes, so it carries this change too
      pending.version = Math.max(pending.version, version);
      return;
    }
    const wait = Math.max(0, (this.last.get(marketId) ?? 0) + this.opts.minMs - Date.now());
    this.schedule(marketId, { version, tries: 0 }, wait);
  }

  close(): void {
    this.closed = true;
    for (const d of this.due.values()) clearTimeout(d.timer);
    this.due.clear();
  }

  private schedule(marketId: string, d: Omit<Due, 'timer'>, wait: number) {
    const timer = setTimeout(() => void this.send(marketId), wait);
    timer.unref?.();
    this.due.set(marketId, { ...d, timer });
  }

  private async send(marketId: string) {
    const d = this.due.get(marketId);
    if (!d || this.closed) return;
    // a change from here on is a new push (it reads the market again after this one)
    this.due.delete(marketId);
    if (!this.deps.push.broadcastHeard()) return;
    this.last.set(marketId, Date.now());
    try {
      const market = await readMarket(this.deps.db, marketId);
      if (!market) return;
      if (market.feedVersion < d.version && d.tries < this.opts.retries) {
        // the feed version is another process's, not committed yet: ask again shortly
        const again = this.due.get(marketId);
        if (again) again.version = Math.max(again.version, d.version);
        else this.schedule(marketId, { version: d.version, tries: d.tries + 1 }, this.opts.retryMs);
        return;
      }
      this.deps.push.broadcast('odds', await pushedMarket(this.deps.db, market, this.deps.cfg));
    } catch (err) {
      this.deps.log.warn({ err, marketId }, 'odds push failed; the views refetch on their next push');
    }
  }
}
