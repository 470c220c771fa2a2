// One payer's transaction id proves one manual deposit per payment method (README.md, "The payer's transaction id").
import { WALLET_MESSAGES as M } from '@khela/contracts';
import { pgErrorCode, type Queryable } from '../db';
import { WalletError } from './transactions';

const TRX_ONCE_INDEX = 'wallet_transactions_payer_trx_once';

/** A payer's transaction id confirms one manual deposit per payment method (rejected ones aside); `except` is the deposit being confirmed. */
export async function assertTrxUnused(q: Queryable, methodId: number | string, trx: string, except: number | string | null): Promise<void> {
  const used = await q.query(
    `SELECT 1 FROM wallet_transactions WHERE payment_method_id = $1 AND lower(payer_trx_id) = lower($2)
       AND action = 'deposit' AND mode = 'manual' AND status <> 2 AND id <> COALESCE($3::bigint, -1) LIMIT 1`,
    [methodId, trx, except],
  );
  if (used.rows.length) throw new WalletError(409, M.trxReused, 'trx_reused');
}

/** Two parallel submits both pass the check above; the unique index refuses the second one with the same answer. */
export async function trxOnce<T>(run: Promise<T>): Promise<T> {
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
