import { randomInt } from 'node:crypto';
import { OTP_LENGTH } from '@khela/contracts';
import { hmacSha256Hex, verifyHmacSha256Hex } from '@khela/contracts/signing';
import type { Queryable } from '../../db';
import { HttpError } from '../../errors';
import type { IdentityConfig } from '../config';

export type CodePurpose = 'phone' | 'email' | 'extra_phone' | 'reset';

/**
 * One canonical form per phone so "+880 1712-345678", "8801712345678" and "01712345678" match:
 * digits only, and a Bangladeshi mobile with its country code is written the local way (01XXXXXXXXX).
 */
export function normalizePhone(input: string): string {
  const d = input.replace(/\D/g, '');
  if (d.length === 13 && d.startsWith('8801')) return `0${d.slice(3)}`;
  if (d.length === 10 && d.startsWith('1')) return `0${d}`;
  return d;
}

export const normalizeEmail = (e: string) => e.trim().toLowerCase();

// Codes are stored as an HMAC keyed with the pepper: a database leak does not reveal live codes.
const codePayload = (purpose: CodePurpose, destination: string, code: string) => `${purpose}:${destination}:${code}`;
const hashCode = (cfg: IdentityConfig, purpose: CodePurpose, destination: string, code: string) =>
  hmacSha256Hex(cfg.otpPepper, codePayload(purpose, destination, code));

/** A new OTP_LENGTH-digit code; earlier unused codes of the same purpose stop working. Returns the code to deliver. */
export async function issueCode(
  q: Queryable,
  cfg: IdentityConfig,
  input: { playerId: number; purpose: CodePurpose; channel: 'sms' | 'email'; destination: string },
): Promise<{ id: number; code: string }> {
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  await q.query('UPDATE verification_codes SET consumed_at = now() WHERE player_id = $1 AND purpose = $2 AND consumed_at IS NULL', [
    input.playerId,
    input.purpose,
  ]);
  const r = await q.query<{ id: string }>(
    `INSERT INTO verification_codes (player_id, purpose, channel, destination, code_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING id`,
    [
      input.playerId,
      input.purpose,
      input.channel,
      input.destination,
      hashCode(cfg, input.purpose, input.destination, code),
      cfg.otpTtlSeconds,
    ],
  );
  return { id: Number(r.rows[0]!.id), code };
}

export async function cancelCode(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE verification_codes SET consumed_at = now() WHERE id = $1', [id]);
}

export class CodeRejected extends HttpError {
  constructor(message: string) {
    super(422, message, { errors: { code: [message] } });
  }
}

/**
 * Checks a code against the player's latest live code of `purpose`. Every try is counted before the
 * comparison (atomically, outside any transaction, so a wrong try is never rolled back); after 5 the
 * code is dead. On success the code is consumed and its destination returned.
 */
export async function consumeCode(
  q: Queryable,
  cfg: IdentityConfig,
  playerId: number,
  purpose: CodePurpose,
  code: string,
): Promise<{ destination: string }> {
  const live = await q.query<{ id: string; destination: string; code_hash: string; attempts: number }>(
    `UPDATE verification_codes SET attempts = attempts + 1
     WHERE id = (SELECT id FROM verification_codes WHERE player_id = $1 AND purpose = $2 AND consumed_at IS NULL
                 ORDER BY id DESC LIMIT 1)
       AND expires_at > now() AND attempts < $3
     RETURNING id, destination, code_hash, attempts`,
    [playerId, purpose, cfg.otpMaxAttempts],
  );
  const row = live.rows[0];
  if (!row) {
    const last = await q.query<{ attempts: number; expired: boolean }>(
      `SELECT attempts, expires_at <= now() AS expired FROM verification_codes
       WHERE player_id = $1 AND purpose = $2 AND consumed_at IS NULL ORDER BY id DESC LIMIT 1`,
      [playerId, purpose],
    );
    const l = last.rows[0];
    if (l && !l.expired && l.attempts >= cfg.otpMaxAttempts) {
      throw new CodeRejected('Too many wrong codes. Please request a new code.');
    }
    throw new CodeRejected('The code has expired or was not requested. Please request a new code.');
  }
  if (!verifyHmacSha256Hex(cfg.otpPepper, codePayload(purpose, row.destination, code.trim()), row.code_hash)) {
    const left = cfg.otpMaxAttempts - row.attempts;
    throw new CodeRejected(
      left > 0
        ? `The code is incorrect. ${left} attempt${left === 1 ? '' : 's'} left.`
        : 'Too many wrong codes. Please request a new code.',
    );
  }
  const used = await q.query('UPDATE verification_codes SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL RETURNING id', [
    row.id,
  ]);
  if (!used.rows.length) throw new CodeRejected('The code has expired or was not requested. Please request a new code.');
  return { destination: row.destination };
}
