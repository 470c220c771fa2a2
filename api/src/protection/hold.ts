import { PROTECTION_MESSAGES as M, type RiskHoldReason } from '@khela/contracts';
import type { Queryable } from '../db';
import { isoTimestamp } from '../core/timestamps';
import { HttpError, NotFound } from '../errors';
import { writeAudit, type AuditActor } from '../core/audit';
import type { ProtectionHooks } from './hooks';

/**
 * The risk hold (issue 27 item 9): staff put a player on hold for suspected fraud or bonus abuse and release it, each
 * audited. While a hold is open the protection gate closes play and deposits (every stake and deposit path asks it),
 * the player's casino launch tokens end, withdrawals are refused unless staff allowed them for this hold, and log-in
 * still works (the site's banner says why). A status beside players.status: the upline's `suspended` keeps its
 * per-section flags.
 */

export interface RiskHold {
  id: number;
  reason: RiskHoldReason;
  note: string;
  allow_withdrawals: boolean;
  placed_by: string;
  placed_at: string;
}

interface HoldRow {
  id: string;
  reason: RiskHoldReason;
  note: string;
  allow_withdrawals: boolean;
  placed_by: string;
  placed_at: unknown;
}

const toHold = (r: HoldRow): RiskHold => ({
  id: Number(r.id),
  reason: r.reason,
  note: r.note,
  allow_withdrawals: r.allow_withdrawals,
  placed_by: r.placed_by,
  placed_at: String(isoTimestamp(r.placed_at)),
});

/** The player's open hold, or null. */
export async function holdInForce(q: Queryable, playerId: number): Promise<RiskHold | null> {
  const r = await q.query<HoldRow>(
    `SELECT id, reason, note, allow_withdrawals, placed_by, placed_at FROM player_risk_holds
     WHERE player_id = $1 AND released_at IS NULL`,
    [playerId],
  );
  return r.rows[0] ? toHold(r.rows[0]) : null;
}

/** Refuses a withdrawal (request or check) while a hold that does not allow them is open. */
export async function assertHoldAllowsWithdrawal(q: Queryable, playerId: number): Promise<void> {
  const hold = await holdInForce(q, playerId);
  if (hold && !hold.allow_withdrawals) {
    throw new HttpError(400, M.withdrawalOnHold, { success: false, error: M.withdrawalOnHold, code: 'account_on_hold' });
  }
}

const actorName = (a: AuditActor) => a.username ?? (a.staffId !== null ? `operator #${a.staffId}` : 'system');

async function lockPlayerRow(q: Queryable, playerId: number): Promise<void> {
  const r = await q.query('SELECT 1 FROM players WHERE id = $1 FOR NO KEY UPDATE', [playerId]);
  if (!r.rows.length) throw new NotFound('Unknown player');
}

/**
 * Puts the player on hold, or changes the open hold (its reason, note, withdrawals), under the player's row lock (the
 * lock every stake and deposit takes first, so none passes the gate after this commits). Ends the player's casino
 * launch tokens (through `hooks`). Audited as `player.hold` with the reason.
 */
export async function placeHold(
  q: Queryable,
  actor: AuditActor,
  playerId: number,
  input: { reason: RiskHoldReason; note: string; allow_withdrawals: boolean },
  /** The stake-holding domains' part (the casino ends the player's launch tokens): `app.protectionHooks`. */
  hooks: Pick<ProtectionHooks, 'held'>,
): Promise<{ before: RiskHold | null; after: RiskHold }> {
  await lockPlayerRow(q, playerId);
  const before = await holdInForce(q, playerId);
  if (before) {
    await q.query(`UPDATE player_risk_holds SET reason = $2, note = $3, allow_withdrawals = $4 WHERE id = $1`, [
      before.id,
      input.reason,
      input.note,
      input.allow_withdrawals,
    ]);
  } else {
    await q.query(`INSERT INTO player_risk_holds (player_id, reason, note, allow_withdrawals, placed_by) VALUES ($1, $2, $3, $4, $5)`, [
      playerId,
      input.reason,
      input.note,
      input.allow_withdrawals,
      actorName(actor),
    ]);
  }
  await hooks.held(q, playerId);
  const after = (await holdInForce(q, playerId))!;
  await writeAudit(q, actor, { action: 'player.hold', entityType: 'player', entityId: playerId, reason: input.note, before, after });
  return { before, after };
}

/** Releases the open hold (422 when there is none). Audited as `player.hold_release` with the reason. */
export async function releaseHold(q: Queryable, actor: AuditActor, playerId: number, note: string): Promise<RiskHold> {
  await lockPlayerRow(q, playerId);
  const before = await holdInForce(q, playerId);
  if (!before) throw new HttpError(422, 'The player is not on hold.', { success: false, error: 'The player is not on hold.' });
  await q.query(`UPDATE player_risk_holds SET released_at = now(), released_by = $2, release_note = $3 WHERE id = $1`, [
    before.id,
    actorName(actor),
    note,
  ]);
  await writeAudit(q, actor, {
    action: 'player.hold_release',
    entityType: 'player',
    entityId: playerId,
    reason: note,
    before,
    after: null,
  });
  return before;
}
