import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db';
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
import { z } from 'zod';
import { registerEndpoint } from '../../http/endpoint';
import { approvalConfig, payloadOf, registerApprovalExecutor, requestApproval } from '../../staff/approvals';
import { auditActor } from '../../core/audit';
import { requireStaff } from '../../auth/staff';
import { exchangeConfig, type ExchangeConfig } from '../config';
import { readLiabilityLimits, setLiabilityLimit } from '../liability-limits';
import { pushBetChanges } from '../notify';
import { throughWriter, writersOf } from '../writer/market-writer';
import { listMarkets, marketBets, marketDetail, resumeMarket, settleByStaff, suspendMarket, type StaffOutcome } from './service';

/**
 * Back office, exchange markets (liability, suspend, resume, settle, void, re-settle) and players' maximum liability
 * per market kind: the staff endpoints of this domain (contracts: shared/contracts/src/schemas/staff/markets.ts). Roles: risk (and admin). Every decision
 * runs in one transaction with its audit line; pushes go out after the commit.
 */
export default async function marketStaffRoutes(app: FastifyInstance, opts: { config?: ExchangeConfig } = {}) {
  const db = app.db;
  const cfg = opts.config ?? exchangeConfig();
  // maker–checker: every staff settlement, re-settlement and void waits for a second risk operator when on
  // (MAKER_CHECKER_MARKETS; on in production) — staff/approvals.ts
  const approvals = approvalConfig();
  /** A decision that changes the market's book: a command of the market's writer (issue 28 item 5), else its own transaction. */
  const inWriter = <T extends StaffOutcome>(marketId: string, run: (q: Queryable) => Promise<T>) =>
    throughWriter(app, marketId, 'staff', run, (out) => out.changed);

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
    requireStaff(req);
    const { marketId } = req.params;
    const out = await inWriter(marketId, (q) => suspendMarket(q, auditActor(req), marketId, req.body.reason));
    await after(marketId, out);
    return { changed: out.changed, message: out.message, market: out.market };
  });

  registerEndpoint(app, staffResumeMarket, async (req) => {
    requireStaff(req);
    const { marketId } = req.params;
    const out = await inWriter(marketId, (q) => resumeMarket(q, auditActor(req), marketId, req.body.reason, cfg));
    await after(marketId, out);
    return { changed: out.changed, message: out.message, market: out.market };
  });

  /** Records the request for a second operator (the market must exist) and returns the 409 to throw. */
  const ask = async (
    req: Parameters<typeof auditActor>[0],
    marketId: string,
    body: { winner?: string | undefined; runs?: number | undefined; void?: boolean },
    reason: string,
  ) => {
    const m = await marketDetail(db, marketId);
    const what = body.void ? 'Void' : `Settle on ${body.winner ?? `${body.runs} runs`}`;
    return requestApproval(
      db,
      { ...auditActor(req), staffId: requireStaff(req).id },
      {
        kind: body.void ? 'market_void' : 'market_settle',
        entityType: 'market',
        entityId: marketId,
        lockKey: `market:${marketId}`,
        payload: { market_id: marketId, ...body, reason },
        summary: `${what}: ${m.event_name} · ${m.name} (${marketId})`,
        reason,
      },
    );
  };
  const marketPayload = z.object({
    market_id: z.string(),
    winner: z.string().optional(),
    runs: z.number().optional(),
    void: z.boolean().optional(),
    reason: z.string(),
  });
  for (const kind of ['market_settle', 'market_void'] as const) {
    registerApprovalExecutor(app, kind, {
      async execute(q, checker, payload, request) {
        const p = payloadOf(marketPayload, payload);
        const body = p.void
          ? { void: true }
          : { ...(p.winner !== undefined ? { winner: p.winner } : {}), ...(p.runs !== undefined ? { runs: p.runs } : {}) };
        const out = await settleByStaff(
          q,
          checker,
          p.market_id,
          body,
          `${p.reason} (approval #${request.id}, asked by ${request.maker})`,
          cfg,
        );
        // the approval's own transaction: beside the market's writer, whose epoch is bumped (its next batch is decided
        // again on this settlement; writer/market-writer.ts exclusive)
        if (out.changed) await writersOf(app)?.lease.fenceOthers(q, p.market_id);
        return { message: `Approved: ${out.message}`, after: () => after(p.market_id, out) };
      },
    });
  }

  registerEndpoint(app, staffSettleMarket, async (req) => {
    requireStaff(req);
    const { marketId } = req.params;
    const { reason, winner, runs } = req.body;
    if (approvals.markets) throw await ask(req, marketId, { winner, runs }, reason);
    const out = await inWriter(marketId, (q) => settleByStaff(q, auditActor(req), marketId, { winner, runs }, reason, cfg));
    await after(marketId, out);
    req.log.info({ marketId, action: out.action, changed: out.changed }, 'staff settlement');
    return { changed: out.changed, message: out.message, market: out.market };
  });

  registerEndpoint(app, staffVoidMarket, async (req) => {
    requireStaff(req);
    const { marketId } = req.params;
    if (approvals.markets) throw await ask(req, marketId, { void: true }, req.body.reason);
    const out = await inWriter(marketId, (q) => settleByStaff(q, auditActor(req), marketId, { void: true }, req.body.reason, cfg));
    await after(marketId, out);
    req.log.info({ marketId, action: out.action, changed: out.changed }, 'staff void');
    return { changed: out.changed, message: out.message, market: out.market };
  });

  registerEndpoint(app, staffPlayerLiabilityLimits, async (req) => readLiabilityLimits(db, req.params.id));

  registerEndpoint(app, staffSetPlayerLiabilityLimit, async (req) => {
    requireStaff(req);
    const { kind, max_liability, reason } = req.body;
    return db.tx((q) => setLiabilityLimit(q, auditActor(req), req.params.id, kind, max_liability, reason));
  });
}
