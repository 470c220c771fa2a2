// The withdrawal switch (general_settings.withdrawal_status): players' withdrawals on or off for everyone.
import type { Db } from '../../db';
import { writeAudit, type AuditActor } from '../../core/audit';
import { withdrawalsEnabled } from '../withdrawals';

/** general_settings.withdrawal_status on (1) or off (0), audited; only this column changes. */
export function setWithdrawalSwitch(db: Db, actor: AuditActor, enabled: boolean, reason?: string) {
  return db.tx(async (q) => {
    await q.query('SELECT 1 FROM general_settings WHERE id = 1 FOR UPDATE');
    const was = await withdrawalsEnabled(q);
    if (was === enabled) return { enabled, changed: false };
    await q.query('UPDATE general_settings SET withdrawal_status = $1, updated_at = now() WHERE id = 1', [enabled ? 1 : 0]);
    await writeAudit(q, actor, {
      action: 'settings.withdrawal_status',
      entityType: 'general_settings',
      entityId: 1,
      reason: reason ?? null,
      before: { withdrawal_status: was ? 1 : 0 },
      after: { withdrawal_status: enabled ? 1 : 0 },
    });
    return { enabled, changed: true };
  });
}
