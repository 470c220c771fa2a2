import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT, migrate, pgErrorCode, type Db } from '../db';
import { createPostgresDb } from '../db/postgres';
import { primeHouseAccounts } from '../ledger';
import { createPlayer, testApp } from '../testing/helpers';
import { writeAudit } from '../core/audit';
import { sealAudit, verifyAuditChain } from './audit-chain';
import { protectedGrants, PROTECTED_TABLES } from './protect-audit';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from './private-postgres.test-util';

/**
 * Issue 32: the API's database role cannot rewrite the audit, its seals or the exclusions. On a PostgreSQL server of
 * this test's own (initdb/pg_ctl in a temporary directory): the API migrates as its own role `khela_api`, the admin
 * runs `db:protect-audit`, and then the API's role may read and append but not UPDATE, DELETE, TRUNCATE, disable the
 * triggers or drop anything; the API still works; a superuser's tampering is found by `audit:verify`.
 */
const TSX = path.join(API_ROOT, 'node_modules/.bin/tsx');
const API_PASSWORD = 'api-role-password-1';

function cli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const { PATH, HOME } = process.env;
    const child = spawn(TSX, [script, ...args], { cwd: API_ROOT, env: { PATH: PATH!, HOME: HOME!, LOG_LEVEL: 'warn', ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe.runIf(privatePostgresAvailable())('audit and exclusions on a private PostgreSQL', () => {
  let server: PrivatePostgres;
  let api: Db;
  let admin: Db;
  let app: FastifyInstance;
  let protectOut = '';

  beforeAll(async () => {
    server = await startPrivatePostgres();
    const su = new pg.Client({ connectionString: server.url() });
    await su.connect();
    await su.query(`CREATE ROLE khela_api LOGIN PASSWORD '${API_PASSWORD}'`);
    await su.query('CREATE DATABASE khela');
    await su.end();
    const suKhela = new pg.Client({ connectionString: server.url('khela') });
    await suKhela.connect();
    await suKhela.query('GRANT USAGE, CREATE ON SCHEMA public TO khela_api');
    await suKhela.end();
    // the API migrates and seeds as its own role, owning what it creates
    api = await createPostgresDb({ url: server.url('khela', 'khela_api', API_PASSWORD), max: 6 });
    await migrate(api);
    await primeHouseAccounts(api);
    app = await testApp(api, { AUDIT_SEAL_INTERVAL_MS: '0' });
    // the database's administrator protects the tables
    const r = await cli('src/staff/protect-cli.ts', ['--api-role', 'khela_api'], { DATABASE_URL: server.url('khela') });
    expect(r.code, r.out).toBe(0);
    protectOut = r.out;
    admin = await createPostgresDb({ url: server.url('khela'), max: 2 });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await api?.close();
    await admin?.close();
    server?.stop();
  });

  it('the tables belong to khela_audit; the API’s role may SELECT and INSERT only', async () => {
    const grants = await protectedGrants(admin, 'khela_api');
    expect(grants.map((g) => g.table).sort()).toEqual([...PROTECTED_TABLES].sort());
    for (const g of grants) {
      expect(g).toMatchObject({ owner: 'khela_audit', select: true, insert: true, update: false, delete: false, truncate: false });
    }
    expect(protectOut).toContain('operator_audit: owner khela_audit; khela_api may select, insert');
    // the API's role does not own the database here (the superuser does): no warning
    expect(protectOut).not.toContain('Warning');
  });

  it('the API’s role cannot UPDATE, DELETE, TRUNCATE, disable the triggers, drop the tables or the schema', async () => {
    const refused = async (sql: string) => {
      const err = await api.query(sql).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, sql).not.toBeNull();
      expect(pgErrorCode(err), `${sql}: ${(err as Error).message}`).toBe('42501');
    };
    for (const t of PROTECTED_TABLES) {
      await refused(`UPDATE ${t} SET ${t === 'operator_audit_seals' ? 'sealed_at = sealed_at' : 'created_at = created_at'}`);
      await refused(`DELETE FROM ${t}`);
      await refused(`TRUNCATE ${t} CASCADE`);
      await refused(`ALTER TABLE ${t} DISABLE TRIGGER ALL`);
      await refused(`DROP TABLE ${t} CASCADE`);
    }
    await refused('DROP SCHEMA public CASCADE');
    await refused(`SET session_replication_role = replica`);
    // granting itself more is a no-op (PostgreSQL only warns): the privileges stay as they were
    await api.query('GRANT UPDATE, DELETE, TRUNCATE ON operator_audit TO khela_api');
    expect((await protectedGrants(admin, 'khela_api')).find((g) => g.table === 'operator_audit')).toMatchObject({
      update: false,
      delete: false,
      truncate: false,
    });
  });

  it('the API still appends: log-in and refusals are audited, an exclusion is recorded, the job seals, the chain verifies', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { username: 'support', password: 'support123' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const forbidden = await app.inject({
      method: 'GET',
      url: '/api/operator/audit',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(forbidden.statusCode).toBe(403);
    const player = await createPlayer(api);
    await api.query(
      `INSERT INTO player_exclusions (player_id, kind, period, ends_at) VALUES ($1, 'time_out', '24h', now() + interval '1 day')`,
      [player],
    );
    await writeAudit(api, { staffId: null, username: 'system', ip: null }, { action: 'test.private', after: { ok: true } });
    expect(await sealAudit(api, { settleSeconds: 60, batch: 100 })).toBeGreaterThanOrEqual(3);
    const report = await verifyAuditChain(api);
    expect(report).toMatchObject({ ok: true, unsealed: 0, problems: [] });
    const actions = await api.query<{ action: string }>(`SELECT action FROM operator_audit ORDER BY id`);
    expect(actions.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['staff.login', 'staff.forbidden', 'test.private']));
  });

  it('audit:verify passes, then names the row a superuser changed behind the triggers (exit 1)', async () => {
    const env = { DATABASE_URL: server.url('khela', 'khela_api', API_PASSWORD) };
    const good = await cli('src/staff/verify-cli.ts', ['--seal'], env);
    expect(good.code, good.out).toBe(0);
    expect(good.out).toMatch(/^OK: \d+ sealed row\(s\) up to audit id \d+; 0 not sealed yet\.$/m);
    const victim = await api.query<{ id: string }>(`SELECT id FROM operator_audit WHERE action = 'staff.login' ORDER BY id LIMIT 1`);
    const id = victim.rows[0]!.id;
    await admin.tx(async (q) => {
      await q.query('SET LOCAL session_replication_role = replica');
      await q.query(`UPDATE operator_audit SET ip = '203.0.113.9' WHERE id = $1`, [id]);
    });
    const bad = await cli('src/staff/verify-cli.ts', [], env);
    expect(bad.code, bad.out).toBe(1);
    expect(bad.out).toContain(`audit row ${id} differs from its seal (changed after sealing)`);
    expect(bad.out).toContain('BROKEN');
  });
});
