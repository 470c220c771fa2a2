import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { encodeChallengePayload, type Challenge } from '@khela/contracts';

/**
 * Solves a challenge in this process, as a script would (one thread, Node's native PBKDF2): for tests, the e2e
 * helpers and `pnpm --filter api challenge:measure`. Returns the X-Challenge header value and the time it took.
 */
export async function solveInNode(challenge: Challenge): Promise<{ header: string; ms: number; counter: number }> {
  const started = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 0 });
  if (!solution) throw new Error('challenge not solved');
  return {
    header: encodeChallengePayload({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }),
    ms: performance.now() - started,
    counter: solution.counter,
  };
}
