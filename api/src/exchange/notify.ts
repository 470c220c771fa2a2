import type { FastifyInstance } from 'fastify';

/**
 * After a commit: the balance and "your bets changed" of each player touched, and to every stream of this process
 * that the market's book changed (players' resting orders are prices too). Never throws: a lost push only delays a poll.
 * Other processes' viewers see the change at the market's next feed update or their next refetch.
 */
export async function publishBetChanges(app: FastifyInstance, marketId: string | null, players: Iterable<number>): Promise<void> {
  if (marketId) app.push.broadcast('odds', { marketId });
  for (const id of new Set(players)) {
    await app.push.publishBalance(id);
    if (marketId) await app.push.publish(id, 'odds', { marketId, bets: true }).catch(() => undefined);
  }
}
