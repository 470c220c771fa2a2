import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  STAFF_IMAGE_UPLOAD_PATH,
  staffBulkGames,
  staffGames,
  staffGameTypes,
  staffLogo,
  staffMarquee,
  staffPopups,
  staffPromotions,
  staffProviders,
  staffReorderGames,
  staffSettings,
  staffSliders,
  staffSocialLinks,
  staffUpdateGame,
  staffUpdateLogo,
  staffUpdateProvider,
  staffUpdateSettings,
  staffUpdateSystem,
  type Endpoint,
} from '@khela/contracts';
import type { Db } from '../../db';
import { appPerFile } from '../../testing/app-per-file';

let db: Db;
let app: FastifyInstance;
let storage: string;
appPerFile((t) => ({ db, app } = t), {
  before: () => {
    storage = mkdtempSync(path.join(os.tmpdir(), 'khela-content-'));
    process.env.STORAGE_DIR = storage;
  },
  after: () => {
    delete process.env.STORAGE_DIR;
    rmSync(storage, { recursive: true, force: true });
  },
});

const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const [role, username, password] of [
    ['content', 'content', 'content123'],
    ['support', 'support', 'support123'],
    ['payments', 'operator', 'operator123'],
    ['risk', 'risk', 'risk123'],
    ['admin', 'admin', 'admin123'],
  ]) {
    const res = await app.inject({ method: 'POST', url: '/api/operator/login', payload: { username, password } });
    expect(res.statusCode, res.body).toBe(200);
    tokens[role!] = res.json().token;
  }
});

const auth = (role: string) => ({ authorization: `Bearer ${tokens[role]}` });
const url = (e: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}) =>
  e.path.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? 1));
async function call(
  role: string | null,
  e: Pick<Endpoint, 'method' | 'path'>,
  payload?: unknown,
  params?: Record<string, string | number>,
) {
  const res = await app.inject({
    method: e.method,
    url: url(e, params),
    headers: role ? auth(role) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() as any };
}
const lastAudit = async (action: string) =>
  (await db.query<any>('SELECT * FROM operator_audit WHERE action = $1 ORDER BY id DESC LIMIT 1', [action])).rows[0];

const LISTS = [staffSliders, staffPromotions, staffPopups, staffMarquee, staffSocialLinks];
const ALL: Pick<Endpoint, 'method' | 'path'>[] = [
  ...LISTS.flatMap((r) => [r.list, r.create, r.update, r.remove, r.reorder]),
  staffLogo,
  staffUpdateLogo,
  staffSettings,
  staffUpdateSettings,
  { method: 'POST', path: STAFF_IMAGE_UPLOAD_PATH },
  staffGames,
  staffUpdateGame,
  staffBulkGames,
  staffReorderGames,
  staffProviders,
  staffUpdateProvider,
  staffUpdateSystem,
  staffGameTypes,
];

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----khela' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function upload(role: string, file: Buffer, filename = 'x.png', type = 'image/png') {
  const m = multipart(file, filename, type);
  const res = await app.inject({
    method: 'POST',
    url: STAFF_IMAGE_UPLOAD_PATH,
    headers: { ...auth(role), ...m.headers },
    payload: m.payload,
  });
  return { status: res.statusCode, body: res.json() as any };
}

describe('back office, content: roles', () => {
  it.each(['support', 'payments', 'risk'])('a %s operator is refused every content and catalogue endpoint (403 role)', async (role) => {
    for (const e of ALL) {
      const r = await call(role, e, e.method === 'GET' ? undefined : {}, { platform: 'JILI' });
      expect([e.method, e.path, r.status, r.body.code]).toEqual([e.method, e.path, 403, 'role']);
    }
  });

  it('no token -> 401; a player token never counts', async () => {
    for (const e of ALL) expect((await call(null, e, e.method === 'GET' ? undefined : {})).status).toBe(401);
  });

  it('the OpenAPI description still builds with the content endpoints in it', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/operator/content/promotions', '/api/operator/catalogue/games']),
    );
  });

  it('content and admin operators pass the role check', async () => {
    for (const role of ['content', 'admin']) {
      for (const e of ALL.filter((x) => x.method === 'GET')) expect((await call(role, e)).status).toBe(200);
    }
  });
});

