import type { FastifyInstance } from 'fastify';
import { cashClaimEndpoint, convertVipEndpoint } from '@khela/contracts';
import { requestIdempotencyKey } from '../../core/idempotency';
import { assertOwnRemoteId, registerEndpoint, requirePlayer } from '../../http/endpoint';
import { protectionConfig, type ProtectionConfig } from '../../protection/config';
import { claimCashBonus, convertVipPoints } from './service';

/** Money the site gives: VIP points converted to balance, the referral cash bonus claimed (both ask the protection service). */
export function rewardsRoutes(app: FastifyInstance, protection: ProtectionConfig = protectionConfig()): void {
  const db = app.db;

  registerEndpoint(app, convertVipEndpoint, async (req) => {
    assertOwnRemoteId(req, req.query.remote_id);
    const out = await convertVipPoints(
      db,
      { playerId: req.player.id, points: req.query.vip_coin, key: requestIdempotencyKey(req) },
      protection,
    );
    await app.push.publishBalance(req.player.id);
    return out;
  });

  registerEndpoint(app, cashClaimEndpoint, async (req) => {
    const playerId = requirePlayer(req).id;
    const out = await claimCashBonus(db, { playerId, key: requestIdempotencyKey(req) }, protection);
    await app.push.publishBalance(playerId);
    return out;
  });
}
