// Turnover requirements in the back office: the list and the waiver.
import type { Db, Queryable } from '../../db';
import { isoTimestamp } from '../../core/timestamps';
import { writeAudit, type AuditActor } from '../../core/audit';
import { NotFound } from '../../errors';
import { fromMinor, parseMinor } from '../../ledger';
import { addEvent } from '../transactions';

export interface TurnoverFilter {
  page: number;
  per_page: number;
  sort?: 'created_at' | 'required' | 'remaining' | 'username';
  dir: 'asc' | 'desc';
  q?: string;
  status: 'active' | 'complete';
  player?: string;
}

const TURNOVER_SORT: Record<NonNullable<TurnoverFilter['sort']>, string> = {
  created_at: 'w.id',
  required: 'w.required_minor',
  remaining: 'w.remaining_minor',
  username: 'p.username',
};

export async function turnovers(q: Queryable, f: TurnoverFilter) {
  const args: unknown[] = [f.status];
  const arg = (v: unknown) => `$${args.push(v)}`;
  const where = ['w.status = $1'];
  if (f.player) {
    const who = arg(f.player);
    where.push(/^\d+$/.test(f.player) ? `(w.player_id = ${arg(Number(f.player))} OR p.username = ${who})` : `p.username = ${who}`);
  }
  if (f.q) where.push(`p.username ILIKE ${arg(`${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  const from = `FROM wallet_turnovers w JOIN players p ON p.id = w.player_id LEFT JOIN wallet_transactions t ON t.id = w.transaction_id
    WHERE ${where.join(' AND ')}`;
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, args);
  const r = await q.query<Record<string, string>>(
    `SELECT w.id::int AS id, w.status, w.required_minor, w.remaining_minor, w.created_at, w.source, p.id::int AS player_id,
       p.username, p.currency, COALESCE(t.public_id, w.source || ':' || w.source_id) AS public_id
     ${from} ORDER BY ${TURNOVER_SORT[f.sort ?? 'created_at']} ${f.dir}, w.id ${f.dir}
     LIMIT ${arg(f.per_page)} OFFSET ${arg((f.page - 1) * f.per_page)}`,
    args,
  );
  return {
    data: r.rows.map((w) => ({
      id: Number(w.id),
      status: w.status!,
      player_id: Number(w.player_id),
      username: w.username!,
      source: w.source!,
      transaction_id: w.public_id!,
      currency: w.currency!,
      required: fromMinor(parseMinor(w.required_minor)),
      remaining: fromMinor(parseMinor(w.remaining_minor)),
      created_at: isoTimestamp(w.created_at)!,
    })),
    page: f.page,
    per_page: f.per_page,
    total: Number(count.rows[0]?.n ?? 0),
  };
}

/** Back-office waiver (e.g. a bonus the player gave up): closes the requirement, noted on its deposit, audited. */
export function waiveTurnover(db: Db, id: number, actor: AuditActor, reason: string) {
  return db.tx(async (q) => {
    const r = await q.query<{ transaction_id: string | null; status: string; remaining_minor: string; player_id: string }>(
      'SELECT transaction_id, status, remaining_minor, player_id FROM wallet_turnovers WHERE id = $1 FOR UPDATE',
      [id],
    );
    const row = r.rows[0];
    if (!row) throw new NotFound('Unknown turnover');
    if (row.status === 'complete') return { id, status: 'complete', changed: false };
    await q.query(`UPDATE wallet_turnovers SET remaining_minor = 0, status = 'complete', completed_at = now() WHERE id = $1`, [id]);
    const remaining = fromMinor(parseMinor(row.remaining_minor));
    // a claimed bonus's requirement has no deposit timeline to note the waiver on
    if (row.transaction_id !== null) {
      await addEvent(q, Number(row.transaction_id), 'turnover_waived', `operator:${actor.staffId}`, {
        turnover: id,
        remaining,
        note: reason,
      });
    }
    await writeAudit(q, actor, {
      action: 'turnover.waive',
      entityType: 'wallet_turnover',
      entityId: id,
      reason,
      before: { player_id: Number(row.player_id), status: 'active', remaining },
      after: { player_id: Number(row.player_id), status: 'complete', remaining: '0.00' },
    });
    return { id, status: 'complete', changed: true };
  });
}
