import { parseArgs } from 'node:util';
import { createDb } from '../db';
import { PROTECTED_TABLES, protectAuditSql, protectedGrants, protectionWarnings } from './protect-audit';
import { runCli } from '../ops/cli';

/*
 * Gives the audit and exclusion tables to a separate owner role so the API's role can only read and append to them:
 *   DATABASE_URL=postgres://admin@db/khela pnpm --filter api db:protect-audit -- --api-role khela_api [--owner khela_audit]
 * Run by the database's administrator (a superuser, or the tables' current owner with CREATEROLE) after the API has
 * migrated, and again after a migration that adds a protected table. It prints what the API's role may do afterwards.
 * Migrations that alter a protected table must then be run by the owner (the API's role cannot).
 */
async function run(): Promise<number> {
  const { values } = parseArgs({ options: { 'api-role': { type: 'string' }, owner: { type: 'string' } }, allowPositionals: true });
  const apiRole = values['api-role'];
  const owner = values.owner ?? 'khela_audit';
  if (!apiRole || !process.env.DATABASE_URL) {
    process.stderr.write('Usage: DATABASE_URL=<admin url> db:protect-audit -- --api-role ROLE [--owner ROLE]  (PostgreSQL only)\n');
    return 2;
  }
  const db = await createDb();
  try {
    const missing = await db.query<{ t: string }>(`SELECT t FROM unnest($1::text[]) t WHERE to_regclass(t) IS NULL`, [
      [...PROTECTED_TABLES],
    ]);
    if (missing.rows.length) {
      process.stderr.write(`Missing tables (start the API once to migrate): ${missing.rows.map((r) => r.t).join(', ')}\n`);
      return 1;
    }
    const schema = (await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
    await db.tx(async (q) => {
      for (const statement of protectAuditSql(owner, apiRole, schema)) await q.query(statement);
    });
    for (const g of await protectedGrants(db, apiRole)) {
      const may = (['select', 'insert', 'update', 'delete', 'truncate'] as const).filter((k) => g[k]).join(', ') || 'nothing';
      process.stdout.write(`${g.table}: owner ${g.owner}; ${apiRole} may ${may}\n`);
    }
    for (const w of await protectionWarnings(db, apiRole)) process.stdout.write(`Warning: ${w}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

runCli('db:protect-audit', run);
