// The wallet's requests (wallet_transactions): the row and its lock, the timeline, public ids, the pending rule and the
// wallet's refusal. What deposits, withdrawals, decisions and the gateway settlement share.
import { randomBytes } from 'node:crypto';
import { WALLET_MESSAGES as M, type WalletErrorCode, type WalletStatus } from '@khela/contracts';
import type { z } from 'zod';
import type { Queryable } from '../db';
import { lockPlayer } from '../core/players';
import { HttpError } from '../errors';
import { InsufficientFunds, parseMinor, type Currency } from '../ledger';

/** A request body as the route received it (parsed by the endpoint's schema). */
export type ParsedBody<E extends { body?: z.ZodType }> = z.output<NonNullable<E['body']>>;

/** A refusal with the spec's text; `code` lets the screen add the profile link. */
export class WalletError extends HttpError {
  constructor(status: number, message: string, code: WalletErrorCode) {
    super(status, message, { success: false, error: message, code });
  }
}

export type Action = 'deposit' | 'withdraw';

export async function assertNoPending(q: Queryable, playerId: number, action: Action, limit: number): Promise<void> {
  const r = await q.query<{ n: string }>(
    'SELECT count(*)::int AS n FROM wallet_transactions WHERE player_id = $1 AND action = $2 AND status = 0',
    [playerId, action],
  );
  if (Number(r.rows[0]?.n ?? 0) >= limit) {
    throw new WalletError(409, action === 'deposit' ? M.depositPending : M.withdrawPending, 'pending');
  }
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

export function insufficientToWalletError(err: unknown): never {
  if (err instanceof InsufficientFunds) throw new WalletError(422, M.insufficientBalance, 'insufficient');
  throw err;
}
