import { createHash, randomBytes } from 'node:crypto';
import {
  DEPOSIT_MAX,
  DEPOSIT_MIN,
  WALLET_MESSAGES as M,
  WITHDRAW_MAX,
  WITHDRAW_MIN,
  type WalletErrorCode,
} from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { HttpError, NotFound, Conflict } from '../http/errors';
import { fromMinor, houseAccount, InsufficientFunds, parseMinor, playerAccounts, toMinor, transfer, type Currency } from '../ledger';
import { sendInboxMessage } from '../identity/inbox';
import { bonusFor, createTurnover, hasActiveTurnover, requiredTurnover } from './turnover';

/** A refusal with the spec's text; `code` lets the screen add the profile link. */
export class WalletError extends HttpError {
  constructor(status: number, message: string, code: WalletErrorCode) {
    super(status, message, { success: false, error: message, code });
  }
}

export type Action = 'deposit' | 'withdraw';

export interface LockedPlayer {
  id: number;
  currency: Currency;
  phoneVerified: boolean;
  dofb: string | null;
  username: string;
}

/** Serialises every money request of one player (row lock), always taken before ledger rows. */
export async function lockPlayer(q: Queryable, playerId: number): Promise<LockedPlayer> {
  const r = await q.query<{ id: string; currency: Currency; phone_verified: boolean; dofb: string | null; username: string }>(
    'SELECT id, currency, phone_verified, dofb, username FROM players WHERE id = $1 FOR UPDATE',
    [playerId],
  );
  const row = r.rows[0];
  if (!row) throw new NotFound('Unknown player');
  return { id: Number(row.id), currency: row.currency, phoneVerified: row.phone_verified, dofb: row.dofb, username: row.username };
}

export async function assertNoPending(q: Queryable, playerId: number, action: Action, limit: number): Promise<void> {
  const r = await q.query<{ n: string }>(
    'SELECT count(*)::int AS n FROM wallet_transactions WHERE player_id = $1 AND action = $2 AND status = 0',
    [playerId, action],
  );
  if (Number(r.rows[0]?.n ?? 0) >= limit) {
    throw new WalletError(409, action === 'deposit' ? M.depositPending : M.withdrawPending, 'pending');
  }
}

export function parseAmount(value: string, action: Action): bigint {
  let minor: bigint;
  try {
    minor = toMinor(value);
  } catch {
    throw new WalletError(422, action === 'deposit' ? M.depositAmountRequired : M.withdrawAmountRequired, 'amount');
  }
  const [min, max] = action === 'deposit' ? [DEPOSIT_MIN, DEPOSIT_MAX] : [WITHDRAW_MIN, WITHDRAW_MAX];
  if (minor < BigInt(min) * 100n || minor > BigInt(max) * 100n) {
    throw new WalletError(422, action === 'deposit' ? M.depositRange : M.withdrawRange, 'amount');
  }
  return minor;
}

export interface MethodRow {
  id: number;
  name: string;
  account_type: string;
  pgs: Array<{ name: string; code: string; icon: string | null }> | null;
  allows_deposit: boolean;
  allows_withdraw: boolean;
}

