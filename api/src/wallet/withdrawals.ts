// Withdrawals: the switch, the checks (GET /api/userwithdrawcheck, re-checked on submit) and the withdrawal request,
// held from main until it is decided (decisions.ts).
import { DEBT_MESSAGES, KYC_MESSAGES, PROTECTION_MESSAGES, WALLET_MESSAGES as M, type submitWithdraw } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { idempotent } from '../core/idempotency';
import { sendInboxMessage } from '../core/inbox';
import { lockPlayer } from '../core/players';
import { hasActiveTurnover } from '../core/turnover';
import { availableMinor, fromMinor, getPlayerBalance, playerAccounts, transfer } from '../ledger';
import { verificationNeeded } from '../protection/cdd';
import type { ProtectionConfig } from '../protection/config';
import { assertHoldAllowsWithdrawal } from '../protection/hold';
import { kycConfig, type KycConfig } from '../kyc/config';
import { isVerifiedNumber } from '../kyc/numbers';
import { kycStatusOf } from '../kyc/service';
import type { WalletConfig } from './config';
import { findMethod, methodRange, parseAmount } from './methods';
import { addEvent, assertNoPending, insufficientToWalletError, newPublicId, WalletError, type ParsedBody } from './transactions';

type SubmitWithdrawBody = ParsedBody<typeof submitWithdraw>;

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
