import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  balance,
  ewaConfirm,
  ewaRequest,
  gatewayCallbackBody,
  getTurnovers,
  getWalletNumber,
  showPaymentMethod,
  submitDeposit,
  submitWithdraw,
  transactionShow,
  userWithdrawCheck,
  WALLET_MESSAGES as M,
  WALLET_STATUS,
  walletStatusKey,
} from '@khela/contracts';
import { checkCall } from '@khela/contracts/signing';
import { requestIdempotencyKey } from '../core/idempotency';
import { isoTimestamp } from '../core/timestamps';
import { assertOwnRemoteId, registerEndpoint, requirePlayer } from '../http/endpoint';
import { HttpError, NotFound } from '../errors';
import { fromMinor, parseMinor, walletFigures } from '../ledger';
import { protectionConfig, type ProtectionConfig } from '../protection/config';
import { kycConfig } from '../kyc/config';
import { walletConfig, type WalletConfig } from './config';
import { gatewayClient, GatewayUnavailable, type GatewayClient } from './gateway';
import { callbackRetries } from '../ops/metrics';
import { afterMoney, notifyStaff } from './notify';
import { makePaymentRoute } from './receipts';
import { createEwalletDeposit, depositState, ewalletDeposit, submitManualDeposit } from './deposits';
import { recordGatewayPayment, rejectForUnreachableGateway, settleFromGateway } from './gateway-settlement';
import { methodsFor, walletNumbers } from './methods';
import { transactionRecords, turnoverRecords } from './records';
import { assertCanWithdraw, dateOfBirth, submitWithdrawal, withdrawalsEnabled } from './withdrawals';

export interface WalletRouteOptions {
  config?: WalletConfig;
  gateway?: GatewayClient;
  /** Responsible gambling (deposit gates and limits, customer due diligence); default from the environment. */
  protection?: ProtectionConfig;
}

