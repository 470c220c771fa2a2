// Errors that mean the database is away for a moment (a restart, a failover, a cut link), not that a request is wrong.
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
/** The database went away under a batch (restart, failover, cut link): nothing was written; the client retries. */
export function databaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (typeof e?.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  return (
    typeof e?.message === 'string' &&
    /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect/i.test(e.message)
  );
}
