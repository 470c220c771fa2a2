import type { FastifyInstance } from 'fastify';
import { cashClaimEndpoint, convertVipEndpoint } from '@khela/contracts';
import { requestIdempotencyKey } from '../../core/idempotency';
import { assertOwnRemoteId, registerEndpoint, requirePlayer } from '../../http/endpoint';
import { claimCashBonus, convertVipPoints } from './service';

/** Money the site gives: VIP points converted to balance, the referral cash bonus claimed. */
export function rewardsRoutes(app: FastifyInstance): void {
  const db = app.db;

  registerEndpoint(app, convertVipEndpoint, async (req) => {
    assertOwnRemoteId(req, req.query.remote_id);
    const out = await convertVipPoints(db, { playerId: req.player.id, points: req.query.vip_coin, key: requestIdempotencyKey(req) });
    await app.push.publishBalance(req.player.id);
    return out;
  });

  registerEndpoint(app, cashClaimEndpoint, async (req) => {
    const playerId = requirePlayer(req).id;
    const out = await claimCashBonus(db, { playerId, key: requestIdempotencyKey(req) });
    await app.push.publishBalance(playerId);
    return out;
  });
}
