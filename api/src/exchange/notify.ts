import type { FastifyInstance } from 'fastify';
import { playerEvent } from '../push/broker';
import type { PushService } from '../push/service';

/**
 * After a commit: each player touched gets their balance and "your bets changed" for the market. Never throws: a lost
 * push only delays a poll. Used by the routes, the bet delay and the feed sync.
 */
export async function pushBetChanges(
  push: Pick<PushService, 'publish' | 'publishBalance'> & Partial<Pick<PushService, 'publishBalances'>>,
  marketId: string | null,
  players: Iterable<number>,
  log?: { warn(obj: object, msg: string): void },
): Promise<void> {
  const ids = [...new Set(players)];
  // the balances in one read (a batch of the market writer touches hundreds of players; on PGlite every statement
  // waits for the one connection the next batch needs) and every event in one statement, each player's odds event
  // after their balance
  if (push.publishBalances) return push.publishBalances(ids, (id) => (marketId ? [playerEvent(id, 'odds', { marketId, bets: true })] : []));
  const odds = async (id: number) => {
    if (marketId)
      await push.publish(id, 'odds', { marketId, bets: true }).catch((err: unknown) => {
        log?.warn({ err, playerId: id, marketId }, 'odds push failed');
      });
  };
  await Promise.all(
    ids.map(async (id) => {
      await push.publishBalance(id);
      await odds(id);
    }),
  );
}

/**
 * A player's bet, cancel or delay end: pushBetChanges, and to every stream of this process the market's new book
 * (players' resting orders are prices too; market-push.ts). Other processes' viewers see the change with the market's
 * next push there (its next feed update).
 */
export async function publishBetChanges(app: FastifyInstance, marketId: string | null, players: Iterable<number>): Promise<void> {
  if (marketId) app.exchangeMarketPush.changed(marketId);
  await pushBetChanges(app.push, marketId, players, app.log);
}
