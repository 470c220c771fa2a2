// Deposit confirmations (POST /api/make-payment; the multipart route is receipts.ts): the payer's transaction id and
// receipts attached to a pending manual deposit, found by its single-use reference or the logged-in player.
import { checkPayerTrx, RECEIPT_MAX_FILES, WALLET_MESSAGES as M } from '@khela/contracts';
import { sha256Hex } from '@khela/contracts/signing';
import type { Db } from '../db';
import { HttpError, NotFound } from '../errors';
import { assertTrxUnused, trxOnce } from './payer-trx';
import { addEvent } from './transactions';

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
