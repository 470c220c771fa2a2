// The payments desk's reads: one page of deposits and withdrawals, a request with its timeline, receipts and the
// player's money, and a receipt's file.
import { WALLET_STATUS, normalizePayerTrx, type ResponseOf, type staffPayments } from '@khela/contracts';
import type { Queryable } from '../../db';
import { isoTimestamp } from '../../core/timestamps';
import { fromMinor, getPlayerBalance, parseMinor } from '../../ledger';

type PaymentRow = ResponseOf<typeof staffPayments>['data'][number];

export interface PaymentFilter {
  page: number;
  per_page: number;
  sort?: 'created_at' | 'amount' | 'status' | 'decided_at' | 'username' | 'action';
  dir: 'asc' | 'desc';
  q?: string;
  status: '0' | '1' | '2' | 'all';
  action: 'deposit' | 'withdraw' | 'all';
  method?: number;
  currency?: string;
  player?: string;
}

const PAYMENT_COLUMNS = `t.id::int AS id, t.public_id, t.action, t.mode, t.amount_minor, t.bonus_minor, t.currency, t.status,
  t.channel, t.account_number, t.payer_trx_id, t.payer_number, t.created_at, t.decided_at, t.decided_by, t.decision_note,
  t.verification_required, t.payout_unverified, t.payer_unverified,
  (SELECT o.username FROM operators o WHERE o.id = t.payout_confirmed_by) AS payout_confirmed_by,
  p.id::int AS player_id, p.username, p.phone, m.id::int AS method_id, m.name AS method_name, pr.name AS promotion,
  (SELECT count(*)::int FROM wallet_receipts r WHERE r.transaction_id = t.id) AS receipts`;
const PAYMENT_FROM = `FROM wallet_transactions t
  JOIN players p ON p.id = t.player_id
  LEFT JOIN payment_methods m ON m.id = t.payment_method_id
  LEFT JOIN promotions pr ON pr.id = t.promotion_id`;

function paymentOut(t: Record<string, any>): PaymentRow {
  return {
    id: t.id,
    public_id: t.public_id,
    action: t.action,
    mode: t.mode,
    amount: fromMinor(parseMinor(t.amount_minor)),
    bonus: fromMinor(parseMinor(t.bonus_minor)),
    currency: t.currency,
    status: Number(t.status) as PaymentRow['status'],
    channel: t.channel,
    account_number: t.account_number,
    payer_trx_id: t.payer_trx_id,
    payer_number: t.payer_number,
    player_id: t.player_id,
    username: t.username,
    phone: t.phone,
    method_id: t.method_id,
    method_name: t.method_name,
    promotion: t.promotion,
    receipts: Number(t.receipts),
    created_at: isoTimestamp(t.created_at)!,
    decided_at: isoTimestamp(t.decided_at),
    decided_by: t.decided_by,
    decision_note: t.decision_note,
    // only a pending withdrawal can still wait for the check
    verification_required: Number(t.status) === WALLET_STATUS.pending && t.verification_required === true,
    payout_unverified: t.payout_unverified === true,
    payout_confirmed_by: t.payout_confirmed_by ?? null,
    payer_unverified: t.payer_unverified === true,
  };
}

const PAYMENT_SORT: Record<NonNullable<PaymentFilter['sort']>, string> = {
  created_at: 't.created_at',
  amount: 't.amount_minor',
  status: 't.status',
  decided_at: 't.decided_at',
  username: 'p.username',
  action: 't.action',
};

