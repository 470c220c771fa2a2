import type { FastifyInstance } from 'fastify';
import { staffChangePassword, staffLogin, staffLogout, staffMe, staffTotpConfirm, staffTotpSetup, STAFF_MESSAGES } from '@khela/contracts';
import { sha256Hex } from '@khela/contracts/signing';
import { bearerToken } from '../auth/sessions';
import { requireStaff } from '../auth/staff';
import { auditActor, writeAudit } from '../core/audit';
import { Conflict, Unauthenticated, ValidationFailed } from '../errors';
import { registerEndpoint } from '../http/endpoint';
import { endStaffStreams } from '../push/staff-stream';
import type { StaffLoginConfig } from './config';
import {
  assertTotpLink,
  changeOwnPassword,
  enableTotp,
  revokedSessionHashes,
  spendTotpStep,
  staffAccountView,
  staffLogIn,
  staffLogOut,
  startTotpSetup,
  totpState,
} from './service';
import { newTotpSecret, totpStep, totpUri } from './totp';

/**
 * Staff area "account" (contracts schemas/staff/account.ts, console areas/account and the log-in screen): log-in
 * (password + TOTP, throttled per username and address) and log-out, one's own account (password change, TOTP
 * enrolment through an admin's one-time link).
 */
export function accountRoutes(app: FastifyInstance, loginConfig: StaffLoginConfig) {
  const db = app.db;
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
}
