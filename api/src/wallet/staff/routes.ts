import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  STAFF_RECEIPT_PATH,
  WALLET_STATUS,
  staffApproveTransaction,
  staffConfirmPayout,
  staffCreatePaymentMethod,
  staffCreateWalletNumber,
  staffLedgerCheck,
  staffPayment,
  staffPaymentMethods,
  staffPayments,
  staffRejectTransaction,
  staffReorderPaymentMethods,
  staffReorderWalletNumbers,
  staffSetWithdrawalSwitch,
  staffTurnovers,
  staffUpdatePaymentMethod,
  staffUpdateWalletNumber,
  staffWaiveTurnover,
  staffWithdrawalSwitch,
  toMinor,
} from '@khela/contracts';
import { z } from 'zod';
import { Conflict, NotFound } from '../../errors';
import { registerEndpoint, toFastifyPath } from '../../http/endpoint';
import { checkLedger } from '../../ledger';
import { approvalConfig, needsApproval, payloadOf, registerApprovalExecutor, requestApproval } from '../../staff/approvals';
import { auditActor } from '../../core/audit';
import { staffAuthHook, requireStaff } from '../../auth/staff';
import { reportRoutes } from '../../staff/reports/routes';
import { walletConfig, type WalletConfig } from '../config';
import { afterMoney, notifyStaff } from '../notify';
import { withdrawalsEnabled } from '../withdrawals';
import { confirmPayout, PAYOUT_UNCONFIRMED_APPROVE, staffDecide, staffDecideIn } from './decisions';
import {
  createPaymentMethod,
  createWalletNumber,
  paymentMethodList,
  reorderPaymentMethods,
  reorderWalletNumbers,
  updatePaymentMethod,
  updateWalletNumber,
} from './methods';
import { paymentDetail, paymentRequests, receiptFile } from './payments';
import { turnovers, waiveTurnover } from './turnovers';
import { setWithdrawalSwitch } from './withdrawal-switch';

/**
 * Back office, payments (role payments; admins too): the desk of deposits and withdrawals with approve/reject,
 * receipts, turnover waivers, the ledger check, payment methods with their wallet numbers, ranges and presets, and the
 * withdrawal switch; and the reports (payments, risk). Every change writes its audit line in its own transaction.
 */
