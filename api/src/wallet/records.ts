// The player's records (docs/README.md#spec-3): deposits and withdrawals, and turnover requirements.
import { WALLET_STATUS, walletStatusKey, type WalletStatus } from '@khela/contracts';
import type { Queryable } from '../db';
import type { BonusSource } from '../core/turnover';
import { isoTimestamp } from '../core/timestamps';
import { fromMinor, parseMinor } from '../ledger';

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
