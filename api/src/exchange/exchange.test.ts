import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { createPlayer, tokenFor } from '../testing/helpers';
import { appPerFile } from '../testing/app-per-file';
import { oddsUrl } from './routes';

let db: Db;
let app: FastifyInstance;
appPerFile((t) => ({ db, app } = t));

describe('GET /api/exchange-hub', () => {
  it('needs a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/exchange-hub' })).statusCode).toBe(401);
  });

  it('names the odds host', async () => {
    const token = await tokenFor(db, await createPlayer(db));
    const res = await app.inject({ method: 'GET', url: '/api/exchange-hub', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { odds_url: oddsUrl() } });
  });

  it('defaults to the sandbox feed and lets a real feed replace it', () => {
    expect(oddsUrl({})).toBe('http://127.0.0.1:4100/odds');
    expect(oddsUrl({ SANDBOX_URL: 'http://127.0.0.1:6210/' })).toBe('http://127.0.0.1:6210/odds');
    expect(oddsUrl({ ODDS_URL: 'https://odds.example.com/', SANDBOX_URL: 'x' })).toBe('https://odds.example.com');
  });
});