describe('back office, content: settings and maintenance', () => {
  it('site_status 0 reaches GET /api/general (maintenance) and 1 takes it out; each change audited before/after', async () => {
    const off = await call('content', staffUpdateSettings, { site_status: 0, note: 'deploy' });
    expect(off.status).toBe(200);
    expect(off.body.site_status).toBe(0);
    const general = await app.inject({ method: 'GET', url: '/api/general' });
    expect(general.json().site_status).toBe(0);
    // asked again at every page load: no browser keeps an old answer
    expect(general.headers['cache-control']).toBe('no-cache');
    for (const u of ['/api/promotion', '/api/sliders', '/api/logo']) {
      expect((await app.inject({ method: 'GET', url: u })).headers['cache-control']).toBe('no-cache');
    }
    expect((await app.inject({ method: 'GET', url: '/health' })).headers['cache-control']).toBeUndefined();
    const a = await lastAudit('content.maintenance.on');
    expect(a).toMatchObject({ username: 'content', reason: 'deploy', before: { site_status: 1 }, after: { site_status: 0 } });

    await call('content', staffUpdateSettings, { site_status: 1 });
    const back = (await app.inject({ method: 'GET', url: '/api/general' })).json();
    expect(back.site_status).toBe(1);
    expect(back.system_notice).toMatch(/^Welcome to Khela/);
    expect(await lastAudit('content.maintenance.off')).toMatchObject({ before: { site_status: 0 }, after: { site_status: 1 } });
  });

  it('a partial update changes only what was sent and never withdrawal_status', async () => {
    await db.query('UPDATE general_settings SET withdrawal_status = 1');
    const r = await call('content', staffUpdateSettings, { site_title: 'Khela Live', whatsapp: 'https://wa.me/880', withdrawal_status: 0 });
    expect(r.status).toBe(200);
    const g = (await app.inject({ method: 'GET', url: '/api/general' })).json();
    expect(g).toMatchObject({ site_title: 'Khela Live', whatsapp: 'https://wa.me/880', withdrawal_status: 1, site_status: 1 });
    // fields not sent keep their values
    expect(g.system_notice).toMatch(/^Welcome to Khela/);
    expect(g.telegram).toBe('https://t.me/khela_bd');
    const a = await lastAudit('content.settings.update');
    expect(Object.keys(a.after).sort()).toEqual(['site_title', 'whatsapp']);
    expect(a.before.site_title).toBe('Khela');
    // '' clears a field
    await call('content', staffUpdateSettings, { telegram: '' });
    expect((await app.inject({ method: 'GET', url: '/api/general' })).json()).toMatchObject({
      telegram: null,
      system_notice: g.system_notice,
    });
  });

  it('bad input: 422 and nothing changed', async () => {
    const before = (await call('content', staffSettings)).body;
    for (const body of [{ site_status: 2 }, { support_mail: 'not-mail' }, { site_title: '' }]) {
      expect((await call('content', staffUpdateSettings, body)).status).toBe(422);
    }
    expect((await call('content', staffSettings)).body).toEqual(before);
  });
});

