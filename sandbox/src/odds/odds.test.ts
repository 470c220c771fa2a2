import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { eventDetailSchema, matchOddsSchema, sportsEventsSchema } from '@khela/contracts';
import { oddsPlugin } from './plugin';
import { EVENTS, LADDER, TICK_MS } from './feed';

let clock = Date.UTC(2025, 0, 10, 6, 0, 0);
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(oddsPlugin({ now: () => clock }), { prefix: '/odds' });
  await app.ready();
});
afterAll(() => app.close());

const get = async (url: string) => app.inject({ method: 'GET', url });

describe('odds feed', () => {
  it('has the 350 prices of the Betfair ladder', () => {
    expect(LADDER).toHaveLength(350);
    expect(LADDER[0]).toBe(1.01);
    expect(LADDER).toContain(2.02);
    expect(LADDER).toContain(4.1);
    expect(LADDER.at(-1)).toBe(1000);
  });

  it('lists cricket, soccer and tennis events in the spec shape, some in play', async () => {
    for (const sport of ['cricket', 'soccer', 'tennis']) {
      const res = await get(`/odds/api/sports-events/${sport}`);
      expect(res.statusCode).toBe(200);
      const events = sportsEventsSchema.parse(res.json());
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((e) => e.sport === sport)).toBe(true);
    }
    const cricket = sportsEventsSchema.parse((await get('/odds/api/sports-events/cricket')).json());
    expect(cricket.some((e) => e.inplay)).toBe(true);
    expect(cricket.some((e) => e.Fancy && e.Bookmaker)).toBe(true);
    expect((await get('/odds/api/sports-events/golf')).statusCode).toBe(404);
  });

  it('serves match odds on the ladder, stable within a tick and drifting across ticks', async () => {
    const market = EVENTS[0]!.marketId;
    const first = matchOddsSchema.parse((await get(`/odds/api/match-odds/${market}`)).json());
    expect(first[0]!.inplay).toBe(true);
    expect(first[0]!.runners.map((r) => r.SelectionName)).toEqual(['Bangladesh', 'India']);
    for (const r of first[0]!.runners) {
      const back = r.ex.availableToBack[0]!.price;
      const lay = r.ex.availableToLay[0]!.price;
      expect(LADDER).toContain(back);
      expect(LADDER).toContain(lay);
      expect(lay).toBeGreaterThan(back);
    }
    clock += 1;
    expect((await get(`/odds/api/match-odds/${market}`)).json()).toEqual(first);

    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      clock += TICK_MS;
      seen.add(JSON.stringify((await get(`/odds/api/match-odds/${market}`)).json()));
    }
    expect(seen.size).toBeGreaterThan(1);
    expect((await get('/odds/api/match-odds/1.999')).statusCode).toBe(404);
  });

  it('serves fancy and bookmaker lines keyed by event id', async () => {
    const id = EVENTS[0]!.eventId;
    const detail = eventDetailSchema.parse((await get(`/odds/api/event/${id}`)).json());
    const item = detail.data.items[id]!;
    expect(item.fancy2.length).toBeGreaterThan(3);
    expect(new Set(item.fancy2.map((f) => f.type))).toEqual(new Set([2, 3, 4, 5, 6]));
    for (const f of item.fancy2) {
      if (f.type === 6)
        expect([f.no, f.yes]).toEqual([1, 1]); // Odd/Even: YES on odd runs, NO on even
      else expect(f.yes).toBeGreaterThan(f.no);
    }
    const firstBook = Object.values(item.bookmaker)[0]!;
    expect(firstBook.runners.map((r) => r.runner)).toEqual(['Bangladesh', 'India']);

    const noFancy = EVENTS.find((e) => !e.fancy)!;
    const plain = eventDetailSchema.parse((await get(`/odds/api/event/${noFancy.eventId}`)).json());
    expect(plain.data.items[noFancy.eventId]!.fancy2).toEqual([]);
  });

  it('serves a score board HTML carrying an iframe address that answers', async () => {
    const id = EVENTS[0]!.eventId;
    const res = await get(`/odds/api/score/board/${id}`);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const src = /<iframe[^>]+src="([^"]+)"/.exec(res.body)?.[1];
    expect(src).toMatch(new RegExp(`/odds/score/${id}$`));
    const frame = await get(new URL(src!).pathname);
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain('Bangladesh');
  });

  it('serves a live stream stand-in page per event (HTML, names escaped) and 404 for an unknown event', async () => {
    const e = EVENTS[0]!;
    const res = await get(`/odds/live/${e.eventId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('LIVE');
    expect((await get('/odds/live/nope')).statusCode).toBe(404);
  });
});
