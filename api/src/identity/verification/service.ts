import type { FastifyBaseLogger } from 'fastify';
import { pgErrorCode, type Db, type Queryable } from '../../db';
import { BadRequest, HttpError } from '../../errors';
import type { IdentityConfig } from '../config';
import { sendInboxMessage } from '../../core/inbox';
import { loadPlayer } from '../profile/service';
import { reserveAttempt, type Limit } from '../../infra/throttle';
import { cancelCode, issueCode, type CodePurpose } from './codes';
import type { Messenger } from './messaging';

export interface CodeDelivery {
  db: Db;
  config: IdentityConfig;
  messenger: Messenger;
  log: FastifyBaseLogger;
}

/** The three throttles every code send counts against: the address, the account, the client's address. */
export function otpLimits(config: IdentityConfig, a: { destination: string; username: string; ip: string }): Limit[] {
  const L = config.limits;
  return [
    { bucket: 'otp:address', key: a.destination, rule: L.otpPerAddress },
    { bucket: 'otp:username', key: a.username.toLowerCase(), rule: L.otpPerUsername },
    { bucket: 'otp:ip', key: a.ip, rule: L.otpPerIp },
  ];
}

/**
 * Sends a fresh code under the OTP limits (the attempt is reserved first, atomically; `reserved` when
 * the caller already did); a delivery failure cancels the code and answers 502 with the spec's text.
 */
export async function deliverCode(
  { db, config, messenger, log }: CodeDelivery,
  input: {
    playerId: number;
    username: string;
    purpose: CodePurpose;
    channel: 'sms' | 'email';
    destination: string;
    ip: string;
    reserved?: boolean;
    /** The request's X-Challenge, spent when the address or username shows unusual volume. */
    challenge?: string;
  },
): Promise<void> {
  if (!input.reserved) await reserveAttempt(db, otpLimits(config, input), { config: config.challenge, header: input.challenge });
  const { id, code } = await issueCode(db, config, input);
  const what = input.purpose === 'reset' ? 'password reset code' : 'verification code';
  try {
    await messenger.send({
      channel: input.channel,
      to: input.destination,
      subject: input.purpose === 'reset' ? 'Khela password reset' : 'Khela verification code',
      text: `Your Khela ${what} is ${code}. It expires in 10 minutes. Never share it with anyone.`,
    });
  } catch (err) {
    log.warn({ err, channel: input.channel }, 'code delivery failed');
    await cancelCode(db, id);
    throw new HttpError(502, input.purpose === 'reset' ? 'Failed to send OTP. Please try again.' : 'Failed to send code');
  }
}

/** True when another account has already verified this e-mail address. */
export async function emailVerifiedElsewhere(q: Queryable, email: string, playerId: number): Promise<boolean> {
  const used = await q.query('SELECT 1 FROM players WHERE lower(email) = $1 AND email_verified_at IS NOT NULL AND id <> $2', [
    email,
    playerId,
  ]);
  return used.rows.length > 0;
}

export async function markEmailVerified(q: Queryable, playerId: number, email: string): Promise<void> {
  await q.query('UPDATE players SET email = $2, email_verified_at = now(), updated_at = now() WHERE id = $1', [playerId, email]);
}

export const PHONE_TAKEN = 'This phone number is already verified on another account.';

/**
 * True when another account has verified this phone (as its main or an extra phone). The database
 * holds the rule too (unique indexes on verified phones); this gives the clear message first.
 */
export async function phoneVerifiedElsewhere(q: Queryable, phone: string, playerId: number): Promise<boolean> {
  const r = await q.query(
    `SELECT 1 FROM players WHERE phone = $1 AND phone_verified AND id <> $2
     UNION ALL SELECT 1 FROM player_phones WHERE phone = $1 AND verified_at IS NOT NULL AND player_id <> $2 LIMIT 1`,
    [phone, playerId],
  );
  return r.rows.length > 0;
}

/** A unique-index violation (two accounts verifying one phone at once) as the same clear refusal. */
const takenOnConflict = (err: unknown): never => {
  if (pgErrorCode(err) === '23505') throw new BadRequest(PHONE_TAKEN);
  throw err;
};

/**
 * The main phone's first verification: VIP points and an inbox message for the player. A phone
 * verified on another account is refused. (The referrer's reward waits for a deposit and a bet:
 * rewards/service.ts rewardReferrerIfQualified.)
 */
export function markPhoneVerified(db: Db, config: IdentityConfig, playerId: number, phone: string): Promise<void> {
  return db
    .tx(async (q) => {
      const p = await loadPlayer(q, playerId, true);
      if (p.phone_verified || p.phone !== phone) return;
      if (await phoneVerifiedElsewhere(q, phone, playerId)) throw new BadRequest(PHONE_TAKEN);
      await q.query('UPDATE players SET phone_verified = true, vip_coin = vip_coin + $2, updated_at = now() WHERE id = $1', [
        p.id,
        config.verifyPhoneVipPoints,
      ]);
      await sendInboxMessage(
        q,
        Number(p.id),
        'Phone verified',
        `Your phone number is verified. ${config.verifyPhoneVipPoints} VIP points were added to your account.`,
      );
    })
    .catch(takenOnConflict);
}

export async function markExtraPhoneVerified(db: Db, playerId: number, phone: string): Promise<void> {
  await db
    .tx(async (q) => {
      if (await phoneVerifiedElsewhere(q, phone, playerId)) throw new BadRequest(PHONE_TAKEN);
      await q.query('UPDATE player_phones SET verified_at = now() WHERE player_id = $1 AND phone = $2 AND verified_at IS NULL', [
        playerId,
        phone,
      ]);
    })
    .catch(takenOnConflict);
}
