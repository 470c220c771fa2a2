import { randomBytes } from 'node:crypto';
import {
  KYC_MESSAGES,
  PROTECTION_MESSAGES,
  DEPOSIT_REFERENCE_LENGTH,
  amountRangeMessage,
  checkPayerTrx,
  DEPOSIT_MAX,
  DEPOSIT_MIN,
  DEPOSIT_PRESETS,
  RECEIPT_MAX_FILES,
  WALLET_MESSAGES as M,
  DEBT_MESSAGES,
  WALLET_STATUS,
  WITHDRAW_MAX,
  WITHDRAW_MIN,
  WITHDRAW_PRESETS,
  walletStatusKey,
  type ewaRequest,
  type submitDeposit,
  type submitWithdraw,
  type WalletDecision,
  type WalletErrorCode,
  type WalletStatus,
} from '@khela/contracts';
import type { z } from 'zod';
import { sha256Hex } from '@khela/contracts/signing';
import { pgErrorCode, type Db, type Queryable } from '../db';
import { PAYMENT_METHOD_COLUMNS, paymentMethodOut } from '../content/service';
import { idempotent } from '../core/idempotency';
import { lockPlayer } from '../core/players';
import { assertHoldAllowsWithdrawal } from '../protection/hold';
import { isoTimestamp } from '../core/timestamps';
import { HttpError, Conflict, NotFound } from '../errors';
import {
  availableMinor,
  fromMinor,
  getPlayerBalance,
  houseAccount,
  InsufficientFunds,
  parseMinor,
  playerAccounts,
  toMinor,
  transfer,
  type Currency,
} from '../ledger';
import { sendInboxMessage } from '../core/inbox';
import { rewardReferrerIfQualified } from '../identity/rewards/service';
import type { ProtectionConfig } from '../protection/config';
import { assertMayDeposit } from '../protection/service';
import { verificationNeeded } from '../protection/cdd';
import { kycConfig, type KycConfig } from '../kyc/config';
import { isVerifiedNumber } from '../kyc/numbers';
import { kycStatusOf } from '../kyc/service';
import type { WalletConfig } from './config';
import type { GatewayPayment } from './gateway';
import { bonusFor, createTurnover, hasActiveTurnover, requiredTurnover, type BonusSource } from '../core/turnover';

/** A request body as the route received it (parsed by the endpoint's schema). */
type ParsedBody<E extends { body?: z.ZodType }> = z.output<NonNullable<E['body']>>;
type SubmitDepositBody = ParsedBody<typeof submitDeposit>;
type SubmitWithdrawBody = ParsedBody<typeof submitWithdraw>;
type EwaRequestBody = ParsedBody<typeof ewaRequest>;

/** A refusal with the spec's text; `code` lets the screen add the profile link. */
export class WalletError extends HttpError {
  constructor(status: number, message: string, code: WalletErrorCode) {
    super(status, message, { success: false, error: message, code });
  }
}

export type Action = 'deposit' | 'withdraw';

const TRX_ONCE_INDEX = 'wallet_transactions_payer_trx_once';

/** A payer's transaction id confirms one manual deposit per payment method (rejected ones aside); `except` is the deposit being confirmed. */
async function assertTrxUnused(q: Queryable, methodId: number | string, trx: string, except: number | string | null): Promise<void> {
  const used = await q.query(
    `SELECT 1 FROM wallet_transactions WHERE payment_method_id = $1 AND lower(payer_trx_id) = lower($2)
       AND action = 'deposit' AND mode = 'manual' AND status <> 2 AND id <> COALESCE($3::bigint, -1) LIMIT 1`,
    [methodId, trx, except],
  );
  if (used.rows.length) throw new WalletError(409, M.trxReused, 'trx_reused');
}

