import type { FastifyInstance } from 'fastify';
import {
  staffMarket,
  staffMarketBets,
  staffMarkets,
  staffPlayerLiabilityLimits,
  staffSetPlayerLiabilityLimit,
  staffResumeMarket,
  staffSettleMarket,
  staffSuspendMarket,
  staffVoidMarket,
} from '@khela/contracts';
import { registerEndpoint } from '../../http/endpoint';
import { auditActor } from '../../operator/audit';
import { requireOperator } from '../../operator/auth';
import { exchangeConfig, type ExchangeConfig } from '../config';
import { readLiabilityLimits, setLiabilityLimit } from '../liability-limits';
import { pushBetChanges } from '../notify';
import { listMarkets, marketBets, marketDetail, resumeMarket, settleByStaff, suspendMarket, type StaffOutcome } from './service';

/**
 * Back office, exchange markets (liability, suspend, resume, settle, void, re-settle) and players' maximum liability
 * per market kind: the staff endpoints of this domain (contracts: shared/contracts/src/schemas/backoffice/markets.ts). Roles: risk (and admin). Every decision
 * runs in one transaction with its audit line; pushes go out after the commit.
 */
export default async function marketStaffRoutes(app: FastifyInstance, opts: { config?: ExchangeConfig } = {}) {
  const db = app.db;
  const cfg = opts.config ?? exchangeConfig();

  /** After the commit: players' balances and "your bets changed" (notify.ts), and this process's odds views the new status. */
  const after = async (marketId: string, out: StaffOutcome) => {
    if (!out.changed) return;
    // the market's status and prices as they are now (no feed version: a staff change is not one)
    app.exchangeMarketPush.changed(marketId);
    await pushBetChanges(app.push, marketId, out.players, app.log);
  };

  registerEndpoint(app, staffMarkets, async (req) => listMarkets(db, req.query));
  registerEndpoint(app, staffMarket, async (req) => marketDetail(db, req.params.marketId));
  registerEndpoint(app, staffMarketBets, async (req) => marketBets(db, req.params.marketId, req.query));

  registerEndpoint(app, staffSuspendMarket, async (req) => {
    requireOperator(req);
    const { marketId } = req.params;
    const out = await db.tx((q) => suspendMarket(q, auditActor(req), marketId, req.body.reason));
    await after(marketId, out);
    return { changed: out.changed, message: out.message, market: out.market };
  });

  registerEndpoint(app, staffResumeMarket, async (req) => {
    requireOperator(req);
    const { marketId } = req.params;
    const out = await db.tx((q) => resumeMarket(q, auditActor(req), marketId, req.body.reason, cfg));
    await after(marketId, out);
    return { changed: out.changed, message: out.message, market: out.market };
  });

  registerEndpoint(app, staffSettleMarket, async (req) => {
    requireOperator(req);
    const { marketId } = req.params;
    const { reason, winner, runs } = req.body;
    const out = await db.tx((q) => settleByStaff(q, auditActor(req), marketId, { winner, runs }, reason, cfg));
    await after(marketId, out);
    req.log.info({ marketId, action: out.action, changed: out.changed }, 'staff settlement');
    return { changed: out.changed, message: out.message, market: out.market };
  });

  registerEndpoint(app, staffVoidMarket, async (req) => {
    requireOperator(req);
    const { marketId } = req.params;
    const out = await db.tx((q) => settleByStaff(q, auditActor(req), marketId, { void: true }, req.body.reason, cfg));
    await after(marketId, out);
    req.log.info({ marketId, action: out.action, changed: out.changed }, 'staff void');
    return { changed: out.changed, message: out.message, market: out.market };
  });

  registerEndpoint(app, staffPlayerLiabilityLimits, async (req) => readLiabilityLimits(db, req.params.id));

  registerEndpoint(app, staffSetPlayerLiabilityLimit, async (req) => {
    requireOperator(req);
    const { kind, max_liability, reason } = req.body;
    return db.tx((q) => setLiabilityLimit(q, auditActor(req), req.params.id, kind, max_liability, reason));
  });
}
