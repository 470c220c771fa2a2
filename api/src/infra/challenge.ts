import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  CHALLENGE_HEADER,
  CHALLENGE_MESSAGES,
  CHALLENGE_REQUIRED,
  CHALLENGE_STATUS,
  decodeChallengePayload,
  type Challenge,
} from '@khela/contracts';
import type { Queryable } from '../db';
import { HttpError } from '../errors';
import { secret } from '../config';

/**
 * The proof-of-work challenge (ALTCHA v2 with altcha-lib, PBKDF2/SHA-256, deterministic mode): the server picks a
 * secret counter in [0, CHALLENGE_MAX_NUMBER), derives its key with CHALLENGE_COST PBKDF2 iterations and sends the
 * key's first half; the client tries counters until one derives the same key. Expected work: MAX_NUMBER / 2
 * derivations of COST iterations (uniform, at most twice the mean), checked by the server with one HMAC.
 * Defaults: cost 1000, max number 30,000 (see api/src/identity/README.md for the measured times); e2e and tests set tiny
 * values.
 */
export interface ChallengeConfig {
  cost: number;
  maxNumber: number;
  ttlSeconds: number;
  signatureSecret: string;
  keySignatureSecret: string;
}

const num = (env: NodeJS.ProcessEnv, name: string, dflt: number) => {
  const v = Number(env[name]);
  return Number.isInteger(v) && v > 0 ? v : dflt;
};

/** Read at registration (a test's environment counts). The HMAC keys are derived from OTP_PEPPER: no new secret. */
export function challengeConfig(env: NodeJS.ProcessEnv = process.env): ChallengeConfig {
  const pepper = secret('OTP_PEPPER', env);
  const derive = (label: string) => createHmac('sha256', pepper).update(label).digest('hex');
  return {
    cost: num(env, 'CHALLENGE_COST', 1000),
    maxNumber: num(env, 'CHALLENGE_MAX_NUMBER', 30_000),
    ttlSeconds: num(env, 'CHALLENGE_TTL_SECONDS', 600),
    signatureSecret: derive('khela/challenge/signature'),
    keySignatureSecret: derive('khela/challenge/key'),
  };
}

/** 428 `{ message, code: 'challenge_required' }`: the screens solve a challenge and send the request again. */
export class ChallengeRequired extends HttpError {
  constructor(message: string = CHALLENGE_MESSAGES.required) {
    super(CHALLENGE_STATUS, message, { code: CHALLENGE_REQUIRED });
  }
}

export async function newChallenge(cfg: ChallengeConfig): Promise<Challenge> {
  const c = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: cfg.cost,
    counter: randomInt(0, cfg.maxNumber),
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + cfg.ttlSeconds,
    hmacSignatureSecret: cfg.signatureSecret,
    hmacKeySignatureSecret: cfg.keySignatureSecret,
  });
  return c as Challenge;
}

/** The CHALLENGE_HEADER of a request, if any. */
export function challengeHeader(headers: Record<string, string | string[] | undefined>): string | undefined {
  const v = headers[CHALLENGE_HEADER.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * True when `header` carries a solved, unexpired challenge of ours that was never used; marks it used (in `q`'s
 * transaction, so a refused attempt that rolls back leaves it unused). Anything else: false.
 */
export async function redeemChallenge(q: Queryable, cfg: ChallengeConfig, header: string | undefined): Promise<boolean> {
  const payload = decodeChallengePayload(header);
  if (!payload) return false;
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: cfg.signatureSecret,
    hmacKeySignatureSecret: cfg.keySignatureSecret,
  }).catch(() => null);
  if (!result?.verified) return false;
  const expires = payload.challenge.parameters.expiresAt ?? Math.floor(Date.now() / 1000) + cfg.ttlSeconds;
  const r = await q.query(
    `INSERT INTO pow_challenges_used (nonce, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
    [payload.challenge.parameters.nonce, expires],
  );
  if (Math.random() < 0.02) await q.query('DELETE FROM pow_challenges_used WHERE expires_at < now()');
  return r.rows.length === 1;
}

/** Throws ChallengeRequired unless the request carries a solved, unused challenge (which it then uses up). */
export async function requireChallenge(q: Queryable, cfg: ChallengeConfig, header: string | undefined): Promise<void> {
  if (await redeemChallenge(q, cfg, header)) return;
  throw new ChallengeRequired(header ? CHALLENGE_MESSAGES.invalid : CHALLENGE_MESSAGES.required);
}
