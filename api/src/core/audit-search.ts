import type { StaffAuditRow } from '@khela/contracts';
import type { Queryable } from '../db';
import { dhakaDateStart } from './timestamps';

export interface AuditQuery {
  page: number;
  per_page: number;
  dir: 'asc' | 'desc';
  q?: string | undefined;
  operator?: string | undefined;
  action?: string | undefined;
  entity_type?: string | undefined;
  entity_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The audit log, newest first by default, filtered; every filter rides an index of 0600/0601. */
export async function searchAudit(db: Queryable, query: AuditQuery): Promise<{ data: StaffAuditRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, v: unknown) => {
    params.push(v);
    where.push(sql(`$${params.length}`));
  };
  if (query.operator) add((n) => `lower(username) = ${n}`, query.operator.toLowerCase());
  if (query.action) add((n) => `action LIKE ${n}`, `${like(query.action)}%`);
  if (query.entity_type) add((n) => `entity_type = ${n}`, query.entity_type);
  if (query.entity_id) add((n) => `entity_id = ${n}`, query.entity_id);
  if (query.from) add((n) => `created_at >= ${n}`, dhakaDateStart(query.from).toISOString());
  if (query.to) add((n) => `created_at < ${n}`, new Date(dhakaDateStart(query.to).getTime() + 86_400_000).toISOString());
  if (query.q) {
    add((n) => `(action ILIKE ${n} OR username ILIKE ${n} OR entity_id ILIKE ${n} OR reason ILIKE ${n})`, `%${like(query.q)}%`);
  }
  const w = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const dir = query.dir === 'asc' ? 'ASC' : 'DESC';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM operator_audit${w}`, params);
  const rows = await db.query<{
    id: string;
    created_at: Date | string;
    operator_id: string | null;
    username: string | null;
    ip: string | null;
    action: string;
    entity_type: string | null;
    entity_id: string | null;
    reason: string | null;
    before: unknown;
    after: unknown;
  }>(
    `SELECT id, created_at, operator_id, username, ip, action, entity_type, entity_id, reason, before, after
     FROM operator_audit${w} ORDER BY id ${dir} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.per_page, (query.page - 1) * query.per_page],
  );
  return {
    data: rows.rows.map((r) => ({
      id: Number(r.id),
      created_at: new Date(r.created_at).toISOString(),
      operator_id: r.operator_id === null ? null : Number(r.operator_id),
      username: r.username,
      ip: r.ip,
      action: r.action,
      entity_type: r.entity_type,
      entity_id: r.entity_id,
      reason: r.reason,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
    total: Number(total.rows[0]?.n ?? 0),
  };
}
