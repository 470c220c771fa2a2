// The deposit requests a player makes: manual (to one of the method's numbers, confirmed with the payer's transaction
// id) and e-wallet (through the gateway, settled by gateway-settlement.ts), their promotion bonus and reads of them.
// Each runs in one transaction under the player's row lock, at most once per Idempotency-Key.
import { randomBytes } from 'node:crypto';
import {
  checkPayerTrx,
  DEPOSIT_REFERENCE_LENGTH,
  WALLET_MESSAGES as M,
  type ewaRequest,
  type submitDeposit,
  type WalletStatus,
} from '@khela/contracts';
import { sha256Hex } from '@khela/contracts/signing';
import type { Db, Queryable } from '../db';
import { idempotent } from '../core/idempotency';
import { lockPlayer } from '../core/players';
import { bonusFor } from '../core/turnover';
import { HttpError } from '../errors';
import { fromMinor, parseMinor } from '../ledger';
import type { ProtectionConfig } from '../protection/config';
import { assertMayDeposit } from '../protection/service';
import type { WalletConfig } from './config';
import { findMethod, methodRange, parseAmount } from './methods';
import { assertTrxUnused, trxOnce } from './payer-trx';
import { addEvent, assertNoPending, newPublicId, WalletError, type ParsedBody } from './transactions';

type SubmitDepositBody = ParsedBody<typeof submitDeposit>;
type EwaRequestBody = ParsedBody<typeof ewaRequest>;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A deposit reference (50 random bits, Crockford base32): shown once, stored as its sha256. */
export function newDepositReference(): string {
  return [...randomBytes(DEPOSIT_REFERENCE_LENGTH)].map((b) => CROCKFORD[b & 31]).join('');
}
/** What the player typed, as stored: upper case, no spaces or dashes. */
export const normalizeReference = (v: string) => v.toUpperCase().replace(/[^0-9A-Z]/g, '');

export interface PromotionRow {
  id: number;
  name: string;
  bonusPercent: number;
  maxBonusMinor: bigint | null;
  turnover: number;
}

export async function findPromotion(q: Queryable, id: number | null | undefined): Promise<PromotionRow | null> {
  if (!id) return null;
  const r = await q.query<{ id: string; name: string; deposit_bonus_percent: number; max_bonus_minor: string | null; turnover: number }>(
    `SELECT id, name, deposit_bonus_percent, max_bonus_minor, turnover FROM promotions
     WHERE id = $1 AND status = 'display'
       AND (start_date IS NULL OR start_date <= (now() AT TIME ZONE 'Asia/Dhaka')::date)
       AND (end_date IS NULL OR end_date >= (now() AT TIME ZONE 'Asia/Dhaka')::date)`,
    [id],
  );
  const row = r.rows[0];
  if (!row) throw new HttpError(422, 'The selected promotion is not available.', { success: false });
  return {
    id: Number(row.id),
    name: row.name,
    bonusPercent: Number(row.deposit_bonus_percent),
    maxBonusMinor: row.max_bonus_minor === null ? null : parseMinor(row.max_bonus_minor),
    turnover: Number(row.turnover),
  };
}

async function depositNumbers(q: Queryable, methodId: number): Promise<string[]> {
  const numbers = await q.query<{ account_number: string }>(
    `SELECT account_number FROM payment_method_numbers WHERE payment_method_id = $1 AND status = 'active' ORDER BY sort_order, id`,
    [methodId],
  );
  return numbers.rows.map((n) => n.account_number);
}

/**
 * What every deposit (manual or e-wallet) checks first, in this order, under the player's row lock: a verified phone,
 * no deposit already pending, the amount within the method's range, then the protection service (exclusion,
 * time-out, under age, birthday, deposit limits with this amount counted). The method itself is each kind's to check.
 */
async function startDeposit(
  q: Queryable,
  config: WalletConfig,
  protection: ProtectionConfig,
  playerId: number,
  methodId: number,
  amountText: string,
) {
  const player = await lockPlayer(q, playerId);
  if (!player.phoneVerified) throw new WalletError(403, M.phoneNotVerified, 'phone_unverified');
  await assertNoPending(q, playerId, 'deposit', config.maxPendingPerAction);
  const method = await findMethod(q, methodId);
  const amount = parseAmount(amountText, 'deposit', methodRange(method, 'deposit'));
  await assertMayDeposit(q, playerId, amount, protection);
  return { player, method, amount };
}

/** The promotion a deposit asked for, and the bonus it adds to this amount (none without one). */
async function depositBonus(q: Queryable, promotionId: number | null, amount: bigint) {
  const promotion = await findPromotion(q, promotionId);
  return { promotion, bonus: promotion ? bonusFor(amount, promotion.bonusPercent, promotion.maxBonusMinor) : 0n };
}

