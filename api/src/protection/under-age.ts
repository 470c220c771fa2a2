// The under-age flag (a protection rule): set when a birthday under 18 is stored, by the player (identity/profile) or by
// staff approving an identity check with the NID's birthday (kyc/staff).
import type { Queryable } from '../db';
import { writeAudit } from '../core/audit';
import { playerActor, updateSettings } from './service';

/** A staff alert raised in a transaction, to publish on the staff stream after the commit. */
export interface StaffAlert {
  kind: string;
  message: string;
  ref: string;
}

/**
 * The birthday just stored says under 18: the account is flagged (player_protection.under_age_at closes deposits and
 * play whatever the date says later), staff are alerted (staff_alerts, shown on the dashboard until resolved) and the
 * audit log gets the player's line. In the transaction that stored the birthday; the caller publishes the alert and
 * the player's new protection status after the commit.
 */
export async function flagUnderAge(
  q: Queryable,
  player: { id: number; username: string },
  dofb: string,
  ip: string | null,
): Promise<StaffAlert> {
  const at = new Date().toISOString();
  await updateSettings(q, player.id, { under_age_at: at });
  const alert: StaffAlert = {
    kind: 'player.under_age',
    ref: `player:${player.id}`,
    message: `Player ${player.username} (id ${player.id}) entered a birthday under 18 (${dofb}): deposits and play are closed. Review the account and contact the player.`,
  };
  await q.query('INSERT INTO staff_alerts (kind, message, ref) VALUES ($1, $2, $3)', [alert.kind, alert.message, alert.ref]);
  await writeAudit(q, playerActor(player, ip), {
    action: 'protection.under_age',
    entityType: 'player',
    entityId: player.id,
    before: { dofb: null, under_age_at: null },
    after: { dofb, under_age_at: at },
  });
  return alert;
}
