import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPgliteDb } from './pglite';
import { createPostgresDb } from './postgres';
import type { Db } from './types';

export type { Db, Queryable, DbKind } from './types';
export { withRetry, pgErrorCode } from './types';
export { migrate } from './migrate';

export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** DATABASE_URL -> PostgreSQL pool; otherwise PGlite in DATA_DIR (default api/.data/pglite; 'memory' for tests). */
export function createDb(env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  if (env.DATABASE_URL) return createPostgresDb({ url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA });
  const dir = env.DATA_DIR ?? path.join(API_ROOT, '.data/pglite');
  return createPgliteDb(dir === 'memory' ? 'memory' : path.resolve(dir));
}