describe('back office, content: lists', () => {
  it('a promotion published by staff shows on /api/promotion; hidden, future or ended ones do not; audit before/after', async () => {
    const body = {
      name: 'Staff Cashback',
      description: '<p>10% back</p>',
      thumbnail: '/storage/uploads/x.png',
      start_date: '2024-01-01',
      end_date: '2099-12-31',
      deposit_bonus_percent: 10,
      max_bonus: '500.00',
      turnover: 3,
      categories: 99 + 4,
      status: 'display',
    };
    const c = await call('content', staffPromotions.create, body);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body).toMatchObject({ name: 'Staff Cashback', max_bonus: '500.00', categories: 103 });
    const pub = () => app.inject({ method: 'GET', url: '/api/promotion' }).then((r) => r.json() as any[]);
    expect((await pub()).find((p) => p.id === c.body.id)).toMatchObject({ deposit_bouns: 10, max_bonus: '500.00', turnover: 3 });
    expect(await lastAudit('content.promotion.create')).toMatchObject({ entity_id: String(c.body.id), after: { name: 'Staff Cashback' } });

    const u = await call('content', staffPromotions.update, { ...body, status: 'active' }, { id: c.body.id });
    expect(u.body.status).toBe('active');
    expect((await pub()).some((p) => p.id === c.body.id)).toBe(false);
    expect(await lastAudit('content.promotion.update')).toMatchObject({ before: { status: 'display' }, after: { status: 'active' } });

    await call('content', staffPromotions.update, { ...body, end_date: '2024-02-01' }, { id: c.body.id });
    expect((await pub()).some((p) => p.id === c.body.id)).toBe(false);
    await call('content', staffPromotions.update, { ...body, start_date: '2098-01-01' }, { id: c.body.id });
    expect((await pub()).some((p) => p.id === c.body.id)).toBe(false);

    expect((await call('content', staffPromotions.remove, undefined, { id: c.body.id })).status).toBe(200);
    expect(await lastAudit('content.promotion.delete')).toMatchObject({ before: { name: 'Staff Cashback' }, after: null });
    expect((await call('content', staffPromotions.remove, undefined, { id: c.body.id })).status).toBe(404);
  });

  it('refuses bad promotions, links and images with 422', async () => {
    const ok = { name: 'P', thumbnail: '/storage/a.png', deposit_bonus_percent: 10, turnover: 1, categories: 4 };
    const bad = [
      { ...ok, categories: -4 },
      { ...ok, categories: 1 << 20 },
      { ...ok, start_date: '2025-02-01', end_date: '2025-01-01' },
      { ...ok, thumbnail: 'javascript:alert(1)' },
      { ...ok, thumbnail: '/storage/../../etc/passwd' },
      { ...ok, thumbnail: 'data:image/svg+xml,<svg onload=alert(1)>' },
      { ...ok, max_bonus: '12.345' },
      { ...ok, deposit_bonus_percent: -1 },
    ];
    const n = (await call('content', staffPromotions.list)).body.total;
    for (const b of bad)
      expect([JSON.stringify(b), (await call('content', staffPromotions.create, b)).status]).toEqual([JSON.stringify(b), 422]);
    expect((await call('content', staffPromotions.list)).body.total).toBe(n);
    const slider = { name: 'S', thumbnail: '/storage/a.png', slider_type: 'Main', link: 'javascript:alert(1)' };
    expect((await call('content', staffSliders.create, slider)).status).toBe(422);
    expect((await call('content', staffSliders.create, { ...slider, link: '//evil.example' })).status).toBe(422);
  });

  it('sliders: list filters and pages, reorder changes the public order, inactive ones leave /api/sliders', async () => {
    const list = await call('content', { ...staffSliders.list, path: `${staffSliders.list.path}?slider_type=Main&per_page=2` });
    expect(list.body).toMatchObject({ total: 3, per_page: 2, page: 1 });
    expect(list.body.data).toHaveLength(2);
    const all = (await call('content', { ...staffSliders.list, path: `${staffSliders.list.path}?slider_type=Main` })).body.data;
    const ids = all.map((s: any) => s.id).reverse();
    expect((await call('content', staffSliders.reorder, { ids })).body).toEqual({ updated: 3 });
    const pub = (await app.inject({ method: 'GET', url: '/api/sliders' })).json().filter((s: any) => s.slider_type === 'Main');
    expect(pub.map((s: any) => s.id)).toEqual(ids);
    const start = Math.min(...all.map((s: any) => s.sort_order));
    expect(await lastAudit('content.slider.reorder')).toMatchObject({
      after: ids.map((id: number, i: number) => ({ id, sort_order: start + i })),
    });
    expect((await call('content', staffSliders.reorder, { ids: [ids[0], ids[0]] })).status).toBe(422);
    expect((await call('content', staffSliders.reorder, { ids: [999999] })).status).toBe(422);

    const first = all[0];
    await call('content', staffSliders.update, { ...first, status: 'inactive' }, { id: first.id });
    expect((await app.inject({ method: 'GET', url: '/api/sliders' })).json().some((s: any) => s.id === first.id)).toBe(false);
  });

  it('marquee texts and home popups reach GET /api/general while active and in their dates', async () => {
    const m = await call('content', staffMarquee.create, { text: 'Cricket cashback this weekend' });
    await call('content', staffMarquee.create, { text: 'Old news', end_date: '2020-01-01' });
    const p = await call('content', staffPopups.create, {
      name: 'n',
      kind: 'notice',
      title: 'Hello',
      body: '<b>Hi</b>',
      link: '/promotions',
    });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    let g = (await app.inject({ method: 'GET', url: '/api/general' })).json();
    expect(g.marquee).toEqual(['Cricket cashback this weekend']);
    expect(g.popups).toEqual([{ id: p.body.id, kind: 'notice', title: 'Hello', body: '<b>Hi</b>', image: null, link: '/promotions' }]);
    await call('content', staffMarquee.update, { text: 'x', status: 'inactive' }, { id: m.body.id });
    await call('content', staffPopups.remove, undefined, { id: p.body.id });
    g = (await app.inject({ method: 'GET', url: '/api/general' })).json();
    expect(g.marquee).toEqual([]);
    expect(g.popups).toEqual([]);
  });

  it('logo: the edited record is the first of GET /api/logo; audited', async () => {
    const r = await call('content', staffUpdateLogo, {
      logo: '/storage/uploads/a.png',
      mobile_logo: '/storage/uploads/b.png',
      favicon: '',
    });
    expect(r.status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/logo' })).json()[0]).toMatchObject({
      logo: '/storage/uploads/a.png',
      mobile_logo: '/storage/uploads/b.png',
      favicon: null,
    });
    expect(await lastAudit('content.logo.update')).toMatchObject({ after: { logo: '/storage/uploads/a.png' } });
  });
});

