import { sha256Hex } from '@khela/contracts/signing';
import type { Db, Queryable } from '../db';

/*
 * The audit log's hash chain (issue 32). Rows are written by writeAudit inside each change's transaction; a job seals
 * them AFTER they commit (sealing inside each transaction would serialise every audited change on the chain's head).
 * Each seal is one row of operator_audit_seals: the audit row's id, the previous seal's hash and
 * hash = sha256(prev_hash + "\n" + the row's canonical text). Rows are sealed in id order; an id that is missing is
 * waited for while it is younger than `settleSeconds` (its transaction may still commit), then passed over as rolled
 * back. A row that commits after the chain passed its id is sealed at the chain's end (the verifier names it "late").
 * verifyAuditChain recomputes every hash: a changed row, a changed or missing seal, or a deleted row breaks it.
 */

export const GENESIS = '0'.repeat(64);

interface AuditRowText {
  id: string;
  created_us: string;
  operator_id: string | null;
  username: string | null;
  ip: string | null;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  reason: string | null;
  before: string | null;
  after: string | null;
}

/** The columns of a row as the database spells them (jsonb as its canonical text, the time in microseconds). */
const ROW_TEXT_SQL = `a.id::text AS id, (extract(epoch FROM a.created_at) * 1000000)::bigint::text AS created_us,
  a.operator_id::text AS operator_id, a.username, a.ip, a.action, a.entity_type, a.entity_id, a.reason,
  a.before::text AS before, a.after::text AS after`;

/** The hash of `row` chained to `prev`. */
export function sealHash(prev: string, row: AuditRowText): string {
  const fields = [
    row.id,
    row.created_us,
    row.operator_id,
    row.username,
    row.ip,
    row.action,
    row.entity_type,
    row.entity_id,
    row.reason,
    row.before,
    row.after,
  ];
  return sha256Hex(`${prev}\n${JSON.stringify(fields)}`);
}

export interface SealConfig {
  /** How long a missing id is waited for before the chain passes it as rolled back. */
  settleSeconds: number;
  /** Rows sealed per transaction. */
  batch: number;
}

export function sealConfig(env: NodeJS.ProcessEnv = process.env): SealConfig & { intervalMs: number } {
  const num = (name: string, dflt: number) => {
    const v = Number(env[name]);
    return env[name] !== undefined && env[name] !== '' && Number.isFinite(v) && v >= 0 ? v : dflt;
  };
  return {
    intervalMs: num('AUDIT_SEAL_INTERVAL_MS', 5000),
    settleSeconds: num('AUDIT_SEAL_SETTLE_SECONDS', 60),
    batch: Math.max(1, Math.round(num('AUDIT_SEAL_BATCH', 500))),
  };
}

/** How far below the chain's head a late row is looked for. */
const LATE_WINDOW = 10_000;

/** A fixed advisory-lock key: one sealer at a time across every API process. */
const SEAL_LOCK = 0x6b68_6175; // 'khau'

async function head(q: Queryable): Promise<{ auditId: number; hash: string }> {
  const r = await q.query<{ audit_id: string; hash: string }>('SELECT audit_id, hash FROM operator_audit_seals ORDER BY seq DESC LIMIT 1');
  return r.rows[0] ? { auditId: Number(r.rows[0].audit_id), hash: r.rows[0].hash } : { auditId: 0, hash: GENESIS };
}

/**
 * Seals what has committed since the last run; returns how many rows it sealed. Safe to run from every process at
 * once (an advisory lock lets one seal; the others return 0).
 */
