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
  GATEWAY_SIGNATURE_HEADER,
} from '@khela/contracts';
import { assertOwnRemoteId, registerEndpoint } from '../http/endpoint';
import { HttpError, NotFound, Unauthenticated } from '../http/errors';
import { fromMinor, getPlayerBalance, parseMinor, playerAccounts, transfer } from '../ledger';
import { walletConfig, type WalletConfig } from './config';
import { gatewayClient, GatewayUnavailable, verifySignature, type GatewayClient, type GatewayPayment } from './gateway';
import { makePaymentRoute } from './receipts';
import {
  addEvent,
  assertCanWithdraw,
  assertNoPending,
  decide,
  findMethod,
  findPromotion,
  findTransactionForUpdate,
  idempotent,
  insufficientToWalletError,
  lockPlayer,
  newPublicId,
  parseAmount,
  WalletError,
  withdrawalsEnabled,
} from './service';
import { bonusFor } from './turnover';
import type { Queryable } from '../db';
import { unreadCount } from '../identity/inbox';

export interface WalletRouteOptions {
  config?: WalletConfig;
  gateway?: GatewayClient;
}

const idempotencyKey = (req: { headers: FastifyRequest['headers'] }) => {
  const v = req.headers['idempotency-key'];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
};

/** Bearer endpoints always have a player (the auth hook answered 401 otherwise). */
const me = (req: { player: { id: number } | null }) => {
  if (!req.player) throw new Unauthenticated();
  return req.player;
};

const ts = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : new Date(String(v)).toISOString());

/** Settles an e-wallet payment from the gateway's word (callback or status query). Idempotent. */
async function settleFromGateway(q: Queryable, payment: Pick<GatewayPayment, 'payment_id' | 'merchant_ref' | 'status' | 'amount' | 'trxid' | 'number'>) {
  const tx = await findTransactionForUpdate(q, 'gateway_payment_id', payment.payment_id);
  if (!tx || tx.public_id !== payment.merchant_ref) throw new NotFound('Unknown payment');
  if (payment.status !== 'success' && payment.status !== 'failed') return { tx, changed: false };
  if (fromMinor(tx.amount_minor) !== payment.amount) {
    // Never credit an amount other than the one requested; leave it for an operator.
    await addEvent(q, tx.id, 'gateway_amount_mismatch', 'gateway', { paid: payment.amount });
    throw new HttpError(422, 'Amount mismatch');
  }
  if (tx.status === 0) {
    await q.query(
      `UPDATE wallet_transactions SET payer_trx_id = COALESCE($2, payer_trx_id), payer_number = COALESCE($3, payer_number),
         information_received_at = COALESCE(information_received_at, now()), updated_at = now() WHERE id = $1`,
      [tx.id, payment.trxid ?? null, payment.number ?? null],
    );
    await addEvent(q, tx.id, 'information_received', 'gateway', { status: payment.status, trxid: payment.trxid ?? null });
  }
  const outcome = payment.status === 'success' ? 1 : 2;
  if (tx.status !== 0 && tx.status !== outcome) {
    // The gateway contradicts a decision already taken: record it, change nothing, flag for a human.
    await addEvent(q, tx.id, 'gateway_conflict', 'gateway', { gateway: payment.status, ours: tx.status });
    return { tx, changed: false };
  }
  return decide(q, tx, outcome, 'gateway').then((d) => ({ tx: d.transaction, changed: d.changed }));
}

/** After a committed decision or hold: the new balance and inbox count reach the player's open pages. */
export async function afterMoney(app: FastifyInstance, playerId: number): Promise<void> {
  await app.push.publishBalance(playerId);
  try {
    await app.push.publish(playerId, 'inbox', { unread: await unreadCount(app.db, playerId) });
  } catch (err) {
    app.log.warn({ err, playerId }, 'inbox push failed');
  }
}

