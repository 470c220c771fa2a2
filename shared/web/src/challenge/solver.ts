import type { Challenge, ChallengePayload } from '@khela/contracts';

/**
 * Solves the API's proof-of-work challenge (ALTCHA v2, PBKDF2/SHA-256, deterministic: find the counter whose
 * derived key starts with `keyPrefix`). The work runs in Web Workers, one per core (up to 8), each trying every
 * n-th counter with the browser's own PBKDF2 (WebCrypto: native speed, no WASM, nothing downloaded). A small
 * inline worker (a blob: URL, which the pages' CSP allows) rather than a file: the remote's own origin differs from
 * the page's, and a worker must come from the page's origin. Without Worker (tests, old browsers) the same loop
 * runs on the page.
 */
interface RangeJob {
  nonce: string;
  salt: string;
  cost: number;
  keyLength: number;
  keyPrefix: string;
  start: number;
  step: number;
}

/** In-page: tries counters start, start+step, ...; the first whose key matches, or null once past 2^32 or stopped. */
async function solveRange(job: RangeJob, shouldStop: () => boolean): Promise<{ counter: number; derivedKey: string } | null> {
  const fromHex = (h: string) => new Uint8Array((h.match(/../g) ?? []).map((b) => parseInt(b, 16)));
  const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  const nonce = fromHex(job.nonce);
  const salt = fromHex(job.salt);
  const prefix = job.keyPrefix.toLowerCase();
  const password = new Uint8Array(nonce.length + 4);
  password.set(nonce, 0);
  const view = new DataView(password.buffer);
  for (let counter = job.start, i = 0; counter <= 0xffffffff; counter += job.step, i++) {
    if (i % 16 === 0 && shouldStop()) return null;
    view.setUint32(nonce.length, counter, false);
    const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: job.cost }, key, job.keyLength * 8);
    const hex = toHex(new Uint8Array(bits));
    if (hex.startsWith(prefix)) return { counter, derivedKey: hex };
  }
  return null;
}

/**
 * The worker's program: the same loop as `solveRange`, written as plain JavaScript text so the build never rewrites
 * it (a transpiled function's text could call helpers that do not exist inside the worker).
 */
const WORKER_SOURCE = `
const fromHex = (h) => new Uint8Array((h.match(/../g) || []).map((b) => parseInt(b, 16)));
const toHex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
let stopped = false;
async function solve(job) {
  const nonce = fromHex(job.nonce), salt = fromHex(job.salt), prefix = job.keyPrefix.toLowerCase();
  const password = new Uint8Array(nonce.length + 4);
  password.set(nonce, 0);
  const view = new DataView(password.buffer);
  for (let counter = job.start, i = 0; counter <= 0xffffffff; counter += job.step, i++) {
    if (i % 16 === 0 && stopped) return null;
    view.setUint32(nonce.length, counter, false);
    const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: job.cost }, key, job.keyLength * 8);
    const hex = toHex(new Uint8Array(bits));
    if (hex.startsWith(prefix)) return { counter, derivedKey: hex };
  }
  return null;
}
self.onmessage = async (e) => {
  if (e.data === 'stop') { stopped = true; return; }
  try { self.postMessage({ result: await solve(e.data) }); }
  catch (err) { self.postMessage({ error: String((err && err.message) || err) }); }
};
`;

function workerUrl(): string | null {
  if (
    typeof Worker === 'undefined' ||
    typeof crypto === 'undefined' ||
    typeof Blob === 'undefined' ||
    typeof URL.createObjectURL !== 'function'
  )
    return null;
  return URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
}

export interface SolveOptions {
  /** Workers to run (default: the device's cores, 1 to 8). */
  workers?: number;
  signal?: AbortSignal;
}

/** The solved payload for the X-Challenge header (see `encodeChallengePayload`), and how long it took. */
export async function solveChallenge(challenge: Challenge, options: SolveOptions = {}): Promise<ChallengePayload> {
  const started = performance.now();
  const p = challenge.parameters;
  const base = { nonce: p.nonce, salt: p.salt, cost: p.cost, keyLength: p.keyLength, keyPrefix: p.keyPrefix };
  const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
  const n = Math.max(1, Math.min(8, options.workers ?? cores));
  const url = workerUrl();
  let found: { counter: number; derivedKey: string } | null = null;
  if (!url) {
    found = await solveRange({ ...base, start: 0, step: 1 }, () => options.signal?.aborted ?? false);
  } else {
    const workers = Array.from({ length: n }, () => new Worker(url));
    try {
      found = await new Promise((resolve, reject) => {
        let finished = 0;
        options.signal?.addEventListener('abort', () => resolve(null));
        workers.forEach((w, i) => {
          w.onmessage = (e: MessageEvent<{ result?: { counter: number; derivedKey: string } | null; error?: string }>) => {
            if (e.data.error) reject(new Error(e.data.error));
            else if (e.data.result) resolve(e.data.result);
            else if (++finished === n) resolve(null);
          };
          w.onerror = (e) => reject(new Error(e.message || 'challenge worker failed'));
          w.postMessage({ ...base, start: i, step: n });
        });
      });
    } finally {
      for (const w of workers) w.terminate();
      URL.revokeObjectURL(url);
    }
  }
  if (!found) throw new Error('The check could not be completed.');
  return { challenge, solution: { ...found, time: Math.round(performance.now() - started) } };
}
