import type { FastifyBaseLogger } from 'fastify';

/** Why a player's play just closed. */
export type PlayClosedReason = 'self_exclusion' | 'time_out' | 'disabled';
export type PlayClosedListener = (playerId: number, reason: PlayClosedReason) => unknown;

/**
 * "A player's play just closed": the domains that close play (protection's self-exclusion and time-out, the staff
 * disable) announce it after their commit; the domains that hold something for the player outside the main wallet
 * listen (transfer wallets recall every provider wallet at once). Neither imports the other: only this hook, on the
 * app as `app.playClosed`. Fire-and-forget: `announce` returns at once, each listener runs in the background and its
 * failure is logged (the close itself already stands; a listener that must finish retries on its own, e.g. the
 * transfer reconciler).
 */
export class PlayClosedHooks {
  private readonly listeners = new Set<PlayClosedListener>();
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** Listens; returns the function that stops listening. */
  on(listener: PlayClosedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** After the commit that closed the player's play. Never throws, never waits. */
  announce(playerId: number, reason: PlayClosedReason): void {
    for (const listener of this.listeners) {
      const run: Promise<unknown> = Promise.resolve()
        .then(() => listener(playerId, reason))
        .catch((err: unknown) => this.log.error({ err, playerId, reason }, 'play closed: a listener failed'))
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }
  }

  /** Settles once every announced run has (tests; a closing app). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    playClosed: PlayClosedHooks;
  }
}
