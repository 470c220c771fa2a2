// The bet delay's clock: a timer per PENDING bet in the process that took it, and a sweep for bets whose timer was
// lost (the process died during the delay, or another process took the bet). Activation is idempotent: whoever locks
// the bet first ends its delay; the other finds it no longer PENDING.
import type { FastifyInstance } from 'fastify';
import type { ExchangeConfig } from './config';
import { activatePending, duePendingBets } from './bets';
import { publishBetChanges } from './notify';

export class PendingBets {
  private readonly timers = new Set<NodeJS.Timeout>();
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

  /** Ends the bet's delay after `delayMs`. */
  schedule(betId: number, delayMs: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      void this.activate(betId);
    }, delayMs);
    t.unref();
    this.timers.add(t);
  }

  async activate(betId: number): Promise<void> {
    if (this.stopped) return;
    try {
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
