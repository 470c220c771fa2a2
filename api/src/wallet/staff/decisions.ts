// The payments desk's decisions: approve or reject a request (audited, with the checks a withdrawal waits for) and the
// confirmation of a withdrawal's payout number.
import { WALLET_STATUS, type WalletDecision } from '@khela/contracts';
import type { Db, Queryable } from '../../db';
import { writeAudit, type AuditActor } from '../../core/audit';
import { Conflict, NotFound } from '../../errors';
import { fromMinor } from '../../ledger';
import { hasValidCheck } from '../../protection/cdd';
import { decide } from '../decisions';
import { addEvent, findTransactionForUpdate, type TxRow } from '../transactions';

/** Why an approval is refused while a withdrawal waits for the player's customer due-diligence check. */
export const VERIFICATION_REQUIRED_APPROVE =
  "This withdrawal waits for a customer due-diligence check: record the player's check (Players, Protection) before approving it, or reject it.";

/** Why an approval is refused while a withdrawal's payout number is not one of the player's verified numbers. */
export const PAYOUT_UNCONFIRMED_APPROVE =
  "This withdrawal goes to a number that is not one of the player's verified numbers: confirm the payout number (check it with the player) before approving it, or reject it.";

/**
 * A payments operator confirms a pending withdrawal's payout number (issue 32): audited `payment.payout_confirm`
 * with the reason and the number; the desk may then approve it.
 */
export function confirmPayout(db: Db, actor: AuditActor, id: number, reason: string) {
  return db.tx(async (q) => {
    const tx = await findTransactionForUpdate(q, 'id', id);
    if (!tx) throw new NotFound('Unknown transaction');
    const r = await q.query<{ payout_unverified: boolean; confirmed: boolean; account_number: string | null }>(
      'SELECT payout_unverified, payout_confirmed_at IS NOT NULL AS confirmed, account_number FROM wallet_transactions WHERE id = $1',
      [id],
    );
    const row = r.rows[0]!;
    if (tx.action !== 'withdraw' || tx.status !== WALLET_STATUS.pending || !row.payout_unverified) {
      throw new Conflict('Only a pending withdrawal to an unverified number needs its payout number confirmed.', {
        code: 'payout_not_unverified',
      });
    }
    if (row.confirmed) throw new Conflict('The payout number is already confirmed.', { code: 'payout_confirmed' });
    await q.query(
      'UPDATE wallet_transactions SET payout_confirmed_by = $2, payout_confirmed_at = now(), updated_at = now() WHERE id = $1',
      [id, actor.staffId],
    );
    await addEvent(q, id, 'payout_number_confirmed', `operator:${actor.staffId}`, { account: row.account_number, reason });
    await writeAudit(q, actor, {
      action: 'payment.payout_confirm',
      entityType: 'wallet_transaction',
      entityId: id,
      reason,
      before: { public_id: tx.public_id, account_number: row.account_number, payout_confirmed: false },
      after: { public_id: tx.public_id, account_number: row.account_number, payout_confirmed: true },
    });
    return { id, payout_confirmed_by: actor.username ?? String(actor.staffId) };
  });
}

const txAudit = (tx: TxRow) => ({
  public_id: tx.public_id,
  player_id: tx.player_id,
  action: tx.action,
  amount: fromMinor(tx.amount_minor),
  bonus: fromMinor(tx.bonus_minor),
  currency: tx.currency,
  status: tx.status,
});

/**
 * An operator's approval or rejection: `decide` and the audit line (status before and after, with the reason) in
 * one transaction. A repeat of the same decision changes nothing and writes no line. Approving a withdrawal that waits
 * for a customer due-diligence check is a 409 until a check is recorded.
 */
export function staffDecide(db: Db, input: { id: number; outcome: WalletDecision; actor: AuditActor; reason?: string }) {
  return db.tx((q) => staffDecideIn(q, input));
}

/** staffDecide inside the caller's transaction (an approved maker–checker request carries a payout out so). */
export async function staffDecideIn(q: Queryable, input: { id: number; outcome: WalletDecision; actor: AuditActor; reason?: string }) {
  const tx = await findTransactionForUpdate(q, 'id', input.id);
  if (!tx) throw new NotFound('Unknown transaction');
  // a withdrawal held for customer due diligence is paid out only after the check (rejecting it still works)
  if (
    input.outcome === WALLET_STATUS.approved &&
    tx.status === WALLET_STATUS.pending &&
    tx.verification_required &&
    !(await hasValidCheck(q, tx.player_id))
  ) {
    throw new Conflict(VERIFICATION_REQUIRED_APPROVE, { code: 'verification_required' });
  }
  // a payout to a number that is not one of the player's verified numbers is paid only once confirmed (issue 32)
  if (input.outcome === WALLET_STATUS.approved && tx.status === WALLET_STATUS.pending && tx.action === 'withdraw') {
    const p = await q.query<{ unconfirmed: boolean }>(
      'SELECT payout_unverified AND payout_confirmed_at IS NULL AS unconfirmed FROM wallet_transactions WHERE id = $1',
      [tx.id],
    );
    if (p.rows[0]?.unconfirmed) throw new Conflict(PAYOUT_UNCONFIRMED_APPROVE, { code: 'payout_unconfirmed' });
  }
  const d = await decide(q, tx, input.outcome, `operator:${input.actor.staffId}`, input.reason || undefined);
  if (d.changed) {
    await writeAudit(q, input.actor, {
      action: input.outcome === WALLET_STATUS.approved ? 'payment.approve' : 'payment.reject',
      entityType: 'wallet_transaction',
      entityId: tx.id,
      reason: input.reason || null,
      before: txAudit(tx),
      after: txAudit(d.transaction),
    });
  }
  return d;
}