export default async function walletRoutes(app: FastifyInstance, opts: WalletRouteOptions = {}) {
  const db = app.db;
  const config = opts.config ?? walletConfig();
  const gateway = opts.gateway ?? gatewayClient(config);

  registerEndpoint(app, balance, async (req) => {
    const b = await getPlayerBalance(db, me(req).id);
    return { balance: fromMinor(b.balanceMinor), currency: b.currency, exposure: fromMinor(b.heldMinor) };
  });

  registerEndpoint(app, showPaymentMethod, async (req) => {
    const purpose = req.query.name;
    if (purpose === 'withdraw' && !(await withdrawalsEnabled(db))) {
      return { success: false, data: [], message: M.noWithdrawMethods };
    }
    const r = await db.query<any>(
      `SELECT id::int AS id, name, icon, status, account_type, pgs, allows_deposit, allows_withdraw
       FROM payment_methods WHERE status = 'active' AND ${purpose === 'withdraw' ? 'allows_withdraw' : 'allows_deposit'}
       ORDER BY sort_order, id`,
    );
    const data = r.rows.map(({ pgs, allows_deposit, allows_withdraw, ...m }) => ({
      ...m,
      account_type: m.account_type === 'ewallet' ? { type: 'ewallet' as const, pgs: pgs ?? [] } : m.account_type,
      deposit: allows_deposit,
      withdraw: allows_withdraw,
    }));
    return data.length ? { success: true, data } : { success: false, data, message: purpose === 'withdraw' ? M.noWithdrawMethods : M.depositMethodRequired };
  });

  registerEndpoint(app, getWalletNumber, async (req) => {
    const { name, account_type } = req.query;
    const r = await db.query<{ id: number; account_number: string }>(
      `SELECT n.id::int AS id, n.account_number FROM payment_method_numbers n
       JOIN payment_methods m ON m.id = n.payment_method_id
       WHERE lower(m.name) = lower($1) AND m.status = 'active' AND n.status = 'active' AND m.allows_deposit
         AND ($2::text IS NULL OR m.account_type = $2 OR (m.account_type = 'Merchant' AND $2 = 'Marchent'))
       ORDER BY n.sort_order, n.id`,
      [name, account_type || null],
    );
    return r.rows;
  });

  // --- Deposit -------------------------------------------------------------------------------

  registerEndpoint(app, submitDeposit, async (req) => {
    assertOwnRemoteId(req, req.body.remote_id);
    const { remote_id: _ignored, ...body } = req.body;
    const playerId = req.player.id;
    return db.tx((q) =>
      idempotent(q, { playerId, endpoint: 'submit-deposit', key: idempotencyKey(req), body }, async () => {
        const player = await lockPlayer(q, playerId);
        if (!player.phoneVerified) throw new WalletError(403, M.phoneNotVerified, 'phone_unverified');
        await assertNoPending(q, playerId, 'deposit', config.maxPendingPerAction);
        const amount = parseAmount(body.amount, 'deposit');
        const method = await findMethod(q, body.payment_id);
        if (!method || !method.allows_deposit) throw new WalletError(422, M.depositMethodRequired, 'method');
        if (method.account_type === 'ewallet') throw new WalletError(422, M.depositChannelRequired, 'channel');
        const numbers = await q.query<{ account_number: string }>(
          `SELECT account_number FROM payment_method_numbers WHERE payment_method_id = $1 AND status = 'active' ORDER BY sort_order, id`,
          [method.id],
        );
        const target = body.account_number || numbers.rows[0]?.account_number;
        if (!target || !numbers.rows.some((n) => n.account_number === target)) {
          throw new WalletError(422, M.depositMethodRequired, 'method');
        }
        const promotion = await findPromotion(q, body.promotion_id ?? null);
        const bonus = promotion ? bonusFor(amount, promotion.bonusPercent, promotion.maxBonusMinor) : 0n;
        const publicId = newPublicId('deposit');
        const payerTrx = body.transaction_id || null;
        const ins = await q.query<{ id: string }>(
          `INSERT INTO wallet_transactions (public_id, player_id, action, mode, amount_minor, bonus_minor, currency,
             payment_method_id, channel, account_number, payer_trx_id, promotion_id, information_received_at)
           VALUES ($1, $2, 'deposit', 'manual', $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $9::text IS NULL THEN NULL ELSE now() END)
           RETURNING id`,
          [publicId, playerId, amount.toString(), bonus.toString(), player.currency, method.id, method.account_type, target, payerTrx, promotion?.id ?? null],
        );
        const txId = Number(ins.rows[0]!.id);
        await addEvent(q, txId, 'initiated', `player:${playerId}`, { amount: fromMinor(amount), method: method.name });
        if (payerTrx) await addEvent(q, txId, 'information_received', `player:${playerId}`, { trx_id: payerTrx });
        return { success: true as const, message: M.depositSubmitted, transaction_id: publicId, amount: fromMinor(amount) };
      }),
    );
  });

  registerEndpoint(app, ewaRequest, async (req) => {
    const playerId = me(req).id;
    const body = req.body;
    const created = await db.tx((q) =>
      idempotent(q, { playerId, endpoint: 'ewa-request', key: idempotencyKey(req), body }, async () => {
        const player = await lockPlayer(q, playerId);
        if (!player.phoneVerified) throw new WalletError(403, M.phoneNotVerified, 'phone_unverified');
        await assertNoPending(q, playerId, 'deposit', config.maxPendingPerAction);
        const amount = parseAmount(body.amount, 'deposit');
        const method = await findMethod(q, body.type);
        if (!method || !method.allows_deposit || method.account_type !== 'ewallet') throw new WalletError(422, M.depositMethodRequired, 'method');
        const pg = (method.pgs ?? []).find((p) => p.code === body.provider);
        if (!pg) throw new WalletError(422, M.depositChannelRequired, 'channel');
        const promotion = await findPromotion(q, body.promotion ?? null);
        const bonus = promotion ? bonusFor(amount, promotion.bonusPercent, promotion.maxBonusMinor) : 0n;
        const publicId = newPublicId('deposit');
        const ins = await q.query<{ id: string }>(
          `INSERT INTO wallet_transactions (public_id, player_id, action, mode, amount_minor, bonus_minor, currency,
             payment_method_id, channel, promotion_id, expires_at)
           VALUES ($1, $2, 'deposit', 'ewallet', $3, $4, $5, $6, $7, $8, now() + make_interval(mins => $9)) RETURNING id`,
          [publicId, playerId, amount.toString(), bonus.toString(), player.currency, method.id, pg.code, promotion?.id ?? null, config.ewalletTimerMinutes],
        );
        await addEvent(q, Number(ins.rows[0]!.id), 'initiated', `player:${playerId}`, { amount: fromMinor(amount), gateway: pg.code });
        return { transaction: publicId };
      }),
    );
    const r = await db.query<{ id: string; amount_minor: string; currency: string; status: number; channel: string; gateway_url: string | null; expires_at: unknown }>(
      `SELECT id, amount_minor, currency, status, channel, gateway_url, expires_at FROM wallet_transactions WHERE public_id = $1 AND player_id = $2`,
      [created.transaction, playerId],
    );
    const row = r.rows[0];
    if (!row) throw new NotFound('Unknown transaction');
    const amount = fromMinor(parseMinor(row.amount_minor));
    const number = (
      await db.query<{ account_number: string }>(
        `SELECT n.account_number FROM payment_method_numbers n JOIN wallet_transactions t ON t.payment_method_id = n.payment_method_id
         WHERE t.id = $1 AND n.status = 'active' ORDER BY n.sort_order, n.id LIMIT 1`,
        [row.id],
      )
    ).rows[0]?.account_number ?? null;
    let url = row.gateway_url;
    if (!url) {
      if (Number(row.status) !== 0) throw new HttpError(502, M.depositError);
      const remainingSeconds = Math.max(60, Math.floor((new Date(String(ts(row.expires_at))).getTime() - Date.now()) / 1000));
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
        await db.tx(async (q) => {
          await q.query(
            `UPDATE wallet_transactions SET gateway_payment_id = $2, gateway_url = $3, updated_at = now() WHERE id = $1 AND gateway_payment_id IS NULL`,
            [row.id, payment.payment_id, payment.payment_url],
          );
          await addEvent(q, Number(row.id), 'gateway_opened', 'gateway', { payment_id: payment.payment_id });
        });
      } catch (err) {
        if (!(err instanceof GatewayUnavailable)) throw err;
        req.log.error({ err, transaction: created.transaction }, 'payment gateway unavailable');
        await db.tx(async (q) => {
          const tx = await findTransactionForUpdate(q, 'public_id', created.transaction);
          if (tx && tx.status === 0 && !tx.gateway_payment_id) {
            await q.query(`UPDATE wallet_transactions SET status = 2, decided_at = now(), decided_by = 'system', decision_note = 'gateway unavailable', updated_at = now() WHERE id = $1`, [tx.id]);
            await addEvent(q, tx.id, 'rejected', 'system', { reason: 'gateway unavailable' });
          }
        });
        throw new HttpError(502, M.depositError);
      }
    }
    return { url, amount, transaction: created.transaction, number, timer: config.ewalletTimerMinutes, message: 'Payment created' };
  });

  registerEndpoint(app, ewaConfirm, async (req) => {
    const r = await db.query<{ status: number; gateway_payment_id: string | null }>(
      'SELECT status, gateway_payment_id FROM wallet_transactions WHERE public_id = $1 AND player_id = $2',
      [req.body.trx_id, me(req).id],
    );
    const row = r.rows[0];
    if (!row) throw new NotFound('Unknown transaction');
    let status = Number(row.status);
    if (status === 0 && row.gateway_payment_id) {
      try {
        const payment = await gateway.getPayment(row.gateway_payment_id);
        const settled = await db.tx((q) => settleFromGateway(q, payment));
        status = settled.tx.status;
        if (settled.changed) await afterMoney(app, me(req).id);
      } catch (err) {
        if (!(err instanceof GatewayUnavailable)) throw err;
        req.log.warn({ err }, 'gateway status query failed');
      }
    }
    const key = String(status) as '0' | '1' | '2';
    const message = key === '1' ? 'Deposit successful' : key === '2' ? 'Deposit failed' : 'Payment pending';
    return { success: key === '1', key, message };
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
    scope.post('/api/ewa/callback', { schema: { tags: ['wallet'], summary: 'Payment gateway callback (HMAC-SHA256 in X-Signature)' } }, async (req, reply) => {
      const raw = (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
      const sig = req.headers[GATEWAY_SIGNATURE_HEADER];
      if (!verifySignature(config.gatewaySecret, raw, typeof sig === 'string' ? sig : undefined)) {
        req.log.warn('gateway callback with a bad signature');
        return reply.code(401).send({ ok: false, message: 'Invalid signature' });
      }
      const parsed = gatewayCallbackBody.safeParse(req.body);
      if (!parsed.success) return reply.code(422).send({ ok: false, message: 'Malformed callback' });
      const settled = await db.tx((q) => settleFromGateway(q, parsed.data));
      if (settled.changed) await afterMoney(app, settled.tx.player_id);
      return { ok: true, status: settled.tx.status };
    });
  });

  makePaymentRoute(app, config);

  // --- Withdraw ------------------------------------------------------------------------------

  registerEndpoint(app, userWithdrawCheck, async (req) => {
    assertOwnRemoteId(req, req.query.remote_id);
    const p = await db.query<{ dofb: string | null }>('SELECT dofb FROM players WHERE id = $1', [req.player.id]);
    await assertCanWithdraw(db, { id: req.player.id, dofb: p.rows[0]?.dofb ?? null });
    return { success: true as const, message: 'OK' };
  });

  registerEndpoint(app, submitWithdraw, async (req) => {
    assertOwnRemoteId(req, req.body.remote_id);
    const { remote_id: _ignored, ...body } = req.body;
    const playerId = req.player.id;
    const result = await db.tx((q) =>
      idempotent(q, { playerId, endpoint: 'submit-withdraw', key: idempotencyKey(req), body }, async () => {
        const player = await lockPlayer(q, playerId);
        if (!player.phoneVerified) throw new WalletError(403, M.phoneNotVerified, 'phone_unverified');
        if (!(await withdrawalsEnabled(q))) throw new WalletError(422, M.noWithdrawMethods, 'withdraw_disabled');
        await assertNoPending(q, playerId, 'withdraw', config.maxPendingPerAction);
        const amount = parseAmount(body.amount, 'withdraw');
        const method = await findMethod(q, body.payment_id);
        if (!method || !method.allows_withdraw) throw new WalletError(422, M.withdrawMethodRequired, 'method');
        if (!/^\d{6,20}$/.test(body.account_number)) throw new WalletError(422, M.withdrawAccountRequired, 'account');
        await assertCanWithdraw(q, player);
        const publicId = newPublicId('withdraw');
        const ins = await q.query<{ id: string }>(
          `INSERT INTO wallet_transactions (public_id, player_id, action, mode, amount_minor, currency, payment_method_id,
             channel, account_number, information_received_at)
           VALUES ($1, $2, 'withdraw', 'manual', $3, $4, $5, $6, $7, now()) RETURNING id`,
          [publicId, playerId, amount.toString(), player.currency, method.id, body.provider || method.account_type, body.account_number],
        );
        const txId = Number(ins.rows[0]!.id);
        // The money leaves the spendable balance at once; it is paid out or returned by the operator's decision.
        const accounts = await playerAccounts(q, playerId);
        const moved = await transfer(q, {
          idempotencyKey: `wallet:withdraw:${publicId}:hold`,
          kind: 'withdraw.hold',
          reference: publicId,
          metadata: { walletTransaction: txId },
          legs: [
            { account: accounts.main, amountMinor: -amount },
            { account: accounts.held, amountMinor: amount },
          ],
        }).catch(insufficientToWalletError);
        await addEvent(q, txId, 'initiated', `player:${playerId}`, { amount: fromMinor(amount), method: method.name });
        await addEvent(q, txId, 'information_received', `player:${playerId}`, { account: body.account_number });
        return {
          success: true as const,
          message: M.withdrawSuccess,
          transaction_id: publicId,
          amount: fromMinor(amount),
          balance: fromMinor(moved.balances.get(accounts.main) ?? 0n),
        };
      }),
    );
    await afterMoney(app, playerId);
    return result;
  });

  // --- Records -------------------------------------------------------------------------------

  registerEndpoint(app, transactionShow, async (req) => {
    assertOwnRemoteId(req, req.query.remote_id);
    const r = await db.query<Record<string, any>>(
      `SELECT t.id::int AS id, t.action, t.amount_minor, t.bonus_minor, t.status, t.public_id, t.account_number,
              t.channel, t.mode, t.created_at, t.updated_at, t.information_received_at,
              m.name AS method_name, m.account_type AS method_type, m.icon AS method_icon, m.pgs AS method_pgs,
              p.id::int AS promo_id, p.name AS promo_name, p.turnover AS promo_turnover
       FROM wallet_transactions t
       LEFT JOIN payment_methods m ON m.id = t.payment_method_id
       LEFT JOIN promotions p ON p.id = t.promotion_id
       WHERE t.player_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT 500`,
      [req.player.id],
    );
    return {
      transactions: r.rows.map((t) => ({
        id: t.id,
        action: t.action,
        amount: fromMinor(parseMinor(t.amount_minor)),
        bonus: fromMinor(parseMinor(t.bonus_minor)),
        key: String(t.status) as '0' | '1' | '2',
        transaction_id: t.public_id,
        account_number: t.account_number,
        provider:
          t.mode === 'ewallet'
            ? ((t.method_pgs ?? []) as Array<{ code: string; name: string }>).find((pg) => pg.code === t.channel)?.name ?? t.channel
            : t.method_name ?? null,
        created_at: ts(t.created_at)!,
        updated_at: ts(t.updated_at)!,
        information_received_at: ts(t.information_received_at),
        payment_method: t.method_name ? { name: t.method_name, type: t.method_type, icon: t.method_icon } : null,
        promotion: t.promo_id ? { id: t.promo_id, name: t.promo_name, turnover: Number(t.promo_turnover) } : null,
      })),
    };
  });

  registerEndpoint(app, getTurnovers, async (req) => {
    assertOwnRemoteId(req, req.query.remote_id);
    const r = await db.query<Record<string, any>>(
      `SELECT w.id::int AS id, w.status, w.required_minor, w.remaining_minor, w.created_at,
              t.action, t.amount_minor, p.name AS promo_name, p.turnover AS promo_turnover, m.name AS method_name
       FROM wallet_turnovers w
       JOIN wallet_transactions t ON t.id = w.transaction_id
       LEFT JOIN promotions p ON p.id = w.promotion_id
       LEFT JOIN payment_methods m ON m.id = t.payment_method_id
       WHERE w.player_id = $1 ORDER BY w.id DESC`,
      [req.player.id],
    );
    return {
      data: r.rows.map((w) => ({
        id: w.id,
        status: w.status,
        required_turnover: fromMinor(parseMinor(w.required_minor)),
        remaining_turnover: fromMinor(parseMinor(w.remaining_minor)),
        created_at: ts(w.created_at)!,
        transaction: {
          action: w.action,
          amount: fromMinor(parseMinor(w.amount_minor)),
          promotion: w.promo_name ? { name: w.promo_name, turnover: Number(w.promo_turnover) } : null,
          payment_method: w.method_name ? { name: w.method_name } : null,
        },
      })),
    };
  });
}

export { settleFromGateway };
