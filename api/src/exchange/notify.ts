import type { FastifyInstance } from 'fastify';

/** After a commit: the balance and "your bets changed" of each player touched (never throws: a lost push only delays a poll). */
export async function publishBetChanges(app: FastifyInstance, marketId: string | null, players: Iterable<number>): Promise<void> {
  for (const id of new Set(players)) {
    await app.push.publishBalance(id);
    if (marketId) await app.push.publish(id, 'odds', { marketId, bets: true }).catch(() => undefined);
  }
}
