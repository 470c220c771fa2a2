// Identity checks (KYC, issue 32), the player's side: the state shown on /profile and the record of an upload. The
// bytes are in the document store (store.ts); these tables only point at them. Staff's side: staff/service.ts.
import { KYC_KINDS, KYC_MESSAGES, type KycKind, type KycState, type KycStatus } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { lockPlayer } from '../core/players';
import { isoTimestamp } from '../core/timestamps';
import { HttpError } from '../errors';
import { writeAudit } from '../core/audit';
import { playerActor } from '../protection/service';

export interface KycRow {
  status: KycStatus;
  requested: KycKind[];
  reason: string | null;
  submitted_at: unknown;
  decided_at: unknown;
  decided_by: string | null;
  nid_dofb: string | null;
}

export async function kycRow(q: Queryable, playerId: number, lock = false): Promise<KycRow | null> {
  const r = await q.query<KycRow>(
    `SELECT status, requested, reason, submitted_at, decided_at, decided_by, to_char(nid_dofb, 'YYYY-MM-DD') AS nid_dofb
     FROM player_kyc WHERE player_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [playerId],
  );
  const row = r.rows[0];
  return row ? { ...row, requested: parseKinds(row.requested) } : null;
}

/** text[] arrives as an array from pg and PGlite alike; a '{a,b}' literal is parsed too. */
function parseKinds(v: unknown): KycKind[] {
  const arr = Array.isArray(v)
    ? v
    : typeof v === 'string'
      ? v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : [];
  return arr.filter((k): k is KycKind => (KYC_KINDS as readonly string[]).includes(k));
}

/** The player's identity-check state: 'none' without a row. */
export async function kycStatusOf(q: Queryable, playerId: number): Promise<KycStatus> {
  const r = await q.query<{ status: KycStatus }>('SELECT status FROM player_kyc WHERE player_id = $1', [playerId]);
  return r.rows[0]?.status ?? 'none';
}

interface CurrentDoc {
  kind: KycKind;
  created_at: unknown;
}

async function currentDocuments(q: Queryable, playerId: number): Promise<CurrentDoc[]> {
  const r = await q.query<CurrentDoc>(
    `SELECT kind, created_at FROM kyc_documents WHERE player_id = $1 AND replaced_at IS NULL AND purged_at IS NULL ORDER BY kind`,
    [playerId],
  );
  return r.rows;
}

/** What the player must still upload: while none, every kind not sent; once rejected, the kinds asked for not sent since. */
function stillRequested(row: KycRow | null, docs: CurrentDoc[]): KycKind[] {
  const status = row?.status ?? 'none';
  if (status === 'pending' || status === 'verified') return [];
  if (status === 'none') return KYC_KINDS.filter((k) => !docs.some((d) => d.kind === k));
  const since = row?.decided_at ? new Date(String(isoTimestamp(row.decided_at))).getTime() : 0;
  return row!.requested.filter((k) => !docs.some((d) => d.kind === k && new Date(String(isoTimestamp(d.created_at))).getTime() > since));
}

export async function kycState(q: Queryable, playerId: number, maxBytes: number): Promise<KycState> {
  const row = await kycRow(q, playerId);
  const docs = await currentDocuments(q, playerId);
  const status = row?.status ?? 'none';
  return {
    status,
    reason: status === 'rejected' ? (row?.reason ?? null) : null,
    requested: stillRequested(row, docs),
    documents: docs.map((d) => ({ kind: d.kind, uploaded_at: isoTimestamp(d.created_at)! })),
    submitted_at: isoTimestamp(row?.submitted_at ?? null),
    decided_at: isoTimestamp(row?.decided_at ?? null),
    birthday_locked: status === 'verified' && row?.nid_dofb != null,
    max_bytes: maxBytes,
  };
}

/** Refuses an upload before its bytes are stored: a verified identity takes no new document. */
export async function assertMayUpload(q: Queryable, playerId: number): Promise<void> {
  if ((await kycStatusOf(q, playerId)) === 'verified') throw new HttpError(409, KYC_MESSAGES.verified, { code: 'kyc_verified' });
}

export interface StoredDocument {
  sha256: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
}

/**
 * Records an upload (its bytes already in the store): the player's older document of the kind is replaced; once
 * every requested kind is in, the submission goes to the staff queue (pending). While pending, a replacement stays
 * pending. Audited as the player's own line (`kyc.upload`).
 */
export function recordUpload(
  db: Db,
  player: { id: number; ip: string | null },
  kind: KycKind,
  doc: StoredDocument,
  maxBytes: number,
): Promise<{ state: KycState; submitted: boolean }> {
  return db.tx(async (q) => {
    const p = await lockPlayer(q, player.id);
    await q.query(`INSERT INTO player_kyc (player_id) VALUES ($1) ON CONFLICT (player_id) DO NOTHING`, [player.id]);
    const row = (await kycRow(q, player.id, true))!;
    if (row.status === 'verified') throw new HttpError(409, KYC_MESSAGES.verified, { code: 'kyc_verified' });
    await q.query(`UPDATE kyc_documents SET replaced_at = now() WHERE player_id = $1 AND kind = $2 AND replaced_at IS NULL`, [
      player.id,
      kind,
    ]);
    const ins = await q.query<{ id: string }>(
      `INSERT INTO kyc_documents (player_id, kind, sha256, content_type, size_bytes, width, height)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [player.id, kind, doc.sha256, doc.contentType, doc.size, doc.width, doc.height],
    );
    const docs = await currentDocuments(q, player.id);
    const submitted = row.status !== 'pending' && stillRequested(row, docs).length === 0;
    if (submitted) {
      await q.query(
        `UPDATE player_kyc SET status = 'pending', submitted_at = now(), requested = '{}', updated_at = now() WHERE player_id = $1`,
        [player.id],
      );
    }
    await writeAudit(q, playerActor({ id: player.id, username: p.username }, player.ip), {
      action: 'kyc.upload',
      entityType: 'player',
      entityId: player.id,
      after: { document: Number(ins.rows[0]!.id), kind, sha256: doc.sha256, size: doc.size, status: submitted ? 'pending' : row.status },
    });
    return { state: await kycState(q, player.id, maxBytes), submitted };
  });
}
