import type { RateRule } from '../identity/config';

/**
 * Operator log-in limits, read from the environment when the routes register (tests and e2e may lower or raise them):
 * - STAFF_LOGIN_MAX_FAILURES (5): consecutive failed log-ins (wrong password or code) that lock the account
 * - STAFF_LOGIN_LOCK_SECONDS (900): how long the lock lasts
 * - RATE_LIMIT_STAFF_LOGIN_PER_USERNAME (10 per 15 min) and RATE_LIMIT_STAFF_LOGIN_PER_IP (30 per 15 min): failed
 *   attempts, known user or not, before 429 (both multiplied by RATE_LIMIT_SCALE like the player limits)
 */
export function staffLoginConfig(env: NodeJS.ProcessEnv = process.env) {
  const num = (name: string, dflt: number) => {
    const v = Number(env[name]);
    return env[name] !== undefined && env[name] !== '' && Number.isFinite(v) && v > 0 ? v : dflt;
  };
  const scale = num('RATE_LIMIT_SCALE', 1);
  const rule = (name: string, max: number, windowSeconds: number): RateRule => ({
    max: Math.max(1, Math.round(num(name, max) * scale)),
    windowSeconds,
  });
  return {
    maxFailures: Math.max(1, Math.round(num('STAFF_LOGIN_MAX_FAILURES', 5))),
    lockSeconds: Math.max(1, Math.round(num('STAFF_LOGIN_LOCK_SECONDS', 15 * 60))),
    perUsername: rule('RATE_LIMIT_STAFF_LOGIN_PER_USERNAME', 10, 15 * 60),
    perIp: rule('RATE_LIMIT_STAFF_LOGIN_PER_IP', 30, 15 * 60),
  };
}
export type StaffLoginConfig = ReturnType<typeof staffLoginConfig>;
