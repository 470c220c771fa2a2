// The retention of identity documents: a document is kept KYC_RETENTION_DAYS after the review that decided on it
// (approve, reject, ask again), then its file is removed from the store and the row marked purged (the row stays:
// what was held and when it went). A file shared by another unpurged row (the same photo sent twice) stays until the
// last of them goes. Documents never reviewed are kept (the submission waits for staff).
import type { Db } from '../db';
import type { DocumentStore } from './store';

export interface PurgeResult {
  documents: number;
  files: number;
}

export async function purgeExpiredDocuments(db: Db, store: DocumentStore, retentionDays: number, now = new Date()): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  // the rows first (one transaction), then the files no unpurged row still needs; a file whose delete fails is
  // taken again by the next run (its rows are purged, the orphan check below finds it by hash)
  const purged = await db.tx(async (q) => {
    const r = await q.query<{ sha256: string }>(
      `UPDATE kyc_documents SET purged_at = now()
       WHERE id IN (SELECT id FROM kyc_documents WHERE purged_at IS NULL AND decided_at IS NOT NULL AND decided_at <= $1 ORDER BY id LIMIT 1000 FOR UPDATE SKIP LOCKED)
       RETURNING sha256`,
      [cutoff.toISOString()],
    );
    return { count: r.rows.length, hashes: [...new Set(r.rows.map((x) => x.sha256))] };
  });
  let files = 0;
  for (const sha of purged.hashes) {
    const still = await db.query('SELECT 1 FROM kyc_documents WHERE sha256 = $1 AND purged_at IS NULL LIMIT 1', [sha]);
    if (still.rows.length) continue;
    await store.delete(sha);
    files++;
  }
  return { documents: purged.count, files };
}
