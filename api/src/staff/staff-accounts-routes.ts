import type { FastifyInstance } from 'fastify';
import {
  staffAccounts,
  staffCreateAccount,
  staffDisableAccount,
  staffEnableAccount,
  staffIssueTotpLink,
  staffResetAccountTotp,
  staffSetAccountPassword,
  staffSetAccountRole,
  staffUnlockAccount,
} from '@khela/contracts';
import { staffActor } from '../auth/staff';
import { auditActor } from '../core/audit';
import { ValidationFailed } from '../errors';
import { registerEndpoint } from '../http/endpoint';
import { endStaffStreams } from '../push/staff-stream';
import type { StaffLoginConfig } from './config';
import { revokedSessionHashes } from './service';
import { adminCreateStaffAccount, changeStaffAccount, issueTotpLink, listStaffAccounts, StaffInputError } from './staff-accounts';

/** Staff area "staff-accounts" (admin; contracts schemas/staff/staff-accounts.ts, console areas/staff-accounts). */
export function staffAccountsRoutes(app: FastifyInstance, loginConfig: StaffLoginConfig) {
  const db = app.db;
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

  registerEndpoint(app, staffSetAccountRole, async (req) =>
    changeStaffAccount(db, loginConfig, staffActor(req), req.params.id, 'role', { reason: req.body.reason, role: req.body.role }),
  );
  registerEndpoint(app, staffDisableAccount, async (req) => {
    const after = await changeStaffAccount(db, loginConfig, staffActor(req), req.params.id, 'disable', req.body);
    await endStaffStreams(app, await revokedSessionHashes(db, req.params.id));
    return after;
  });
  registerEndpoint(app, staffEnableAccount, async (req) =>
    changeStaffAccount(db, loginConfig, staffActor(req), req.params.id, 'enable', req.body),
  );
  registerEndpoint(app, staffUnlockAccount, async (req) =>
    changeStaffAccount(db, loginConfig, staffActor(req), req.params.id, 'unlock', req.body),
  );
  registerEndpoint(app, staffResetAccountTotp, async (req) => {
    const after = await changeStaffAccount(db, loginConfig, staffActor(req), req.params.id, 'reset-totp', req.body);
    await endStaffStreams(app, await revokedSessionHashes(db, req.params.id));
    return after;
  });

  registerEndpoint(app, staffSetAccountPassword, async (req) => {
    try {
      const after = await changeStaffAccount(db, loginConfig, staffActor(req), req.params.id, 'password', req.body);
      await endStaffStreams(app, await revokedSessionHashes(db, req.params.id));
      return after;
    } catch (err) {
      if (err instanceof StaffInputError) throw new ValidationFailed({ password: [err.message] });
      throw err;
    }
  });
  registerEndpoint(app, staffIssueTotpLink, async (req) => issueTotpLink(db, loginConfig, auditActor(req), req.params.id, req.body.reason));
}
