// Identity checks (KYC, issue 32), staff's side: the queue, a submission's documents, and the decisions (approve with
// the NID's birthday, reject, ask for a new document), each audited in its transaction. routes.ts does HTTP.
import { KYC_KINDS, isUnderAge, type KycKind, type KycStatus, type StaffKycDetail, type StaffKycRow } from '@khela/contracts';
import type { Db, Queryable } from '../../db';
import { isoTimestamp } from '../../core/timestamps';
import { Conflict, NotFound, ValidationFailed } from '../../errors';
import { sendInboxMessage } from '../../core/inbox';
import { flagUnderAge, type StaffAlert } from '../../protection/under-age';
import { writeAudit, type AuditActor } from '../../core/audit';
import { kycRow } from '../service';

export interface QueueQuery {
  status: KycStatus | 'all';
  page: number;
  per_page: number;
  sort?: 'submitted_at' | 'player_id';
  dir: 'asc' | 'desc';
  q?: string;
}

/** Submissions by status; the pending queue oldest first (who waited longest) unless sorted otherwise. */
export async function kycQueue(q: Queryable, a: QueueQuery) {
  const params: unknown[] = [];
  const where: string[] = [];
  if (a.status !== 'all') where.push(`k.status = $${params.push(a.status)}`);
  if (a.q) {
    const term = a.q.trim();
    where.push(
      /^\d+$/.test(term)
        ? `(k.player_id = $${params.push(Number(term))} OR p.phone = $${params.push(term)})`
        : `lower(p.username) LIKE $${params.push(`${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`,
    );
  }
  const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const dir = a.sort ? a.dir : a.status === 'pending' ? 'asc' : 'desc';
  const order = a.sort === 'player_id' ? `k.player_id ${dir}` : `k.submitted_at ${dir} NULLS LAST, k.player_id ${dir}`;
  const from = `FROM player_kyc k JOIN players p ON p.id = k.player_id ${cond}`;
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
  const rows = await q.query<Record<string, any>>(
    `SELECT k.player_id::int AS player_id, p.username, p.name, p.phone, k.status, to_char(p.dofb, 'YYYY-MM-DD') AS dofb,
            k.submitted_at, k.decided_at,
            (SELECT count(*)::int FROM kyc_documents d WHERE d.player_id = k.player_id AND d.replaced_at IS NULL AND d.purged_at IS NULL) AS documents
     ${from} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, a.per_page, (a.page - 1) * a.per_page],
  );
  const data: StaffKycRow[] = rows.rows.map((r) => ({
    player_id: r.player_id,
    username: r.username,
    name: r.name,
    phone: r.phone,
    status: r.status,
    dofb: r.dofb,
    submitted_at: isoTimestamp(r.submitted_at),
    decided_at: isoTimestamp(r.decided_at),
    documents: Number(r.documents),
  }));
  return { data, page: a.page, per_page: a.per_page, total: Number(total.rows[0]?.n ?? 0) };
}

/** A player's submission: state, the player's own details to compare with the NID, every document (newest first). */
export async function kycDetail(q: Queryable, playerId: number): Promise<StaffKycDetail> {
  const p = await q.query<Record<string, any>>(
    `SELECT id::int AS id, username, name, phone, phone_verified, to_char(dofb, 'YYYY-MM-DD') AS dofb, created_at FROM players WHERE id = $1`,
    [playerId],
  );
  const player = p.rows[0];
  if (!player) throw new NotFound('Player not found');
  const row = await kycRow(q, playerId);
  const by = row?.decided_by
    ? (await q.query<{ username: string }>('SELECT username FROM operators WHERE id = $1', [row.decided_by])).rows[0]?.username
    : null;
  const docs = await q.query<Record<string, any>>(
    `SELECT id::int AS id, kind, content_type, size_bytes, width, height, created_at, replaced_at, purged_at
     FROM kyc_documents WHERE player_id = $1 ORDER BY id DESC`,
    [playerId],
  );
  return {
    player: {
      id: player.id,
      username: player.username,
      name: player.name,
      phone: player.phone,
      phone_verified: player.phone_verified === true,
      dofb: player.dofb,
      created_at: isoTimestamp(player.created_at)!,
    },
    status: row?.status ?? 'none',
    reason: row?.reason ?? null,
    requested: row?.requested ?? [],
    submitted_at: isoTimestamp(row?.submitted_at ?? null),
    decided_at: isoTimestamp(row?.decided_at ?? null),
    decided_by: by ?? null,
    nid_dofb: row?.nid_dofb ?? null,
    documents: docs.rows.map((d) => ({
      id: d.id,
      kind: d.kind,
      content_type: d.content_type,
      size: Number(d.size_bytes),
      width: d.width === null ? null : Number(d.width),
      height: d.height === null ? null : Number(d.height),
      uploaded_at: isoTimestamp(d.created_at)!,
      current: d.replaced_at === null,
      purged: d.purged_at !== null,
    })),
  };
}

/**
 * A document for a reviewing operator: its row, and the audit line of the view (`kyc.document_view`) written before
 * the bytes are read, so every view is on record even if the answer never arrives.
 */
export async function documentForView(q: Queryable, actor: AuditActor, id: number) {
  const r = await q.query<{ player_id: string; kind: KycKind; sha256: string; content_type: string; purged_at: unknown }>(
    'SELECT player_id, kind, sha256, content_type, purged_at FROM kyc_documents WHERE id = $1',
    [id],
  );
  const d = r.rows[0];
  if (!d || d.purged_at !== null) throw new NotFound('Document not found');
  await writeAudit(q, actor, {
    action: 'kyc.document_view',
    entityType: 'kyc_document',
    entityId: id,
    after: { player_id: Number(d.player_id), kind: d.kind },
  });
  return { sha256: d.sha256, contentType: d.content_type };
}

async function lockPending(q: Queryable, playerId: number) {
  const p = await q.query<{ username: string; dofb: string | null }>(
    `SELECT username, to_char(dofb, 'YYYY-MM-DD') AS dofb FROM players WHERE id = $1 FOR NO KEY UPDATE`,
    [playerId],
  );
  if (!p.rows[0]) throw new NotFound('Player not found');
  const row = await kycRow(q, playerId, true);
  if (!row || row.status !== 'pending') {
    throw new Conflict(`This identity check is ${row?.status ?? 'none'}, not waiting for a review.`, { code: 'kyc_not_pending' });
  }
  return { player: p.rows[0], row };
}

/** Every current document of the player was looked at now: the retention period counts from here. */
async function markDecided(q: Queryable, playerId: number) {
  await q.query(`UPDATE kyc_documents SET decided_at = now() WHERE player_id = $1 AND decided_at IS NULL AND purged_at IS NULL`, [
    playerId,
  ]);
}

function checkBirthday(dofb: string): void {
  const d = new Date(`${dofb}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== dofb || d.getUTCFullYear() < 1900 || d.getTime() > Date.now()) {
    throw new ValidationFailed({ dofb: ['Type the birthday printed on the NID (a real date, YYYY-MM-DD).'] });
  }
}

/**
 * Approves a pending submission: the NID's birthday replaces the player's (set or not) and locks it (the profile no
 * longer takes a birthday); under 18 by the NID flags the account as the profile does (the caller publishes the alert).
 */
export function approveKyc(
  db: Db,
  actor: AuditActor,
  playerId: number,
  input: { dofb: string; reason?: string },
): Promise<{ alert: StaffAlert | null }> {
  checkBirthday(input.dofb);
  return db.tx(async (q) => {
    const { player, row } = await lockPending(q, playerId);
    await q.query('UPDATE players SET dofb = $2, updated_at = now() WHERE id = $1', [playerId, input.dofb]);
    await q.query(
      `UPDATE player_kyc SET status = 'verified', nid_dofb = $2, decided_at = now(), decided_by = $3, reason = NULL,
         requested = '{}', updated_at = now() WHERE player_id = $1`,
      [playerId, input.dofb, actor.staffId],
    );
    await markDecided(q, playerId);
    await writeAudit(q, actor, {
      action: 'kyc.approve',
      entityType: 'player',
      entityId: playerId,
      reason: input.reason || null,
      before: { status: row.status, dofb: player.dofb },
      after: { status: 'verified', dofb: input.dofb, birthday_locked: true },
    });
    await sendInboxMessage(
      q,
      playerId,
      'Identity verified',
      'Thank you: your identity is verified. Your date of birth is now the one on your NID and can no longer be changed.',
    );
    const alert =
      isUnderAge(input.dofb) && !(await underAgeFlagged(q, playerId))
        ? await flagUnderAge(q, { id: playerId, username: player.username }, input.dofb, actor.ip)
        : null;
    return { alert };
  });
}

async function underAgeFlagged(q: Queryable, playerId: number): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM player_protection WHERE player_id = $1 AND under_age_at IS NOT NULL', [playerId]);
  return r.rows.length > 0;
}

const KIND_LABEL: Record<KycKind, string> = { nid_front: 'NID front', nid_back: 'NID back', selfie: 'selfie' };

/**
 * Rejects a pending submission (every document must be sent again) or asks for new documents of `kinds` (the rest
 * stay); either way the status is 'rejected' with the reason the player reads on /profile and in the inbox.
 */
export function refuseKyc(db: Db, actor: AuditActor, playerId: number, input: { reason: string; kinds?: KycKind[] }): Promise<void> {
  const asked = input.kinds ? KYC_KINDS.filter((k) => input.kinds!.includes(k)) : [...KYC_KINDS];
  const action = input.kinds ? 'kyc.request_document' : 'kyc.reject';
  return db.tx(async (q) => {
    const { row } = await lockPending(q, playerId);
    await q.query(
      `UPDATE player_kyc SET status = 'rejected', requested = $2::text[], reason = $3, decided_at = now(), decided_by = $4,
         updated_at = now() WHERE player_id = $1`,
      [playerId, asked, input.reason, actor.staffId],
    );
    await markDecided(q, playerId);
    await writeAudit(q, actor, {
      action,
      entityType: 'player',
      entityId: playerId,
      reason: input.reason,
      before: { status: row.status },
      after: { status: 'rejected', requested: asked },
    });
    await sendInboxMessage(
      q,
      playerId,
      input.kinds ? 'New identity document needed' : 'Identity check not approved',
      `${input.reason} Please upload ${asked.map((k) => KIND_LABEL[k]).join(', ')} again in your profile.`,
    );
  });
}
