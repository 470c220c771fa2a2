import type { FastifyInstance } from 'fastify';
import { staffDashboard, staffResolveAlert } from '@khela/contracts';
import { requireStaff, staffActor } from '../auth/staff';
import { registerEndpoint } from '../http/endpoint';
import { dashboard, resolveAlert } from './dashboard';

/** Staff area "dashboard" (every role; contracts schemas/staff/dashboard.ts, console areas/dashboard). */
export function dashboardRoutes(app: FastifyInstance) {
  const db = app.db;
  // the content role sees the queues' counts, not the money (issue 32)
  registerEndpoint(app, staffDashboard, async (req) => dashboard(db, new Date(), { money: requireStaff(req).role !== 'content' }));

  registerEndpoint(app, staffResolveAlert, async (req) => {
    await resolveAlert(db, staffActor(req), req.params.id, req.body.reason);
    await app.push.publishStaff('alert', { kind: 'resolved', message: `Alert ${req.params.id} resolved`, ref: `alert:${req.params.id}` });
    return { message: 'Alert resolved.' };
  });
}
