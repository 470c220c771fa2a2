import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30 s steps. */
export const TOTP_PERIOD = 30;
const ISSUER = 'Khela back office';

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(username: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: username, secret, period: TOTP_PERIOD });
}

/**
 * The time step of `code` when it is a code of `secret` within one step either side of now and newer than
 * `lastStep` (a code already used, or an older one, never counts twice), else null. The caller must still record
 * the step atomically (see useTotpStep) so two parallel requests cannot both spend it.
 */
export async function totpStep(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  try {
    const r = await verify({
      secret,
      token: code,
      period: TOTP_PERIOD,
      epochTolerance: TOTP_PERIOD,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
  } catch {
    return null;
  }
}
