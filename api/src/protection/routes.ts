import type { FastifyInstance } from 'fastify';
import {
  PROTECTION_MESSAGES as M,
  dismissLimitsOffer,
  getProtection,
  getProtectionStatus,
  getRealityCheck,
  setMoneyLimit,
  setRealityCheck,
  setSessionLimit,
  startSelfExclusion,
  startTimeOut,
} from '@khela/contracts';
import { registerEndpoint, requirePlayer } from '../http/endpoint';
import { BadRequest, ValidationFailed } from '../errors';
import { toMinor } from '../ledger';
import { protectionConfig, type ProtectionConfig } from './config';
import { cancelOpenOrders, publishProtection } from './notify';
import {
  playerActor,
  protectionOverview,
  protectionStatus,
  realityCheck,
  setLimit,
  setRealityCheckMinutes,
  skipLimitsOffer,
  startExclusion,
} from './service';

export interface ProtectionRouteOptions {
  config?: ProtectionConfig;
}

/** Responsible gambling, the player's side: the Responsible gaming page and the status the shell hands every app. */
export default async function protectionRoutes(app: FastifyInstance, opts: ProtectionRouteOptions = {}) {
  const db = app.db;
  const config = opts.config ?? protectionConfig();

  registerEndpoint(app, getProtection, async (req) => protectionOverview(db, requirePlayer(req).id, config));

  registerEndpoint(app, getProtectionStatus, async (req) => protectionStatus(db, requirePlayer(req).id, config));

  registerEndpoint(app, getRealityCheck, async (req) => realityCheck(db, requirePlayer(req).id));

  registerEndpoint(app, setMoneyLimit, async (req) => {
    const player = requirePlayer(req);
    const { kind, period, amount } = req.body;
    const value = amount === null ? null : toMinor(amount);
    if (value !== null && value <= 0n) throw new ValidationFailed({ amount: ['Enter an amount above 0.'] });
    const message = await db.tx((q) => setLimit(q, playerActor(player, req.ip), player.id, kind, period, value, config));
    // the limits offer ends with the first limit: the player's other tabs hear it
    await publishProtection(app, player.id, config);
    return { ...(await protectionOverview(db, player.id, config)), message };
  });

  registerEndpoint(app, setSessionLimit, async (req) => {
    const player = requirePlayer(req);
    const minutes = req.body.minutes;
    const message = await db.tx((q) =>
      setLimit(q, playerActor(player, req.ip), player.id, 'session', 'session', minutes === null ? null : BigInt(minutes), config),
    );
    await publishProtection(app, player.id, config);
    return { ...(await protectionOverview(db, player.id, config)), message };
  });

  registerEndpoint(app, setRealityCheck, async (req) => {
    const player = requirePlayer(req);
    await db.tx((q) => setRealityCheckMinutes(q, playerActor(player, req.ip), player.id, req.body.minutes));
    await publishProtection(app, player.id, config);
    return protectionOverview(db, player.id, config);
  });

  registerEndpoint(app, startTimeOut, async (req) => {
    const player = requirePlayer(req);
    if (req.body.confirm !== true) throw new BadRequest(M.confirmRequired);
    await db.tx((q) => startExclusion(q, playerActor(player, req.ip), player.id, { kind: 'time_out', period: req.body.period }));
    // after the commit: the provider wallets are recalled at once (in the background; core/play-closed.ts)
    app.playClosed.announce(player.id, 'time_out');
    await cancelOpenOrders(app, player.id);
    await publishProtection(app, player.id, config);
    return protectionOverview(db, player.id, config);
  });

  registerEndpoint(app, startSelfExclusion, async (req) => {
    const player = requirePlayer(req);
    if (req.body.confirm !== true) throw new BadRequest(M.confirmRequired);
    await db.tx((q) => startExclusion(q, playerActor(player, req.ip), player.id, { kind: 'self_exclusion', period: req.body.period }));
    // after the commit: the provider wallets are recalled at once (in the background; core/play-closed.ts)
    app.playClosed.announce(player.id, 'self_exclusion');
    await cancelOpenOrders(app, player.id);
    await publishProtection(app, player.id, config);
    return protectionOverview(db, player.id, config);
  });

  registerEndpoint(app, dismissLimitsOffer, async (req) => {
    const player = requirePlayer(req);
    await db.tx((q) => skipLimitsOffer(q, playerActor(player, req.ip), player.id));
    await publishProtection(app, player.id, config);
    return protectionStatus(db, player.id, config);
  });
}