/** A pending manual deposit (the player sends money to one of the method's numbers, then confirms it). */
export function submitManualDeposit(
  db: Db,
  config: WalletConfig,
  protection: ProtectionConfig,
  input: { playerId: number; key: string | undefined; body: Omit<SubmitDepositBody, 'remote_id'> },
) {
  const { playerId, body } = input;
  return trxOnce(
    db.tx((q) =>
      idempotent(q, { playerId, endpoint: 'submit-deposit', key: input.key, body }, async () => {
        const { player, method, amount } = await startDeposit(q, config, protection, playerId, body.payment_id, body.amount);
        if (!method || !method.allows_deposit) throw new WalletError(422, M.depositMethodRequired, 'method');
        if (method.account_type === 'ewallet') throw new WalletError(422, M.depositChannelRequired, 'channel');
        const numbers = await depositNumbers(q, method.id);
        const target = body.account_number || numbers[0];
        if (!target || !numbers.includes(target)) throw new WalletError(422, M.depositMethodRequired, 'method');
        const { promotion, bonus } = await depositBonus(q, body.promotion_id ?? null, amount);
        const publicId = newPublicId('deposit');
        // normalised (NFKC, no invisible characters, upper case) before the method's format and the uniqueness check;
        // required for an agent deposit (CashOut): agents' statements are matched by it
        const trxCheck = checkPayerTrx(body.transaction_id, { method: method.code, required: method.account_type === 'Agent' });
        if (!trxCheck.ok) throw new WalletError(422, trxCheck.message.en, trxCheck.problem === 'required' ? 'trx_required' : 'trx_format');
        const payerTrx = trxCheck.value || null;
        if (payerTrx) await assertTrxUnused(q, method.id, payerTrx, null);
        const reference = newDepositReference();
        const ins = await q.query<{ id: string }>(
          `INSERT INTO wallet_transactions (public_id, player_id, action, mode, amount_minor, bonus_minor, currency,
           payment_method_id, channel, account_number, payer_trx_id, promotion_id, information_received_at, confirm_ref_hash)
         VALUES ($1, $2, 'deposit', 'manual', $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $9::text IS NULL THEN NULL ELSE now() END, $11)
         RETURNING id`,
          [
            publicId,
            playerId,
            amount.toString(),
            bonus.toString(),
            player.currency,
            method.id,
            method.account_type,
            target,
            payerTrx,
            promotion?.id ?? null,
            sha256Hex(reference),
          ],
        );
        const txId = Number(ins.rows[0]!.id);
        await addEvent(q, txId, 'initiated', `player:${playerId}`, { amount: fromMinor(amount), method: method.name });
        if (payerTrx) {
          const typed = body.transaction_id !== payerTrx ? { trx_id_as_typed: body.transaction_id } : {};
          await addEvent(q, txId, 'information_received', `player:${playerId}`, { trx_id: payerTrx, ...typed });
        }
        return { success: true as const, message: M.depositSubmitted, transaction_id: publicId, amount: fromMinor(amount), reference };
      }),
    ),
  );
}

/** A pending e-wallet deposit, open for `ewalletTimerMinutes`; the gateway payment is opened after commit. */
export function createEwalletDeposit(
  db: Db,
  config: WalletConfig,
  protection: ProtectionConfig,
  input: { playerId: number; key: string | undefined; body: EwaRequestBody },
) {
  const { playerId, body } = input;
  return db.tx((q) =>
    idempotent(q, { playerId, endpoint: 'ewa-request', key: input.key, body }, async () => {
      const { player, method, amount } = await startDeposit(q, config, protection, playerId, body.type, body.amount);
      if (!method || !method.allows_deposit || method.account_type !== 'ewallet')
        throw new WalletError(422, M.depositMethodRequired, 'method');
      const pg = (method.pgs ?? []).find((p) => p.code === body.provider);
      if (!pg) throw new WalletError(422, M.depositChannelRequired, 'channel');
      const { promotion, bonus } = await depositBonus(q, body.promotion ?? null, amount);
      const publicId = newPublicId('deposit');
      const ins = await q.query<{ id: string }>(
        `INSERT INTO wallet_transactions (public_id, player_id, action, mode, amount_minor, bonus_minor, currency,
           payment_method_id, channel, promotion_id, expires_at)
         VALUES ($1, $2, 'deposit', 'ewallet', $3, $4, $5, $6, $7, $8, now() + make_interval(mins => $9)) RETURNING id`,
        [
          publicId,
          playerId,
          amount.toString(),
          bonus.toString(),
          player.currency,
          method.id,
          pg.code,
          promotion?.id ?? null,
          config.ewalletTimerMinutes,
        ],
      );
      await addEvent(q, Number(ins.rows[0]!.id), 'initiated', `player:${playerId}`, { amount: fromMinor(amount), gateway: pg.code });
      return { transaction: publicId };
    }),
  );
}

export interface EwalletDeposit {
  id: string;
  amount_minor: string;
  currency: string;
  status: number;
  channel: string;
  gateway_url: string | null;
  expires_at: unknown;
}

/** The player's e-wallet deposit by public id, with the method's first active number (shown beside the payment). */
export async function ewalletDeposit(
  q: Queryable,
  publicId: string,
  playerId: number,
): Promise<{ row: EwalletDeposit; number: string | null } | null> {
  const r = await q.query<EwalletDeposit>(
    `SELECT id, amount_minor, currency, status, channel, gateway_url, expires_at FROM wallet_transactions WHERE public_id = $1 AND player_id = $2`,
    [publicId, playerId],
  );
  const row = r.rows[0];
  if (!row) return null;
  const number =
    (
      await q.query<{ account_number: string }>(
        `SELECT n.account_number FROM payment_method_numbers n JOIN wallet_transactions t ON t.payment_method_id = n.payment_method_id
         WHERE t.id = $1 AND n.status = 'active' ORDER BY n.sort_order, n.id LIMIT 1`,
        [row.id],
      )
    ).rows[0]?.account_number ?? null;
  return { row, number };
}

export async function depositState(q: Queryable, publicId: string, playerId: number) {
  const r = await q.query<{ status: number; gateway_payment_id: string | null }>(
    'SELECT status, gateway_payment_id FROM wallet_transactions WHERE public_id = $1 AND player_id = $2',
    [publicId, playerId],
  );
  const row = r.rows[0];
  return row ? { status: Number(row.status) as WalletStatus, gatewayPaymentId: row.gateway_payment_id } : null;
}
