import type { FastifyInstance } from 'fastify';
import type { ProtectionConfig } from './config';
import { cancelPlayerOpenBets, playerOpenBetMarkets } from '../exchange/bets';
import { publishBetChanges } from '../exchange/notify';
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
 * A time-out or self-exclusion cancels the player's unmatched exchange orders at once (matched bets stand): every
 * UNMATCHED / PARTIALLY_MATCHED remainder and every PENDING bet (still in the bet delay), market by market through the
 * exchange's own cancel (exposure re-held), then the balance and the market's `odds` push, so the player's pages and
 * every other player's book see it. Call after the exclusion committed: a bet placed before it is cancelled here, a bet
 * placed after it is refused by the protection service (both take the player's row lock). A market that fails is
 * logged and the others still go; never throws (the exclusion itself already stands).
 */
export async function cancelOpenOrders(app: FastifyInstance, playerId: number): Promise<void> {
  let markets: string[];
  try {
    markets = await playerOpenBetMarkets(app.db, playerId);
  } catch (err) {
    app.log.error({ err, playerId }, 'protection: listing open exchange orders to cancel failed');
    return;
  }
  const why = await exclusionReason(app, playerId);
  for (const marketId of markets) {
    try {
      const done = await app.db.tx((q) => cancelPlayerOpenBets(q, playerId, marketId, why));
      if (done.cancelled.length) await publishBetChanges(app, marketId, done.affected);
    } catch (err) {
      app.log.error({ err, playerId, marketId }, 'protection: cancelling open exchange orders failed');
    }
  }
}

async function exclusionReason(app: FastifyInstance, playerId: number): Promise<string> {
  const e = await exclusionInForce(app.db, playerId).catch(() => null);
  return e?.kind === 'self_exclusion' ? 'self-exclusion started' : 'time-out started';
}
