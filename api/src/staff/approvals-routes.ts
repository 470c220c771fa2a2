import type { FastifyInstance } from 'fastify';
import {
  fromMinor,
  staffApprovalConfig,
  staffApprovals,
  staffApproveRequest,
  staffCancelRequest,
  staffRejectRequest,
} from '@khela/contracts';
import { requireStaff } from '../auth/staff';
import { auditActor } from '../core/audit';
import { registerEndpoint } from '../http/endpoint';
import { approvalConfig, approve, decline, listApprovals, setApprovalPublisher } from './approvals';

/** Staff area "approvals" (maker–checker; contracts schemas/staff/approvals.ts, console areas/approvals). */
export function approvalsRoutes(app: FastifyInstance) {
  const db = app.db;
  const approvals = approvalConfig();
  // a request asked for or decided reaches every console at once (the Approvals page, the maker's notice)
  setApprovalPublisher(db, (e) => app.push.publishStaff('approval', e));
  registerEndpoint(app, staffApprovalConfig, async () => ({
    above: Object.fromEntries(Object.entries(approvals.aboveMinor).map(([c, v]) => [c, fromMinor(v)])),
    markets: approvals.markets,
  }));
  registerEndpoint(app, staffApprovals, async (req) => {
    const r = await listApprovals(db, requireStaff(req), req.query);
    return { ...r, page: req.query.page, per_page: req.query.per_page };
  });
  registerEndpoint(app, staffApproveRequest, async (req) =>
    approve(app, requireStaff(req), auditActor(req), req.params.id, req.body.reason),
  );
  registerEndpoint(app, staffRejectRequest, async (req) =>
    decline(db, requireStaff(req), auditActor(req), req.params.id, 'reject', req.body.reason),
  );
  registerEndpoint(app, staffCancelRequest, async (req) =>
    decline(db, requireStaff(req), auditActor(req), req.params.id, 'cancel', req.body.reason),
  );
}
