// The bet delay's clock: a timer per PENDING bet in the process that took it, and a sweep for bets whose timer was
// lost (the process died during the delay, or another process took the bet). Activation is idempotent: whoever locks
// the bet first ends its delay; the other finds it no longer PENDING.
import type { FastifyInstance } from 'fastify';
import type { ExchangeConfig } from './config';
import { activatePending, duePendingBets } from './bets';
import { publishBetChanges } from './notify';

/** Ends a bet's delay through the market's writer (writer/); null when the writer is switched off. */
export type DelayEnder = (betId: number, marketId: string | null) => Promise<void>;

export class PendingBets {
  private readonly timers = new Set<NodeJS.Timeout>();
  private ender: DelayEnder | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping = false;
  private stopped = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly cfg: ExchangeConfig,
  ) {}

  start(): void {
    this.sweeper = setInterval(() => void this.sweep(), this.cfg.pendingSweepMs);
    this.sweeper.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** From now on delays end through the market writers (routes.ts sets it when they are on). */
  endThrough(ender: DelayEnder): void {
    this.ender = ender;
  }

  /** Ends the bet's delay after `delayMs`. */
  schedule(betId: number, delayMs: number, marketId: string | null = null): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      void this.activate(betId, marketId);
    }, delayMs);
    t.unref();
    this.timers.add(t);
  }

  async activate(betId: number, marketId: string | null = null): Promise<void> {
    if (this.stopped) return;
    try {
      if (this.ender) return await this.ender(betId, marketId);
      const done = await this.app.db.tx((q) => activatePending(q, betId, this.cfg));
      if (done) await publishBetChanges(this.app, done.marketId, done.affected);
    } catch (err) {
      this.app.log.error({ err, betId }, 'exchange: ending a bet delay failed (the sweep retries)');
    }
  }

  /** Activates every PENDING bet whose delay is over; one pass at a time. */
  async sweep(): Promise<void> {
    if (this.sweeping || this.stopped) return;
    this.sweeping = true;
    try {
      for (const id of await duePendingBets(this.app.db)) await this.activate(id);
    } catch (err) {
      this.app.log.warn({ err }, 'exchange: pending sweep failed');
    } finally {
      this.sweeping = false;
    }
  }
}