export async function sealAudit(db: Db, cfg: SealConfig = sealConfig()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.tx(async (q) => {
      const locked = await q.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [SEAL_LOCK]);
      if (!locked.rows[0]?.ok) return 0;
      let { auditId: last, hash: prev } = await head(q);
      // rows that committed after the chain passed their id: sealed now, at the chain's end (looked for among the
      // last LATE_WINDOW ids only, so a run costs the same however long the log)
      const late = await q.query<AuditRowText>(
        `SELECT ${ROW_TEXT_SQL} FROM operator_audit a
         WHERE a.id < $1 AND a.id > $1 - ${LATE_WINDOW} AND NOT EXISTS (SELECT 1 FROM operator_audit_seals s WHERE s.audit_id = a.id)
         ORDER BY a.id LIMIT $2`,
        [last, cfg.batch],
      );
      const fresh = await q.query<AuditRowText & { old: boolean }>(
        `SELECT ${ROW_TEXT_SQL}, a.created_at < now() - make_interval(secs => $3) AS old FROM operator_audit a
         WHERE a.id > $1 ORDER BY a.id LIMIT $2`,
        [last, cfg.batch, cfg.settleSeconds],
      );
      const rows: AuditRowText[] = [...late.rows];
      for (const row of fresh.rows) {
        // a gap before this row: wait while the row itself is young (the missing id may still commit)
        if (Number(row.id) !== last + 1 && !row.old) break;
        rows.push(row);
        last = Number(row.id);
      }
      for (const row of rows) {
        const hash = sealHash(prev, row);
        await q.query('INSERT INTO operator_audit_seals (audit_id, prev_hash, hash) VALUES ($1, $2, $3)', [row.id, prev, hash]);
        prev = hash;
      }
      return rows.length;
    });
    total += n;
    if (n < cfg.batch) return total;
  }
}

export interface ChainReport {
  ok: boolean;
  sealed: number;
  /** Rows not sealed yet (committed since the job last ran, or waiting on a gap). */
  unsealed: number;
  /** The highest audit id the chain covers. */
  head: number;
  problems: string[];
}

/**
 * Recomputes the chain from the first seal: every seal must follow the previous one's hash, and its hash must be that
 * of its audit row as the row reads now. Reads in pages, so a long log costs memory of one page.
 */
export async function verifyAuditChain(q: Queryable, page = 2000): Promise<ChainReport> {
  const problems: string[] = [];
  let prev = GENESIS;
  let seq = 0;
  let sealed = 0;
  let headId = 0;
  let maxSealed = 0;
  for (;;) {
    const r = await q.query<AuditRowText & { seq: string; audit_id: string; prev_hash: string; hash: string; missing: boolean }>(
      `SELECT s.seq::text AS seq, s.audit_id::text AS audit_id, s.prev_hash, s.hash, a.id IS NULL AS missing, ${ROW_TEXT_SQL}
       FROM operator_audit_seals s LEFT JOIN operator_audit a ON a.id = s.audit_id
       WHERE s.seq > $1 ORDER BY s.seq LIMIT $2`,
      [seq, page],
    );
    for (const s of r.rows) {
      seq = Number(s.seq);
      sealed++;
      const id = Number(s.audit_id);
      if (s.prev_hash !== prev) problems.push(`seal ${s.seq} (audit row ${id}) does not follow the previous seal: the chain was cut`);
      if (s.missing) problems.push(`audit row ${id} is sealed but missing (deleted)`);
      else if (sealHash(s.prev_hash, s) !== s.hash) problems.push(`audit row ${id} differs from its seal (changed after sealing)`);
      if (id < maxSealed) problems.push(`audit row ${id} was sealed late (it committed after row ${maxSealed})`);
      maxSealed = Math.max(maxSealed, id);
      headId = id;
      prev = s.hash;
    }
    if (r.rows.length < page) break;
  }
  const unsealed = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM operator_audit a WHERE NOT EXISTS (SELECT 1 FROM operator_audit_seals s WHERE s.audit_id = a.id)',
  );
  // "late" is worth a line, not a failure: the row is sealed and its hash checks
  const failing = problems.filter((p) => !p.includes('sealed late'));
  return { ok: failing.length === 0, sealed, unsealed: Number(unsealed.rows[0]?.n ?? 0), head: headId, problems };
}

/** Runs sealAudit every `intervalMs` (0: never) until stopped; a failure is logged and tried again next time. */
export function startSealJob(db: Db, log: { warn: (o: object, m: string) => void }, cfg = sealConfig()): { stop: () => Promise<void> } {
  if (!cfg.intervalMs) return { stop: async () => undefined };
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sealAudit(db, cfg).catch((err) => log.warn({ err }, 'audit sealing failed'));
  }, cfg.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