/** One page of deposits and withdrawals; pending oldest first unless sorted, other statuses newest first. */
export async function paymentRequests(q: Queryable, f: PaymentFilter) {
  const where: string[] = [];
  const args: unknown[] = [];
  const arg = (v: unknown) => `$${args.push(v)}`;
  if (f.status !== 'all') where.push(`t.status = ${arg(Number(f.status))}`);
  if (f.action !== 'all') where.push(`t.action = ${arg(f.action)}`);
  if (f.method) where.push(`t.payment_method_id = ${arg(f.method)}`);
  if (f.currency) where.push(`t.currency = ${arg(f.currency)}`);
  if (f.player) {
    const who = arg(f.player);
    where.push(/^\d+$/.test(f.player) ? `(t.player_id = ${arg(Number(f.player))} OR p.username = ${who})` : `p.username = ${who}`);
  }
  if (f.q) {
    const exact = arg(f.q);
    const prefix = arg(`${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    // a payer's transaction id is stored normalised (rules/payer-trx.ts): an id pasted from a statement in any case,
    // or with an invisible character, finds it
    const trx = arg(normalizePayerTrx(f.q));
    where.push(
      `(t.public_id = upper(${exact}) OR t.payer_trx_id = ${exact} OR t.payer_trx_id = ${trx} OR t.account_number = ${exact}
        OR t.payer_number = ${exact} OR p.username ILIKE ${prefix})`,
    );
  }
  const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const dir = f.sort ? f.dir : f.status === '0' ? 'asc' : 'desc';
  const order = `${PAYMENT_SORT[f.sort ?? 'created_at']} ${dir} NULLS LAST, t.id ${dir}`;
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${PAYMENT_FROM} ${cond}`, args);
  const rows = await q.query<Record<string, unknown>>(
    `SELECT ${PAYMENT_COLUMNS} ${PAYMENT_FROM} ${cond} ORDER BY ${order} LIMIT ${arg(f.per_page)} OFFSET ${arg((f.page - 1) * f.per_page)}`,
    args,
  );
  return { data: rows.rows.map(paymentOut), page: f.page, per_page: f.per_page, total: Number(count.rows[0]?.n ?? 0) };
}

export async function transactionEvents(q: Queryable, transactionId: number) {
  const r = await q.query<{ id: number; event: string; actor: string; detail: Record<string, unknown>; created_at: unknown }>(
    'SELECT id::int AS id, event, actor, detail, created_at FROM wallet_transaction_events WHERE transaction_id = $1 ORDER BY id',
    [transactionId],
  );
  return r.rows.map((e) => ({ ...e, created_at: isoTimestamp(e.created_at)! }));
}

/** A request with its timeline, receipts and the player's money; null when unknown. */
export async function paymentDetail(q: Queryable, id: number) {
  const r = await q.query<Record<string, unknown>>(`SELECT ${PAYMENT_COLUMNS} ${PAYMENT_FROM} WHERE t.id = $1`, [id]);
  if (!r.rows[0]) return null;
  const payment = paymentOut(r.rows[0]);
  const receipts = await q.query<{ id: number; type: string; size: number; created_at: unknown }>(
    'SELECT id::int AS id, content_type AS type, size_bytes AS size, created_at FROM wallet_receipts WHERE transaction_id = $1 ORDER BY id',
    [id],
  );
  const player = await q.query<{ status: string; pending: number; turnover: string }>(
    `SELECT p.status,
       (SELECT count(*)::int FROM wallet_transactions w WHERE w.player_id = p.id AND w.status = 0) AS pending,
       (SELECT COALESCE(SUM(remaining_minor), 0)::text FROM wallet_turnovers u WHERE u.player_id = p.id AND u.status = 'active') AS turnover
     FROM players p WHERE p.id = $1`,
    [payment.player_id],
  );
  const bal = await getPlayerBalance(q, payment.player_id);
  const pl = player.rows[0]!;
  return {
    payment,
    events: await transactionEvents(q, id),
    receipts: receipts.rows.map((x) => ({ ...x, size: Number(x.size), created_at: isoTimestamp(x.created_at)! })),
    player: {
      id: payment.player_id,
      username: payment.username,
      status: pl.status,
      currency: bal.currency,
      balance: fromMinor(bal.balanceMinor + bal.exposureMinor),
      held: fromMinor(bal.heldMinor),
      pending: Number(pl.pending),
      turnover_remaining: fromMinor(parseMinor(pl.turnover)),
    },
  };
}

export async function receiptFile(q: Queryable, id: number) {
  const r = await q.query<{ file_name: string; content_type: string }>(
    'SELECT file_name, content_type FROM wallet_receipts WHERE id = $1',
    [id],
  );
  return r.rows[0] ?? null;
}
