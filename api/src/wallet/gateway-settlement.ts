// E-wallet deposits and the gateway's word: the payment the gateway opened, a gateway that could not open one, and the
// settlement of its callback or status answer (the client that calls the gateway is gateway.ts).
import { WALLET_STATUS } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { HttpError, NotFound } from '../errors';
import { fromMinor } from '../ledger';
import { isVerifiedNumber } from '../kyc/numbers';
import { decide } from './decisions';
import type { GatewayPayment } from './gateway';
import { addEvent, findTransactionForUpdate, type TxRow } from './transactions';

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
