import { alertNeedsNote, dhakaDayStart, DHAKA_OFFSET_MS, type StaffDashboard } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { Conflict, NotFound, ValidationFailed } from '../errors';
import { fromMinor, parseMinor } from '../ledger';
import { pushLimits } from '../push/streams';
import { writeAudit, type AuditActor } from '../core/audit';
import { reportDays } from './reports/service';

/** The Dhaka calendar date of `now`, YYYY-MM-DD. */
export function dhakaToday(now: Date = new Date()): string {
  return new Date(dhakaDayStart(now).getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** What every operator sees first: the queues, who is online, today's money per currency, open alerts. */
/** `money: false` (the content role) leaves out every money figure: the pending amounts and today's totals. */
export async function dashboard(q: Queryable, now: Date = new Date(), opts: { money: boolean } = { money: true }): Promise<StaffDashboard> {
  const pending = await q.query<{ action: 'deposit' | 'withdraw'; currency: string; n: number; amount: string }>(
    `SELECT action, currency, count(*)::int AS n, sum(amount_minor)::text AS amount
     FROM wallet_transactions WHERE status = 0 GROUP BY action, currency ORDER BY action, currency`,
  );
  // a chat is open while its latest message is the player's: the desk keeps that as chats.awaiting (0631, indexed)
  const chats = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM chats WHERE awaiting`);
  // a stream whose heartbeat is three beats late belongs to a process that died
  const staleSeconds = (pushLimits().heartbeatMs * 3) / 1000;
  const online = await q.query<{ n: number }>(
    `SELECT count(DISTINCT player_id)::int AS n FROM push_streams
     WHERE closed_at IS NULL AND seen_at > now() - make_interval(secs => $1)`,
    [staleSeconds],
  );
  const day = dhakaToday(now);
  const today = opts.money ? await reportDays(q, { from: day, to: day }) : null;
  const alerts = await q.query<{ id: string; kind: string; message: string; ref: string | null; created_at: Date | string }>(
    `SELECT id, kind, message, ref, created_at FROM staff_alerts WHERE resolved_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 50`,
  );
  const alertsTotal = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_alerts WHERE resolved_at IS NULL`);
  return {
    pending: pending.rows.map((r) => ({
      action: r.action,
      currency: r.currency,
      count: Number(r.n),
      amount: opts.money ? fromMinor(parseMinor(r.amount)) : null,
    })),
    open_chats: Number(chats.rows[0]?.n ?? 0),
    players_online: Number(online.rows[0]?.n ?? 0),
    today: today && {
      day,
      rows: today.map((r) => ({
        currency: r.currency,
        deposits: r.deposits,
        withdrawals: r.withdrawals,
        casino_ggr: r.casino_ggr,
        exchange_commission: r.exchange_commission,
      })),
    },
    alerts: alerts.rows.map((a) => ({
      id: Number(a.id),
      kind: a.kind,
      message: a.message,
      ref: a.ref,
      created_at: new Date(a.created_at).toISOString(),
    })),
    alerts_total: Number(alertsTotal.rows[0]?.n ?? 0),
  };
}

/** Marks an alert resolved by the operator, audited in the same transaction; 409 when someone already did. */
export function resolveAlert(db: Db, actor: AuditActor & { staffId: number }, id: number, reason: string | undefined): Promise<void> {
  return db.tx(async (q) => {
    const r = await q.query<{ kind: string; message: string; ref: string | null; resolved_at: Date | null }>(
      'SELECT kind, message, ref, resolved_at FROM staff_alerts WHERE id = $1 FOR UPDATE',
      [id],
    );
    const a = r.rows[0];
    if (!a) throw new NotFound('No such alert.');
    if (a.resolved_at) throw new Conflict('The alert is already resolved.');
    // a fraud or AML rule's alert, or a player-protection one (under age, linked exclusion), is closed only with what
    // was found and done (issue 32); the note is kept on the alert and is the audit line's reason
    if (alertNeedsNote(a.kind) && (reason?.trim().length ?? 0) < 3) {
      throw new ValidationFailed({ reason: ['Write what you found and did: a risk alert is resolved only with a note.'] });
    }
    await q.query(`UPDATE staff_alerts SET state = 'resolved', resolution = $3, resolved_at = now(), resolved_by = $2 WHERE id = $1`, [
      id,
      actor.staffId,
      reason?.trim() || null,
    ]);
    await writeAudit(q, actor, {
      action: 'alert.resolve',
      entityType: 'staff_alert',
      entityId: id,
      reason: reason ?? null,
      before: { kind: a.kind, message: a.message, ref: a.ref, resolved: false },
      after: { kind: a.kind, message: a.message, ref: a.ref, resolved: true },
    });
  });
}
