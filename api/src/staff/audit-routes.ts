import type { FastifyInstance } from 'fastify';
import { staffAudit, staffAuditChain } from '@khela/contracts';
import { searchAudit } from '../core/audit-search';
import { registerEndpoint } from '../http/endpoint';
import { verifyAuditChain } from './audit-chain';

/** Staff area "audit" (admin; contracts schemas/staff/audit.ts, console areas/audit): the log and its hash chain. */
export function auditRoutes(app: FastifyInstance) {
  const db = app.db;
  registerEndpoint(app, staffAudit, async (req) => {
    const r = await searchAudit(db, req.query);
    return { ...r, page: req.query.page, per_page: req.query.per_page };
  });

  registerEndpoint(app, staffAuditChain, async () => ({ ...(await verifyAuditChain(db)), checked_at: new Date().toISOString() }));
}
