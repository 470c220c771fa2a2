import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

const SRC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILE_RE = /^(\d{4})_[a-z0-9_]+\.sql$/;
// Arbitrary constant: every API process migrating the same database serialises on it.
const LOCK_KEY = 7_265_001;

export interface Migration {
  number: number;
  name: string;
  file: string;
}

/** Every `src/<domain>/sql/NNNN_name.sql`, ordered by number; two files with one number is an error. */
export function findMigrations(srcDir = SRC_DIR): Migration[] {
  const found: Migration[] = [];
  for (const domain of readdirSync(srcDir, { withFileTypes: true })) {
    if (!domain.isDirectory()) continue;
    const dir = path.join(srcDir, domain.name, 'sql');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) {
      if (!f.endsWith('.sql')) continue;
      const m = FILE_RE.exec(f);
      if (!m) throw new Error(`Migration ${domain.name}/sql/${f} must be named NNNN_lower_snake.sql`);
      found.push({ number: Number(m[1]), name: f, file: path.join(dir, f) });
    }
  }
  found.sort((a, b) => a.number - b.number);
  for (let i = 1; i < found.length; i++) {
    if (found[i]!.number === found[i - 1]!.number) {
      throw new Error(`Two migrations share number ${found[i]!.number}: ${found[i - 1]!.file}, ${found[i]!.file}`);
    }
  }
  return found;
}

/** Applies pending migrations, one transaction each. Returns the names applied. */
export async function migrate(db: Db, migrations = findMigrations()): Promise<string[]> {
  const lock = async (q: { query: Db['query'] }) => {
    if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
  };
  await db.tx(async (q) => {
    await lock(q);
    await q.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      number integer NOT NULL UNIQUE,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  // one read for what is there already (a started database is usually up to date: no transaction per migration)
  const present = new Set((await db.query<{ number: number }>('SELECT number FROM schema_migrations')).rows.map((r) => Number(r.number)));
  for (const m of migrations) {
    if (present.has(m.number)) continue;
    const sql = readFileSync(m.file, 'utf8');
    await db.tx(async (q) => {
      await lock(q);
      // Re-checked under the lock: another process may have applied it meanwhile.
      const done = await q.query('SELECT 1 FROM schema_migrations WHERE number = $1', [m.number]);
      if (done.rows.length) return;
      await q.exec(sql);
      await q.query('INSERT INTO schema_migrations (name, number) VALUES ($1, $2)', [m.name, m.number]);
      applied.push(m.name);
    });
  }
  return applied;
}
