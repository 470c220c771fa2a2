// Per-rule exemptions of the fraud and AML rules (issue 32, sql/0891_risk_exemptions.sql): a risk operator exempts a
// player from one rule with a reason, and can end it; both audited. While one runs, the player's own events do not
// raise that rule's alert (risk-evaluator.ts asks `isExempt`; the deposit velocity trigger checks the table itself).
import type { RiskRuleKind, StaffRiskExemption } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { isoTimestamp } from '../core/timestamps';
import { Conflict, NotFound } from '../errors';
import { pgErrorCode } from '../db';
import { writeAudit, type AuditActor } from '../core/audit';

const COLUMNS = `e.id::int AS id, e.player_id::int AS player_id, e.kind, e.reason, c.username AS created_by, e.created_at,
  e.ended_at, f.username AS ended_by, e.end_reason`;
const FROM = `FROM risk_rule_exemptions e JOIN operators c ON c.id = e.created_by LEFT JOIN operators f ON f.id = e.ended_by`;

function out(r: Record<string, any>): StaffRiskExemption {
  return {
    id: Number(r.id),
    player_id: Number(r.player_id),
    kind: r.kind,
    reason: r.reason,
    created_by: r.created_by,
    created_at: isoTimestamp(r.created_at)!,
    ended_at: isoTimestamp(r.ended_at),
    ended_by: r.ended_by ?? null,
    end_reason: r.end_reason ?? null,
  };
}

async function one(q: Queryable, id: number): Promise<StaffRiskExemption> {
  const r = await q.query<Record<string, any>>(`SELECT ${COLUMNS} ${FROM} WHERE e.id = $1`, [id]);
  if (!r.rows[0]) throw new NotFound('Exemption not found');
  return out(r.rows[0]);
}

/** Whether a running exemption keeps `kind` from raising on this player's events. */
export async function isExempt(q: Queryable, playerId: number, kind: RiskRuleKind): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM risk_rule_exemptions WHERE player_id = $1 AND kind = $2 AND ended_at IS NULL', [playerId, kind]);
  return r.rows.length > 0;
}

export async function playerExemptions(q: Queryable, playerId: number): Promise<StaffRiskExemption[]> {
  const r = await q.query<Record<string, any>>(
    `SELECT ${COLUMNS} ${FROM} WHERE e.player_id = $1 ORDER BY e.ended_at IS NULL DESC, e.id DESC`,
    [playerId],
  );
  return r.rows.map(out);
}

export function addExemption(db: Db, actor: AuditActor, playerId: number, kind: RiskRuleKind, reason: string): Promise<StaffRiskExemption> {
  return db.tx(async (q) => {
    const p = await q.query('SELECT 1 FROM players WHERE id = $1', [playerId]);
    if (!p.rows.length) throw new NotFound('Player not found');
    let id: number;
    try {
      const ins = await q.query<{ id: string }>(
        `INSERT INTO risk_rule_exemptions (player_id, kind, reason, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
        [playerId, kind, reason, actor.staffId],
      );
      id = Number(ins.rows[0]!.id);
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw new Conflict('The player is already exempt from this rule.', { code: 'exemption_running' });
      throw err;
    }
    await writeAudit(q, actor, {
      action: 'risk.exemption',
      entityType: 'player',
      entityId: playerId,
      reason,
      before: { kind, exempt: false },
      after: { kind, exempt: true, exemption: id },
    });
    return one(q, id);
  });
}

export function endExemption(db: Db, actor: AuditActor, id: number, reason: string): Promise<StaffRiskExemption> {
  return db.tx(async (q) => {
    const r = await q.query<{ player_id: string; kind: string }>(
      `UPDATE risk_rule_exemptions SET ended_at = now(), ended_by = $2, end_reason = $3 WHERE id = $1 AND ended_at IS NULL
       RETURNING player_id, kind`,
      [id, actor.staffId, reason],
    );
    const row = r.rows[0];
    if (!row) {
      await one(q, id); // 404 when unknown
      throw new Conflict('This exemption has already ended.', { code: 'exemption_ended' });
    }
    await writeAudit(q, actor, {
      action: 'risk.exemption_end',
      entityType: 'player',
      entityId: Number(row.player_id),
      reason,
      before: { kind: row.kind, exempt: true, exemption: id },
      after: { kind: row.kind, exempt: false, exemption: id },
    });
    return one(q, id);
  });
}
