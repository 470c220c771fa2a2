import type { FastifyInstance } from 'fastify';
import { publishUnread } from '../identity/inbox/service';

/** After a committed decision or hold: the new balance and inbox count reach the player's open pages. */
export async function afterMoney(app: FastifyInstance, playerId: number): Promise<void> {
  await app.push.publishBalance(playerId);
  await publishUnread(app, playerId);
}

/** A deposit or withdrawal was requested, confirmed or decided: every open console's payments desk refreshes. */
export async function notifyStaff(app: FastifyInstance, where: { publicId: string } | { id: number }): Promise<void> {
  const r = await app.db.query<{ id: number; action: 'deposit' | 'withdraw'; status: number }>(
    `SELECT id::int AS id, action, status FROM wallet_transactions WHERE ${'publicId' in where ? 'public_id' : 'id'} = $1`,
    ['publicId' in where ? where.publicId : where.id],
  );
  const t = r.rows[0];
  if (t) await app.push.publishStaff('payment', { id: t.id, action: t.action, status: Number(t.status) });
}
