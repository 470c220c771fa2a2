import type { FastifyInstance } from 'fastify';
import {
  staffAddRiskExemption,
  staffAssignRiskAlert,
  staffEndRiskExemption,
  staffRiskAlert,
  staffRiskAlerts,
  staffRiskAssignees,
  staffRiskExemptions,
  staffRiskRules,
  staffRiskStr,
  staffSetRiskAlertState,
  staffSetRiskRule,
} from '@khela/contracts';
import { requireStaff, staffActor } from '../auth/staff';
import { registerEndpoint } from '../http/endpoint';
import {
  assignAlert,
  reportingEntity,
  riskAlert,
  riskAlerts,
  riskAssignees,
  riskRules,
  setAlertState,
  setRiskRule,
  strReport,
} from './risk';
import { addExemption, endExemption, playerExemptions } from './risk-exemptions';

/** Staff area "risk" (contracts schemas/staff/risk.ts, console areas/risk): fraud and AML rules, alerts, exemptions, STR. */
export function riskRoutes(app: FastifyInstance) {
  const db = app.db;
  registerEndpoint(app, staffRiskRules, async () => ({ data: await riskRules(db) }));
  registerEndpoint(app, staffSetRiskRule, async (req) => {
    const { reason, ...rule } = req.body;
    return setRiskRule(db, staffActor(req), req.params.kind, { ...rule, reason });
  });
  registerEndpoint(app, staffRiskAlerts, async (req) => {
    const r = await riskAlerts(db, requireStaff(req).id, req.query);
    return { ...r, page: req.query.page, per_page: req.query.per_page };
  });
  registerEndpoint(app, staffRiskAlert, async (req) => riskAlert(db, req.params.id));
  registerEndpoint(app, staffRiskAssignees, async () => ({ data: await riskAssignees(db) }));
  registerEndpoint(app, staffAssignRiskAlert, async (req) => assignAlert(db, staffActor(req), req.params.id, req.body.operator_id));
  registerEndpoint(app, staffSetRiskAlertState, async (req) => {
    const r = await setAlertState(db, staffActor(req), req.params.id, req.body.state, req.body.note);
    await app.push.publishStaff('alert', { kind: r.state, message: `Alert ${r.id} ${r.state}`, ref: `alert:${r.id}` });
    return r;
  });
  registerEndpoint(app, staffRiskExemptions, async (req) => ({ data: await playerExemptions(db, req.params.id) }));
  registerEndpoint(app, staffAddRiskExemption, async (req) =>
    addExemption(db, staffActor(req), req.params.id, req.body.kind, req.body.reason),
  );
  registerEndpoint(app, staffEndRiskExemption, async (req) => endExemption(db, staffActor(req), req.params.id, req.body.reason));
  const entity = reportingEntity();
  registerEndpoint(app, staffRiskStr, async (req) => {
    const op = requireStaff(req);
    return strReport(
      db,
      staffActor(req),
      { username: op.name ? `${op.username} (${op.name})` : op.username, role: op.role },
      req.query,
      entity,
    );
  });
}
