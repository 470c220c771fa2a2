import type { FastifyInstance } from 'fastify';
import type { ProtectionConfig } from './config';
import { exclusionInForce, protectionStatus } from './service';

/** Tells the player's open pages their new protection status (the shell's session applies it at once). */
export async function publishProtection(app: FastifyInstance, playerId: number, config: ProtectionConfig): Promise<void> {
  try {
    await app.push.publish(playerId, 'protection', await protectionStatus(app.db, playerId, config));
  } catch (err) {
    app.log.warn({ err, playerId }, 'protection push failed');
  }
}

/**
 * A time-out or self-exclusion cancels the player's unmatched exchange orders at once (matched bets stand): through
 * `app.protectionHooks` (the exchange registers its cancel, exchange/protection-hook.ts). Call after the exclusion
 * committed; never throws (the exclusion itself already stands).
 */
export async function cancelOpenOrders(app: FastifyInstance, playerId: number): Promise<void> {
  await app.protectionHooks.cancelOpen(playerId, await exclusionReason(app, playerId), app.log);
}

async function exclusionReason(app: FastifyInstance, playerId: number): Promise<string> {
  const e = await exclusionInForce(app.db, playerId).catch(() => null);
  return e?.kind === 'self_exclusion' ? 'self-exclusion started' : 'time-out started';
}
