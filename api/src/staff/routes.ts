import type { FastifyInstance } from 'fastify';
import {
  staffApprovalConfig,
  staffApprovals,
  staffApproveRequest,
  staffAudit,
  staffAuditChain,
  staffCancelRequest,
  staffChangePassword,
  staffCreateAccount,
  staffDashboard,
  staffDisableAccount,
  staffEnableAccount,
  staffIssueTotpLink,
  staffLogin,
  staffLogout,
  staffMe,
  staffAccounts,
  staffResetAccountTotp,
  staffRejectRequest,
  staffResolveAlert,
  staffRiskAlerts,
  staffRiskAlert,
  staffAssignRiskAlert,
  staffSetRiskAlertState,
  staffRiskAssignees,
  staffRiskStr,
  staffRiskRules,
  staffRiskExemptions,
  staffAddRiskExemption,
  staffEndRiskExemption,
  staffSetRiskRule,
  staffSetAccountPassword,
  staffSetAccountRole,
  staffTotpConfirm,
  staffTotpSetup,
  staffUnlockAccount,
  STAFF_MESSAGES,
} from '@khela/contracts';
import { bearerToken } from '../auth/sessions';
import { sha256Hex } from '@khela/contracts/signing';
import { registerEndpoint } from '../http/endpoint';
import { Conflict, Unauthenticated, ValidationFailed } from '../errors';
import { adminCreateStaffAccount, changeStaffAccount, issueTotpLink, listStaffAccounts, StaffInputError } from './staff-accounts';
import { auditActor, writeAudit } from '../core/audit';
import { searchAudit } from '../core/audit-search';
import { requireStaff } from '../auth/staff';
import { staffLoginConfig } from './config';
import { startSealJob, verifyAuditChain } from './audit-chain';
import { approvalConfig, approve, decline, listApprovals, setApprovalPublisher } from './approvals';
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
import { startRiskEvaluator } from './risk-evaluator';
import { fromMinor } from '@khela/contracts';
import { dashboard, resolveAlert } from './dashboard';
import {
  assertTotpLink,
  changeOwnPassword,
  staffLogIn,
  staffLogOut,
  staffAccountView,
  revokedSessionHashes,
  enableTotp,
  spendTotpStep,
  startTotpSetup,
  totpState,
} from './service';
import { endStaffStreams } from '../push/staff-stream';
import { newTotpSecret, totpStep, totpUri } from './totp';
import { addExemption, endExemption, playerExemptions } from './risk-exemptions';

