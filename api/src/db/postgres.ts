import pg from 'pg';
import type { Db, Queryable } from './types';
import { withRetry } from './types';

const raw = (v: string) => v;
// Per-pool parsers (not the global `pg.types`): date as 'YYYY-MM-DD', never a local-time Date.
const customTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 1082) return raw;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export interface PostgresOptions {
  url: string;
  /** Sets `search_path` on every connection (tests use one schema per run). */
  schema?: string;
  max?: number;
}

export async function createPostgresDb(opts: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    types: customTypes,
    options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
  });
  pool.on('error', () => undefined); // idle-client errors surface on the next query instead
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const c = new pg.Client({ connectionString: opts.url, types: customTypes });
    await c.connect();
    c.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    listener = c;
    return c;
  }

  const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)) as unknown as { rows: T[] },
    exec: async (sql) => void (await pool.query(sql)),
    tx: (fn) =>
      withRetry(async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const q: Queryable = {
            query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)) as unknown as { rows: T[] },
            exec: async (sql) => void (await client.query(sql)),
          };
          const result = await fn(q);
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      }),
    async listen(channel, handler) {
      const c = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await c.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
