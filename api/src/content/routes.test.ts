import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { createPlayer, tokenFor } from '../testing/helpers';
import { appPerFile } from '../testing/app-per-file';

let db: Db;
let app: FastifyInstance;
appPerFile((t) => ({ db, app } = t));

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() as any, headers: res.headers };
};

describe('content routes', () => {
  it('GET /api/logo lists logo records', async () => {
    const { status, body } = await get('/api/logo');
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({ logo: expect.stringMatching(/^\/storage\//), mobile_logo: expect.any(String) });
  });

  it('a picture under /storage is served as a picture that runs nothing when opened on its own', async () => {
    // an SVG with a script, as a studio's or an upload's might be: it is served, but the CSP forbids the script
    const dir = path.join(app.storageDir, 'csp-test');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'active.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await app.inject({ method: 'GET', url: '/storage/csp-test/active.svg' });
    rmSync(dir, { recursive: true, force: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('GET /api/general answers with or without a token', async () => {
    const anon = await get('/api/general');
    expect(anon.body).toMatchObject({ site_title: 'Khela', site_status: 1, withdrawal_status: 1 });
    const withBadToken = await get('/api/general', { authorization: 'Bearer nope' });
    expect(withBadToken.status).toBe(200);
  });

  it('GET /api/sliders returns every slider_type with the spec field thubmnail', async () => {
    const { body } = await get('/api/sliders');
    const count = (t: string) => body.filter((s: any) => s.slider_type === t).length;
    expect([count('Main'), count('Favourite'), count('Features')]).toEqual([3, 4, 4]);
    expect(body[0].thubmnail).toMatch(/\.svg$/);
  });

  it('GET /api/sociallink and /api/payment-methods list items', async () => {
    expect((await get('/api/sociallink')).body.length).toBeGreaterThan(0);
    const methods = (await get('/api/payment-methods')).body;
    expect(methods.map((m: any) => m.account_type)).toEqual(
      expect.arrayContaining(['Agent', 'Personal', 'Merchant', expect.objectContaining({ type: 'ewallet' })]),
    );
    const ewallet = methods.find((m: any) => typeof m.account_type === 'object');
    expect(ewallet.account_type.pgs.length).toBeGreaterThan(0);
  });

  it("GET /api/promotion lists only status 'display'", async () => {
    const { body } = await get('/api/promotion');
    expect(body.length).toBe(8);
    expect(body.every((p: any) => p.status === 'display')).toBe(true);
    expect(body[0]).toMatchObject({ name: expect.any(String), desc: expect.any(String), deposit_bouns: 100 });
    const one = await get(`/api/promotions/${body[1].id}`);
    expect(one.body).toMatchObject({ id: body[1].id, name: body[1].name, thumbnail: body[1].thumbnail });
  });

  it('GET /api/promotions/{id}: hidden or unknown -> 404, non-numeric -> 422', async () => {
    const hidden = await db.query<{ id: string }>(`SELECT id FROM promotions WHERE status = 'active'`);
    expect((await get(`/api/promotions/${hidden.rows[0]!.id}`)).status).toBe(404);
    expect((await get('/api/promotions/99999')).body).toEqual({ message: 'Promotion not found' });
    const bad = await get('/api/promotions/abc');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.id).toHaveLength(1);
  });

  it('GET /api/market/block needs a token and returns the flags', async () => {
    expect((await get('/api/market/block')).status).toBe(401);
    const id = await createPlayer(db, { exchange_market: 0, status: 'blocked' });
    const token = await tokenFor(db, id);
    const { status, body } = await get('/api/market/block', { authorization: `Bearer ${token}` });
    expect(status).toBe(200);
    expect(body).toEqual({ exchange_market: 0, cs_market: 1, status: 'blocked' });
  });
});

describe('game catalogue', () => {
  it('get-system lists systems having games of the type (case-insensitive type)', async () => {
    const { body } = await get('/api/get-system?type=slot');
    expect(body.systems.map((s: any) => s.platform)).toEqual(['SANDBOX', 'JILI', 'PG']);
  });

  it('unknown type -> 404 with a message; missing type -> 422', async () => {
    expect(await get('/api/get-system?type=POKERX')).toMatchObject({ status: 404, body: { message: 'Unknown game type: POKERX' } });
    expect((await get('/api/get-games?type=NOPE')).status).toBe(404);
    const missing = await get('/api/get-system');
    expect(missing.status).toBe(422);
    expect(missing.body.errors.type).toBeDefined();
  });

  it('get-provider takes a JSON list of systems', async () => {
    const q = encodeURIComponent(JSON.stringify(['EVOLUTION', 'SANDBOX']));
    const { body } = await get(`/api/get-provider?system=${q}`);
    expect(body.data.map((p: any) => p.platform)).toEqual(['SANDBOX', 'EVOLUTION', 'EZUGI']);
    expect((await get('/api/get-provider?system=%5Bbroken')).status).toBe(422);
  });

  it('get-games filters by type and system; sandbox games are there', async () => {
    const slots = (await get('/api/get-games?type=SLOT&system=SANDBOX')).body.games;
    expect(slots).toEqual([expect.objectContaining({ code: 'sandbox-slot', type: 'SLOT', platform: 'SANDBOX' })]);
    const crash = (await get('/api/get-games?type=EGAME')).body.games.map((g: any) => g.code);
    expect(crash).toEqual(expect.arrayContaining(['sandbox-crash', 'SPRIBE-EGAME-001']));
  });
});
