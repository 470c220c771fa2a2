import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { staffMarquee, staffPopups, staffPromotions, staffSettings, staffUpdateSettings, type Endpoint } from '@khela/contracts';
import { appPerFile } from '../testing/app-per-file';

/*
 * Issue 34 item 2: staff's content in English and Bangla (*_bn columns), read in the player's Accept-Language with the
 * English where the Bangla is missing, and a published change pushed to every open page (topic `content`).
 */

let app: FastifyInstance;
appPerFile((t) => ({ app } = t));

let staffToken = '';
beforeAll(async () => {
  const res = await app.inject({ method: 'POST', url: '/api/operator/login', payload: { username: 'content', password: 'content123' } });
  staffToken = res.json().token;
});

const read = async (url: string, lang?: string) => {
  const res = await app.inject({ method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as any, headers: res.headers };
};
async function staff(e: Pick<Endpoint, 'method' | 'path'>, payload?: object, id?: number) {
  const res = await app.inject({
    method: e.method,
    url: e.path.replace('{id}', String(id ?? 0)),
    headers: { authorization: `Bearer ${staffToken}`, 'accept-language': 'bn' },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as any;
}

describe('bilingual content', () => {
  it("reads the demo promotions in the player's language (seeded Bangla), English without the header", async () => {
    const en = await read('/api/promotion');
    const bn = await read('/api/promotion', 'bn');
    expect(en.body[0].name).toBe('Welcome Bonus 100% + Free Spins');
    expect(bn.body[0].name).toBe('স্বাগতম বোনাস ১০০% + ফ্রি স্পিন');
    expect(bn.body[0].desc).toMatch(/^প্রথম ডিপোজিটে ১০০% বোনাস/);
    // the same ids and figures in both: only the texts change
    expect(bn.body.map((p: any) => [p.id, p.deposit_bouns])).toEqual(en.body.map((p: any) => [p.id, p.deposit_bouns]));
    expect(bn.headers.vary).toMatch(/Accept-Language/i);
    const one = await read(`/api/promotions/${en.body[0].id}`, 'bn');
    expect(one.body.name).toBe('স্বাগতম বোনাস ১০০% + ফ্রি স্পিন');
    expect((await read('/api/general', 'bn')).body.system_notice).toMatch(/^খেলায় স্বাগতম!/);
    expect((await read('/api/sliders', 'bn')).body.map((s: any) => s.name)).toContain('স্বাগতম বোনাস ১০০%');
  });

  it('falls back to the English where the Bangla is missing or blank', async () => {
    const created = await staff(staffPromotions.create, {
      name: 'Only English promo',
      description: 'English text only.',
      deposit_bonus_percent: 5,
      turnover: 1,
      categories: 1,
      status: 'display',
    });
    expect(created).toMatchObject({ name_bn: null, description_bn: null });
    const find = async (lang: string) => ((await read('/api/promotion', lang)).body as any[]).find((p) => p.id === created.id);
    expect(await find('bn')).toMatchObject({ name: 'Only English promo', desc: 'English text only.' });
    // a Bangla title without a Bangla text: each text falls back on its own
    await staff(staffPromotions.update, { ...created, max_bonus: '', name_bn: 'শুধু শিরোনাম', description_bn: '   ' }, created.id);
    expect(await find('bn')).toMatchObject({ name: 'শুধু শিরোনাম', desc: 'English text only.' });
    expect(await find('en')).toMatchObject({ name: 'Only English promo', desc: 'English text only.' });
  });

  it('edits the marquee, the popups and the system notice in both languages (the staff lists show both)', async () => {
    await staff(staffMarquee.create, { text: 'Cricket night: boosted odds', text_bn: 'ক্রিকেট রাত: বাড়ানো অডস' });
    await staff(staffMarquee.create, { text: 'English only marquee' });
    await staff(staffPopups.create, { name: 'n1', kind: 'notice', title: 'Hello', title_bn: 'হ্যালো', body: '<p>Body</p>' });
    await staff(staffUpdateSettings, { system_notice: 'Maintenance at 02:00', system_notice_bn: 'রাত ০২:০০-এ রক্ষণাবেক্ষণ' });
    expect(await staff(staffSettings)).toMatchObject({ system_notice: 'Maintenance at 02:00', system_notice_bn: 'রাত ০২:০০-এ রক্ষণাবেক্ষণ' });
    const list = await staff({ method: 'GET', path: `${staffMarquee.list.path}?per_page=50` });
    expect(list.data.map((m: any) => [m.text, m.text_bn])).toEqual(
      expect.arrayContaining([
        ['Cricket night: boosted odds', 'ক্রিকেট রাত: বাড়ানো অডস'],
        ['English only marquee', null],
      ]),
    );
    const bn = (await read('/api/general', 'bn')).body;
    expect(bn.marquee).toEqual(expect.arrayContaining(['ক্রিকেট রাত: বাড়ানো অডস', 'English only marquee']));
    expect(bn.popups.find((p: any) => p.title === 'হ্যালো')).toMatchObject({ body: '<p>Body</p>' });
    expect(bn.system_notice).toBe('রাত ০২:০০-এ রক্ষণাবেক্ষণ');
    const en = (await read('/api/general')).body;
    expect(en.marquee).toContain('Cricket night: boosted odds');
    expect(en.system_notice).toBe('Maintenance at 02:00');
  });

  it('pushes `content` with the changed section to every open stream after a staff change', async () => {
    const heard: Array<[string, unknown]> = [];
    const off = app.push.subscribeBroadcast((topic, payload) => heard.push([topic, payload]));
    try {
      const p = ((await read('/api/promotion')).body as any[])[1];
      const row = (await staff({ method: 'GET', path: `${staffPromotions.list.path}?per_page=50` })).data.find((r: any) => r.id === p.id);
      await staff(staffPromotions.update, { ...row, name_bn: 'নতুন নাম', max_bonus: row.max_bonus ?? '' }, p.id);
      await staff(staffUpdateSettings, { system_notice_bn: 'নতুন নোটিশ' });
      expect(heard).toEqual([
        ['content', { section: 'promotions' }],
        ['content', { section: 'general' }],
      ]);
      expect(((await read('/api/promotion', 'bn')).body as any[])[1].name).toBe('নতুন নাম');
    } finally {
      off();
    }
  });
});
