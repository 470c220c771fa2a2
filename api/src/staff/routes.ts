import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account-routes';
import { approvalsRoutes } from './approvals-routes';
import { auditRoutes } from './audit-routes';
import { startSealJob } from './audit-chain';
import { staffLoginConfig } from './config';
import { dashboardRoutes } from './dashboard-routes';
import { riskRoutes } from './risk-routes';
import { startRiskEvaluator } from './risk-evaluator';
import { staffAccountsRoutes } from './staff-accounts-routes';

/**
 * The staff platform's endpoints, one file per area of the console (<area>-routes.ts; docs/staff-index.md lists
 * them), and its jobs: the audit's hash chain sealer and the risk evaluator.
 */
export default async function staffRoutes(app: FastifyInstance) {
  const db = app.db;
  const loginConfig = staffLoginConfig();
  // the audit's hash chain is sealed after commit by this job (every process runs it; one seals at a time)
  const sealer = startSealJob(db, app.log);
  app.addHook('onClose', async () => sealer.stop());
  // the fraud and AML rules looked at after the commit of their events (risk-evaluator.ts; every process, shared work)
  const evaluator = startRiskEvaluator(db, app.log, (a) =>
    app.push.publishStaff('alert', { kind: a.kind, message: a.message, ref: a.ref }),
  );
  app.addHook('onClose', async () => evaluator.stop());

  accountRoutes(app, loginConfig);
  staffAccountsRoutes(app, loginConfig);
  auditRoutes(app);
  approvalsRoutes(app);
  riskRoutes(app);
  dashboardRoutes(app);
}
