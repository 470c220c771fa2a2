import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db';

/**
 * What protection asks of the domains where a player stakes, without importing them (issue 29 item 3): the money
 * paths call protection (assertMayDeposit / assertMayPlay / assertMayWager), and the domains that hold a player's
 * open play register here once, as transfer wallets listen to `app.playClosed`. On the app as `app.protectionHooks`.
 */
export interface StakeHolder {
  /** Inside the transaction that put the player on a risk hold: end what lets him stake (casino launch tokens). */
  held?: (q: Queryable, playerId: number) => Promise<void>;
  /**
   * After the commit of a time-out, self-exclusion or hold: cancel what the player has open (unmatched exchange
   * orders), logging failures on `log`; never throws (the close itself already stands).
   */
  cancelOpen?: (playerId: number, why: string, log: Pick<FastifyBaseLogger, 'error'>) => Promise<void>;
}

export class ProtectionHooks {
  private readonly holders: StakeHolder[] = [];

  /** A stake-holding domain registers when its routes are; returns the function that unregisters it. */
  register(holder: StakeHolder): () => void {
    this.holders.push(holder);
    return () => {
      const i = this.holders.indexOf(holder);
      if (i >= 0) this.holders.splice(i, 1);
    };
  }

  async held(q: Queryable, playerId: number): Promise<void> {
    for (const h of this.holders) await h.held?.(q, playerId);
  }

  async cancelOpen(playerId: number, why: string, log: Pick<FastifyBaseLogger, 'error'>): Promise<void> {
    for (const h of this.holders) await h.cancelOpen?.(playerId, why, log);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    protectionHooks: ProtectionHooks;
  }
}
