export interface AuthConfig {
  /**
   * How long a looked-up live session may answer from this process's memory (SESSION_CACHE_TTL_MS, default 1000;
   * 0 turns the cache off). A revocation reaches every process at once through NOTIFY; this bound is the safety net
   * for a lost notice (the LISTEN connection down and reconnecting): at 1 s a revoked token dies within one second
   * on every process even then, and a busy token still costs one lookup a second per process instead of one per call.
   */
  sessionCacheTtlMs: number;
  /** Most sessions kept per process (SESSION_CACHE_MAX, default 50,000); the oldest go first. */
  sessionCacheMax: number;
}

export function authConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const num = (v: string | undefined, fallback: number) => (v !== undefined && v !== '' && Number(v) >= 0 ? Number(v) : fallback);
  return {
    sessionCacheTtlMs: num(env.SESSION_CACHE_TTL_MS, 1000),
    sessionCacheMax: Math.max(1, num(env.SESSION_CACHE_MAX, 50_000)),
  };
}
