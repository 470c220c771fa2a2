import type { FastifyInstance } from 'fastify';
import { publishUnread } from '../identity/inbox/service';

/** After a committed decision or hold: the new balance and inbox count reach the player's open pages. */
export async function afterMoney(app: FastifyInstance, playerId: number): Promise<void> {
  await app.push.publishBalance(playerId);
  await publishUnread(app, playerId);
}
