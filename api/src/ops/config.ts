import { envInt } from '../config';

/**
 * Operations settings (readiness, metrics, shutdown), read from the environment once per app. Test-time
 * settings shorten the waits; none of them changes what a request does.
 */
export interface OpsConfig {
  /** SHUTDOWN_GRACE_MS: how long in-flight requests may run after SIGTERM before their connections are cut. */
  shutdownGraceMs: number;
  /** SHUTDOWN_READY_DELAY_MS: how long /ready answers 503 before the port closes (balancers polling /ready notice). */
  shutdownReadyDelayMs: number;
  /** READY_DB_TIMEOUT_MS: a database that does not answer within this is "down" for /ready. */
  readyDbTimeoutMs: number;
  /** METRICS_TOKEN: when set, /metrics wants `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** ODDS_FEED=off: this process mirrors no odds feed, so /ready does not wait for one. */
  oddsFeed: boolean;
}

export function opsConfig(env: NodeJS.ProcessEnv = process.env): OpsConfig {
  const int = (name: string, dflt: number) => envInt(env, name, dflt);
  return {
    shutdownGraceMs: int('SHUTDOWN_GRACE_MS', 25_000),
    shutdownReadyDelayMs: int('SHUTDOWN_READY_DELAY_MS', 0),
    readyDbTimeoutMs: int('READY_DB_TIMEOUT_MS', 2_000),
    metricsToken: env.METRICS_TOKEN || null,
    oddsFeed: env.ODDS_FEED !== 'off',
  };
}