/** The wallet domain: balance, deposits (manual and e-wallet), the gateway callback, withdrawals, records. */
export default async function walletRoutes(app: FastifyInstance, opts: WalletRouteOptions = {}) {
  const db = app.db;
  const config = opts.config ?? walletConfig();
  const gateway = opts.gateway ?? gatewayClient(config);
  const protection = opts.protection ?? protectionConfig();
  // the KYC gate's amounts (issue 32), read at registration like the rest
  const kyc = kycConfig();

  registerEndpoint(app, balance, async (req) => {
    const b = await app.balances.get(db, requirePlayer(req).id);
    return { ...walletFigures(b), pending_withdrawals: fromMinor(b.heldMinor) };
  });

  registerEndpoint(app, showPaymentMethod, async (req) => {
    const purpose = req.query.name;
    if (purpose === 'withdraw' && !(await withdrawalsEnabled(db))) {
      return { success: false, data: [], message: M.noWithdrawMethods };
    }
    const data = await methodsFor(db, purpose === 'withdraw' ? 'withdraw' : 'deposit');
    return data.length
      ? { success: true, data }
      : { success: false, data, message: purpose === 'withdraw' ? M.noWithdrawMethods : M.depositMethodRequired };
  });

  registerEndpoint(app, getWalletNumber, async (req) => walletNumbers(db, req.query.name, req.query.account_type || null));

  // --- Deposit -------------------------------------------------------------------------------

  registerEndpoint(app, submitDeposit, async (req) => {
    assertOwnRemoteId(req, req.body.remote_id);
    const { remote_id: _ignored, ...body } = req.body;
    const result = await submitManualDeposit(db, config, protection, { playerId: req.player.id, key: requestIdempotencyKey(req), body });
    await notifyStaff(app, { publicId: result.transaction_id });
    return result;
  });

  registerEndpoint(app, ewaRequest, async (req) => {
    const playerId = requirePlayer(req).id;
    const created = await createEwalletDeposit(db, config, protection, { playerId, key: requestIdempotencyKey(req), body: req.body });
    const found = await ewalletDeposit(db, created.transaction, playerId);
    if (!found) throw new NotFound('Unknown transaction');
    const { row, number } = found;
    const amount = fromMinor(parseMinor(row.amount_minor));
    let url = row.gateway_url;
    if (!url) {
      if (Number(row.status) !== WALLET_STATUS.pending) throw new HttpError(502, M.depositError);
      const remainingSeconds = Math.max(60, Math.floor((new Date(String(isoTimestamp(row.expires_at))).getTime() - Date.now()) / 1000));
      try {
        // The gateway keys payments by merchant_ref, so a retry returns the same payment.
        const payment = await gateway.createPayment({
          merchant_ref: created.transaction,
          amount,
          currency: row.currency,
          provider: row.channel,
          callback_url: `${config.publicUrl}/api/ewa/callback`,
          return_url: `${config.siteUrl}/payment-request?transaction=${encodeURIComponent(created.transaction)}&amount=${amount}`,
          expires_in_seconds: remainingSeconds,
        });
        url = payment.payment_url;
        await recordGatewayPayment(db, row.id, payment);
      } catch (err) {
        if (!(err instanceof GatewayUnavailable)) throw err;
        req.log.error({ err, transaction: created.transaction }, 'payment gateway unavailable');
        await rejectForUnreachableGateway(db, created.transaction);
        throw new HttpError(502, M.depositError);
      }
    }
    await notifyStaff(app, { publicId: created.transaction });
    return { url, amount, transaction: created.transaction, number, timer: config.ewalletTimerMinutes, message: 'Payment created' };
  });

  registerEndpoint(app, ewaConfirm, async (req) => {
    const playerId = requirePlayer(req).id;
    const state = await depositState(db, req.body.trx_id, playerId);
    if (!state) throw new NotFound('Unknown transaction');
    let status = state.status;
    if (status === WALLET_STATUS.pending && state.gatewayPaymentId) {
      try {
        const payment = await gateway.getPayment(state.gatewayPaymentId);
        const settled = await db.tx((q) => settleFromGateway(q, payment));
        status = settled.tx.status;
        if (settled.changed) {
          await afterMoney(app, playerId);
          await notifyStaff(app, { id: settled.tx.id });
        }
      } catch (err) {
        if (!(err instanceof GatewayUnavailable)) throw err;
        req.log.warn({ err }, 'gateway status query failed');
      }
    }
    const key = walletStatusKey(status);
    const message =
      status === WALLET_STATUS.approved ? 'Deposit successful' : status === WALLET_STATUS.rejected ? 'Deposit failed' : 'Payment pending';
    return { success: status === WALLET_STATUS.approved, key, message };
  });

  // The gateway's signed callback: verified on the exact bytes received, so it needs the raw body.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('Invalid JSON'), { statusCode: 400 }), undefined);
      }
    });
    const summary = 'Payment gateway callback (X-Timestamp, X-Signature: HMAC-SHA256 of method, path, timestamp and body)';
    scope.post('/api/ewa/callback', { schema: { tags: ['wallet'], summary } }, async (req, reply) => {
      const raw = (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
      const check = checkCall(config.gatewaySecret, { method: req.method, path: req.url, body: raw }, req.headers);
      if (check !== 'ok') {
        req.log.warn({ check }, 'gateway callback refused');
        return reply.code(401).send({ ok: false, message: check === 'stale' ? 'Stale or missing timestamp' : 'Invalid signature' });
      }
      const parsed = gatewayCallbackBody.safeParse(req.body);
      if (!parsed.success) return reply.code(422).send({ ok: false, message: 'Malformed callback' });
      const settled = await db.tx((q) => settleFromGateway(q, parsed.data));
      if (settled.changed) {
        await afterMoney(app, settled.tx.player_id);
        await notifyStaff(app, { id: settled.tx.id });
      } else callbackRetries.inc({ source: 'gateway' });
      return { ok: true, status: settled.tx.status };
    });
  });

  makePaymentRoute(app, config);

  // --- Withdraw ------------------------------------------------------------------------------

  registerEndpoint(app, userWithdrawCheck, async (req) => {
    assertOwnRemoteId(req, req.query.remote_id);
    await assertCanWithdraw(db, { id: req.player.id, dofb: await dateOfBirth(db, req.player.id) });
    return { success: true as const, message: 'OK' };
  });

  registerEndpoint(app, submitWithdraw, async (req) => {
    assertOwnRemoteId(req, req.body.remote_id);
    const { remote_id: _ignored, ...body } = req.body;
    const playerId = req.player.id;
    const result = await submitWithdrawal(db, config, protection, { playerId, key: requestIdempotencyKey(req), body }, kyc);
    await afterMoney(app, playerId);
    await notifyStaff(app, { publicId: result.transaction_id });
    return result;
  });

  // --- Records -------------------------------------------------------------------------------

  registerEndpoint(app, transactionShow, async (req) => {
    assertOwnRemoteId(req, req.query.remote_id);
    return { transactions: await transactionRecords(db, req.player.id) };
  });

  registerEndpoint(app, getTurnovers, async (req) => {
    assertOwnRemoteId(req, req.query.remote_id);
    return { data: await turnoverRecords(db, req.player.id) };
  });
}
