import type { CannedReply, DeskChat, DeskMessage, DeskStaff, DeskPlayer } from '@khela/contracts';
import { DESK_MESSAGES } from '@khela/contracts';
import type { Queryable } from '../../db';
import { Conflict, NotFound, ValidationFailed } from '../../errors';
import { fromMinor, getPlayerBalance } from '../../ledger';
import { insertMessageRow, type MessageRow } from '../service';

const iso = (v: string | Date) => new Date(v).toISOString();

interface ChatRow {
  id: string;
  player_id: string;
  username: string;
  support_operator_id: string | null;
  op_username: string | null;
  op_name: string | null;
  awaiting: boolean;
  last_message: string | null;
  last_message_at: string | Date;
  created_at: string | Date;
  unread: string;
  player_unread: string;
  staff_read_message_id: string | null;
  player_read_message_id: string | null;
  opened_at: string | Date | null;
  first_response_at: string | Date | null;
  closed_at: string | Date | null;
  closed_by: string | null;
  closer_username: string | null;
  closer_name: string | null;
}

const CHAT_SELECT = `
  SELECT c.id, c.player_id, p.username, c.support_operator_id, o.username AS op_username, o.name AS op_name,
         c.awaiting, c.last_message, c.last_message_at, c.created_at, c.staff_read_message_id, c.player_read_message_id,
         c.opened_at, c.first_response_at, c.closed_at, c.closed_by, cl.username AS closer_username, cl.name AS closer_name,
         (SELECT count(*) FROM chat_messages m
          WHERE m.chat_id = c.id AND m.sender_kind = 'player' AND m.id > coalesce(c.staff_read_message_id, 0)) AS unread,
         (SELECT count(*) FROM chat_messages m
          WHERE m.chat_id = c.id AND m.sender_kind = 'support' AND m.id > coalesce(c.player_read_message_id, 0)) AS player_unread
  FROM chats c JOIN players p ON p.id = c.player_id LEFT JOIN operators o ON o.id = c.support_operator_id
       LEFT JOIN operators cl ON cl.id = c.closed_by`;

const toChat = (r: ChatRow): DeskChat => ({
  id: Number(r.id),
  player_id: Number(r.player_id),
  username: r.username,
  assigned: r.support_operator_id ? { id: Number(r.support_operator_id), username: r.op_username!, name: r.op_name } : null,
  awaiting: r.awaiting,
  last_message: r.last_message,
  last_message_at: iso(r.last_message_at),
  unread: Number(r.unread),
  player_unread: Number(r.player_unread),
  created_at: iso(r.created_at),
  opened_at: r.opened_at === null ? null : iso(r.opened_at),
  first_response_at: r.first_response_at === null ? null : iso(r.first_response_at),
  closed_at: r.closed_at === null ? null : iso(r.closed_at),
  closed_by: r.closed_by === null ? null : { id: Number(r.closed_by), username: r.closer_username!, name: r.closer_name },
});

export interface QueueQuery {
  page: number;
  per_page: number;
  sort?: 'queue' | 'last_message_at' | 'created_at';
  dir: 'asc' | 'desc';
  q?: string;
  filter: 'all' | 'mine' | 'unassigned';
  unread: boolean;
  state?: 'open' | 'closed' | 'all';
}

const UNREAD_SQL = 'c.last_player_message_id > coalesce(c.staff_read_message_id, 0)';

