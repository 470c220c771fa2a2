/** Identity settings from the environment; every default is a safe development value. */
const num = (name: string, dflt: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : dflt;
};

export interface RateRule {
  /** Events allowed inside the window (already multiplied by RATE_LIMIT_SCALE). */
  max: number;
  windowSeconds: number;
}

export function identityConfig() {
  // e2e raises every limit at once (many sign-ups and logins from one address)
  const scale = num('RATE_LIMIT_SCALE', 1);
  const rule = (name: string, max: number, windowSeconds: number): RateRule => ({
    max: Math.max(1, Math.round(num(name, max) * scale)),
    windowSeconds,
  });
  const sandbox = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4100';
  return {
    messagingUrl: (process.env.MESSAGING_URL ?? `${sandbox.replace(/\/$/, '')}/outbox`).replace(/\/$/, ''),
    messagingSecret: process.env.MESSAGING_SECRET ?? 'dev-messaging-secret',
    /** Key of the HMAC that stores one-time codes. */
    otpPepper: process.env.OTP_PEPPER ?? 'dev-otp-pepper',
    otpTtlSeconds: 600,
    otpMaxAttempts: 5,
    limits: {
      loginFailuresPerUsername: rule('RATE_LIMIT_LOGIN_PER_USERNAME', 5, 15 * 60),
      loginFailuresPerIp: rule('RATE_LIMIT_LOGIN_PER_IP', 30, 15 * 60),
      otpPerAddress: rule('RATE_LIMIT_OTP_PER_ADDRESS', 5, 60 * 60),
      otpPerUsername: rule('RATE_LIMIT_OTP_PER_USERNAME', 10, 60 * 60),
      otpPerIp: rule('RATE_LIMIT_OTP_PER_IP', 30, 60 * 60),
      signupPerIp: rule('RATE_LIMIT_SIGNUP_PER_IP', 60, 60 * 60),
    },
    /** VIP points a player earns for verifying the phone the first time. */
    verifyPhoneVipPoints: num('IDENTITY_VERIFY_PHONE_VP', 10),
    /** Cash bonus (minor units) the referrer earns when a referred friend verifies the phone. */
    referralRewardMinor: BigInt(Math.round(num('IDENTITY_REFERRAL_REWARD', 50) * 100)),
  };
}
export type IdentityConfig = ReturnType<typeof identityConfig>;
