import type { Queryable } from '../db';
import { parseMinor } from '../ledger';

/**
 * Turnover (wagering) rules, chosen and documented here:
 * - Only a deposit with a promotion creates a requirement (spec: "a deposit with a promotion creates a turnover requirement").
 * - bonus = amount x promotion.deposit_bonus_percent / 100, rounded down to the paisa, capped by max_bonus.
 * - required = (amount + bonus) x promotion.turnover (the promotion's wagering multiple); a multiple of 0 creates none.
 * - Every settled bet reduces the oldest active requirement first; what is left over rolls on to the next one.
 * - A claimed bonus (referral cash bonus, converted VIP points) creates one too: required = bonus x
 *   BONUS_TURNOVER_MULTIPLE (identity/config.ts, default 3); a multiple of 0 creates none.
 * - A player with any active requirement cannot withdraw ('Please complete your turnover and try again.').
 * The screens show bonus = required / promotion turnover (or 1), i.e. the amount wagered against.
 */
export function bonusFor(amountMinor: bigint, bonusPercent: number, maxBonusMinor: bigint | null): bigint {
  if (bonusPercent <= 0) return 0n;
  const bonus = (amountMinor * BigInt(Math.floor(bonusPercent))) / 100n;
  return maxBonusMinor !== null && bonus > maxBonusMinor ? maxBonusMinor : bonus;
}

export function requiredTurnover(amountMinor: bigint, bonusMinor: bigint, multiple: number): bigint {
  return (amountMinor + bonusMinor) * BigInt(Math.max(0, Math.floor(multiple)));
}

/** Creates the requirement of an approved promotion deposit (idempotent per transaction). */
export async function createTurnover(
  q: Queryable,
  input: { playerId: number; transactionId: number; promotionId: number; requiredMinor: bigint },
): Promise<void> {
  if (input.requiredMinor <= 0n) return;
  await q.query(
    `INSERT INTO wallet_turnovers (player_id, transaction_id, promotion_id, required_minor, remaining_minor)
     VALUES ($1, $2, $3, $4, $4) ON CONFLICT (transaction_id) DO NOTHING`,
    [input.playerId, input.transactionId, input.promotionId, input.requiredMinor.toString()],
  );
}

export type BonusSource = 'cash_claim' | 'vip_conversion';

/** Creates the requirement of a claimed bonus (once per claim or conversion), in the claim's transaction. */
export async function createBonusTurnover(
  q: Queryable,
  input: { playerId: number; source: BonusSource; sourceId: number; bonusMinor: bigint; multiple: number },
): Promise<void> {
  const multiple = Math.max(0, Math.floor(input.multiple));
  const required = input.bonusMinor * BigInt(multiple);
  if (required <= 0n) return;
  await q.query(
    `INSERT INTO wallet_turnovers (player_id, source, source_id, bonus_minor, multiple, required_minor, remaining_minor)
     VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (source, source_id) WHERE source_id IS NOT NULL DO NOTHING`,
    [input.playerId, input.source, input.sourceId, input.bonusMinor.toString(), multiple, required.toString()],
  );
}

export interface TurnoverProgress {
  /** Requirements this bet completed. */
  completed: number[];
  /** Sum of what is still to be wagered. */
  remainingMinor: bigint;
}

/**
 * Call when a bet settles (casino and exchange), inside the same transaction as the bet's ledger
 * transfer, with the stake in paisa. Reduces the player's active requirements, oldest first.
 */
export async function recordTurnover(q: Queryable, playerId: number, betAmountMinor: bigint): Promise<TurnoverProgress> {
  if (typeof betAmountMinor !== 'bigint' || betAmountMinor < 0n) throw new TypeError('betAmountMinor must be a non-negative bigint');
  const rows = await q.query<{ id: string; remaining_minor: string }>(
    `SELECT id, remaining_minor FROM wallet_turnovers WHERE player_id = $1 AND status = 'active'
     ORDER BY id FOR UPDATE`,
    [playerId],
  );
  let left = betAmountMinor;
  let remainingTotal = 0n;
  const completed: number[] = [];
  for (const row of rows.rows) {
    const remaining = parseMinor(row.remaining_minor);
    const used = left < remaining ? left : remaining;
    const after = remaining - used;
    left -= used;
    remainingTotal += after;
    if (used === 0n) continue;
    if (after === 0n) {
      completed.push(Number(row.id));
      await q.query(`UPDATE wallet_turnovers SET remaining_minor = 0, status = 'complete', completed_at = now() WHERE id = $1`, [row.id]);
    } else {
      await q.query('UPDATE wallet_turnovers SET remaining_minor = $2 WHERE id = $1', [row.id, after.toString()]);
    }
  }
  return { completed, remainingMinor: remainingTotal };
}

export async function hasActiveTurnover(q: Queryable, playerId: number): Promise<boolean> {
  const r = await q.query(`SELECT 1 FROM wallet_turnovers WHERE player_id = $1 AND status = 'active' AND remaining_minor > 0 LIMIT 1`, [
    playerId,
  ]);
  return r.rows.length > 0;
}
