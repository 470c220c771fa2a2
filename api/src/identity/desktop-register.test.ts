import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ID_HEADER, IDENTITY_MESSAGES as M } from '@khela/contracts';
import type { Db } from '../db';
import { appPerFile } from '../testing/app-per-file';

/** Issue 10 item 9: the desktop registration form posts to its own endpoint, which requires a valid captcha. */
let db: Db;
let app: FastifyInstance;
appPerFile((t) => ({ db, app } = t));

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
const register = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/v1/create-players/desktop', payload: body });

/** A fresh captcha: its id from the header, its answer read from the store (what the player reads in the image). */
async function captcha(): Promise<{ captcha_id: string; captcha: string }> {
  const res = await app.inject({ url: '/captcha' });
  const id = String(res.headers[CAPTCHA_ID_HEADER.toLowerCase()]);
  const row = await db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [id]);
  return { captcha_id: id, captcha: row.rows[0]!.answer };
}
const players = async (username: string) =>
  Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM players WHERE username = $1', [username])).rows[0]!.n);

describe('desktop registration requires a captcha', () => {
  it('refuses a missing or wrong captcha with the message, and creates nobody', async () => {
    const none = form();
    const missing = await register(none);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.captcha).toBeDefined();
    expect(await players(none.username)).toBe(0);

    const c = await captcha();
    const wrongAnswer = String((Number(c.captcha) + 1) % 10_000).padStart(4, '0');
    const wrong = form({ captcha_id: c.captcha_id, captcha: wrongAnswer });
    const res = await register(wrong);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: M.captchaInvalid, errors: { captcha: [M.captchaInvalid] } });
    expect(await players(wrong.username)).toBe(0);
  });

  it('registers with the right captcha and logs the player in; a captcha works once, even after a refused attempt', async () => {
    const c = await captcha();
    const body = form(c);
    const ok = await register(body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Registration Successful!', username: body.username });
    expect(typeof ok.json().token).toBe('string');
    expect((await register(form(c))).json().errors.captcha).toEqual([M.captchaInvalid]);

    // a refused attempt (username taken) uses its captcha up too
    const c2 = await captcha();
    const taken = await register(form({ ...c2, username: body.username }));
    expect(taken.json().errors.username).toEqual([M.usernameTaken]);
    expect((await register(form(c2))).json().errors.captcha).toEqual([M.captchaInvalid]);
  });

  it('a wrong answer uses the captcha up: no guessing the 4 digits on one image', async () => {
    const c = await captcha();
    const wrongAnswer = String((Number(c.captcha) + 1) % 10_000).padStart(4, '0');
    expect((await register(form({ captcha_id: c.captcha_id, captcha: wrongAnswer }))).statusCode).toBe(422);
    expect((await register(form(c))).json().errors.captcha).toEqual([M.captchaInvalid]);
  });

  it('the mobile sign-up (spec: no captcha) still needs none', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/create-players',
      payload: { username: uname('mob'), phone: phone(), password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
