import type { FastifyInstance } from 'fastify';
import { staffPlayerProtection, staffRecordDueDiligence } from '@khela/contracts';
import { registerEndpoint } from '../../http/endpoint';
import { publishUnread } from '../../identity/inbox/service';
import { auditActor } from '../../operator/audit';
import { requireOperator } from '../../operator/auth';
import { protectionConfig, type ProtectionConfig } from '../config';
import { recordDueDiligence, staffPlayerProtection as playerProtection } from './service';

/**
 * Back office, a player's protection (contracts: shared/contracts/src/schemas/backoffice/protection.ts; roles on each
 * declaration): support, payments and risk read it; payments record a customer due-diligence check, which releases
 * the player's withdrawals waiting for it.
 */
export default async function protectionStaffRoutes(app: FastifyInstance, opts: { config?: ProtectionConfig } = {}) {
  const db = app.db;
  const config = opts.config ?? protectionConfig();

  registerEndpoint(app, staffPlayerProtection, async (req) => playerProtection(db, req.params.id, config));

  registerEndpoint(app, staffRecordDueDiligence, async (req) => {
    requireOperator(req);
    const released = await recordDueDiligence(db, auditActor(req), req.params.id, req.body.reason);
    req.log.info({ operator: req.operator?.id, player: req.params.id, released: released.length }, 'due-diligence check recorded');
    for (const t of released) await app.push.publishStaff('payment', t);
    if (released.length) await publishUnread(app, req.params.id);
    return playerProtection(db, req.params.id, config);
  });
}