/** The desk's queue: awaiting an answer first, then newest last message (or by time alone / creation). */
export async function chatQueue(q: Queryable, staffId: number, query: QueueQuery) {
  const where: string[] = [];
  const args: unknown[] = [];
  const arg = (v: unknown) => `$${args.push(v)}`;
  if (query.filter === 'mine') where.push(`c.support_operator_id = ${arg(staffId)}`);
  if (query.filter === 'unassigned') where.push('c.support_operator_id IS NULL');
  if (query.unread) where.push(UNREAD_SQL);
  if (query.state === 'open') where.push('c.closed_at IS NULL');
  if (query.state === 'closed') where.push('c.closed_at IS NOT NULL');
  const text = query.q?.trim();
  if (text) {
    if (/^\d{1,18}$/.test(text))
      where.push(`(c.player_id = ${arg(text)}::bigint OR lower(p.username) LIKE ${arg(`${text.toLowerCase()}%`)})`);
    else where.push(`lower(p.username) LIKE ${arg(`${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const dir = query.dir === 'asc' ? 'ASC' : 'DESC';
  const order =
    query.sort === 'last_message_at'
      ? `c.last_message_at ${dir}, c.id ${dir}`
      : query.sort === 'created_at'
        ? `c.created_at ${dir}, c.id ${dir}`
        : `c.awaiting DESC, c.last_message_at DESC, c.id DESC`;
  const joinPlayers = text ? 'JOIN players p ON p.id = c.player_id' : '';
  const [rows, total, unread, times] = await Promise.all([
    q.query<ChatRow>(
      `${CHAT_SELECT} ${whereSql} ORDER BY ${order} LIMIT ${arg(query.per_page)} OFFSET ${arg((query.page - 1) * query.per_page)}`,
      args,
    ),
    q.query<{ n: string }>(`SELECT count(*) AS n FROM chats c ${joinPlayers} ${whereSql}`, args.slice(0, args.length - 2)),
    q.query<{ n: string }>(`SELECT count(*) AS n FROM chats c WHERE ${UNREAD_SQL}`),
    deskTimes(q),
  ]);
  return {
    data: rows.rows.map(toChat),
    page: query.page,
    per_page: query.per_page,
    total: Number(total.rows[0]!.n),
    unread_total: Number(unread.rows[0]!.n),
    times,
  };
}

/**
 * The desk's times over the last 24 hours (whole seconds; null when there is nothing to measure): the mean and the
 * median first response of conversations opened then that have one, the mean and median resolution (opened to
 * closed) of those closed then, and how many conversations opened then still wait for their first response.
 */
export async function deskTimes(q: Queryable) {
  const r = await q.query<Record<string, string | number | null>>(
    `SELECT
       (SELECT round(avg(extract(epoch FROM first_response_at - opened_at)))::int FROM chats
        WHERE opened_at > now() - interval '24 hours' AND first_response_at IS NOT NULL) AS first_response_avg,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - opened_at)))::int FROM chats
        WHERE opened_at > now() - interval '24 hours' AND first_response_at IS NOT NULL) AS first_response_median,
       (SELECT count(*)::int FROM chats WHERE opened_at > now() - interval '24 hours' AND first_response_at IS NOT NULL) AS answered,
       (SELECT count(*)::int FROM chats WHERE opened_at > now() - interval '24 hours' AND first_response_at IS NULL
          AND closed_at IS NULL) AS unanswered,
       (SELECT round(avg(extract(epoch FROM closed_at - opened_at)))::int FROM chats
        WHERE closed_at > now() - interval '24 hours' AND opened_at IS NOT NULL) AS resolution_avg,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM closed_at - opened_at)))::int FROM chats
        WHERE closed_at > now() - interval '24 hours' AND opened_at IS NOT NULL) AS resolution_median,
       (SELECT count(*)::int FROM chats WHERE closed_at > now() - interval '24 hours' AND opened_at IS NOT NULL) AS resolved`,
  );
  const x = r.rows[0]!;
  const n = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  // per operator (issue 32): who wrote each first response (the support message at first_response_at) and who
  // closed each conversation (closed_by), over the same window
  const per = await q.query<Record<string, string | number | null>>(
    `WITH fr AS (
       SELECT (SELECT m.sender_id FROM chat_messages m WHERE m.chat_id = c.id AND m.sender_kind = 'support' AND m.sender_id > 0
                 AND m.created_at = c.first_response_at ORDER BY m.id LIMIT 1) AS op,
              extract(epoch FROM c.first_response_at - c.opened_at) AS s
       FROM chats c WHERE c.opened_at > now() - interval '24 hours' AND c.first_response_at IS NOT NULL),
     res AS (
       SELECT c.closed_by AS op, extract(epoch FROM c.closed_at - c.opened_at) AS s
       FROM chats c WHERE c.closed_at > now() - interval '24 hours' AND c.opened_at IS NOT NULL AND c.closed_by IS NOT NULL)
     SELECT o.id::int AS id, o.username,
       (SELECT count(*)::int FROM fr WHERE fr.op = o.id) AS answered,
       (SELECT round(avg(s))::int FROM fr WHERE fr.op = o.id) AS fr_avg,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY s))::int FROM fr WHERE fr.op = o.id) AS fr_median,
       (SELECT count(*)::int FROM res WHERE res.op = o.id) AS resolved,
       (SELECT round(avg(s))::int FROM res WHERE res.op = o.id) AS res_avg,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY s))::int FROM res WHERE res.op = o.id) AS res_median
     FROM operators o
     WHERE o.id IN (SELECT op FROM fr WHERE op IS NOT NULL UNION SELECT op FROM res)
     ORDER BY lower(o.username)`,
  );
  return {
    by_operator: per.rows.map((o) => ({
      operator_id: Number(o.id),
      username: String(o.username),
      answered: Number(o.answered ?? 0),
      first_response_avg_seconds: n(o.fr_avg),
      first_response_median_seconds: n(o.fr_median),
      resolved: Number(o.resolved ?? 0),
      resolution_avg_seconds: n(o.res_avg),
      resolution_median_seconds: n(o.res_median),
    })),
    first_response_avg_seconds: n(x.first_response_avg),
    first_response_median_seconds: n(x.first_response_median),
    answered: Number(x.answered ?? 0),
    unanswered: Number(x.unanswered ?? 0),
    resolution_avg_seconds: n(x.resolution_avg),
    resolution_median_seconds: n(x.resolution_median),
    resolved: Number(x.resolved ?? 0),
  };
}

/**
 * Closes a chat (it leaves the open queue; nothing is waiting for an answer any more) or reopens it. 409 when it is
 * already so. Returns the state before and after for the audit line.
 */
export async function setChatClosed(q: Queryable, chatId: number, staffId: number, close: boolean) {
  const r = await q.query<{ player_id: string; closed_at: Date | string | null; closed_by: string | null; awaiting: boolean }>(
    'SELECT player_id, closed_at, closed_by, awaiting FROM chats WHERE id = $1 FOR UPDATE',
    [chatId],
  );
  const row = r.rows[0];
  if (!row) throw new NotFound(DESK_MESSAGES.notFound);
  if ((row.closed_at !== null) === close) throw new Conflict(close ? DESK_MESSAGES.alreadyClosed : DESK_MESSAGES.notClosed);
  if (close) {
    await q.query('UPDATE chats SET closed_at = now(), closed_by = $2, awaiting = false, updated_at = now() WHERE id = $1', [
      chatId,
      staffId,
    ]);
  } else {
    await q.query('UPDATE chats SET closed_at = NULL, closed_by = NULL, updated_at = now() WHERE id = $1', [chatId]);
  }
  return {
    playerId: Number(row.player_id),
    before: { closed: row.closed_at !== null, awaiting: row.awaiting },
    after: { closed: close, awaiting: close ? false : row.awaiting },
  };
}

async function chatRow(q: Queryable, chatId: number): Promise<ChatRow> {
  const r = await q.query<ChatRow>(`${CHAT_SELECT} WHERE c.id = $1`, [chatId]);
  if (!r.rows[0]) throw new NotFound(DESK_MESSAGES.notFound);
  return r.rows[0];
}

interface DeskMessageRow extends MessageRow {
  op_username: string | null;
  op_name: string | null;
}

const toDeskMessage = (r: DeskMessageRow): DeskMessage => ({
  id: Number(r.id),
  from: r.sender_kind,
  operator: r.sender_kind === 'support' && r.op_username ? { id: Number(r.sender_id), username: r.op_username, name: r.op_name } : null,
  content: r.content,
  created_at: iso(r.created_at),
});

const PAGE = 100;

/** A chat for the console: the chat, its newest messages (before `before`), the player's context. */
export async function chatDetail(q: Queryable, chatId: number, before?: number) {
  const row = await chatRow(q, chatId);
  const msgs = await q.query<DeskMessageRow>(
    `SELECT * FROM (
       SELECT m.id, m.chat_id, m.sender_kind, m.sender_id, m.content, m.created_at, o.username AS op_username, o.name AS op_name
       FROM chat_messages m LEFT JOIN operators o ON m.sender_kind = 'support' AND o.id = m.sender_id
       WHERE m.chat_id = $1 AND ($2::bigint IS NULL OR m.id < $2::bigint)
       ORDER BY m.id DESC LIMIT ${PAGE + 1}) x
     ORDER BY id ASC`,
    [chatId, before ?? null],
  );
  const hasMore = msgs.rows.length > PAGE;
  const rows = hasMore ? msgs.rows.slice(1) : msgs.rows;
  return {
    chat: {
      ...toChat(row),
      staff_read_message_id: row.staff_read_message_id === null ? null : Number(row.staff_read_message_id),
      player_read_message_id: row.player_read_message_id === null ? null : Number(row.player_read_message_id),
    },
    messages: rows.map(toDeskMessage),
    has_more: hasMore,
    player: await playerContext(q, Number(row.player_id)),
  };
}

/** What support needs beside the chat: who the player is, their money and their last payments. */
export async function playerContext(q: Queryable, playerId: number): Promise<DeskPlayer> {
  const p = await q.query<{
    id: string;
    username: string;
    name: string | null;
    status: string;
    currency: string;
    phone: string | null;
    phone_verified: boolean;
    email_verified_at: string | null;
    created_at: string | Date;
  }>('SELECT id, username, name, status, currency, phone, phone_verified, email_verified_at, created_at FROM players WHERE id = $1', [
    playerId,
  ]);
  const player = p.rows[0]!;
  const balance = await getPlayerBalance(q, playerId);
  const tx = await q.query<{
    public_id: string;
    action: 'deposit' | 'withdraw';
    amount_minor: string;
    currency: string;
    status: number;
    created_at: string | Date;
  }>(
    `SELECT public_id, action, amount_minor, currency, status, created_at FROM wallet_transactions
     WHERE player_id = $1 ORDER BY id DESC LIMIT 10`,
    [playerId],
  );
  return {
    id: Number(player.id),
    username: player.username,
    name: player.name,
    status: player.status,
    currency: player.currency,
    balance: fromMinor(balance.balanceMinor),
    phone: player.phone,
    phone_verified: player.phone_verified,
    email_verified: player.email_verified_at !== null,
    created_at: iso(player.created_at),
    transactions: tx.rows.map((t) => ({
      id: t.public_id,
      action: t.action,
      amount: fromMinor(BigInt(t.amount_minor)),
      currency: t.currency,
      status: Number(t.status),
      created_at: iso(t.created_at),
    })),
  };
}

/** The chat row locked for a change (assignment, reply). */
async function lockChat(q: Queryable, chatId: number) {
  const r = await q.query<{ id: string; player_id: string; support_operator_id: string | null }>(
    'SELECT id, player_id, support_operator_id FROM chats WHERE id = $1 FOR NO KEY UPDATE',
    [chatId],
  );
  if (!r.rows[0]) throw new NotFound(DESK_MESSAGES.notFound);
  const row = r.rows[0];
  return {
    id: Number(row.id),
    playerId: Number(row.player_id),
    assignedTo: row.support_operator_id === null ? null : Number(row.support_operator_id),
  };
}

async function staffById(q: Queryable, id: number): Promise<DeskStaff | null> {
  const r = await q.query<{ id: string; username: string; name: string | null }>('SELECT id, username, name FROM operators WHERE id = $1', [
    id,
  ]);
  const o = r.rows[0];
  return o ? { id: Number(o.id), username: o.username, name: o.name } : null;
}

/** Operators a chat may be assigned to: active support operators and admins. */
export async function deskAgents(q: Queryable): Promise<DeskStaff[]> {
  const r = await q.query<{ id: string; username: string; name: string | null }>(
    `SELECT id, username, name FROM operators WHERE disabled_at IS NULL AND role IN ('support', 'admin') ORDER BY lower(username)`,
  );
  return r.rows.map((o) => ({ id: Number(o.id), username: o.username, name: o.name }));
}

/**
 * Assigns the chat (to = an active support/admin operator, or null to release). Returns the before/after for the
 * audit line, written by the caller in the same transaction.
 */
export async function assignChat(q: Queryable, chatId: number, to: number | null) {
  const chat = await lockChat(q, chatId);
  let assigned: DeskStaff | null = null;
  if (to !== null) {
    const ok = await q.query(`SELECT 1 FROM operators WHERE id = $1 AND disabled_at IS NULL AND role IN ('support', 'admin')`, [to]);
    if (!ok.rows.length) throw new ValidationFailed({ operator_id: [DESK_MESSAGES.notAgent] }, DESK_MESSAGES.notAgent);
    assigned = await staffById(q, to);
  }
  if (chat.assignedTo !== to) await q.query('UPDATE chats SET support_operator_id = $2 WHERE id = $1', [chatId, to]);
  return { chat, before: { operator_id: chat.assignedTo }, after: { operator_id: to }, assigned, changed: chat.assignedTo !== to };
}

/**
 * An operator's reply. A chat assigned to someone else is refused (409); an unassigned one is taken by the replying
 * operator (`took`, audited by the caller).
 */
export async function replyToChat(q: Queryable, chatId: number, operator: DeskStaff, content: string) {
  const chat = await lockChat(q, chatId);
  if (chat.assignedTo !== null && chat.assignedTo !== operator.id)
    throw new Conflict(DESK_MESSAGES.assignedElsewhere, { code: 'assigned_elsewhere' });
  const took = chat.assignedTo === null;
  if (took) await q.query('UPDATE chats SET support_operator_id = $2 WHERE id = $1', [chatId, operator.id]);
  const m = await insertMessageRow(q, chatId, 'support', operator.id, content);
  return {
    chat,
    took,
    row: m,
    message: { id: Number(m.id), from: 'support' as const, operator, content: m.content, created_at: iso(m.created_at) },
  };
}

/** Moves the desk's read mark to the chat's newest message; `moved` is false when it was there already. */
export async function markChatRead(q: Queryable, chatId: number, staffId: number) {
  const r = await q.query<{ staff_read_message_id: string | null; moved: boolean }>(
    `WITH old AS (SELECT id, staff_read_message_id AS was FROM chats WHERE id = $1 FOR NO KEY UPDATE)
     UPDATE chats c SET staff_read_message_id = c.last_message_id, staff_read_by = $2
     FROM old WHERE c.id = old.id
     RETURNING c.staff_read_message_id, (old.was IS DISTINCT FROM c.last_message_id) AS moved`,
    [chatId, staffId],
  );
  if (!r.rows[0]) throw new NotFound(DESK_MESSAGES.notFound);
  const id = r.rows[0].staff_read_message_id;
  return { staffReadMessageId: id === null ? null : Number(id), moved: r.rows[0].moved };
}

/** The player of a chat (the desk's push names him); 404 when there is no such chat. */
export async function chatPlayerId(q: Queryable, chatId: number): Promise<number> {
  const r = await q.query<{ player_id: string }>('SELECT player_id FROM chats WHERE id = $1', [chatId]);
  if (!r.rows[0]) throw new NotFound(DESK_MESSAGES.notFound);
  return Number(r.rows[0].player_id);
}

// ---- canned replies -------------------------------------------------------------------------------------------

interface CannedRow {
  id: string;
  title: string;
  body: string;
  updated_at: string | Date;
}
const toCanned = (r: CannedRow): CannedReply => ({ id: Number(r.id), title: r.title, body: r.body, updated_at: iso(r.updated_at) });

export async function cannedList(
  q: Queryable,
  query: { page: number; per_page: number; sort?: 'title' | 'updated_at'; dir: 'asc' | 'desc'; q?: string },
) {
  const args: unknown[] = [];
  let where = '';
  const text = query.q?.trim();
  if (text) {
    args.push(`%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where = 'WHERE lower(title) LIKE $1 OR lower(body) LIKE $1';
  }
  const dir = query.dir === 'asc' ? 'ASC' : 'DESC';
  const order = query.sort === 'updated_at' ? `updated_at ${dir}, id ${dir}` : `lower(title) ${query.sort ? dir : 'ASC'}, id`;
  const rows = await q.query<CannedRow>(
    `SELECT id, title, body, updated_at FROM canned_replies ${where} ORDER BY ${order} LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
    [...args, query.per_page, (query.page - 1) * query.per_page],
  );
  const total = await q.query<{ n: string }>(`SELECT count(*) AS n FROM canned_replies ${where}`, args);
  return { data: rows.rows.map(toCanned), page: query.page, per_page: query.per_page, total: Number(total.rows[0]!.n) };
}

async function titleFree(q: Queryable, title: string, except?: number) {
  const r = await q.query('SELECT 1 FROM canned_replies WHERE lower(title) = lower($1) AND ($2::bigint IS NULL OR id <> $2::bigint)', [
    title,
    except ?? null,
  ]);
  if (r.rows.length) throw new ValidationFailed({ title: [DESK_MESSAGES.cannedTitleTaken] }, DESK_MESSAGES.cannedTitleTaken);
}

export async function createCanned(q: Queryable, staffId: number, body: { title: string; body: string }) {
  await titleFree(q, body.title);
  const r = await q.query<CannedRow>(
    `INSERT INTO canned_replies (title, body, created_by, updated_by) VALUES ($1, $2, $3, $3) RETURNING id, title, body, updated_at`,
    [body.title, body.body, staffId],
  );
  return toCanned(r.rows[0]!);
}

async function lockCanned(q: Queryable, id: number) {
  const r = await q.query<CannedRow>('SELECT id, title, body, updated_at FROM canned_replies WHERE id = $1 FOR UPDATE', [id]);
  if (!r.rows[0]) throw new NotFound(DESK_MESSAGES.cannedNotFound);
  return toCanned(r.rows[0]);
}

export async function updateCanned(q: Queryable, staffId: number, id: number, body: { title: string; body: string }) {
  const before = await lockCanned(q, id);
  await titleFree(q, body.title, id);
  const r = await q.query<CannedRow>(
    `UPDATE canned_replies SET title = $2, body = $3, updated_by = $4, updated_at = now() WHERE id = $1 RETURNING id, title, body, updated_at`,
    [id, body.title, body.body, staffId],
  );
  return { before, after: toCanned(r.rows[0]!) };
}

export async function deleteCanned(q: Queryable, id: number) {
  const before = await lockCanned(q, id);
  await q.query('DELETE FROM canned_replies WHERE id = $1', [id]);
  return before;
}
