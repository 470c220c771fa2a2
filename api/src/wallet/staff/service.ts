import type { Db, Queryable } from '../../db';
import { isoTimestamp } from '../../core/timestamps';
import { NotFound } from '../../http/errors';
import { fromMinor, parseMinor } from '../../ledger';
import { addEvent } from '../service';

// --- Payments desk -------------------------------------------------------------------------------

/** Deposits and withdrawals by status ('0' pending oldest first, otherwise newest first) and action, with receipts. */
export async function paymentRequests(q: Queryable, status: string, action: string) {
  const r = await q.query<Record<string, any>>(
    `SELECT t.id::int AS id, t.public_id, t.action, t.mode, t.amount_minor, t.bonus_minor, t.currency, t.status,
            t.channel, t.account_number, t.payer_trx_id, t.payer_number, t.created_at, t.decided_at, t.decided_by,
            t.decision_note, p.id::int AS player_id, p.username, p.phone, m.name AS method_name, pr.name AS promotion,
            COALESCE((SELECT json_agg(json_build_object('id', r.id::int, 'type', r.content_type, 'size', r.size_bytes) ORDER BY r.id)
                      FROM wallet_receipts r WHERE r.transaction_id = t.id), '[]'::json) AS receipts
     FROM wallet_transactions t
     JOIN players p ON p.id = t.player_id
     LEFT JOIN payment_methods m ON m.id = t.payment_method_id
     LEFT JOIN promotions pr ON pr.id = t.promotion_id
     WHERE ($1::text = 'all' OR t.status = $1::int) AND ($2::text = 'all' OR t.action = $2)
     ORDER BY t.created_at ${status === '0' ? 'ASC' : 'DESC'}, t.id LIMIT 200`,
    [status, action],
  );
  return r.rows.map((t) => ({
    ...t,
    amount: fromMinor(parseMinor(t.amount_minor)),
    bonus: fromMinor(parseMinor(t.bonus_minor)),
    amount_minor: undefined,
    bonus_minor: undefined,
    status: Number(t.status),
    created_at: isoTimestamp(t.created_at),
    decided_at: isoTimestamp(t.decided_at),
  }));
}

export async function receiptFile(q: Queryable, id: number) {
  const r = await q.query<{ file_name: string; content_type: string }>(
    'SELECT file_name, content_type FROM wallet_receipts WHERE id = $1',
    [id],
  );
  return r.rows[0] ?? null;
}

export async function turnovers(q: Queryable, status: string) {
  const r = await q.query<Record<string, any>>(
    `SELECT w.id::int AS id, w.status, w.required_minor, w.remaining_minor, w.created_at, p.username,
            COALESCE(t.public_id, w.source || ':' || w.source_id) AS public_id
     FROM wallet_turnovers w JOIN players p ON p.id = w.player_id LEFT JOIN wallet_transactions t ON t.id = w.transaction_id
     WHERE w.status = $1 ORDER BY w.id DESC LIMIT 200`,
    [status],
  );
  return r.rows.map((w) => ({
    id: w.id,
    status: w.status,
    username: w.username,
    transaction_id: w.public_id,
    required: fromMinor(parseMinor(w.required_minor)),
    remaining: fromMinor(parseMinor(w.remaining_minor)),
    created_at: isoTimestamp(w.created_at),
  }));
}

/** Back-office waiver (e.g. a bonus the player gave up): closes the requirement, audited on its deposit. */
export function waiveTurnover(db: Db, id: number, operatorId: number, note: string) {
  return db.tx(async (q) => {
    const r = await q.query<{ transaction_id: string | null; status: string; remaining_minor: string }>(
      'SELECT transaction_id, status, remaining_minor FROM wallet_turnovers WHERE id = $1 FOR UPDATE',
      [id],
    );
    const row = r.rows[0];
    if (!row) throw new NotFound('Unknown turnover');
    if (row.status === 'complete') return { id, status: 'complete', changed: false };
    await q.query(`UPDATE wallet_turnovers SET remaining_minor = 0, status = 'complete', completed_at = now() WHERE id = $1`, [id]);
    // a claimed bonus's requirement has no deposit timeline to note the waiver on
    if (row.transaction_id !== null) {
      await addEvent(q, Number(row.transaction_id), 'turnover_waived', `operator:${operatorId}`, {
        turnover: id,
        remaining: fromMinor(parseMinor(row.remaining_minor)),
        note,
      });
    }
    return { id, status: 'complete', changed: true };
  });
}

export async function transactionEvents(q: Queryable, transactionId: number) {
  const r = await q.query<Record<string, any>>(
    'SELECT id::int AS id, event, actor, detail, created_at FROM wallet_transaction_events WHERE transaction_id = $1 ORDER BY id',
    [transactionId],
  );
  return r.rows.map((e) => ({ ...e, created_at: isoTimestamp(e.created_at) }));
}
