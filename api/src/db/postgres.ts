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
  /** First wait before the LISTEN connection reconnects after losing the server; doubles up to 5 s (PG_RECONNECT_MS). */
  reconnectMs?: number;
}

export async function createPostgresDb(opts: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? (Number(process.env.PG_POOL_MAX) || 10),
    // a server that does not answer fails the request instead of holding it for ever; the same wait covers queueing
    // for a free connection, so it is long enough for a burst on a loaded machine (5 s failed 50 parallel bets)
    connectionTimeoutMillis: Number(process.env.PG_CONNECT_TIMEOUT_MS) || 30_000,
    types: customTypes,
    options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
    // which process a connection belongs to, in pg_stat_activity (cluster mode names its processes api1, api2, …)
    application_name: process.env.KHELA_INSTANCE ?? 'khela-api',
    // statements sent before the last one is answered go out at once (tx's TxOptions); awaited one by one, as almost
    // every caller does, they behave as without it. PG_PIPELINE=0 turns it off (then TxOptions saves nothing).
    pipeline: process.env.PG_PIPELINE !== '0',
  } as pg.PoolConfig);
  pool.on('error', () => undefined); // idle-client errors surface on the next query instead
  let listener: Promise<pg.Client> | null = null;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  const firstDelay = opts.reconnectMs ?? (Number(process.env.PG_RECONNECT_MS) || 500);
  let delay = firstDelay;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  /** Told when the listening connection is lost and when it listens again (notices in between are gone). */
  const resets = new Set<() => void>();
  const reset = () => {
    for (const r of resets) r();
  };
  const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

  /**
   * The one connection that LISTENs. When the server goes away (restart, failover) it is replaced and every
   * channel is listened to again, so push across processes resumes by itself; an unhandled 'error' on it would
   * otherwise end the process.
   */
  function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const c = new pg.Client({ connectionString: opts.url, types: customTypes });
    const lost = () => {
      if (closed || !listener) return;
      listener = null;
      c.removeAllListeners('notification');
      c.end().catch(() => undefined);
      reset();
      scheduleReconnect();
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    const ready = (async () => {
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
      delay = firstDelay;
      return c;
    })();
    listener = ready;
    ready.catch(() => {
      if (listener === ready) listener = null;
      c.end().catch(() => undefined);
    });
    return ready;
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer || !handlers.size) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      listenerClient().then(reset, () => {
        delay = Math.min(delay * 2, 5_000);
        scheduleReconnect();
      });
    }, delay);
  }

  const memo = new Map<string, unknown>();
  return {
    kind: 'postgres',
    memo,
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)) as unknown as { rows: T[] },
    exec: async (sql) => void (await pool.query(sql)),
    tx: (fn, options) =>
      withRetry(async () => {
        const client = await pool.connect();
        // the server may end the connection between two statements (restart): that surfaces on the next statement;
        // as an unhandled 'error' event it would end the process
        const ignore = () => undefined;
        client.on('error', ignore);
        const release = (err?: Error) => {
          client.off('error', ignore);
          client.release(err);
        };
        type Rows<T> = { rows: T[] };
        try {
          // with pipelineBegin, BEGIN is answered together with fn's first statement (see TxOptions)
          const began = client.query('BEGIN');
          if (options?.pipelineBegin)
            began.catch(() => undefined); // its error is thrown where it is awaited, never left unhandled
          else await began;
          let firstSent = !options?.pipelineBegin;
          const send = async <T>(sql: string, params?: unknown[]): Promise<Rows<T>> => {
            if (firstSent) {
              // a statement fn sends while its first is still out waits for BEGIN's answer (it may change something)
              await began;
              return (await client.query(sql, params)) as unknown as Rows<T>;
            }
            firstSent = true;
            const [begun, first] = await Promise.allSettled([began, client.query(sql, params)]);
            if (begun.status === 'rejected') throw begun.reason;
            if (first.status === 'rejected') throw first.reason;
            return first.value as unknown as Rows<T>;
          };
          const q: Queryable = {
            query: send,
            exec: async (sql) => void (await send(sql)),
            memo,
          };
          const result = await fn(q);
          await began;
          const last = options?.lastWithCommit?.(result);
          if (last) {
            const [ran, committed] = await Promise.allSettled([client.query(last.sql, last.params), client.query('COMMIT')]);
            if (ran.status === 'rejected') throw ran.reason; // the server rolled back instead of committing
            if (committed.status === 'rejected') throw committed.reason;
            if (committed.value.command !== 'COMMIT') throw new Error(`COMMIT answered ${committed.value.command}`);
          } else {
            await client.query('COMMIT');
          }
          release();
          return result;
        } catch (err) {
          // a connection that cannot even roll back (server restarted, link cut) is dropped, not pooled again
          const rolledBack = await client.query('ROLLBACK').then(
            () => true,
            () => false,
          );
          release(rolledBack ? undefined : (err as Error));
          throw err;
        }
      }),
    async listen(channel, handler, onReset) {
      const c = await listenerClient();
      if (onReset) resets.add(onReset);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await c.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (onReset) resets.delete(onReset);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async notifyOnListener(channel, payload) {
      if (!listener) throw new Error('not listening');
      await (await listener).query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const c = await listener?.catch(() => null);
      await c?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
