/** What a statement runner offers: the whole `Db` outside a transaction, or a transaction's handle inside one. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Values read from committed rows that never change afterwards (house account ids), shared by a `Db` and every
   * transaction handle it gives out, so a hot path can skip a lookup. Filled only outside a request's transaction.
   */
  readonly memo?: Map<string, unknown>;
}

export type DbKind = 'pglite' | 'postgres';

export interface Db extends Queryable {
  readonly kind: DbKind;
  /**
   * Runs `fn` in one transaction; commits when it resolves, rolls back when it throws.
   * Retried on serialization failure/deadlock, so `fn` must not have side effects outside `q`.
   * Inside `fn` use `q`, never the `Db` itself (on PGlite that would wait for the transaction forever).
   */
  tx<T>(fn: (q: Queryable) => Promise<T>, options?: TxOptions<T>): Promise<T>;
  /**
   * Subscribes to a notification channel; resolves to an unsubscribe function. `onReset` (PostgreSQL) is called when
   * the listening connection is lost and again once it listens anew: notices committed in between were never delivered.
   */
  listen(channel: string, handler: (payload: string) => void, onReset?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * PostgreSQL: a notice sent on the listening connection itself (not through the pool, so a busy pool cannot hold it
   * up); it comes back to that connection after every notice committed before it.
   */
  notifyOnListener?(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Round trips a hot transaction can save on PostgreSQL (its pool's connections are in pipeline mode: statements sent
 * together are answered together). Each round trip of a market writer's batch waits its turn in an event loop busy
 * with HTTP work, so on a loaded machine it costs milliseconds, not the network's microseconds. PGlite ignores
 * `pipelineBegin` and runs `lastWithCommit` before its commit.
 */
export interface TxOptions<T> {
  /**
   * BEGIN goes out with `fn`'s first statement, one round trip for both. That statement must change nothing: if BEGIN
   * failed, it ran outside the transaction, and BEGIN's error is thrown before any other statement is sent.
   */
  pipelineBegin?: boolean;
  /**
   * A last statement sent together with COMMIT, one round trip for both, or null for none. It stops the commit only by
   * raising an error (the server then turns COMMIT into ROLLBACK): that error is what tx throws. A result it returns is
   * not read.
   */
  lastWithCommit?: (result: T) => { sql: string; params: unknown[] } | null;
}

/** PostgreSQL error codes worth a retry of the whole transaction. */
export const RETRYABLE_CODES = new Set(['40001', '40P01']);

export function pgErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Retries the transaction body on 40001/40P01 with a short jittered backoff. */
export async function withRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      const code = pgErrorCode(err);
      if (i >= attempts || !code || !RETRYABLE_CODES.has(code)) throw err;
      await new Promise((r) => setTimeout(r, 5 * i + Math.random() * 20));
    }
  }
}
