import type { FastifyInstance } from 'fastify';
import type { ProtectionConfig } from './config';
import { protectionStatus } from './service';

/** Tells the player's open pages their new protection status (the shell's session applies it at once). */
export async function publishProtection(app: FastifyInstance, playerId: number, config: ProtectionConfig): Promise<void> {
  try {
    await app.push.publish(playerId, 'protection', await protectionStatus(app.db, playerId, config));
  } catch (err) {
    app.log.warn({ err, playerId }, 'protection push failed');
  }
}

/**
 * A time-out or self-exclusion cancels the player's unmatched exchange orders at once (matched bets stand).
 * TODO(helper exchange): cancel every UNMATCHED / PARTIALLY_MATCHED remainder and PENDING bet of the player through
 * the exchange's own cancel path, and push the balance and the markets' books.
 */
export async function cancelOpenOrders(_app: FastifyInstance, _playerId: number): Promise<void> {}
