export interface AuthConfig {
  /**
   * How long a looked-up live session may answer from this process's memory (SESSION_CACHE_TTL_MS, default 30,000;
   * 0 turns the cache off). A revocation reaches every process at once through NOTIFY. A lost notice is not what this
   * bounds: on PostgreSQL the cache is dropped when the LISTEN connection is lost or listens anew, and answers only
   * while the process's own notice every 250 ms comes back within a second (session-cache.ts), so a revoked token
   * dies within one second on every process even with a dead or late connection. Until 2026-11-28 the default was
   * 1 s on PostgreSQL as that safety net: a busy token then cost one lookup a second per process (200 betting
   * players, 200 lookups a second; at the exchange bench's 1,000 bets/s, 0.2 statements a bet).
   */
  sessionCacheTtlMs: number;
  // On PGlite (one process) there is no LISTEN connection to lose: every notice is delivered in-process when its
  // transaction commits.
  /** Most sessions kept per process (SESSION_CACHE_MAX, default 50,000); the oldest go first. */
  sessionCacheMax: number;
}

export function authConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const num = (v: string | undefined, fallback: number) => (v !== undefined && v !== '' && Number(v) >= 0 ? Number(v) : fallback);
  return {
    sessionCacheTtlMs: num(env.SESSION_CACHE_TTL_MS, 30_000),
    sessionCacheMax: Math.max(1, num(env.SESSION_CACHE_MAX, 50_000)),
  };
}
