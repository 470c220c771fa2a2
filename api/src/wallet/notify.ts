import type { FastifyInstance } from 'fastify';
import { publishUnread } from '../core/inbox';

/** After a committed decision or hold: the new balance and inbox count reach the player's open pages. */
export async function afterMoney(app: FastifyInstance, playerId: number): Promise<void> {
  await app.push.publishBalance(playerId);
  await publishUnread(app, playerId);
}

/**
 * A deposit or withdrawal was requested, confirmed or decided: every open console's payments desk refreshes, and the
 * player's open pages hear the request's new state (the payment request page's countdown stops on a decision).
 */
export async function notifyStaff(app: FastifyInstance, where: { publicId: string } | { id: number }): Promise<void> {
  const r = await app.db.query<{ id: number; public_id: string; player_id: string; action: 'deposit' | 'withdraw'; status: number }>(
    `SELECT id::int AS id, public_id, player_id, action, status FROM wallet_transactions
     WHERE ${'publicId' in where ? 'public_id' : 'id'} = $1`,
    ['publicId' in where ? where.publicId : where.id],
  );
  const t = r.rows[0];
  if (!t) return;
  await app.push.publishStaff('payment', { id: t.id, action: t.action, status: Number(t.status) });
  await app.push
    .publish(Number(t.player_id), 'payment', { transaction: t.public_id, action: t.action, status: Number(t.status) })
    .catch((err: unknown) => app.log.warn({ err }, 'payment push failed'));
}
