import type { RateRule } from '../infra/throttle';

/**
 * Operator log-in limits, read from the environment when the routes register (tests and e2e may lower or raise them).
 * Failed log-ins slow down the pair (username, address) that made them; nothing locks an account for everyone:
 * - STAFF_LOGIN_MAX_FAILURES (5) failed log-ins of one (username, address) pair within STAFF_LOGIN_LOCK_SECONDS (900):
 *   that pair waits (429 with retry_after) until the oldest failure leaves the window, or an admin unlocks it
 * - RATE_LIMIT_STAFF_LOGIN_PER_IP (30 per 15 min): failed attempts from one address, any username (× RATE_LIMIT_SCALE)
 * - STAFF_LOGIN_ALERT_FAILURES (50): failures under one username from every address within an hour raise one staff
 *   alert on the dashboard (a spread-out guessing attack), instead of locking the operator out
 * - OPERATOR_TOTP_LINK_HOURS (24): how long an admin's one-time TOTP enrolment link lives
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
  const windowSeconds = Math.max(1, Math.round(num('STAFF_LOGIN_LOCK_SECONDS', 15 * 60)));
  return {
    perPair: { max: Math.max(1, Math.round(num('STAFF_LOGIN_MAX_FAILURES', 5))), windowSeconds } as RateRule,
    perIp: rule('RATE_LIMIT_STAFF_LOGIN_PER_IP', 30, 15 * 60),
    alertFailures: Math.max(1, Math.round(num('STAFF_LOGIN_ALERT_FAILURES', 50))),
    totpLinkHours: num('OPERATOR_TOTP_LINK_HOURS', 24),
  };
}
export type StaffLoginConfig = ReturnType<typeof staffLoginConfig>;

/** The rate-limit bucket of failed operator log-ins and its key: the lower-cased username and the address. */
export const STAFF_LOGIN_PAIR = 'staff_login:pair';
export const pairKey = (username: string, ip: string) => `${username.trim().toLowerCase()}|${ip}`;
