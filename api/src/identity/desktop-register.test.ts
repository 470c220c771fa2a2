import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_HEADER,
  CHALLENGE_MESSAGES,
  CHALLENGE_REQUIRED,
  challengeSchema,
  decodeChallengePayload,
  encodeChallengePayload,
} from '@khela/contracts';
import type { Db } from '../db';
import { appPerFile } from '../testing/app-per-file';
import { withEnv } from '../testing/helpers';
import { challengeConfig, newChallenge } from '../infra/challenge';
import { solveInNode } from '../infra/challenge-solve';

/**
 * Issue 27 item 4: desktop registration always requires a solved proof-of-work challenge (the X-Challenge header),
 * single use and expiring; it replaced the image captcha whose SVG held the digits as text.
 */
let db: Db;
let app: FastifyInstance;
// tests run with tiny difficulty: the cost is measured in challenge.test.ts and the README
appPerFile((t) => ({ db, app } = t), {
  before: () => {
    process.env.CHALLENGE_COST = '1';
    process.env.CHALLENGE_MAX_NUMBER = '50';
  },
  after: () => {
    delete process.env.CHALLENGE_COST;
    delete process.env.CHALLENGE_MAX_NUMBER;
  },
});

let seq = 0;
const uname = (p: string) => `${p}${Date.now().toString(36)}${++seq}`.slice(0, 16);
const phone = () => `0181${String(Date.now() + ++seq).slice(-7)}`;
const form = (extra: Record<string, unknown> = {}) => ({
  username: uname('desk'),
  phone: phone(),
  password: 'secret123',
  confirmPassword: 'secret123',
  name: 'Desk User',
  email: `d${++seq}@example.com`,
  currency: 'BDT',
  ...extra,
});
const register = (body: Record<string, unknown>, challenge?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/create-players/desktop',
    payload: body,
    headers: challenge ? { [CHALLENGE_HEADER]: challenge } : {},
  });

/** A fresh challenge from the API, solved here. */
async function solved(): Promise<string> {
  const res = await app.inject({ url: '/api/challenge' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return (await solveInNode(challengeSchema.parse(res.json()))).header;
}
const players = async (username: string) =>
  Number(
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM players WHERE lower(username) = lower($1)', [username])).rows[0]!.n,
  );

describe('desktop registration requires a solved proof-of-work challenge', () => {
  it('no challenge: 428 challenge_required, and nobody is created', async () => {
    const f = form();
    const res = await register(f);
    expect(res.statusCode).toBe(428);
    expect(res.json()).toEqual({ message: CHALLENGE_MESSAGES.required, code: CHALLENGE_REQUIRED });
    expect(await players(f.username)).toBe(0);
  });

  it('a solved challenge registers and logs in; the same solution again is refused (replay)', async () => {
    const header = await solved();
    const f = form();
    const ok = await register(f, header);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().token).toBeTruthy();
    const again = await register(form(), header);
    expect(again.statusCode).toBe(428);
    expect(again.json()).toEqual({ message: CHALLENGE_MESSAGES.invalid, code: CHALLENGE_REQUIRED });
  });

  it('a refused attempt (username taken) uses its challenge up too', async () => {
    const f = form();
    expect((await register(f, await solved())).statusCode).toBe(200);
    const h = await solved();
    expect((await register({ ...f, phone: phone() }, h)).statusCode).toBe(422);
    expect((await register(form(), h)).statusCode).toBe(428);
  });

  it('a wrong solution, a tampered challenge, garbage and an expired challenge are refused', async () => {
    const c = challengeSchema.parse((await app.inject({ url: '/api/challenge' })).json());
    const good = decodeChallengePayload((await solveInNode(c)).header)!;
    const wrongKey = { ...good, solution: { ...good.solution, derivedKey: '00'.repeat(32) } };
    const easier = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1, keyPrefix: '00' } } };
    for (const h of [encodeChallengePayload(wrongKey), encodeChallengePayload(easier), 'not-base64!', btoa('{"x":1}')]) {
      const res = await register(form(), h);
      expect(res.statusCode).toBe(428);
      expect(res.json().code).toBe(CHALLENGE_REQUIRED);
    }
    // signed with the same keys but expired a second ago
    const expired = await withEnv({ CHALLENGE_COST: '1', CHALLENGE_MAX_NUMBER: '5', CHALLENGE_TTL_SECONDS: '1' }, async () =>
      newChallenge({ ...challengeConfig(), ttlSeconds: -1 } as ReturnType<typeof challengeConfig>),
    ).catch(() => null);
    if (expired) expect((await register(form(), (await solveInNode(expired)).header)).statusCode).toBe(428);
    // the untouched solution still works once (none of the above used it up)
    expect((await register(form(), encodeChallengePayload(good))).statusCode).toBe(200);
  });

  it('the mobile sign-up needs none at ordinary volume', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/create-players',
      payload: { username: uname('mob'), phone: phone(), password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