export async function findMethod(q: Queryable, id: number): Promise<MethodRow | null> {
  const r = await q.query<MethodRow & { id: string }>(
    `SELECT id, name, account_type, pgs, allows_deposit, allows_withdraw FROM payment_methods
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

// --- Idempotency ---------------------------------------------------------------------------

export const requestHash = (body: unknown) => createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');

/**
 * Runs `work` at most once per (player, endpoint, key) inside the caller's transaction.
 * A repeat with the same body answers the stored response; a different body is a 409.
 * Only successes are stored: a refused request may be retried with the same key.
 */
export async function idempotent<T>(
  q: Queryable,
  scope: { playerId: number; endpoint: string; key: string | undefined; body: unknown },
  work: () => Promise<T>,
): Promise<T> {
  if (!scope.key) return work();
  if (scope.key.length > 200) throw new HttpError(422, 'Idempotency-Key is too long.');
  // The player row first: the insert below takes a key-share lock on it (foreign key), and taking
  // FOR UPDATE after that in two transactions at once would deadlock.
  await lockPlayer(q, scope.playerId);
  const hash = requestHash(scope.body);
  const ins = await q.query(
    `INSERT INTO wallet_idempotency (player_id, endpoint, key, request_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING key`,
    [scope.playerId, scope.endpoint, scope.key, hash],
  );
  if (!ins.rows.length) {
    const stored = await q.query<{ request_hash: string; response: T | null }>(
      'SELECT request_hash, response FROM wallet_idempotency WHERE player_id = $1 AND endpoint = $2 AND key = $3',
      [scope.playerId, scope.endpoint, scope.key],
    );
    const row = stored.rows[0]!;
    if (row.request_hash !== hash) throw new Conflict('This request was already processed with different details.');
    if (row.response === null) throw new Conflict('This request is still being processed. Please wait.');
    return row.response;
  }
  const result = await work();
  await q.query('UPDATE wallet_idempotency SET response = $4 WHERE player_id = $1 AND endpoint = $2 AND key = $3', [
    scope.playerId,
    scope.endpoint,
    scope.key,
    JSON.stringify(result),
  ]);
  return result;
}

// --- Withdraw check --------------------------------------------------------------------------

export async function withdrawalsEnabled(q: Queryable): Promise<boolean> {
  const r = await q.query<{ withdrawal_status: number }>('SELECT withdrawal_status FROM general_settings WHERE id = 1');
  return Number(r.rows[0]?.withdrawal_status ?? 1) !== 0;
}

/** GET /api/userwithdrawcheck's rules, also re-checked by submit-withdraw. */
export async function assertCanWithdraw(q: Queryable, player: { id: number; dofb: string | null }): Promise<void> {
  if (!player.dofb) throw new WalletError(400, M.dobMissing, 'dob_missing');
  if (await hasActiveTurnover(q, player.id)) throw new WalletError(400, M.turnoverIncomplete, 'turnover');
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
  status: 0 | 1 | 2;
  promotion_id: number | null;
  gateway_payment_id: string | null;
}

async function lockTransaction(q: Queryable, where: 'id' | 'public_id' | 'gateway_payment_id', value: string | number): Promise<TxRow | null> {
  // The player row first (same order as every request path), then the transaction row.
  const who = await q.query<{ player_id: string }>(`SELECT player_id FROM wallet_transactions WHERE ${where} = $1`, [value]);
  if (!who.rows[0]) return null;
  await lockPlayer(q, Number(who.rows[0].player_id));
  const r = await q.query<Record<string, string>>(
    `SELECT id, public_id, player_id, action, mode, amount_minor, bonus_minor, currency, status, promotion_id, gateway_payment_id
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
  };
}

export const findTransactionForUpdate = lockTransaction;

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
export async function decide(
  q: Queryable,
  tx: TxRow,
  outcome: 1 | 2,
  actor: string,
  note?: string,
): Promise<Decision> {
  if (tx.status !== 0) {
    if (tx.status === outcome) return { transaction: tx, changed: false };
    throw new Conflict(`This request was already ${tx.status === 1 ? 'approved' : 'rejected'}.`);
  }
  const accounts = await playerAccounts(q, tx.player_id);
  const amount = fromMinor(tx.amount_minor);
  if (tx.action === 'deposit' && outcome === 1) {
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
    const to = outcome === 1 ? await houseAccount(q, 'cash', tx.currency) : accounts.main;
    await transfer(q, {
      idempotencyKey: `wallet:withdraw:${tx.public_id}:${outcome === 1 ? 'payout' : 'release'}`,
      kind: outcome === 1 ? 'withdraw.payout' : 'withdraw.release',
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
  await addEvent(q, tx.id, outcome === 1 ? 'approved' : 'rejected', actor, note ? { note } : {});
  const title = tx.action === 'deposit' ? (outcome === 1 ? 'Deposit successful' : 'Deposit rejected') : outcome === 1 ? 'Withdrawal successful' : 'Withdrawal rejected';
  const body =
    tx.action === 'deposit'
      ? outcome === 1
        ? `Your deposit of ${amount} ${tx.currency} (transaction ${tx.public_id}) has been approved and added to your main wallet.${tx.bonus_minor > 0n ? ` Bonus: ${fromMinor(tx.bonus_minor)} ${tx.currency}.` : ''}`
        : `Your deposit of ${amount} ${tx.currency} (transaction ${tx.public_id}) was rejected.${note ? ` Reason: ${note}` : ''} Please contact support if you have sent the money.`
      : outcome === 1
        ? `Your withdrawal of ${amount} ${tx.currency} (transaction ${tx.public_id}) has been approved and sent to your account.`
        : `Your withdrawal of ${amount} ${tx.currency} (transaction ${tx.public_id}) was rejected and the amount returned to your main wallet.${note ? ` Reason: ${note}` : ''}`;
  await sendInboxMessage(q, tx.player_id, title, body);
  return { transaction: { ...tx, status: outcome }, changed: true };
}

export function insufficientToWalletError(err: unknown): never {
  if (err instanceof InsufficientFunds) throw new WalletError(422, M.insufficientBalance, 'insufficient');
  throw err;
}

export type { Db };
