import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { writeAudit } from '../core/audit';
import { sealAudit, verifyAuditChain } from './audit-chain';

/**
 * The audit's hash chain (issue 32): sealed after commit in id order by the job, verified by recomputing it; a
 * changed row or seal breaks it; a gap is waited for, then passed; refusals by role are audited. PGlite and PostgreSQL.
 */
const actor = { staffId: null, username: 'system', ip: null };
const cfg = { settleSeconds: 60, batch: 3 };

describeEachDatabase('audit chain on $name', (engine) => {
  const { name } = engine;
  let db: TestDb;
  let app: FastifyInstance;
  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { AUDIT_SEAL_INTERVAL_MS: '0' } });

  /** Runs `sql` with the append-only triggers off, as only a database superuser could (the tampering under test). */
  const tamper = (sql: string, params: unknown[] = []) =>
    db.tx(async (q) => {
      await q.query(`SET LOCAL session_replication_role = replica`);
      await q.query(sql, params);
    });

  it('seals what committed, in id order and in batches; the chain verifies; a changed row or seal is found', async () => {
    for (let i = 0; i < 7; i++)
      await writeAudit(db, actor, { action: 'test.chain', entityId: i, after: { n: i, nested: { b: 1, a: [i] } } });
    const sealed = await sealAudit(db, cfg);
    expect(sealed).toBeGreaterThanOrEqual(7);
    expect(await sealAudit(db, cfg)).toBe(0);
    const seals = await db.query<{ audit_id: string }>('SELECT audit_id FROM operator_audit_seals ORDER BY seq');
    const ids = seals.rows.map((r) => Number(r.audit_id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const ok = await verifyAuditChain(db, 4);
    expect(ok).toMatchObject({ ok: true, sealed: ids.length, unsealed: 0, head: ids.at(-1), problems: [] });

    // the seals, like the rows, refuse UPDATE, DELETE and TRUNCATE
    await expect(db.query(`UPDATE operator_audit_seals SET hash = 'x'`)).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM operator_audit_seals`)).rejects.toThrow(/append-only/);
    await expect(db.query(`TRUNCATE operator_audit_seals`)).rejects.toThrow(/append-only/);
    await expect(db.query(`TRUNCATE operator_audit CASCADE`)).rejects.toThrow(/append-only/);
    await expect(db.query(`TRUNCATE player_exclusions`)).rejects.toThrow(/append-only/);

    // a superuser changes a sealed row: the verifier names it
    const victim = ids[3]!;
    await tamper(`UPDATE operator_audit SET reason = 'nothing to see' WHERE id = $1`, [victim]);
    const broken = await verifyAuditChain(db);
    expect(broken.ok).toBe(false);
    expect(broken.problems).toEqual([`audit row ${victim} differs from its seal (changed after sealing)`]);
    await tamper(`UPDATE operator_audit SET reason = NULL WHERE id = $1`, [victim]);
    expect((await verifyAuditChain(db)).ok).toBe(true);

    // a seal rewritten to match a changed row cuts the chain at the next seal
    const next = ids[5]!;
    await tamper(`UPDATE operator_audit SET after = '{"n": 99}' WHERE id = $1`, [victim]);
    const row = await db.query<{ prev_hash: string }>('SELECT prev_hash FROM operator_audit_seals WHERE audit_id = $1', [victim]);
    const { sealHash } = await import('./audit-chain');
    const text = await db.query(
      `SELECT id::text AS id, (extract(epoch FROM created_at) * 1000000)::bigint::text AS created_us, operator_id::text AS operator_id,
         username, ip, action, entity_type, entity_id, reason, before::text AS before, after::text AS after FROM operator_audit WHERE id = $1`,
      [victim],
    );
    await tamper(`UPDATE operator_audit_seals SET hash = $2 WHERE audit_id = $1`, [
      victim,
      sealHash(row.rows[0]!.prev_hash, text.rows[0] as never),
    ]);
    const cut = await verifyAuditChain(db);
    expect(cut.ok).toBe(false);
    expect(cut.problems).toEqual([
      `seal ${await seqOf(ids[4]!)} (audit row ${ids[4]}) does not follow the previous seal: the chain was cut`,
    ]);
    expect(next).toBeGreaterThan(victim);
  });

  async function seqOf(auditId: number): Promise<string> {
    return (await db.query<{ seq: string }>('SELECT seq::text AS seq FROM operator_audit_seals WHERE audit_id = $1', [auditId])).rows[0]!
      .seq;
  }

  it('a missing id is waited for while young, then passed as rolled back', async () => {
    // the chain from the first test is broken on purpose: start a fresh check from its head
    await writeAudit(db, actor, { action: 'test.gap', entityId: 'before' });
    await sealAudit(db, cfg);
    // an id taken and rolled back: a gap
    await db
      .tx(async (q) => {
        await writeAudit(q, actor, { action: 'test.gap', entityId: 'rolled back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await writeAudit(db, actor, { action: 'test.gap', entityId: 'after' });
    expect(await sealAudit(db, cfg)).toBe(0); // young row after a gap: wait
    expect(await sealAudit(db, { ...cfg, settleSeconds: 0 })).toBe(1);
    const unsealed = await db.query(
      'SELECT 1 FROM operator_audit a WHERE NOT EXISTS (SELECT 1 FROM operator_audit_seals s WHERE s.audit_id = a.id)',
    );
    expect(unsealed.rows).toHaveLength(0);
  });

  it.runIf(name === 'postgres')(
    'a row whose transaction commits after the chain passed its id is sealed at the end, named late',
    async () => {
      const { otherProcessDb } = await import('../testing/helpers');
      const other = await otherProcessDb(db, 2);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let heldId = 0;
      let inserted!: () => void;
      const insertedP = new Promise<void>((r) => (inserted = r));
      const slow = other.tx(async (q) => {
        await writeAudit(q, actor, { action: 'test.late', entityId: 'slow' });
        heldId = Number((await q.query<{ id: string }>(`SELECT max(id) AS id FROM operator_audit`)).rows[0]!.id);
        inserted();
        await held;
      });
      await insertedP;
      await writeAudit(db, actor, { action: 'test.late', entityId: 'fast' });
      await sealAudit(db, { ...cfg, settleSeconds: 0 });
      release();
      await slow;
      await other.close();
      await sealAudit(db, cfg);
      const seals = await db.query<{ audit_id: string }>('SELECT audit_id FROM operator_audit_seals ORDER BY seq DESC LIMIT 1');
      expect(Number(seals.rows[0]!.audit_id)).toBe(heldId);
      const report = await verifyAuditChain(db);
      expect(report.problems.filter((p) => p.includes('sealed late'))).toEqual([
        `audit row ${heldId} was sealed late (it committed after row ${heldId + 1})`,
      ]);
    },
  );

  it('a refusal by role (403) is audited with the endpoint', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { username: 'support', password: 'support123' },
    });
    const t = login.json().token as string;
    const r = await app.inject({ method: 'GET', url: '/api/operator/operators?q=x', headers: { authorization: `Bearer ${t}` } });
    expect(r.statusCode).toBe(403);
    const line = await db.query<{ username: string; entity_id: string; reason: string; after: { url: string } }>(
      `SELECT username, entity_id, reason, after FROM operator_audit WHERE action = 'staff.forbidden' ORDER BY id DESC LIMIT 1`,
    );
    // the admin's check of the chain (the first test broke it on purpose: it says so)
    const adminLogin = await app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { username: 'admin', password: 'admin123' },
    });
    const chain = await app.inject({
      method: 'GET',
      url: '/api/operator/audit/chain',
      headers: { authorization: `Bearer ${adminLogin.json().token}` },
    });
    expect(chain.statusCode).toBe(200);
    expect(chain.json()).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([expect.stringContaining('does not follow the previous seal')]),
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/operator/audit/chain', headers: { authorization: `Bearer ${t}` } })).statusCode,
    ).toBe(403);
    expect(line.rows[0]).toMatchObject({
      username: 'support',
      entity_id: 'GET /api/operator/operators',
      reason: 'role',
      after: { url: '/api/operator/operators?q=x' },
    });
  });
});
