import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Challenge } from '@khela/contracts';
import { solveChallenge } from './solver';

/**
 * The browser's solver finds the counter the API hid (ALTCHA v2 PBKDF2/SHA-256, deterministic mode: password = nonce ||
 * counter as 4 big-endian bytes), the same key altcha-lib derives on the server. (In-page here: jsdom has no Worker.)
 */
function challengeFor(counter: number, cost = 10): { challenge: Challenge; key: string } {
  const nonce = randomBytes(16);
  const salt = randomBytes(16);
  const password = Buffer.concat([nonce, Buffer.from([counter >>> 24, (counter >>> 16) & 255, (counter >>> 8) & 255, counter & 255])]);
  const key = pbkdf2Sync(password, salt, cost, 32, 'sha256').toString('hex');
  return {
    key,
    challenge: {
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        nonce: nonce.toString('hex'),
        salt: salt.toString('hex'),
        cost,
        keyLength: 32,
        keyPrefix: key.slice(0, 32),
      },
      signature: 'sig',
    },
  };
}

describe('solveChallenge', () => {
  it('finds the hidden counter and its key', async () => {
    const { challenge, key } = challengeFor(37);
    const payload = await solveChallenge(challenge);
    expect(payload.solution.counter).toBe(37);
    expect(payload.solution.derivedKey).toBe(key);
    expect(payload.challenge).toBe(challenge);
  });

  it('stops when aborted', async () => {
    const { challenge } = challengeFor(4_000_000);
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    await expect(solveChallenge(challenge, { signal: ctl.signal })).rejects.toThrow();
  });
});
