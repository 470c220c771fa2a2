import type { DbKind } from '../db';

export interface AuthConfig {
  /**
   * How long a looked-up live session may answer from this process's memory (SESSION_CACHE_TTL_MS, default 1000;
   * 0 turns the cache off). A revocation reaches every process at once through NOTIFY; this bound is the safety net
   * for a lost notice (the LISTEN connection down and reconnecting): at 1 s a revoked token dies within one second
   * on every process even then, and a busy token still costs one lookup a second per process instead of one per call.
   */
  sessionCacheTtlMs: number;
  // On PGlite (one process) the default is 30,000: there is no LISTEN connection to lose, every notice is delivered
  // in-process when its transaction commits, and each lookup waits for the one connection the market writer's
  // batches need (at 1 s, 200 betting players cost 200 lookups a second there).
  /** Most sessions kept per process (SESSION_CACHE_MAX, default 50,000); the oldest go first. */
  sessionCacheMax: number;
}

export function authConfig(env: NodeJS.ProcessEnv = process.env, kind: DbKind = 'postgres'): AuthConfig {
  const num = (v: string | undefined, fallback: number) => (v !== undefined && v !== '' && Number(v) >= 0 ? Number(v) : fallback);
  return {
    sessionCacheTtlMs: num(env.SESSION_CACHE_TTL_MS, kind === 'pglite' ? 30_000 : 1000),
    sessionCacheMax: Math.max(1, num(env.SESSION_CACHE_MAX, 50_000)),
  };
}
