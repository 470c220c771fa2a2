import type { Queryable } from '../db';

/**
 * The tables the application may append to but never rewrite: the staff audit log, its seals, and the players'
 * self-exclusions and time-outs. On PostgreSQL they belong to a separate owner role, and the API's role keeps SELECT
 * and INSERT (and the id sequences) only: no UPDATE, DELETE or TRUNCATE, no ALTER or DISABLE TRIGGER (only an owner
 * may), whatever the application's code does. The triggers stay as a second line for every role.
 */
export const PROTECTED_TABLES = ['operator_audit', 'operator_audit_seals', 'player_exclusions'] as const;

/** The serial column of each protected table. */
const SERIALS: [(typeof PROTECTED_TABLES)[number], string][] = [
  ['operator_audit', 'id'],
  ['operator_audit_seals', 'seq'],
  ['player_exclusions', 'id'],
];

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

/** The statements that hand the protected tables to `owner` and leave `apiRole` SELECT + INSERT (idempotent). */
export function protectAuditSql(owner: string, apiRole: string, schema = 'public'): string[] {
  for (const [what, v] of [
    ['owner', owner],
    ['API role', apiRole],
    ['schema', schema],
  ] as const) {
    if (!IDENT.test(v)) throw new Error(`The ${what} "${v}" must be a plain lower-case SQL name.`);
  }
  if (owner === apiRole) throw new Error('The owner must be another role than the API’s.');
  const sql = [
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${owner}') THEN CREATE ROLE ${owner} NOLOGIN; END IF;
     END $$`,
    // the API's role must not act as the owner through a membership
    `DO $$ BEGIN
       IF pg_has_role('${apiRole}', '${owner}', 'MEMBER') THEN EXECUTE 'REVOKE ${owner} FROM ${apiRole}'; END IF;
     END $$`,
    // the owner of a schema may drop it with everything in it, whoever owns the tables: not the API's role
    `ALTER SCHEMA ${schema} OWNER TO ${owner}`,
    `GRANT USAGE, CREATE ON SCHEMA ${schema} TO ${apiRole}`,
  ];
  for (const t of PROTECTED_TABLES) {
    const table = `${schema}.${t}`;
    sql.push(
      `ALTER TABLE ${table} OWNER TO ${owner}`,
      `REVOKE ALL ON TABLE ${table} FROM PUBLIC`,
      `REVOKE ALL ON TABLE ${table} FROM ${apiRole}`,
      `GRANT SELECT, INSERT ON TABLE ${table} TO ${apiRole}`,
    );
  }
  // the serial ids: nextval for the inserts (the sequences follow their tables' owner)
  for (const [t, column] of SERIALS) {
    sql.push(
      `DO $$ DECLARE s text := pg_get_serial_sequence('${schema}.${t}', '${column}'); BEGIN
         IF s IS NOT NULL THEN EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE %s TO ${apiRole}', s); END IF;
       END $$`,
    );
  }
  return sql;
}

/** What is still wrong after protecting: the API's role owning the database could drop it whole. */
export async function protectionWarnings(q: Queryable, apiRole: string): Promise<string[]> {
  const r = await q.query<{ owner: string; db: string }>(
    `SELECT pg_get_userbyid(datdba) AS owner, datname AS db FROM pg_database WHERE datname = current_database()`,
  );
  const row = r.rows[0];
  return row && row.owner === apiRole
    ? [`The database ${row.db} belongs to ${apiRole}, which may drop it whole: ALTER DATABASE ${row.db} OWNER TO another role.`]
    : [];
}

/** What `role` may do to each protected table (for the check after protecting, and for /ready-style reports). */
export async function protectedGrants(
  q: Queryable,
  role: string,
): Promise<{ table: string; owner: string; select: boolean; insert: boolean; update: boolean; delete: boolean; truncate: boolean }[]> {
  const r = await q.query<{
    table: string;
    owner: string;
    select: boolean;
    insert: boolean;
    update: boolean;
    delete: boolean;
    truncate: boolean;
  }>(
    `SELECT c.relname AS table, pg_get_userbyid(c.relowner) AS owner,
       has_table_privilege($1, c.oid, 'SELECT') AS select, has_table_privilege($1, c.oid, 'INSERT') AS insert,
       has_table_privilege($1, c.oid, 'UPDATE') AS update, has_table_privilege($1, c.oid, 'DELETE') AS delete,
       has_table_privilege($1, c.oid, 'TRUNCATE') AS truncate
     FROM pg_class c WHERE c.relname = ANY($2) AND c.relkind = 'r' AND c.relnamespace = to_regnamespace(current_schema())
     ORDER BY c.relname`,
    [role, [...PROTECTED_TABLES]],
  );
  return r.rows;
}
