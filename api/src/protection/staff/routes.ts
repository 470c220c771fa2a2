import type { FastifyInstance } from 'fastify';
import {
  RISK_HOLD_REASON_LABEL,
  staffPlayerHold,
  staffPlayerProtection,
  staffRecordDueDiligence,
  staffReleasePlayerHold,
  staffSetPlayerHold,
} from '@khela/contracts';
import { registerEndpoint } from '../../http/endpoint';
import { publishUnread } from '../../core/inbox';
import { auditActor } from '../../core/audit';
import { requireStaff } from '../../auth/staff';
import { protectionConfig, type ProtectionConfig } from '../config';
import { recordDueDiligence, staffPlayerProtection as playerProtection } from './service';
import { holdInForce, placeHold, releaseHold } from '../hold';
import { publishProtection } from '../notify';

/**
 * Back office, a player's protection (contracts: shared/contracts/src/schemas/staff/protection.ts; roles on each
 * declaration): support, payments and risk read it; payments record a customer due-diligence check, which releases
 * the player's withdrawals waiting for it.
 */
export default async function protectionStaffRoutes(app: FastifyInstance, opts: { config?: ProtectionConfig } = {}) {
  const db = app.db;
  const config = opts.config ?? protectionConfig();

  registerEndpoint(app, staffPlayerProtection, async (req) => playerProtection(db, req.params.id, config));

  registerEndpoint(app, staffRecordDueDiligence, async (req) => {
    requireStaff(req);
    const released = await recordDueDiligence(db, auditActor(req), req.params.id, req.body.reason);
    req.log.info({ operator: req.staff?.id, player: req.params.id, released: released.length }, 'due-diligence check recorded');
    for (const t of released) await app.push.publishStaff('payment', t);
    if (released.length) await publishUnread(app, req.params.id);
    return playerProtection(db, req.params.id, config);
  });

  // --- The risk hold (issue 27 item 9; service: ../hold.ts) ---------------------------------------------

  registerEndpoint(app, staffPlayerHold, async (req) => ({ hold: await holdInForce(db, req.params.id) }));

  registerEndpoint(app, staffSetPlayerHold, async (req) => {
    requireStaff(req);
    const id = req.params.id;
    const { after } = await db.tx((q) =>
      placeHold(
        q,
        auditActor(req),
        id,
        {
          reason: req.body.hold_reason,
          note: req.body.reason,
          allow_withdrawals: req.body.allow_withdrawals,
        },
        app.protectionHooks,
      ),
    );
    // no stake anywhere: the player's unmatched exchange orders are cancelled too (matched bets stand)
    await app.protectionHooks.cancelOpen(id, 'account on hold', req.log);
    await publishProtection(app, id, config);
    const msg = `Player on hold (${RISK_HOLD_REASON_LABEL[after.reason]}); withdrawals ${after.allow_withdrawals ? 'allowed' : 'closed'}.`;
    return { hold: after, message: msg };
  });

  registerEndpoint(app, staffReleasePlayerHold, async (req) => {
    requireStaff(req);
    await db.tx((q) => releaseHold(q, auditActor(req), req.params.id, req.body.reason));
    await publishProtection(app, req.params.id, config);
    return { hold: null, message: 'Hold released.' };
  });
}
