// A request decided exactly once (by staff, or by the gateway's word): the ledger moves, the turnover, the timeline and
// the player's inbox message.
import { WALLET_STATUS, type WalletDecision } from '@khela/contracts';
import type { Queryable } from '../db';
import { sendInboxMessage } from '../core/inbox';
import { createTurnover, requiredTurnover } from '../core/turnover';
import { Conflict } from '../errors';
import { fromMinor, houseAccount, playerAccounts, transfer } from '../ledger';
import { rewardReferrerIfQualified } from '../identity/rewards/service';
import { addEvent, type TxRow } from './transactions';

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
