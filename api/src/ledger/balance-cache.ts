import type { Queryable } from '../db';
import { ledgerConfig, type LedgerConfig } from './config';
import { getPlayerBalance, type PlayerBalance } from './ledger';

interface Entry {
  balance: PlayerBalance;
  /** Date.now() after which the entry is not used. */
  until: number;
}

/**
 * Players' balances as last read by this process, for at most `ttlMs` each: `POST /api/balance` is the call a
 * player's page makes most (every screen, every return to the tab), and it answered with a query each time.
 * Every committed move is followed by the player's balance push (`app.push.publishBalance`), which drops the entry
 * here at once and, through the push channel (NOTIFY), in every other process; the TTL bounds what a lost notice or
 * a move without a push could leave stale. Money is never decided from here: transfers lock and read the rows.
 * A read that was in flight while an entry was dropped is answered but not kept (the epoch), so a balance read
 * before a move can never be stored after it.
 */
export class PlayerBalanceCache {
  private readonly entries = new Map<number, Entry>();
  private epoch = 0;

  constructor(private readonly cfg: Pick<LedgerConfig, 'balanceCacheTtlMs' | 'balanceCacheMax'> = ledgerConfig()) {}

  get enabled() {
    return this.cfg.balanceCacheTtlMs > 0;
  }

  get size() {
    return this.entries.size;
  }

  async get(q: Queryable, playerId: number): Promise<PlayerBalance> {
    const hit = this.entries.get(playerId);
    if (hit) {
      if (hit.until > Date.now()) return hit.balance;
      this.entries.delete(playerId);
    }
    const epoch = this.epoch;
    const balance = await getPlayerBalance(q, playerId);
    if (this.enabled && epoch === this.epoch) {
      // the oldest entry goes first when full (Map keeps insertion order)
      if (this.entries.size >= this.cfg.balanceCacheMax) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(playerId, { balance, until: Date.now() + this.cfg.balanceCacheTtlMs });
    }
    return balance;
  }

  /** The player's balance moved (or may have): the next read goes to the database. */
  invalidate(playerId: number): void {
    this.epoch++;
    this.entries.delete(playerId);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Players' balances as last read by this process (this file); for display, never for moving money. */
    balances: PlayerBalanceCache;
  }
}