describe('back office, content: image upload', () => {
  it('stores a PNG under a random name and serves it at the returned path; audited', async () => {
    const r = await upload('content', PNG, 'banner.png');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.path).toMatch(/^\/storage\/uploads\/[a-z0-9]+-[0-9a-f]{24}\.png$/);
    expect(r.body.path).not.toContain('banner');
    expect(readFileSync(path.join(storage, r.body.path.replace('/storage/', ''))).equals(PNG)).toBe(true);
    const served = await app.inject({ method: 'GET', url: r.body.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await lastAudit('content.image.upload')).toMatchObject({
      entity_id: r.body.path,
      after: { mime: 'image/png', size: PNG.length },
    });
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]);
    expect((await upload('content', webp, 'a.webp', 'image/webp')).body.type).toBe('image/webp');
    expect((await upload('admin', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]), 'a.jpg', 'image/jpeg')).body.type).toBe('image/jpeg');
  });

  it('refuses SVG, HTML and other types by content whatever the name or claimed type (415), too large (413), roles (403)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect((await upload('content', svg, 'x.png', 'image/png')).status).toBe(415);
    expect((await upload('content', Buffer.from('<html><script>alert(1)</script>'), 'x.jpg', 'image/jpeg')).status).toBe(415);
    expect((await upload('content', Buffer.from('GIF89a....'), 'x.gif', 'image/gif')).status).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expect((await upload('content', big)).status).toBe(413);
    expect((await upload('support', PNG)).status).toBe(403);
    const files = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM content_images WHERE mime NOT IN ('image/png','image/jpeg','image/webp')",
    );
    expect(files.rows[0]!.n).toBe(0);
  });
});

