import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { cancelPlayerOpenBets, playerOpenBetMarkets } from './bets';
import { publishBetChanges } from './notify';
import { throughWriter } from './writer/market-writer';

/**
 * The exchange's part of a time-out, self-exclusion or risk hold (registered on `app.protectionHooks`,
 * protection/hooks.ts): the player's unmatched exchange orders are cancelled at once (matched bets stand): every
 * UNMATCHED / PARTIALLY_MATCHED remainder and every PENDING bet (still in the bet delay), market by market through the
 * exchange's own cancel (exposure re-held), then the balance and the market's `odds` push, so the player's pages and
 * every other player's book see it. Called after the close committed: a bet placed before it is cancelled here, a bet
 * placed after it is refused by the protection service (both take the player's row lock). Each market's cancels are a
 * command of its writer (writer/market-writer.ts `throughWriter`): queued with its bets, or, when another process
 * writes the market, run beside it with its lease epoch bumped. A market that fails is logged and the others still go;
 * never throws (the close itself already stands).
 */
export async function cancelOpenOrders(
  app: FastifyInstance,
  playerId: number,
  why: string,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  let markets: string[];
  try {
    markets = await playerOpenBetMarkets(app.db, playerId);
  } catch (err) {
    log.error({ err, playerId }, 'protection: listing open exchange orders to cancel failed');
    return;
  }
  for (const marketId of markets) {
    try {
      // a command of the market's writer, in arrival order with its bets (issue 28 item 5)
      const done = await throughWriter(
        app,
        marketId,
        'self-exclusion',
        (q) => cancelPlayerOpenBets(q, playerId, marketId, why),
        (d) => d.cancelled.length > 0,
      );
      if (done.cancelled.length) await publishBetChanges(app, marketId, done.affected);
    } catch (err) {
      log.error({ err, playerId, marketId }, 'protection: cancelling open exchange orders failed');
    }
  }
}