export default async function paymentStaffRoutes(app: FastifyInstance, opts: { config?: WalletConfig } = {}) {
  const db = app.db;
  const config = opts.config ?? walletConfig();
  const approvals = approvalConfig();

  registerEndpoint(app, staffPayments, async (req) => paymentRequests(db, req.query));

  registerEndpoint(app, staffPayment, async (req) => {
    const found = await paymentDetail(db, req.params.id);
    if (!found) throw new NotFound('Unknown transaction');
    return found;
  });

  for (const [endpoint, outcome] of [
    [staffApproveTransaction, WALLET_STATUS.approved],
    [staffRejectTransaction, WALLET_STATUS.rejected],
  ] as const) {
    registerEndpoint(app, endpoint, async (req) => {
      // Approving twice answers the same and moves money once; approve after reject is a 409.
      const reason = (req.body as { reason?: string } | undefined)?.reason;
      // maker–checker: a payout above the amount waits for a second operator (staff/approvals.ts)
      if (outcome === WALLET_STATUS.approved) {
        const found = await paymentDetail(db, req.params.id);
        const p = found?.payment;
        // an unconfirmed payout number is refused before a second operator is asked (issue 32)
        if (p && p.action === 'withdraw' && p.status === WALLET_STATUS.pending && p.payout_unverified && !p.payout_confirmed_by) {
          throw new Conflict(PAYOUT_UNCONFIRMED_APPROVE, { code: 'payout_unconfirmed' });
        }
        if (p && p.action === 'withdraw' && p.status === WALLET_STATUS.pending && needsApproval(approvals, p.currency, toMinor(p.amount))) {
          throw await requestApproval(
            db,
            { ...auditActor(req), staffId: requireStaff(req).id },
            {
              kind: 'withdrawal',
              entityType: 'wallet_transaction',
              entityId: p.id,
              lockKey: `withdrawal:${p.id}`,
              payload: { transaction_id: p.id, reason: reason ?? null },
              summary:
                `Pay out withdrawal ${p.public_id}: ${p.amount} ${p.currency} to ${p.username} (${p.channel ?? 'wallet'} ${p.account_number ?? ''})`.trim(),
              amountMinor: toMinor(p.amount),
              currency: p.currency,
              reason: reason ?? null,
            },
          );
        }
      }
      const d = await staffDecide(db, { id: req.params.id, outcome, actor: auditActor(req), reason });
      if (d.changed) {
        await afterMoney(app, d.transaction.player_id);
        await notifyStaff(app, { id: d.transaction.id });
      }
      req.log.info({ operator: req.staff?.id, transaction: d.transaction.public_id, outcome, changed: d.changed }, 'payment decision');
      return {
        id: d.transaction.id,
        status: d.transaction.status as 1 | 2,
        changed: d.changed,
        message: outcome === WALLET_STATUS.approved ? 'Approved' : 'Rejected',
      };
    });
  }

  registerEndpoint(app, staffConfirmPayout, async (req) => {
    requireStaff(req);
    const r = await confirmPayout(db, auditActor(req), req.params.id, req.body.reason);
    await notifyStaff(app, { id: r.id });
    return { ...r, message: 'Payout number confirmed: the withdrawal may be approved.' };
  });

  const withdrawalPayload = z.object({ transaction_id: z.number().int(), reason: z.string().nullable() });
  registerApprovalExecutor(app, 'withdrawal', {
    async execute(q, checker, payload, request) {
      const p = payloadOf(withdrawalPayload, payload);
      const note = `${p.reason ? `${p.reason} ` : ''}(approval #${request.id}, asked by ${request.maker})`;
      const d = await staffDecideIn(q, { id: p.transaction_id, outcome: WALLET_STATUS.approved, actor: checker, reason: note });
      return {
        message: d.changed ? 'Approved: the withdrawal is paid out.' : 'It was already paid out.',
        after: async () => {
          if (!d.changed) return;
          await afterMoney(app, d.transaction.player_id);
          await notifyStaff(app, { id: d.transaction.id });
        },
      };
    },
  });

  // The receipt image itself (binary, so not a JSON endpoint; same auth hook and role as the desk).
  const receiptUrl = toFastifyPath(STAFF_RECEIPT_PATH);
  app.get(
    receiptUrl,
    {
      onRequest: staffAuthHook(['payments'], STAFF_RECEIPT_PATH),
      schema: { tags: ['staff'], params: z.object({ id: z.coerce.number().int().positive() }) },
    },
    async (req, reply) => {
      const { id } = req.params as { id: number };
      const row = await receiptFile(db, id);
      const file = row ? path.join(config.receiptsDir, path.basename(row.file_name)) : null;
      if (!row || !file || !existsSync(file)) throw new NotFound('Receipt not found');
      return reply
        .type(row.content_type)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  );

  registerEndpoint(app, staffTurnovers, async (req) => turnovers(db, req.query));
  registerEndpoint(app, staffWaiveTurnover, async (req) => waiveTurnover(db, req.params.id, auditActor(req), req.body.reason));
  registerEndpoint(app, staffLedgerCheck, async () => checkLedger(db));

  registerEndpoint(app, staffPaymentMethods, async (req) => paymentMethodList(db, req.query));
  registerEndpoint(app, staffCreatePaymentMethod, async (req) => createPaymentMethod(db, auditActor(req), req.body));
  registerEndpoint(app, staffUpdatePaymentMethod, async (req) => updatePaymentMethod(db, auditActor(req), req.params.id, req.body));
  registerEndpoint(app, staffReorderPaymentMethods, async (req) => reorderPaymentMethods(db, auditActor(req), req.body.ids));
  registerEndpoint(app, staffCreateWalletNumber, async (req) => createWalletNumber(db, auditActor(req), req.params.id, req.body));
  registerEndpoint(app, staffUpdateWalletNumber, async (req) => updateWalletNumber(db, auditActor(req), req.params.id, req.body));
  registerEndpoint(app, staffReorderWalletNumbers, async (req) => reorderWalletNumbers(db, auditActor(req), req.params.id, req.body.ids));

  registerEndpoint(app, staffWithdrawalSwitch, async () => ({ enabled: await withdrawalsEnabled(db) }));
  registerEndpoint(app, staffSetWithdrawalSwitch, async (req) =>
    setWithdrawalSwitch(db, auditActor(req), req.body.enabled, req.body.reason),
  );

  reportRoutes(app);
}