describe('back office, casino catalogue', () => {
  const publicSlots = async () =>
    ((await app.inject({ method: 'GET', url: '/api/get-games?type=SLOT' })).json().games as any[]).map((g) => g.code);

  it('a disabled game leaves the player list; enabling brings it back; audited', async () => {
    const list = await call('content', { ...staffGames, path: `${staffGames.path}?type=SLOT&q=money` });
    expect(list.body.total).toBe(1);
    const game = list.body.data[0];
    expect(game).toMatchObject({ code: 'JILI-SLOT-002', status: 'active', reachable: true });
    expect(await publicSlots()).toContain('JILI-SLOT-002');
    const off = await call('content', staffUpdateGame, { status: 'inactive', note: 'provider outage' }, { id: game.id });
    expect(off.body.status).toBe('inactive');
    expect(await publicSlots()).not.toContain('JILI-SLOT-002');
    expect(await lastAudit('catalogue.game.update')).toMatchObject({
      entity_id: 'JILI-SLOT-002',
      reason: 'provider outage',
      before: { status: 'active' },
      after: { status: 'inactive' },
    });
    await call('content', staffUpdateGame, { status: 'active' }, { id: game.id });
    expect(await publicSlots()).toContain('JILI-SLOT-002');
    expect((await call('content', staffUpdateGame, {}, { id: game.id })).status).toBe(422);
  });

  it('reorder and featured decide the player order; a disabled provider or system hides its games', async () => {
    const slots = (await call('content', { ...staffGames, path: `${staffGames.path}?type=SLOT&per_page=200` })).body.data;
    // no featured games: the order is exactly staff's
    await call('content', staffBulkGames, { ids: slots.map((g: any) => g.id), is_featured: false });
    const reversed = [...slots].reverse();
    await call('content', staffReorderGames, { ids: reversed.map((g: any) => g.id) });
    expect(await publicSlots()).toEqual(reversed.map((g: any) => g.code));
    await call('content', staffUpdateGame, { is_featured: true }, { id: slots[0].id });
    expect((await publicSlots())[0]).toBe(slots[0].code);

    const providers = (await call('content', { ...staffProviders, path: `${staffProviders.path}?q=PG` })).body.data;
    const pg = providers.find((p: any) => p.platform === 'PG');
    await call('content', staffUpdateProvider, { status: 'inactive' }, { id: pg.id });
    expect(await publicSlots()).not.toContain('PG-SLOT-001');
    const pgGame = (await call('content', { ...staffGames, path: `${staffGames.path}?platform=PG` })).body.data[0];
    expect(pgGame.reachable).toBe(false);
    await call('content', staffUpdateProvider, { status: 'active' }, { id: pg.id });
    expect(await publicSlots()).toContain('PG-SLOT-001');

    await call('content', staffUpdateSystem, { status: 'inactive' }, { platform: 'JILI' });
    expect((await publicSlots()).some((c) => c.startsWith('JILI'))).toBe(false);
    expect(await lastAudit('catalogue.system.update')).toMatchObject({ entity_id: 'JILI', after: { status: 'inactive' } });
    await call('content', staffUpdateSystem, { status: 'active' }, { platform: 'JILI' });
    expect((await publicSlots()).some((c) => c.startsWith('JILI'))).toBe(true);
  });
});

describe("the content's version (the render servers' page cache, issue 31 item 5)", () => {
  const version = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/content/version' });
    expect(res.headers['cache-control']).toBe('no-store');
    return BigInt(res.json().version as string);
  };

  it('moves with every change staff make to the content (settings, a list, the catalogue), not with a read or a change rolled back', async () => {
    const v0 = await version();
    await app.inject({ method: 'GET', url: '/api/general' });
    expect(await version()).toBe(v0);
    expect((await call('content', staffUpdateSettings, { system_notice: 'Version check' })).status).toBe(200);
    const v1 = await version();
    expect(v1).toBeGreaterThan(v0);
    const created = await call('content', staffSliders.create, {
      name: 'Version banner',
      thumbnail: '/storage/x.png',
      link: '/',
      status: 'active',
      slider_type: 'Main',
    });
    expect(created.status).toBe(200);
    const v2 = await version();
    expect(v2).toBeGreaterThan(v1);
    const game = (await call('content', { ...staffGames, path: `${staffGames.path}?type=SLOT` })).body.data[0];
    await call('content', staffUpdateGame, { is_featured: !game.is_featured }, { id: game.id });
    const v3 = await version();
    expect(v3).toBeGreaterThan(v2);
    // a change whose transaction rolls back leaves the version where it was (the bump is part of the transaction)
    await expect(
      db.tx(async (q) => {
        await q.query('UPDATE sliders SET name = name WHERE id = $1', [created.body.id]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(v3);
    await call('content', staffUpdateGame, { is_featured: game.is_featured }, { id: game.id });
    await call('content', staffSliders.remove, undefined, { id: created.body.id });
  });
});
