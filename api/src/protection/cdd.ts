// Customer due diligence (CDD): when a player's money through the wallet in the rolling window passes the threshold,
// withdrawals wait ("verification required") until staff record a check. A protection rule (docs/player-protection.md,
// Responsible gambling) the wallet asks; thresholds and window in ./config.ts; staff record checks through ./staff.
import { CDD_CHECK_VALID_DAYS } from '@khela/contracts';
import type { Queryable } from '../db';
import { isoTimestamp } from '../core/timestamps';
import type { Currency } from '../ledger';
import type { ProtectionConfig } from './config';

export interface DueDiligenceTotals {
  /** Deposits approved (money received) in the window. */
  depositsMinor: bigint;
  /** Withdrawals requested in the window, pending or approved (a rejected one paid nothing out). */
  withdrawalsMinor: bigint;
  thresholdMinor: bigint;
  /** Either total reached the threshold ("amounting to the threshold or more", as the EU directive words it). */
  passed: boolean;
}

/** The player's deposits and withdrawals over the rolling CDD window, against the threshold of their currency. */
export async function dueDiligenceTotals(
  q: Queryable,
  playerId: number,
  currency: Currency,
  cfg: ProtectionConfig,
): Promise<DueDiligenceTotals> {
  const r = await q.query<{ d: string; w: string }>(
    `SELECT COALESCE(sum(amount_minor) FILTER (WHERE action = 'deposit' AND status = 1), 0)::text AS d,
            COALESCE(sum(amount_minor) FILTER (WHERE action = 'withdraw' AND status IN (0, 1)), 0)::text AS w
     FROM wallet_transactions WHERE player_id = $1 AND created_at > now() - make_interval(days => $2)`,
    [playerId, cfg.cddWindowDays],
  );
  const depositsMinor = BigInt(r.rows[0]!.d);
  const withdrawalsMinor = BigInt(r.rows[0]!.w);
  const thresholdMinor = cfg.cddThresholdMinor[currency];
  return { depositsMinor, withdrawalsMinor, thresholdMinor, passed: depositsMinor >= thresholdMinor || withdrawalsMinor >= thresholdMinor };
}

export interface DueDiligenceCheck {
  checkedAt: string;
  checkedBy: string;
  note: string;
}

/** The newest check recorded for the player (any age), or null. */
export async function lastCheck(q: Queryable, playerId: number): Promise<DueDiligenceCheck | null> {
  const r = await q.query<{ checked_at: unknown; checked_by: string; note: string }>(
    `SELECT checked_at, checked_by, note FROM player_due_diligence WHERE player_id = $1 ORDER BY checked_at DESC, id DESC LIMIT 1`,
    [playerId],
  );
  const c = r.rows[0];
  return c ? { checkedAt: String(isoTimestamp(c.checked_at)), checkedBy: c.checked_by, note: c.note } : null;
}

/** Whether a check recorded within CDD_CHECK_VALID_DAYS covers the player now. */
export async function hasValidCheck(q: Queryable, playerId: number): Promise<boolean> {
  const r = await q.query(
    `SELECT 1 FROM player_due_diligence WHERE player_id = $1 AND checked_at > now() - make_interval(days => $2) LIMIT 1`,
    [playerId, CDD_CHECK_VALID_DAYS],
  );
  return r.rows.length > 0;
}

/**
 * Whether a new withdrawal of `newWithdrawalMinor` (not inserted yet) must wait for a check: the totals with it
 * reach the threshold and no valid check covers the player. Call it under the player's row lock.
 */
export async function verificationNeeded(
  q: Queryable,
  playerId: number,
  currency: Currency,
  cfg: ProtectionConfig,
  newWithdrawalMinor: bigint,
): Promise<{ needed: boolean; totals: DueDiligenceTotals }> {
  const before = await dueDiligenceTotals(q, playerId, currency, cfg);
  const withdrawalsMinor = before.withdrawalsMinor + newWithdrawalMinor;
  const totals = { ...before, withdrawalsMinor, passed: before.passed || withdrawalsMinor >= before.thresholdMinor };
  return { needed: totals.passed && !(await hasValidCheck(q, playerId)), totals };
}

/** Pending withdrawals of the player waiting for a check now. */
export async function withdrawalsWaiting(q: Queryable, playerId: number): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM wallet_transactions WHERE player_id = $1 AND action = 'withdraw' AND status = 0 AND verification_required`,
    [playerId],
  );
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * A check was recorded: the player's pending withdrawals stop waiting (each gets a 'verification_cleared' event).
 * Answers the released requests for the caller to push after commit.
 */
export async function releaseVerificationHolds(
  q: Queryable,
  playerId: number,
  actor: string,
): Promise<Array<{ id: number; action: 'withdraw'; status: number }>> {
  const r = await q.query<{ id: number; status: number }>(
    `UPDATE wallet_transactions SET verification_required = false, updated_at = now()
     WHERE player_id = $1 AND action = 'withdraw' AND status = 0 AND verification_required RETURNING id::int AS id, status`,
    [playerId],
  );
  for (const t of r.rows) {
    await q.query(
      `INSERT INTO wallet_transaction_events (transaction_id, event, actor, detail) VALUES ($1, 'verification_cleared', $2, '{}')`,
      [t.id, actor],
    );
  }
  return r.rows.map((t) => ({ id: Number(t.id), action: 'withdraw' as const, status: Number(t.status) }));
}
