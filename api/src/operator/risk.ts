import type { RiskRuleKind, StaffRiskAlert, StaffRiskRule } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { NotFound } from '../http/errors';
import { writeAudit, type AuditActor } from './audit';

/*
 * Fraud and AML rules (issue 32). The rules live in risk_rules and are applied by the database where the money
 * request is recorded (sql/0823_risk_rules.sql: the deposit velocity trigger), so no path that records a deposit
 * request can skip them; this module reads and changes them and lists the alerts they raised.
 */

interface RawRule {
  kind: RiskRuleKind;
  enabled: boolean;
  window_minutes: number;
  amounts: StaffRiskRule['amounts'];
  account_days: number;
  updated_by: string | null;
  updated_at: Date | string;
}

const RULE_SQL = `SELECT r.kind, r.enabled, r.window_minutes, r.amounts, r.account_days, o.username AS updated_by, r.updated_at
  FROM risk_rules r LEFT JOIN operators o ON o.id = r.updated_by`;

const toRule = (r: RawRule): StaffRiskRule => ({
  kind: r.kind,
  enabled: r.enabled,
  window_minutes: Number(r.window_minutes),
  amounts: { BDT: Number(r.amounts.BDT), INR: Number(r.amounts.INR), PKR: Number(r.amounts.PKR) },
  account_days: Number(r.account_days),
  updated_by: r.updated_by,
  updated_at: new Date(r.updated_at).toISOString(),
});

export async function riskRules(q: Queryable): Promise<StaffRiskRule[]> {
  return (await q.query<RawRule>(`${RULE_SQL} ORDER BY r.kind`)).rows.map(toRule);
}

/** A risk operator's change of a rule, audited (before/after, reason) in the same transaction. */
export async function setRiskRule(
  db: Db,
  actor: AuditActor & { operatorId: number },
  kind: RiskRuleKind,
  input: { enabled: boolean; window_minutes: number; amounts: StaffRiskRule['amounts']; account_days: number; reason: string },
): Promise<StaffRiskRule> {
  return db.tx(async (q) => {
    const before = (await q.query<RawRule>(`${RULE_SQL} WHERE r.kind = $1 FOR UPDATE OF r`, [kind])).rows[0];
    if (!before) throw new NotFound('No such rule.');
    await q.query(
      `UPDATE risk_rules SET enabled = $2, window_minutes = $3, amounts = $4::jsonb, account_days = $5, updated_by = $6, updated_at = now()
       WHERE kind = $1`,
      [kind, input.enabled, input.window_minutes, JSON.stringify(input.amounts), input.account_days, actor.operatorId],
    );
    const after = toRule((await q.query<RawRule>(`${RULE_SQL} WHERE r.kind = $1`, [kind])).rows[0]!);
    const view = (r: StaffRiskRule) => ({
      enabled: r.enabled,
      window_minutes: r.window_minutes,
      amounts: r.amounts,
      account_days: r.account_days,
    });
    await writeAudit(q, actor, {
      action: 'risk.rule',
      entityType: 'risk_rule',
      entityId: kind,
      reason: input.reason,
      before: view(toRule(before)),
      after: view(after),
    });
    return after;
  });
}

export async function riskAlerts(
  q: Queryable,
  query: { page: number; per_page: number; dir: 'asc' | 'desc'; state?: 'open' | 'resolved' | undefined; q?: string | undefined },
): Promise<{ data: StaffRiskAlert[]; total: number }> {
  const where = [`a.kind LIKE 'risk.%'`];
  const params: unknown[] = [];
  if (query.state === 'open') where.push('a.resolved_at IS NULL');
  if (query.state === 'resolved') where.push('a.resolved_at IS NOT NULL');
  if (query.q) {
    params.push(`%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(lower(a.message) LIKE $${params.length} OR a.ref = $${params.length + 1})`);
    params.push(query.q);
  }
  const w = ` WHERE ${where.join(' AND ')}`;
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_alerts a${w}`, params);
  const rows = await q.query<{
    id: string;
    kind: string;
    message: string;
    ref: string | null;
    evidence: unknown;
    created_at: Date | string;
    resolved_at: Date | string | null;
    resolved_by: string | null;
    resolution: string | null;
  }>(
    `SELECT a.id, a.kind, a.message, a.ref, a.evidence, a.created_at, a.resolved_at, o.username AS resolved_by,
       (SELECT l.reason FROM operator_audit l WHERE l.action = 'alert.resolve' AND l.entity_type = 'staff_alert'
          AND l.entity_id = a.id::text ORDER BY l.id DESC LIMIT 1) AS resolution
     FROM staff_alerts a LEFT JOIN operators o ON o.id = a.resolved_by${w}
     ORDER BY a.id ${query.dir === 'asc' ? 'ASC' : 'DESC'} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.per_page, (query.page - 1) * query.per_page],
  );
  return {
    data: rows.rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      message: r.message,
      ref: r.ref,
      evidence: r.evidence ?? null,
      created_at: new Date(r.created_at).toISOString(),
      resolved_at: r.resolved_at === null ? null : new Date(r.resolved_at).toISOString(),
      resolved_by: r.resolved_by,
      resolution: r.resolution,
    })),
    total: Number(total.rows[0]?.n ?? 0),
  };
}