/** Two parallel submits both pass the check above; the unique index refuses the second one with the same answer. */
async function trxOnce<T>(run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (err) {
    const e = err as { constraint?: string; message?: string };
    if (pgErrorCode(err) === '23505' && (e.constraint === TRX_ONCE_INDEX || String(e.message).includes(TRX_ONCE_INDEX))) {
      throw new WalletError(409, M.trxReused, 'trx_reused');
    }
    throw err;
  }
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A deposit reference (50 random bits, Crockford base32): shown once, stored as its sha256. */
export function newDepositReference(): string {
  return [...randomBytes(DEPOSIT_REFERENCE_LENGTH)].map((b) => CROCKFORD[b & 31]).join('');
}
/** What the player typed, as stored: upper case, no spaces or dashes. */
export const normalizeReference = (v: string) => v.toUpperCase().replace(/[^0-9A-Z]/g, '');

export async function assertNoPending(q: Queryable, playerId: number, action: Action, limit: number): Promise<void> {
  const r = await q.query<{ n: string }>(
    'SELECT count(*)::int AS n FROM wallet_transactions WHERE player_id = $1 AND action = $2 AND status = 0',
    [playerId, action],
  );
  if (Number(r.rows[0]?.n ?? 0) >= limit) {
    throw new WalletError(409, action === 'deposit' ? M.depositPending : M.withdrawPending, 'pending');
  }
}

/** The amounts a request may have, in whole money units. */
export interface AmountRange {
  min: number;
  max: number;
}

/** A payment method's own range and amount buttons (whole units; null: the site-wide constants). */
export interface MethodLimits {
  deposit_min: number | null;
  deposit_max: number | null;
  withdraw_min: number | null;
  withdraw_max: number | null;
  deposit_presets: number[] | null;
  withdraw_presets: number[] | null;
}
export const METHOD_LIMIT_COLUMNS = 'deposit_min, deposit_max, withdraw_min, withdraw_max, deposit_presets, withdraw_presets';

/** The range that applies to `action` with `method` (the method's own, else DEPOSIT_MIN/MAX or WITHDRAW_MIN/MAX). */
export function methodRange(method: Partial<MethodLimits> | null, action: Action): AmountRange {
  const [min, max] = action === 'deposit' ? [method?.deposit_min, method?.deposit_max] : [method?.withdraw_min, method?.withdraw_max];
  if (min != null && max != null) return { min: Number(min), max: Number(max) };
  return action === 'deposit' ? { min: DEPOSIT_MIN, max: DEPOSIT_MAX } : { min: WITHDRAW_MIN, max: WITHDRAW_MAX };
}

/** The amount buttons of `action` with `method` (its own, else the site-wide presets), inside its range. */
export function methodPresets(method: Partial<MethodLimits> | null, action: Action): number[] {
  const own = action === 'deposit' ? method?.deposit_presets : method?.withdraw_presets;
  const range = methodRange(method, action);
  const all = own ?? (action === 'deposit' ? [...DEPOSIT_PRESETS] : [...WITHDRAW_PRESETS]);
  return all.map(Number).filter((v) => v >= range.min && v <= range.max);
}

/** A request's amount in paisa, inside `range` (the spec's message for the site-wide range; the method's otherwise). */
export function parseAmount(value: string, action: Action, range: AmountRange = methodRange(null, action)): bigint {
  let minor: bigint;
  try {
    minor = toMinor(value);
  } catch {
    throw new WalletError(422, action === 'deposit' ? M.depositAmountRequired : M.withdrawAmountRequired, 'amount');
  }
  if (minor < BigInt(range.min) * 100n || minor > BigInt(range.max) * 100n) {
    throw new WalletError(422, amountRangeMessage(action, range.min, range.max), 'amount');
  }
  return minor;
}

export interface MethodRow extends MethodLimits {
  id: number;
  /** 'bkash', 'nagad', 'rocket', ...: picks the payer's transaction id format (rules/payer-trx.ts). */
  code: string;
  name: string;
  account_type: string;
  pgs: Array<{ name: string; code: string; icon: string | null }> | null;
  allows_deposit: boolean;
  allows_withdraw: boolean;
}

export async function findMethod(q: Queryable, id: number): Promise<MethodRow | null> {
  const r = await q.query<MethodRow & { id: string }>(
    `SELECT id, code, name, account_type, pgs, allows_deposit, allows_withdraw, ${METHOD_LIMIT_COLUMNS} FROM payment_methods
     WHERE id = $1 AND status = 'active'`,
    [id],
  );
  const row = r.rows[0];
  return row ? { ...row, id: Number(row.id) } : null;
}

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

/** 'D' or 'W', the Dhaka date and 8 random hex digits: unique, unguessable, readable on the phone. */
export function newPublicId(action: Action): string {
  const d = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka', year: '2-digit', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replace(/-/g, '');
  return `${action === 'deposit' ? 'D' : 'W'}${d}${randomBytes(4).toString('hex').toUpperCase()}`;
}

export async function addEvent(
  q: Queryable,
  transactionId: number,
  event: string,
  actor: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await q.query('INSERT INTO wallet_transaction_events (transaction_id, event, actor, detail) VALUES ($1, $2, $3, $4)', [
    transactionId,
    event,
    actor,
    JSON.stringify(detail),
  ]);
}

// --- Withdraw check --------------------------------------------------------------------------

export async function withdrawalsEnabled(q: Queryable): Promise<boolean> {
  const r = await q.query<{ withdrawal_status: number }>('SELECT withdrawal_status FROM general_settings WHERE id = 1');
  return Number(r.rows[0]?.withdrawal_status ?? 1) !== 0;
}

/** GET /api/userwithdrawcheck's rules, also re-checked by submit-withdraw. */
export async function assertCanWithdraw(q: Queryable, player: { id: number; dofb: string | null }): Promise<void> {
  // a risk hold closes withdrawals unless staff allowed them for this hold
  await assertHoldAllowsWithdrawal(q, player.id);
  if (!player.dofb) throw new WalletError(400, M.dobMissing, 'dob_missing');
  if (await hasActiveTurnover(q, player.id)) throw new WalletError(400, M.turnoverIncomplete, 'turnover');
  // what the player owes comes off what is available: while it takes everything, nothing can leave
  const b = await getPlayerBalance(q, player.id);
  if (b.owedMinor > 0n && availableMinor(b) === 0n) {
    throw new WalletError(400, DEBT_MESSAGES.withdrawRefused(fromMinor(b.owedMinor), b.currency), 'debt');
  }
}

// --- Settlement ---------------------------------------------------------------------------------

export interface TxRow {
  id: number;
  public_id: string;
  player_id: number;
  action: Action;
  mode: 'manual' | 'ewallet';
  amount_minor: bigint;
  bonus_minor: bigint;
  currency: Currency;
  status: WalletStatus;
  promotion_id: number | null;
  gateway_payment_id: string | null;
  /** A withdrawal waiting for a customer due-diligence check (staff cannot approve it until one is recorded). */
  verification_required: boolean;
}

/** Locks a request (its player row first) and reads it; null when it does not exist. */
export async function findTransactionForUpdate(
  q: Queryable,
  where: 'id' | 'public_id' | 'gateway_payment_id',
  value: string | number,
): Promise<TxRow | null> {
  // The player row first (same order as every request path), then the transaction row.
  const who = await q.query<{ player_id: string }>(`SELECT player_id FROM wallet_transactions WHERE ${where} = $1`, [value]);
  if (!who.rows[0]) return null;
  await lockPlayer(q, Number(who.rows[0].player_id));
  const r = await q.query<Record<string, string>>(
    `SELECT id, public_id, player_id, action, mode, amount_minor, bonus_minor, currency, status, promotion_id, gateway_payment_id,
       verification_required
     FROM wallet_transactions WHERE ${where} = $1 FOR UPDATE`,
    [value],
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    public_id: row.public_id!,
    player_id: Number(row.player_id),
    action: row.action as Action,
    mode: row.mode as TxRow['mode'],
    amount_minor: parseMinor(row.amount_minor),
    bonus_minor: parseMinor(row.bonus_minor),
    currency: row.currency as Currency,
    status: Number(row.status) as TxRow['status'],
    promotion_id: row.promotion_id === null || row.promotion_id === undefined ? null : Number(row.promotion_id),
    gateway_payment_id: row.gateway_payment_id ?? null,
    verification_required: (row.verification_required as unknown) === true,
  };
}

export interface Decision {
  transaction: TxRow;
  /** False when the same decision had already been taken (a replay moved nothing). */
  changed: boolean;
}

/**
 * Approves (1) or rejects (2) a pending request exactly once. Deposits: approval credits main from
 * house:cash (and the bonus from house:bonus) and starts the turnover requirement. Withdrawals:
 * approval pays the held amount out to house:cash; rejection returns it to main.
 * Runs inside the caller's transaction; the caller publishes the balance after commit.
 */
export async function decide(q: Queryable, tx: TxRow, outcome: WalletDecision, actor: string, note?: string): Promise<Decision> {
  if (tx.status !== WALLET_STATUS.pending) {
    if (tx.status === outcome) return { transaction: tx, changed: false };
    throw new Conflict(`This request was already ${tx.status === WALLET_STATUS.approved ? 'approved' : 'rejected'}.`);
  }
  const accounts = await playerAccounts(q, tx.player_id);
  const amount = fromMinor(tx.amount_minor);
  if (tx.action === 'deposit' && outcome === WALLET_STATUS.approved) {
    const cash = await houseAccount(q, 'cash', tx.currency);
    const legs = [
      { account: cash, amountMinor: -tx.amount_minor },
      { account: accounts.main, amountMinor: tx.amount_minor + tx.bonus_minor },
    ];
    if (tx.bonus_minor > 0n) legs.push({ account: await houseAccount(q, 'bonus', tx.currency), amountMinor: -tx.bonus_minor });
    await transfer(q, {
      idempotencyKey: `wallet:deposit:${tx.public_id}:credit`,
      kind: 'deposit',
      reference: tx.public_id,
      metadata: { walletTransaction: tx.id, actor, bonus: fromMinor(tx.bonus_minor) },
      legs,
    });
    if (tx.promotion_id) {
      const p = await q.query<{ turnover: number }>('SELECT turnover FROM promotions WHERE id = $1', [tx.promotion_id]);
      const multiple = Number(p.rows[0]?.turnover ?? 0);
      await createTurnover(q, {
        playerId: tx.player_id,
        transactionId: tx.id,
        promotionId: tx.promotion_id,
        requiredMinor: requiredTurnover(tx.amount_minor, tx.bonus_minor, multiple),
      });
    }
  } else if (tx.action === 'withdraw') {
    const to = outcome === WALLET_STATUS.approved ? await houseAccount(q, 'cash', tx.currency) : accounts.main;
    await transfer(q, {
      idempotencyKey: `wallet:withdraw:${tx.public_id}:${outcome === WALLET_STATUS.approved ? 'payout' : 'release'}`,
      kind: outcome === WALLET_STATUS.approved ? 'withdraw.payout' : 'withdraw.release',
      reference: tx.public_id,
      metadata: { walletTransaction: tx.id, actor },
      legs: [
        { account: accounts.held, amountMinor: -tx.amount_minor },
        { account: to, amountMinor: tx.amount_minor },
      ],
    });
  }
  await q.query(
    `UPDATE wallet_transactions SET status = $2, decided_at = now(), decided_by = $3, decision_note = $4, updated_at = now(),
       information_received_at = COALESCE(information_received_at, now())
     WHERE id = $1`,
    [tx.id, outcome, actor, note ?? null],
  );
  await addEvent(q, tx.id, outcome === WALLET_STATUS.approved ? 'approved' : 'rejected', actor, note ? { note } : {});
  // a referred friend's approved deposit may complete the referral (deposit + bet); after the status is set
  if (tx.action === 'deposit' && outcome === WALLET_STATUS.approved) await rewardReferrerIfQualified(q, tx.player_id);
  const title =
    tx.action === 'deposit'
      ? outcome === WALLET_STATUS.approved
        ? 'Deposit successful'
        : 'Deposit rejected'
      : outcome === WALLET_STATUS.approved
        ? 'Withdrawal successful'
        : 'Withdrawal rejected';
  const body =
    tx.action === 'deposit'
      ? outcome === WALLET_STATUS.approved
        ? `Your deposit of ${amount} ${tx.currency} (transaction ${tx.public_id}) has been approved and added to your main wallet.${tx.bonus_minor > 0n ? ` Bonus: ${fromMinor(tx.bonus_minor)} ${tx.currency}.` : ''}`
        : `Your deposit of ${amount} ${tx.currency} (transaction ${tx.public_id}) was rejected.${note ? ` Reason: ${note}` : ''} Please contact support if you have sent the money.`
      : outcome === WALLET_STATUS.approved
        ? `Your withdrawal of ${amount} ${tx.currency} (transaction ${tx.public_id}) has been approved and sent to your account.`
        : `Your withdrawal of ${amount} ${tx.currency} (transaction ${tx.public_id}) was rejected and the amount returned to your main wallet.${note ? ` Reason: ${note}` : ''}`;
  await sendInboxMessage(q, tx.player_id, title, body);
  return { transaction: { ...tx, status: outcome }, changed: true };
}

export function insufficientToWalletError(err: unknown): never {
  if (err instanceof InsufficientFunds) throw new WalletError(422, M.insufficientBalance, 'insufficient');
  throw err;
}

// --- Requests a player makes ----------------------------------------------------------------
// Each runs in one transaction under the player's row lock, at most once per Idempotency-Key.

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

/** Remembers the gateway's payment (first writer wins: a retry opened the same payment). */
export function recordGatewayPayment(db: Db, transactionId: string, payment: { payment_id: string; payment_url: string }): Promise<void> {
  return db.tx(async (q) => {
    await q.query(
      `UPDATE wallet_transactions SET gateway_payment_id = $2, gateway_url = $3, updated_at = now() WHERE id = $1 AND gateway_payment_id IS NULL`,
      [transactionId, payment.payment_id, payment.payment_url],
    );
    await addEvent(q, Number(transactionId), 'gateway_opened', 'gateway', { payment_id: payment.payment_id });
  });
}

/** The gateway could not open a payment: the still-pending request is rejected by the system. */
export function rejectForUnreachableGateway(db: Db, publicId: string): Promise<void> {
  return db.tx(async (q) => {
    const tx = await findTransactionForUpdate(q, 'public_id', publicId);
    if (tx && tx.status === WALLET_STATUS.pending && !tx.gateway_payment_id) {
      await q.query(
        `UPDATE wallet_transactions SET status = 2, decided_at = now(), decided_by = 'system', decision_note = 'gateway unavailable', updated_at = now() WHERE id = $1`,
        [tx.id],
      );
      await addEvent(q, tx.id, 'rejected', 'system', { reason: 'gateway unavailable' });
    }
  });
}

export async function depositState(q: Queryable, publicId: string, playerId: number) {
  const r = await q.query<{ status: number; gateway_payment_id: string | null }>(
    'SELECT status, gateway_payment_id FROM wallet_transactions WHERE public_id = $1 AND player_id = $2',
    [publicId, playerId],
  );
  const row = r.rows[0];
  return row ? { status: Number(row.status) as WalletStatus, gatewayPaymentId: row.gateway_payment_id } : null;
}

/** Settles an e-wallet payment from the gateway's word (callback or status query). Idempotent. */
export async function settleFromGateway(
  q: Queryable,
  payment: Pick<GatewayPayment, 'payment_id' | 'merchant_ref' | 'status' | 'amount' | 'trxid' | 'number'>,
): Promise<{ tx: TxRow; changed: boolean }> {
  const tx = await findTransactionForUpdate(q, 'gateway_payment_id', payment.payment_id);
  if (!tx || tx.public_id !== payment.merchant_ref) throw new NotFound('Unknown payment');
  if (payment.status !== 'success' && payment.status !== 'failed') return { tx, changed: false };
  if (fromMinor(tx.amount_minor) !== payment.amount) {
    // Never credit an amount other than the one requested; leave it for an operator.
    await addEvent(q, tx.id, 'gateway_amount_mismatch', 'gateway', { paid: payment.amount });
    throw new HttpError(422, 'Amount mismatch');
  }
  if (tx.status === WALLET_STATUS.pending) {
    // a payer number new to the player is marked for staff (issue 32); the payment itself was authorised by the wallet
    const newPayer = payment.number ? !(await isVerifiedNumber(q, tx.player_id, payment.number)) : false;
    await q.query(
      `UPDATE wallet_transactions SET payer_trx_id = COALESCE($2, payer_trx_id), payer_number = COALESCE($3, payer_number),
         payer_unverified = payer_unverified OR $4, information_received_at = COALESCE(information_received_at, now()),
         updated_at = now() WHERE id = $1`,
      [tx.id, payment.trxid ?? null, payment.number ?? null, newPayer],
    );
    if (newPayer) await addEvent(q, tx.id, 'payer_number_new', 'gateway', { number: payment.number });
    await addEvent(q, tx.id, 'information_received', 'gateway', { status: payment.status, trxid: payment.trxid ?? null });
  }
  const outcome = payment.status === 'success' ? WALLET_STATUS.approved : WALLET_STATUS.rejected;
  if (tx.status !== WALLET_STATUS.pending && tx.status !== outcome) {
    // The gateway contradicts a decision already taken: record it, change nothing, flag for a human.
    await addEvent(q, tx.id, 'gateway_conflict', 'gateway', { gateway: payment.status, ours: tx.status });
    return { tx, changed: false };
  }
  const d = await decide(q, tx, outcome, 'gateway');
  return { tx: d.transaction, changed: d.changed };
}

export async function dateOfBirth(q: Queryable, playerId: number): Promise<string | null> {
  const p = await q.query<{ dofb: string | null }>('SELECT dofb FROM players WHERE id = $1', [playerId]);
  return p.rows[0]?.dofb ?? null;
}

/**
 * A pending withdrawal: the amount moves from main to held at once, and is paid out or returned by the decision.
 * When the player's deposits or withdrawals (this one included) passed the customer due-diligence threshold and no
 * check covers them, it waits with verification_required (staff cannot approve it until a check is recorded) and the
 * player is told why in the answer, the inbox and the records.
 */
export function submitWithdrawal(
  db: Db,
  config: WalletConfig,
  protection: ProtectionConfig,
  input: { playerId: number; key: string | undefined; body: Omit<SubmitWithdrawBody, 'remote_id'> },
  kyc: Pick<KycConfig, 'withdrawalAboveMinor'> = kycConfig(),
) {
  const { playerId, body } = input;
  return db.tx((q) =>
    idempotent(q, { playerId, endpoint: 'submit-withdraw', key: input.key, body }, async () => {
      const player = await lockPlayer(q, playerId);
      if (!player.phoneVerified) throw new WalletError(403, M.phoneNotVerified, 'phone_unverified');
      if (!(await withdrawalsEnabled(q))) throw new WalletError(422, M.noWithdrawMethods, 'withdraw_disabled');
      await assertNoPending(q, playerId, 'withdraw', config.maxPendingPerAction);
      const method = await findMethod(q, body.payment_id);
      const amount = parseAmount(body.amount, 'withdraw', methodRange(method, 'withdraw'));
      if (!method || !method.allows_withdraw) throw new WalletError(422, M.withdrawMethodRequired, 'method');
      if (!/^\d{6,20}$/.test(body.account_number)) throw new WalletError(422, M.withdrawAccountRequired, 'account');
      await assertCanWithdraw(q, player);
      const cdd = await verificationNeeded(q, playerId, player.currency, protection, amount);
      // the KYC gate (issue 32): above the amount, or once the due-diligence threshold is passed, only a verified
      // identity withdraws; the screen points to /profile (code kyc_required)
      if ((amount > kyc.withdrawalAboveMinor[player.currency] || cdd.totals.passed) && (await kycStatusOf(q, playerId)) !== 'verified') {
        throw new WalletError(403, KYC_MESSAGES.kycRequired, 'kyc_required');
      }
      // payers and payees (issue 32): a payout to a number that is not one of the player's verified numbers waits
      // for a payments operator to confirm it (kyc/numbers.ts)
      const payoutUnverified = !(await isVerifiedNumber(q, playerId, body.account_number));
      const publicId = newPublicId('withdraw');
      const ins = await q.query<{ id: string }>(
        `INSERT INTO wallet_transactions (public_id, player_id, action, mode, amount_minor, currency, payment_method_id,
           channel, account_number, information_received_at, verification_required, payout_unverified)
         VALUES ($1, $2, 'withdraw', 'manual', $3, $4, $5, $6, $7, now(), $8, $9) RETURNING id`,
        [
          publicId,
          playerId,
          amount.toString(),
          player.currency,
          method.id,
          body.provider || method.account_type,
          body.account_number,
          cdd.needed,
          payoutUnverified,
        ],
      );
      const txId = Number(ins.rows[0]!.id);
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
      if (payoutUnverified) await addEvent(q, txId, 'payout_number_unverified', 'system', { account: body.account_number });
      if (cdd.needed) {
        await addEvent(q, txId, 'verification_required', 'system', {
          threshold: fromMinor(cdd.totals.thresholdMinor),
          deposits: fromMinor(cdd.totals.depositsMinor),
          withdrawals: fromMinor(cdd.totals.withdrawalsMinor),
          window_days: protection.cddWindowDays,
        });
        await sendInboxMessage(
          q,
          playerId,
          'Withdrawal waiting for verification',
          `Withdrawal ${publicId} of ${fromMinor(amount)} ${player.currency}: ${PROTECTION_MESSAGES.verificationRequired} The amount stays held for you until then.`,
        );
      }
      return {
        success: true as const,
        message: cdd.needed ? PROTECTION_MESSAGES.verificationRequired : M.withdrawSuccess,
        transaction_id: publicId,
        amount: fromMinor(amount),
        balance: fromMinor(moved.balances.get(accounts.main) ?? 0n),
        verification_required: cdd.needed,
        payout_confirmation_required: payoutUnverified,
      };
    }),
  );
}

// --- Lists -----------------------------------------------------------------------------------

/** Active methods for one purpose; withdrawals list none while the general setting switches them off. */
export async function methodsFor(q: Queryable, purpose: 'deposit' | 'withdraw') {
  const r = await q.query<any>(
    `SELECT ${PAYMENT_METHOD_COLUMNS}, ${METHOD_LIMIT_COLUMNS}
     FROM payment_methods WHERE status = 'active' AND ${purpose === 'withdraw' ? 'allows_withdraw' : 'allows_deposit'}
     ORDER BY sort_order, id`,
  );
  return r.rows.map((row: MethodLimits & Record<string, unknown>) => {
    const { deposit_min, deposit_max, withdraw_min, withdraw_max, deposit_presets, withdraw_presets, ...m } = row;
    const limits = { deposit_min, deposit_max, withdraw_min, withdraw_max, deposit_presets, withdraw_presets };
    const dep = methodRange(limits, 'deposit');
    const wd = methodRange(limits, 'withdraw');
    return {
      ...paymentMethodOut(m),
      deposit_min: dep.min,
      deposit_max: dep.max,
      withdraw_min: wd.min,
      withdraw_max: wd.max,
      deposit_presets: methodPresets(limits, 'deposit'),
      withdraw_presets: methodPresets(limits, 'withdraw'),
    };
  });
}

/** The numbers a player sends a manual deposit to ('Marchent' is the legacy client's spelling of Merchant). */
export async function walletNumbers(q: Queryable, methodName: string, accountType: string | null) {
  const r = await q.query<{ id: number; account_number: string }>(
    `SELECT n.id::int AS id, n.account_number FROM payment_method_numbers n
     JOIN payment_methods m ON m.id = n.payment_method_id
     WHERE lower(m.name) = lower($1) AND m.status = 'active' AND n.status = 'active' AND m.allows_deposit
       AND ($2::text IS NULL OR m.account_type = $2 OR (m.account_type = 'Merchant' AND $2 = 'Marchent'))
     ORDER BY n.sort_order, n.id`,
    [methodName, accountType],
  );
  return r.rows;
}

/** docs/README.md#spec-3 transaction records, newest first. */
export async function transactionRecords(q: Queryable, playerId: number) {
  const r = await q.query<Record<string, any>>(
    `SELECT t.id::int AS id, t.action, t.amount_minor, t.bonus_minor, t.status, t.public_id, t.account_number,
            t.channel, t.mode, t.created_at, t.updated_at, t.information_received_at, t.decision_note, t.verification_required,
            m.name AS method_name, m.account_type AS method_type, m.icon AS method_icon, m.pgs AS method_pgs,
            p.id::int AS promo_id, p.name AS promo_name, p.turnover AS promo_turnover
     FROM wallet_transactions t
     LEFT JOIN payment_methods m ON m.id = t.payment_method_id
     LEFT JOIN promotions p ON p.id = t.promotion_id
     WHERE t.player_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT 500`,
    [playerId],
  );
  return r.rows.map((t) => ({
    id: t.id,
    action: t.action,
    amount: fromMinor(parseMinor(t.amount_minor)),
    bonus: fromMinor(parseMinor(t.bonus_minor)),
    key: walletStatusKey(Number(t.status) as WalletStatus),
    transaction_id: t.public_id,
    account_number: t.account_number,
    provider:
      t.mode === 'ewallet'
        ? (((t.method_pgs ?? []) as Array<{ code: string; name: string }>).find((pg) => pg.code === t.channel)?.name ?? t.channel)
        : (t.method_name ?? null),
    created_at: isoTimestamp(t.created_at)!,
    updated_at: isoTimestamp(t.updated_at)!,
    information_received_at: isoTimestamp(t.information_received_at),
    payment_method: t.method_name ? { name: t.method_name, type: t.method_type, icon: t.method_icon } : null,
    promotion: t.promo_id ? { id: t.promo_id, name: t.promo_name, turnover: Number(t.promo_turnover) } : null,
    reason: Number(t.status) === WALLET_STATUS.rejected ? (t.decision_note ?? null) : null,
    // a pending withdrawal waiting for a due-diligence check (the screen shows PROTECTION_MESSAGES.verificationRequired)
    verification_required: Number(t.status) === WALLET_STATUS.pending && t.verification_required === true,
  }));
}

const BONUS_TURNOVER_NAMES: Record<BonusSource, string> = { cash_claim: 'Referral cash bonus', vip_conversion: 'VIP points conversion' };

/** docs/README.md#spec-3 turnover records (promotion deposits and claimed bonuses), newest first. */
export async function turnoverRecords(q: Queryable, playerId: number) {
  const r = await q.query<Record<string, any>>(
    `SELECT w.id::int AS id, w.status, w.required_minor, w.remaining_minor, w.created_at, w.source, w.bonus_minor, w.multiple,
            t.action, t.amount_minor, p.name AS promo_name, p.turnover AS promo_turnover, m.name AS method_name
     FROM wallet_turnovers w
     LEFT JOIN wallet_transactions t ON t.id = w.transaction_id
     LEFT JOIN promotions p ON p.id = w.promotion_id
     LEFT JOIN payment_methods m ON m.id = t.payment_method_id
     WHERE w.player_id = $1 ORDER BY w.id DESC`,
    [playerId],
  );
  return r.rows.map((w) => ({
    id: w.id,
    status: w.status,
    required_turnover: fromMinor(parseMinor(w.required_minor)),
    remaining_turnover: fromMinor(parseMinor(w.remaining_minor)),
    created_at: isoTimestamp(w.created_at)!,
    transaction:
      w.source === 'deposit'
        ? {
            action: w.action,
            amount: fromMinor(parseMinor(w.amount_minor)),
            promotion: w.promo_name ? { name: w.promo_name, turnover: Number(w.promo_turnover) } : null,
            payment_method: w.method_name ? { name: w.method_name } : null,
          }
        : {
            // a claimed bonus: the card shows its name and the amount wagered against
            action: 'bonus',
            amount: fromMinor(parseMinor(w.bonus_minor)),
            promotion: { name: BONUS_TURNOVER_NAMES[w.source as BonusSource], turnover: Number(w.multiple) },
            payment_method: null,
          },
  }));
}

// --- Deposit confirmations (POST /api/make-payment) -----------------------------------------------

export const RECEIPT_MESSAGES = {
  phone: 'Please select an 11-digit phone number.',
  trx: 'The transaction ID must be at least 7 characters.',
  referenceRequired: 'Please enter the deposit reference shown when you made the deposit, or log in.',
  /** One answer for an unknown reference, a phone that is not the owner's and no pending deposit: no oracle. */
  noMatch: 'No pending deposit matches this reference and phone number.',
  reused: M.trxReused,
  fileType: 'Receipts must be JPG, PNG, WEBP or GIF images.',
  fileSize: 'Each receipt must be at most 5 MB.',
  tooMany: `At most ${RECEIPT_MAX_FILES} receipts can be uploaded.`,
  success: 'Deposit confirmation submitted successfully.',
} as const;

export interface StoredReceipt {
  fileName: string;
  type: string;
  size: number;
  sha256: string;
}

/**
 * Attaches the payer's transaction id and receipt files to one pending manual deposit: the one of the
 * single-use `reference` (spent here), or else the logged-in player's newest. The phone must be one of
 * the owner's. Every mismatch answers the same (RECEIPT_MESSAGES.noMatch). Returns the owner.
 */
export function attachDepositConfirmation(
  db: Db,
  input: { phone: string; trx: string; player: number | null; reference: string | null; receipts: StoredReceipt[] },
): Promise<number> {
  const { phone, player, reference, receipts } = input;
  return trxOnce(
    db.tx(async (q) => {
      type Row = { id: string; player_id: string; payer_trx_id: string | null; payment_method_id: string };
      const cols = 'id, player_id, payer_trx_id, payment_method_id';
      let tx: Row | undefined;
      if (reference) {
        const r = await q.query<Row>(
          `SELECT ${cols} FROM wallet_transactions
         WHERE confirm_ref_hash = $1 AND action = 'deposit' AND mode = 'manual' AND status = 0 FOR UPDATE`,
          [sha256Hex(reference)],
        );
        tx = r.rows[0];
        if (tx && player !== null && Number(tx.player_id) !== player) tx = undefined;
      } else if (player !== null) {
        const r = await q.query<Row>(
          `SELECT ${cols} FROM wallet_transactions
         WHERE player_id = $1 AND action = 'deposit' AND mode = 'manual' AND status = 0
         ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
          [player],
        );
        tx = r.rows[0];
      } else {
        throw new HttpError(422, RECEIPT_MESSAGES.referenceRequired, { errors: { reference: [RECEIPT_MESSAGES.referenceRequired] } });
      }
      const owns = tx
        ? await q.query(
            `SELECT 1 FROM players WHERE id = $1 AND phone = $2
           UNION ALL SELECT 1 FROM player_phones WHERE player_id = $1 AND phone = $2 AND verified_at IS NOT NULL`,
            [tx.player_id, phone],
          )
        : null;
      if (!tx || !owns?.rows.length) throw new NotFound(RECEIPT_MESSAGES.noMatch);
      // the deposit's method decides the format; the id compared and stored is the normalised one
      const code = await q.query<{ code: string }>('SELECT code FROM payment_methods WHERE id = $1', [tx.payment_method_id]);
      const checked = checkPayerTrx(input.trx, { method: code.rows[0]?.code, required: true });
      if (!checked.ok) {
        throw new HttpError(422, checked.message.en, { code: 'trx_format', errors: { transaction_id: [checked.message.en] } });
      }
      const trx = checked.value;
      await assertTrxUnused(q, tx.payment_method_id, trx, tx.id);
      await q.query(
        `UPDATE wallet_transactions SET payer_trx_id = $2, payer_number = $3, confirm_ref_hash = NULL,
         information_received_at = COALESCE(information_received_at, now()), updated_at = now() WHERE id = $1`,
        [tx.id, trx, phone],
      );
      for (const s of receipts) {
        await q.query(
          'INSERT INTO wallet_receipts (transaction_id, file_name, content_type, size_bytes, sha256) VALUES ($1, $2, $3, $4, $5)',
          [tx.id, s.fileName, s.type, s.size, s.sha256],
        );
      }
      await addEvent(q, Number(tx.id), 'information_received', player !== null ? `player:${player}` : `phone:${phone}`, {
        trx_id: trx,
        ...(input.trx !== trx ? { trx_id_as_typed: input.trx } : {}),
        previous_trx_id: tx.payer_trx_id,
        by_reference: Boolean(reference),
        receipts: receipts.map((s) => s.fileName),
      });
      return Number(tx.player_id);
    }),
  );
}
