import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpoint } from '@khela/contracts';
import { buildApp } from '../app';
import type { Db } from '../db';
import { createPlayer, memoryDb, tokenFor } from '../testing/helpers';
import { revokeSession } from '../auth/sessions';
import { assertOwnRemoteId, registerEndpoint, requirePlayer, toFastifyPath } from './endpoint';

const whoami = endpoint({
  method: 'GET',
  path: '/test/whoami/{remote_id}',
  auth: 'bearer',
  params: z.object({ remote_id: z.coerce.number().int() }),
  response: z.object({ id: z.number(), username: z.string() }),
});
const maybe = endpoint({
  method: 'GET',
  path: '/test/maybe',
  auth: 'optional',
  response: z.object({ player: z.number().nullable() }),
});
const signup = endpoint({
  method: 'POST',
  path: '/test/signup',
  auth: 'none',
  body: z.object({
    username: z.string().min(8, 'Username must be between 8 and 16 characters'),
    phone: z.string().regex(/^\d{10,15}$/, 'Invalid phone number (10-15 digits)'),
  }),
  response: z.object({ ok: z.boolean() }),
});
const boom = endpoint({ method: 'GET', path: '/test/boom', auth: 'none', response: z.object({}) });
const badResponse = endpoint({ method: 'GET', path: '/test/bad-response', auth: 'none', response: z.object({ n: z.number() }) });

let db: Db;
let app: FastifyInstance;
let playerId: number;
let token: string;

beforeAll(async () => {
  db = await memoryDb();
  app = await buildApp({ db, logger: false });
  registerEndpoint(app, whoami, async (req) => {
    assertOwnRemoteId(req, req.params.remote_id);
    return { id: req.player.id, username: req.player.username };
  });
  registerEndpoint(app, maybe, async (req) => ({ player: req.player?.id ?? null }));
  registerEndpoint(app, signup, async () => ({ ok: true }));
  registerEndpoint(app, boom, async () => {
    throw new Error('secret database detail');
  });
  registerEndpoint(app, badResponse, async () => ({ n: 'not a number' }) as never);
  await app.ready();
  playerId = await createPlayer(db, { username: 'tester01' });
  token = await tokenFor(db, playerId);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const call = async (method: 'GET' | 'POST', url: string, opts: { token?: string; body?: unknown } = {}) => {
  const res = await app.inject({
    method,
    url,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as any };
};

describe('registerEndpoint', () => {
  it('converts {param} paths', () => {
    expect(toFastifyPath('/api/chats/{chatId}/messages')).toBe('/api/chats/:chatId/messages');
  });

  it('bearer: 401 without, with a bad or a revoked token', async () => {
    expect(await call('GET', `/test/whoami/${playerId}`)).toEqual({ status: 401, body: { message: 'Unauthenticated.' } });
    expect((await call('GET', `/test/whoami/${playerId}`, { token: 'nope' })).status).toBe(401);
    const t2 = await tokenFor(db, playerId);
    await revokeSession(db, t2);
    expect((await call('GET', `/test/whoami/${playerId}`, { token: t2 })).status).toBe(401);
  });

  it('bearer: the token resolves req.player', async () => {
    expect(await call('GET', `/test/whoami/${playerId}`, { token })).toEqual({
      status: 200,
      body: { id: playerId, username: 'tester01' },
    });
  });

  it("assertOwnRemoteId: another player's remote_id is 403", async () => {
    expect(await call('GET', `/test/whoami/${playerId + 1}`, { token })).toEqual({ status: 403, body: { message: 'Forbidden' } });
    expect(() => assertOwnRemoteId({ player: null }, 1)).toThrow('Unauthenticated.');
    expect(() => requirePlayer({ player: null })).toThrow('Unauthenticated.');
  });

  it('optional: tolerates no token or a bad one', async () => {
    expect((await call('GET', '/test/maybe')).body).toEqual({ player: null });
    expect((await call('GET', '/test/maybe', { token: 'bad' })).body).toEqual({ player: null });
    expect((await call('GET', '/test/maybe', { token })).body).toEqual({ player: playerId });
  });

  it('validation failures answer 422 { message, errors: { field: [messages] } }', async () => {
    const res = await call('POST', '/test/signup', { body: { username: 'abc', phone: '12' } });
    expect(res).toEqual({
      status: 422,
      body: {
        message: 'Username must be between 8 and 16 characters',
        errors: {
          username: ['Username must be between 8 and 16 characters'],
          phone: ['Invalid phone number (10-15 digits)'],
        },
      },
    });
    expect((await call('POST', '/test/signup', { body: { username: 'abcdefgh', phone: '01712345678' } })).body).toEqual({ ok: true });
  });

  it('unknown errors: 500 with a generic message, no details', async () => {
    expect(await call('GET', '/test/boom')).toEqual({ status: 500, body: { message: 'An unexpected error occurred' } });
    expect(await call('GET', '/test/bad-response')).toEqual({ status: 500, body: { message: 'An unexpected error occurred' } });
  });
});

describe('app plumbing', () => {
  it('unknown paths answer 404 JSON', async () => {
    expect((await call('GET', '/api/nothing-here')).status).toBe(404);
  });

  it('GET /health pings the db', async () => {
    expect(await call('GET', '/health')).toEqual({ status: 200, body: { status: 'ok', db: 'pglite' } });
  });

  it('serves the OpenAPI document from the zod schemas', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/get-games'].get.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['type', 'system']));
    expect(doc.paths['/api/market/block'].get.security).toEqual([{ bearer: [] }]);
    const ui = await app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('CORS allows any localhost origin', async () => {
    const ok = await app.inject({ method: 'GET', url: '/health', headers: { origin: 'http://localhost:3005' } });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3005');
    const other = await app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the browser keep a preflight for two hours (a polled call is not preceded by OPTIONS every time)', async () => {
    const pre = await app.inject({
      method: 'OPTIONS',
      url: '/api/balance',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-max-age']).toBe('7200');
    const refused = await app.inject({
      method: 'OPTIONS',
      url: '/api/balance',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});
