import { secret } from '../config';
import { challengeConfig } from '../infra/challenge';
import type { RateRule } from '../infra/throttle';

/** Identity settings from the environment; secrets come from ../config.ts, other defaults are safe development values. */
const num = (name: string, dflt: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : dflt;
};

export function identityConfig() {
  // e2e raises every limit at once (many sign-ups and logins from one address)
  const scale = num('RATE_LIMIT_SCALE', 1);
  const rule = (name: string, max: number, windowSeconds: number): RateRule => ({
    max: Math.max(1, Math.round(num(name, max) * scale)),
    windowSeconds,
  });
  /** `name` is where a challenge starts (the old refusal limit); `${name}_CEILING` (default `factor` times it) refuses. */
  const escalating = (name: string, challengeAt: number, factor: number, windowSeconds: number): RateRule => {
    const soft = Math.max(1, Math.round(num(name, challengeAt) * scale));
    return {
      challengeAt: soft,
      max: Math.max(soft, Math.round(num(`${name}_CEILING`, num(name, challengeAt) * factor) * scale)),
      windowSeconds,
    };
  };
  const sandbox = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4100';
  return {
    messagingUrl: (process.env.MESSAGING_URL ?? `${sandbox.replace(/\/$/, '')}/outbox`).replace(/\/$/, ''),
    messagingSecret: secret('MESSAGING_SECRET'),
    /** Key of the HMAC that stores one-time codes. */
    otpPepper: secret('OTP_PEPPER'),
    otpTtlSeconds: 600,
    otpMaxAttempts: 5,
    limits: {
      // Per client address (carrier NAT puts thousands of players behind one) and per username: past the first
      // number a solved challenge lets the attempt through, past the ceiling nothing does. Per phone or e-mail
      // address (whose owner receives the codes) and for the staff console: plain refusals.
      loginFailuresPerUsername: escalating('RATE_LIMIT_LOGIN_PER_USERNAME', 5, 10, 15 * 60),
      loginFailuresPerIp: escalating('RATE_LIMIT_LOGIN_PER_IP', 30, 100, 15 * 60),
      otpPerAddress: rule('RATE_LIMIT_OTP_PER_ADDRESS', 5, 60 * 60),
      otpPerUsername: escalating('RATE_LIMIT_OTP_PER_USERNAME', 10, 3, 60 * 60),
      otpPerIp: escalating('RATE_LIMIT_OTP_PER_IP', 30, 100, 60 * 60),
      /** Sign-up attempts (not only successes) per address and per phone number. */
      signupPerIp: escalating('RATE_LIMIT_SIGNUP_PER_IP', 60, 100, 60 * 60),
      signupPerPhone: rule('RATE_LIMIT_SIGNUP_PER_PHONE', 5, 60 * 60),
    },
    /** The proof-of-work challenge (infra/challenge.ts): CHALLENGE_COST, CHALLENGE_MAX_NUMBER, CHALLENGE_TTL_SECONDS. */
    challenge: challengeConfig(),
    /** VIP points a player earns for verifying the phone the first time. */
    verifyPhoneVipPoints: num('IDENTITY_VERIFY_PHONE_VP', 10),
    /** Cash bonus (minor units) the referrer earns once the referred friend has deposited and bet. */
    referralRewardMinor: referralRewardMinor(),
    /** Turnover multiple of a claimed bonus (cash bonus claim, VP conversion) before a withdrawal. */
    bonusTurnoverMultiple: bonusTurnoverMultiple(),
  };
}
export type IdentityConfig = ReturnType<typeof identityConfig>;

/** Cash bonus (minor units) of one qualified referral; read where the qualifying money moves (wallet, casino) too. */
export function referralRewardMinor(): bigint {
  return BigInt(Math.round(num('IDENTITY_REFERRAL_REWARD', 50) * 100));
}

/**
 * Money the site gives away (a claimed cash bonus, converted VIP points) must be wagered this many times
 * before the player can withdraw: BONUS_TURNOVER_MULTIPLE, default 3 (0 turns the requirement off).
 */
export function bonusTurnoverMultiple(): number {
  const v = Number(process.env.BONUS_TURNOVER_MULTIPLE);
  return process.env.BONUS_TURNOVER_MULTIPLE !== undefined && Number.isInteger(v) && v >= 0 ? v : 3;
}
