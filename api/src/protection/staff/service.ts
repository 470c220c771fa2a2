import type { ExclusionOut, StaffPlayerProtection } from '@khela/contracts';
import type { Db, Queryable } from '../../db';
import { lockPlayer } from '../../core/players';
import { isoTimestamp } from '../../core/timestamps';
import { NotFound } from '../../errors';
import { fromMinor, type Currency } from '../../ledger';
import { sendInboxMessage } from '../../core/inbox';
import { writeAudit, type AuditActor } from '../../core/audit';
import { searchAudit } from '../../core/audit-search';
import { dueDiligenceTotals, lastCheck, releaseVerificationHolds, withdrawalsWaiting } from '../cdd';
import type { ProtectionConfig } from '../config';
import { protectionOverview } from '../service';

/** How many audit lines the protection page shows (newest first). */
export const PROTECTION_HISTORY_LIMIT = 200;

const iso = (v: unknown): string => String(isoTimestamp(v));

/**
 * Back office, a player's protection: every limit (with what is used and what is pending), every time-out and
 * self-exclusion (in force or ended), the birthday and under-age flag, customer due diligence, and the audit log's
 * protection lines about the player. Read-only: no one may lift or loosen what the player set.
 */
export async function staffPlayerProtection(q: Queryable, playerId: number, cfg: ProtectionConfig): Promise<StaffPlayerProtection> {
  const p = await q.query<{ currency: Currency; dofb: string | null; under_age_at: unknown }>(
    `SELECT p.currency, to_char(p.dofb, 'YYYY-MM-DD') AS dofb, pp.under_age_at
     FROM players p LEFT JOIN player_protection pp ON pp.player_id = p.id WHERE p.id = $1`,
    [playerId],
  );
  const player = p.rows[0];
  if (!player) throw new NotFound('Unknown player');
  const overview = await protectionOverview(q, playerId, cfg);
  const ex = await q.query<{ kind: ExclusionOut['kind']; period: string; starts_at: unknown; ends_at: unknown; active: boolean }>(
    `SELECT kind, period, starts_at, ends_at, (starts_at <= now() AND (ends_at IS NULL OR ends_at > now())) AS active
     FROM player_exclusions WHERE player_id = $1 ORDER BY starts_at DESC, id DESC`,
    [playerId],
  );
  const totals = await dueDiligenceTotals(q, playerId, player.currency, cfg);
  const check = await lastCheck(q, playerId);
  const history = await searchAudit(q, {
    page: 1,
    per_page: PROTECTION_HISTORY_LIMIT,
    dir: 'desc',
    action: 'protection.',
    entity_type: 'player',
    entity_id: String(playerId),
  });
  return {
    player_id: playerId,
    currency: player.currency,
    status: overview.status,
    limits: overview.limits,
    session_limit: overview.session_limit,
    exclusions: ex.rows.map((e) => ({
      kind: e.kind,
      period: e.period,
      started_at: iso(e.starts_at),
      ends_at: e.ends_at ? iso(e.ends_at) : null,
      active: e.active === true,
    })),
    dofb: player.dofb,
    under_age_at: player.under_age_at ? iso(player.under_age_at) : null,
    due_diligence: {
      threshold: fromMinor(totals.thresholdMinor),
      deposits_180d: fromMinor(totals.depositsMinor),
      withdrawals_180d: fromMinor(totals.withdrawalsMinor),
      required: totals.passed,
      checked_at: check?.checkedAt ?? null,
      checked_by: check?.checkedBy ?? null,
      note: check?.note ?? null,
      withdrawals_waiting: await withdrawalsWaiting(q, playerId),
    },
    history: history.data,
  };
}

/**
 * Staff (payments) record a customer due-diligence check: the check (player_due_diligence), the release of the
 * player's pending withdrawals waiting for it, an inbox message when any was released, and the audit line
 * 'protection.cdd_check' with the reason, in one transaction under the player's row lock (the lock a new withdrawal
 * takes, so it sees the check or is released by it). Answers the released requests for the caller to push.
 */
export function recordDueDiligence(
  db: Db,
  actor: AuditActor,
  playerId: number,
  reason: string,
): Promise<Array<{ id: number; action: 'withdraw'; status: number }>> {
  return db.tx(async (q) => {
    await lockPlayer(q, playerId);
    const before = await lastCheck(q, playerId);
    const checkedBy = actor.username ?? `operator:${actor.staffId}`;
    const ins = await q.query<{ checked_at: unknown }>(
      `INSERT INTO player_due_diligence (player_id, operator_id, checked_by, note) VALUES ($1, $2, $3, $4) RETURNING checked_at`,
      [playerId, actor.staffId, checkedBy, reason],
    );
    const released = await releaseVerificationHolds(q, playerId, `operator:${actor.staffId}`);
    if (released.length) {
      await sendInboxMessage(
        q,
        playerId,
        'Verification complete',
        `Thank you: our verification check is complete. Your withdrawal${released.length > 1 ? 's' : ''} now continue${released.length > 1 ? '' : 's'} with our payments team.`,
      );
    }
    await writeAudit(q, actor, {
      action: 'protection.cdd_check',
      entityType: 'player',
      entityId: playerId,
      reason,
      before: before ? { checked_at: before.checkedAt, checked_by: before.checkedBy } : null,
      after: { checked_at: iso(ins.rows[0]!.checked_at), checked_by: checkedBy, released_withdrawals: released.map((r) => r.id) },
    });
    return released;
  });
}
