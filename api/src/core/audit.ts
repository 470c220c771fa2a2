import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db';

/** Who did it and from where: an operator of a back-office request, or the system (staffId null). */
export interface AuditActor {
  staffId: number | null;
  username: string | null;
  ip: string | null;
}

export interface AuditEntry {
  /** What was done, as `area.verb`: 'payment.approve', 'player.status', 'market.settle', 'operator.create', ... */
  action: string;
  entityType?: string;
  entityId?: string | number;
  reason?: string | null;
  /** The record as it was and as it became (only the fields that matter; never secrets or password hashes). */
  before?: unknown;
  after?: unknown;
}

/** The operator of a back-office request as an audit actor. */
export function auditActor(req: Pick<FastifyRequest, 'staff' | 'ip'>): AuditActor {
  return { staffId: req.staff?.id ?? null, username: req.staff?.username ?? null, ip: req.ip ?? null };
}

export const SYSTEM_ACTOR: AuditActor = { staffId: null, username: 'system', ip: null };

/**
 * Appends one line to the audit log. Call it with the transaction that makes the change, so the change and its
 * line commit together or not at all; the table refuses UPDATE and DELETE.
 */
export async function writeAudit(q: Queryable, actor: AuditActor, e: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO operator_audit (operator_id, username, ip, action, entity_type, entity_id, reason, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
    [
      actor.staffId,
      actor.username,
      actor.ip,
      e.action,
      e.entityType ?? null,
      e.entityId === undefined ? null : String(e.entityId),
      e.reason ?? null,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
    ],
  );
}