/**
 * Back office, staff accounts: operator log-in (password + TOTP, throttled per username and address) and log-out, the
 * operator's own account (password change, TOTP enrolment through an admin's one-time link), operators (admin), the
 * audit log (admin), the dashboard.
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

  registerEndpoint(app, staffLogin, async (req) => {
    const res = await staffLogIn(
      db,
      loginConfig,
      {
        username: req.body.username,
        password: req.body.password,
        totp: req.body.totp,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      },
      (alert) => void app.push.publishStaff('alert', alert).catch((err) => req.log.warn({ err }, 'staff alert push failed')),
    );
    req.log.info({ operator: res.operator.id }, 'operator logged in');
    return res;
  });

  registerEndpoint(app, staffLogout, async (req) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new Unauthenticated();
    await staffLogOut(db, token);
    // the console's staff stream ends now, not at its next heartbeat
    await endStaffStreams(app, [sha256Hex(token)]);
    return { message: 'Logged out' };
  });

  registerEndpoint(app, staffMe, async (req) => staffAccountView(requireStaff(req)));

  registerEndpoint(app, staffChangePassword, async (req) => {
    const op = requireStaff(req);
    const view = await changeOwnPassword(db, op, auditActor(req), req.body);
    // the operator's other consoles end now (this one keeps its session)
    await endStaffStreams(
      app,
      (await revokedSessionHashes(db, op.id)).filter((h) => h !== op.sessionHash),
    );
    return view;
  });

  // ---- TOTP enrolment (only through an admin's one-time link) ----

  registerEndpoint(app, staffTotpSetup, async (req) => {
    const op = requireStaff(req);
    const secret = newTotpSecret();
    await db.tx(async (q) => {
      await assertTotpLink(q, op.id, req.body.link);
      if (!(await startTotpSetup(q, op.id, secret)))
        throw new Conflict('Two-factor sign-in is already on. An admin can reset it.', { code: 'totp_enabled' });
      await writeAudit(q, auditActor(req), {
        action: 'staff.totp_setup',
        entityType: 'operator',
        entityId: op.id,
        after: { totp_enabled: false },
      });
    });
    return { secret, otpauth_uri: totpUri(op.username, secret) };
  });

  registerEndpoint(app, staffTotpConfirm, async (req) => {
    const op = requireStaff(req);
    const row = await totpState(db, op.id);
    if (row?.totp_enabled_at) throw new Conflict('Two-factor sign-in is already on.', { code: 'totp_enabled' });
    if (!row?.totp_secret) throw new Conflict('Start the set-up first.', { code: 'totp_setup_required' });
    const step = await totpStep(row.totp_secret, req.body.totp, row.totp_last_step === null ? null : Number(row.totp_last_step));
    if (step === null) throw new ValidationFailed({ totp: [STAFF_MESSAGES.totpInvalid] });
    await db.tx(async (q) => {
      if (!(await spendTotpStep(q, op.id, step))) throw new ValidationFailed({ totp: [STAFF_MESSAGES.totpInvalid] });
      await assertTotpLink(q, op.id, req.body.link, true);
      // the secret confirmed must still be the one set up (not replaced by a parallel set-up meanwhile)
      if (!(await enableTotp(q, op.id, row.totp_secret!)))
        throw new Conflict('The set-up changed meanwhile: start again.', { code: 'totp_setup_required' });
      await writeAudit(q, auditActor(req), {
        action: 'staff.totp_enrol',
        entityType: 'operator',
        entityId: op.id,
        before: { totp_enabled: false },
        after: { totp_enabled: true },
      });
    });
    return staffAccountView({ ...op, totpEnabled: true });
  });

  // ---- Operators (admin) ----

  registerEndpoint(app, staffAccounts, async (req) => {
    const r = await listStaffAccounts(db, loginConfig, req.query);
    return { ...r, page: req.query.page, per_page: req.query.per_page };
  });

  registerEndpoint(app, staffCreateAccount, async (req) => {
    try {
      return await adminCreateStaffAccount(db, loginConfig, auditActor(req), req.body);
    } catch (err) {
      if (err instanceof StaffInputError) {
        const field = /username|already exists/i.test(err.message) ? 'username' : 'password';
        throw new ValidationFailed({ [field]: [err.message] });
      }
      throw err;
    }
  });

  const actorOf = (req: Parameters<typeof auditActor>[0]) => ({ ...auditActor(req), staffId: requireStaff(req).id });
  registerEndpoint(app, staffSetAccountRole, async (req) =>
    changeStaffAccount(db, loginConfig, actorOf(req), req.params.id, 'role', { reason: req.body.reason, role: req.body.role }),
  );
  registerEndpoint(app, staffDisableAccount, async (req) => {
    const after = await changeStaffAccount(db, loginConfig, actorOf(req), req.params.id, 'disable', req.body);
    await endStaffStreams(app, await revokedSessionHashes(db, req.params.id));
    return after;
  });
  registerEndpoint(app, staffEnableAccount, async (req) =>
    changeStaffAccount(db, loginConfig, actorOf(req), req.params.id, 'enable', req.body),
  );
  registerEndpoint(app, staffUnlockAccount, async (req) =>
    changeStaffAccount(db, loginConfig, actorOf(req), req.params.id, 'unlock', req.body),
  );
  registerEndpoint(app, staffResetAccountTotp, async (req) => {
    const after = await changeStaffAccount(db, loginConfig, actorOf(req), req.params.id, 'reset-totp', req.body);
    await endStaffStreams(app, await revokedSessionHashes(db, req.params.id));
    return after;
  });

  registerEndpoint(app, staffSetAccountPassword, async (req) => {
    try {
      const after = await changeStaffAccount(db, loginConfig, actorOf(req), req.params.id, 'password', req.body);
      await endStaffStreams(app, await revokedSessionHashes(db, req.params.id));
      return after;
    } catch (err) {
      if (err instanceof StaffInputError) throw new ValidationFailed({ password: [err.message] });
      throw err;
    }
  });
  registerEndpoint(app, staffIssueTotpLink, async (req) => issueTotpLink(db, loginConfig, auditActor(req), req.params.id, req.body.reason));

  // ---- Audit log (admin) ----

  registerEndpoint(app, staffAudit, async (req) => {
    const r = await searchAudit(db, req.query);
    return { ...r, page: req.query.page, per_page: req.query.per_page };
  });

  registerEndpoint(app, staffAuditChain, async () => ({ ...(await verifyAuditChain(db)), checked_at: new Date().toISOString() }));

  // ---- Maker–checker: the approval queue ----

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

  // ---- Fraud and AML rules and their alerts (risk) ----

  registerEndpoint(app, staffRiskRules, async () => ({ data: await riskRules(db) }));
  registerEndpoint(app, staffSetRiskRule, async (req) => {
    const { reason, ...rule } = req.body;
    return setRiskRule(db, actorOf(req), req.params.kind, { ...rule, reason });
  });
  registerEndpoint(app, staffRiskAlerts, async (req) => {
    const r = await riskAlerts(db, requireStaff(req).id, req.query);
    return { ...r, page: req.query.page, per_page: req.query.per_page };
  });
  registerEndpoint(app, staffRiskAlert, async (req) => riskAlert(db, req.params.id));
  registerEndpoint(app, staffRiskAssignees, async () => ({ data: await riskAssignees(db) }));
  registerEndpoint(app, staffAssignRiskAlert, async (req) => assignAlert(db, actorOf(req), req.params.id, req.body.operator_id));
  registerEndpoint(app, staffSetRiskAlertState, async (req) => {
    const r = await setAlertState(db, actorOf(req), req.params.id, req.body.state, req.body.note);
    await app.push.publishStaff('alert', { kind: r.state, message: `Alert ${r.id} ${r.state}`, ref: `alert:${r.id}` });
    return r;
  });
  registerEndpoint(app, staffRiskExemptions, async (req) => ({ data: await playerExemptions(db, req.params.id) }));
  registerEndpoint(app, staffAddRiskExemption, async (req) =>
    addExemption(db, actorOf(req), req.params.id, req.body.kind, req.body.reason),
  );
  registerEndpoint(app, staffEndRiskExemption, async (req) => endExemption(db, actorOf(req), req.params.id, req.body.reason));
  const entity = reportingEntity();
  registerEndpoint(app, staffRiskStr, async (req) => {
    const op = requireStaff(req);
    return strReport(
      db,
      actorOf(req),
      { username: op.name ? `${op.username} (${op.name})` : op.username, role: op.role },
      req.query,
      entity,
    );
  });

  // ---- Dashboard ----

  // the content role sees the queues' counts, not the money (issue 32)
  registerEndpoint(app, staffDashboard, async (req) => dashboard(db, new Date(), { money: requireStaff(req).role !== 'content' }));

  registerEndpoint(app, staffResolveAlert, async (req) => {
    await resolveAlert(db, actorOf(req), req.params.id, req.body.reason);
    await app.push.publishStaff('alert', { kind: 'resolved', message: `Alert ${req.params.id} resolved`, ref: `alert:${req.params.id}` });
    return { message: 'Alert resolved.' };
  });
}
