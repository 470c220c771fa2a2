import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { eventDetailSchema, feedDeltaSchema, feedMessageSchema, matchOddsSchema, type FeedMessage } from '@khela/contracts';
import { LADDER, isOnLadder, ladderIndex, stepPrice, tickSize } from './ladder';
import { World } from './world';
import { oddsPlugin } from './plugin';
import { StreamWriter } from './stream';

const T0 = Date.UTC(2025, 0, 10, 6, 0, 0);

describe('ladder', () => {
  it('has 350 prices with the Betfair ticks', () => {
    const l = LADDER;
    expect(l).toHaveLength(350);
    expect([l[0], l.at(-1)]).toEqual([1.01, 1000]);
    for (const [p, t] of [
      [1.5, 0.01],
      [2, 0.02],
      [3, 0.05],
      [4, 0.1],
      [6, 0.2],
      [10, 0.5],
      [20, 1],
      [30, 2],
      [50, 5],
      [100, 10],
      [990, 10],
    ] as const)
      expect(tickSize(p)).toBe(t);
    for (let i = 1; i < l.length; i++) expect(Math.round((l[i]! - l[i - 1]!) * 100) / 100).toBe(tickSize(l[i - 1]!));
    expect(isOnLadder(2.02) && isOnLadder(4.1) && isOnLadder(1000)).toBe(true);
    expect(isOnLadder(2.01) || isOnLadder(3.02) || isOnLadder(1005) || isOnLadder(1)).toBe(false);
    expect(ladderIndex(1.01)).toBe(0);
    expect(stepPrice(1.99, 1)).toBe(2);
    expect(stepPrice(2, 1)).toBe(2.02);
    expect(stepPrice(1000, 1)).toBe(1000);
    expect(LADDER).toEqual(l);
  });
});

describe('world', () => {
  const run = (seed: number) => {
    const w = new World({ seed, startMs: T0 });
    const out: unknown[] = [];
    w.subscribe((d) => out.push(d));
    for (let i = 0; i < 40; i++) {
      w.step();
      if (i === 10) w.control('1.230001001', 'suspend');
      if (i === 12) w.control('1.230001001', 'resume');
      if (i === 20) w.control('34001001-F1', 'freeze');
    }
    return out;
  };

  it('is deterministic: one seed and the same control calls give identical deltas; another seed differs', () => {
    const a = run(7);
    expect(a.length).toBeGreaterThan(40);
    expect(run(7)).toEqual(a);
    expect(run(8)).not.toEqual(a);
    for (const d of a) feedDeltaSchema.parse(d);
  });

  it('moves prices on the ladder and has in-play cricket ball-running phases, and stable ids', () => {
    const w = new World({ seed: 3, startMs: T0 });
    const img = w.image();
    const ids = img.markets.flatMap((m) => [m.marketId, ...m.runners.map((r) => `${m.marketId}/${r.selectionId}`)]);
    expect(new Set(ids).size).toBe(ids.length);
    const kinds = new Set(img.markets.map((m) => m.kind));
    expect(kinds).toEqual(new Set(['MATCH_ODDS', 'BOOKMAKER', 'FANCY']));
    expect(new Set(img.markets.filter((m) => m.fancy).map((m) => m.fancy!.type))).toEqual(new Set([2, 3, 4, 5, 6]));
    let ballRunning = 0;
    let suspended = 0;
    w.subscribe((d) => {
      for (const m of d.mc) {
        if (m.ballRunning) ballRunning++;
        if (m.kind === 'FANCY' && m.status === 'SUSPENDED') suspended++;
        for (const r of m.kind === 'MATCH_ODDS' ? m.runners : [])
          for (const l of [...r.back, ...r.lay]) expect(isOnLadder(l.price)).toBe(true);
      }
    });
    w.advanceTo(T0 + 60 * 3_000);
    expect(w.tick).toBe(60);
    expect(ballRunning).toBeGreaterThan(0);
    expect(suspended).toBeGreaterThan(0);
    expect(w.image().markets.map((m) => [m.marketId, m.runners.map((r) => r.selectionId), m.fancy?.selectionId])).toEqual(
      img.markets.map((m) => [m.marketId, m.runners.map((r) => r.selectionId), m.fancy?.selectionId]),
    );
  });

  it('resumes from a clk in the backlog and re-images when too old', () => {
    const w = new World({ seed: 1, startMs: T0, backlog: 5 });
    for (let i = 0; i < 20; i++) w.step();
    expect(w.since(w.clk)).toEqual([]);
    expect(w.since(w.clk - 3)!.map((d) => d.clk)).toEqual([w.clk - 2, w.clk - 1, w.clk]);
    expect(w.since(w.clk - 10)).toBeNull();
    expect(w.since(w.clk + 1)).toBeNull();
  });
});

describe('control API and stream over HTTP', () => {
  let clock = T0;
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    // the streams' readers abort mid-body: their keep-alive sockets must not hold the close
    app = Fastify({ forceCloseConnections: true });
    await app.register(oddsPlugin({ now: () => clock, seed: 5, heartbeatMs: 40, minHeartbeatMs: 20, advanceEveryMs: 0 }), {
      prefix: '/odds',
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  const post = (url: string, payload?: unknown) =>
    app.inject({ method: 'POST', url: `/odds/markets/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const lastDelta = async (since: number) => {
    const lines = (await app.inject({ method: 'GET', url: `/odds/stream?since=${since}&once=1` })).body.trim().split('\n');
    return feedMessageSchema.parse(JSON.parse(lines.at(-1)!));
  };

  it('every control call changes the market and is one delta on the stream', async () => {
    const mo = '1.230001001';
    const check = async (url: string, body: unknown, reason: string, expectM: (m: Record<string, unknown>) => void) => {
      const res = await post(url, body);
      expect(res.statusCode, res.body).toBe(200);
      const { clk, market } = res.json();
      expectM(market);
      const d = await lastDelta(clk - 1);
      expect(d).toMatchObject({ op: 'mcm', clk, reason });
      if (d.op === 'mcm') expect(d.mc.map((m) => m.marketId)).toContain(url.split('/')[0]);
    };
    await check(`${mo}/suspend`, undefined, 'suspend', (m) => expect(m.status).toBe('SUSPENDED'));
    expect(matchOddsSchema.parse((await app.inject(`/odds/api/match-odds/${mo}`)).json())[0]!.status).toBe('SUSPENDED');
    await check(`${mo}/resume`, undefined, 'resume', (m) => expect(m.status).toBe('OPEN'));
    await check(`${mo}/freeze`, undefined, 'freeze', (m) => expect(m.frozen).toBe(true));
    const frozen = (await app.inject(`/odds/markets/${mo}`)).json();
    clock += 30 * 3_000;
    expect((await app.inject(`/odds/markets/${mo}`)).json().runners).toEqual(frozen.runners);
    await check(`${mo}/unfreeze`, undefined, 'unfreeze', (m) => expect(m.frozen).toBe(false));
    await check(`${mo}/liquidity`, { selectionId: 100101 }, 'liquidity', (m) =>
      expect((m.runners as Array<{ back: unknown[]; lay: unknown[] }>)[0]).toMatchObject({ back: [], lay: [] }),
    );
    clock += 10 * 3_000;
    expect((await app.inject(`/odds/markets/${mo}`)).json().runners[0]).toMatchObject({ back: [], lay: [] });
    await check(
      `${mo}/liquidity`,
      {
        selectionId: 100101,
        back: [
          { price: 2.5, size: 10 },
          { price: 2.52, size: 20 },
        ],
        lay: [{ price: 2.6, size: 5 }],
      },
      'liquidity',
      (m) =>
        expect((m.runners as Array<{ back: unknown[] }>)[0]!.back).toEqual([
          { price: 2.52, size: 20 },
          { price: 2.5, size: 10 },
        ]),
    );
    expect((await post(`${mo}/liquidity`, { selectionId: 100101, back: [{ price: 2.51, size: 1 }] })).statusCode).toBe(400);
    await check(`${mo}/liquidity`, { selectionId: 100101, auto: true }, 'liquidity', (m) =>
      expect((m.runners as Array<{ back: unknown[] }>)[0]!.back.length).toBeGreaterThan(0),
    );
    expect((await post(`${mo}/ball-running`)).statusCode).toBe(400);
    await check('34001003-BM/ball-running', undefined, 'ball-running', (m) => expect(m.ballRunning).toBe(true));
    await check('34001003-BM/resume', undefined, 'resume', (m) => expect(m.ballRunning).toBe(false));
    expect((await post('34001003-F1/ball-running')).statusCode).toBe(404); // 34001003 has no fancy
    await check('34001004-F2/ball-running', { on: true }, 'ball-running', (m) => expect(m.ballRunning).toBe(true));
    const detail = eventDetailSchema.parse((await app.inject('/odds/api/event/34001004')).json());
    expect(detail.data.items['34001004']!.fancy2.find((f) => f.title === '10 over runs')!.ball_running).toBe(1);
    await check('1.230001003/in-play', undefined, 'in-play', (m) => expect(m.inplay).toBe(true));
    expect(
      (await app.inject('/odds/api/sports-events/cricket')).json().find((e: { EventId: string }) => e.EventId === '34001003').inplay,
    ).toBe(true);
    expect((await post(`${mo}/result`, { runs: 3 })).statusCode).toBe(400);
    expect((await post(`${mo}/result`, { winner: 999 })).statusCode).toBe(400);
    await check(`${mo}/result`, { winner: 100102 }, 'result', (m) =>
      expect(m).toMatchObject({ status: 'CLOSED', result: { winner: 100102 } }),
    );
    await check(`${mo}/result`, { winner: 100101 }, 'result', (m) => expect(m).toMatchObject({ result: { winner: 100101 } }));
    expect((await post(`${mo}/suspend`)).statusCode).toBe(409);
    await check('34001001-F1/result', { runs: 51 }, 'result', (m) => expect(m).toMatchObject({ status: 'CLOSED', result: { runs: 51 } }));
    await check('34001001-BM/void', undefined, 'void', (m) => expect(m).toMatchObject({ status: 'CLOSED', voided: true }));
    expect((await post('nope/suspend')).statusCode).toBe(404);
    expect((await post(`${mo}/explode`)).statusCode).toBe(404);
  });

  it('streams an image, then deltas and heartbeats; resumes from a clk', async () => {
    const ac = new AbortController();
    const res = await fetch(`${base}/odds/stream`, { signal: ac.signal });
    expect(res.headers.get('content-type')).toMatch(/ndjson/);
    const reader = res.body!.getReader();
    const msgs: FeedMessage[] = [];
    let buf = '';
    const next = async () => {
      while (!buf.includes('\n')) buf += new TextDecoder().decode((await reader.read()).value);
      const i = buf.indexOf('\n');
      const m = feedMessageSchema.parse(JSON.parse(buf.slice(0, i)));
      buf = buf.slice(i + 1);
      msgs.push(m);
      return m;
    };
    const img = await next();
    expect(img.op).toBe('img');
    expect((await next()).op).toBe('hb');
    const r = await post('1.230003001/suspend');
    let m = await next();
    while (m.op === 'hb') m = await next();
    expect(m).toMatchObject({ op: 'mcm', reason: 'suspend', clk: r.json().clk });
    ac.abort();

    // resume from the image's clk: exactly the deltas since
    const resumed = (await app.inject(`/odds/stream?since=${img.clk}&once=1`)).body
      .trim()
      .split('\n')
      .map((l) => feedMessageSchema.parse(JSON.parse(l)));
    expect(resumed[0]!.op).toBe('mcm');
    expect(resumed.map((x) => x.clk)).toEqual(Array.from({ length: resumed.length }, (_, i) => img.clk + 1 + i));
    // a clk the feed does not know gets a fresh image
    const fresh = (await app.inject(`/odds/stream?since=999999&once=1`)).body.trim().split('\n');
    expect(JSON.parse(fresh[0]!).op).toBe('img');
  });

  it('POST /odds/events adds a pre-play event with the next ids; a wrong body is refused', async () => {
    const bad = await app.inject({ method: 'POST', url: '/odds/events', payload: { sport: 'golf', name: 'x', runners: [] } });
    expect(bad.statusCode).toBe(400);
    const body = {
      sport: 'tennis',
      name: 'Own v Match',
      runners: [
        { name: 'Own', basePrice: 2.5 },
        { name: 'Match', basePrice: 1.66 },
      ],
    };
    const res = await app.inject({ method: 'POST', url: '/odds/events', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ eventId: '34039001', marketId: '1.23039001' });
    const market = (await app.inject('/odds/markets/1.23039001')).json();
    expect(market).toMatchObject({ kind: 'MATCH_ODDS', status: 'OPEN', inplay: false, betDelay: 5 });
    expect(market.runners.map((r: { name: string }) => r.name)).toEqual(['Own', 'Match']);
    expect((await app.inject({ method: 'POST', url: '/odds/events', payload: body })).json()).toMatchObject({ eventId: '34039002' });
  });
});

describe('slow readers and scheduled events', () => {
  it('conflates deltas per market while the socket pushes back, then sends the latest state with the last clk', () => {
    const w = new World({ seed: 2, startMs: T0 });
    const lines: string[] = [];
    let full = false;
    const out = new StreamWriter((l) => {
      lines.push(l);
      return !full;
    });
    w.subscribe((d) => out.send(d));
    full = true;
    w.control('1.230001001', 'suspend'); // written, then the socket is full
    expect(out.behind).toBe(true);
    full = false;
    w.control('1.230001001', 'resume');
    w.control('1.230001002', 'suspend');
    w.control('1.230001001', 'freeze');
    out.send({ op: 'hb', clk: w.clk, pt: w.now() });
    expect(lines).toHaveLength(1);
    out.drain();
    expect(lines).toHaveLength(2);
    const con = feedDeltaSchema.parse(JSON.parse(lines[1]!));
    expect(con).toMatchObject({ con: true, clk: w.clk, reason: 'freeze' });
    expect(con.mc.map((m) => [m.marketId, m.status, m.frozen])).toEqual([
      ['1.230001001', 'OPEN', true],
      ['1.230001002', 'SUSPENDED', false],
    ]);
    out.drain();
    expect(lines).toHaveLength(2);
  });

  it('an event added at run time reaches connected readers as an image, re-images older clks and turns in play at its start', () => {
    const w = new World({ seed: 4, startMs: T0 });
    const lines: string[] = [];
    const out = new StreamWriter((l) => {
      lines.push(l);
      return lines.length > 1; // the first write fills the socket: the image must not be conflated away
    });
    w.subscribe(
      (d) => out.send(d),
      (img) => out.send(img),
    );
    w.control('1.230001001', 'suspend');
    expect(out.behind).toBe(true);
    const before = w.clk;
    const { eventId, marketId } = w.addEvent({
      sport: 'cricket',
      name: 'Own XI v Test XI',
      runners: [
        { name: 'Own XI', basePrice: 1.8 },
        { name: 'Test XI', basePrice: 2.2 },
      ],
      startsInHours: 1,
    });
    expect([eventId, marketId]).toEqual(['34019001', '1.23019001']);
    const img = feedMessageSchema.parse(JSON.parse(lines.at(-1)!));
    expect(img).toMatchObject({ op: 'img', clk: before + 1 });
    if (img.op !== 'img') throw new Error('not an image');
    expect(img.events.find((e) => e.eventId === eventId)).toMatchObject({ name: 'Own XI v Test XI', inplay: false, marketIds: [marketId] });
    expect(w.since(before)).toBeNull();
    w.advanceTo(T0 + 3_600_000 - 3_000);
    expect(w.market(marketId)!.inplay).toBe(false);
    w.advanceTo(T0 + 3_600_000);
    expect(w.market(marketId)!.inplay).toBe(true);
  });

  it('turns a scheduled event in play at its start time, as one in-play delta for all its markets', () => {
    const w = new World({ seed: 4, startMs: T0 });
    const turned: string[][] = [];
    w.subscribe((d) => d.reason === 'in-play' && turned.push(d.mc.map((m) => m.marketId)));
    expect(w.market('1.230001003')!.inplay).toBe(false);
    w.advanceTo(T0 + 6 * 3_600_000 - 3_000);
    expect(w.market('1.230001003')!.inplay).toBe(false);
    w.advanceTo(T0 + 6 * 3_600_000);
    expect(w.market('1.230001003')!.inplay).toBe(true);
    expect(w.market('34001003-BM')!.inplay).toBe(true);
    expect(turned).toEqual([['1.230001003', '34001003-BM']]);
  });

  it('a match a test turned in play and then back stays pre-play until its start (the clock does not turn it again)', () => {
    const w = new World({ seed: 4, startMs: T0 });
    w.control('1.230001003', 'in-play', {});
    expect(w.market('1.230001003')!.inplay).toBe(true);
    w.advanceTo(T0 + 60_000);
    w.control('1.230001003', 'in-play', { on: false });
    w.advanceTo(T0 + 120_000);
    expect(w.market('1.230001003')!.inplay).toBe(false);
    // its scheduled start (6 h) turns it in play as before
    w.advanceTo(T0 + 6 * 3_600_000);
    expect(w.market('1.230001003')!.inplay).toBe(true);
  });

  it('Odd/Even rows sit at no = yes = 1 and Lottery rows keep their lines: neither drifts', () => {
    const w = new World({ seed: 3, startMs: T0 });
    const lines = (type: number) =>
      w
        .image()
        .markets.filter((m) => m.fancy?.type === type)
        .map((m) => [m.fancy!.no, m.fancy!.yes]);
    const lottery = lines(5);
    expect(lines(6).length).toBeGreaterThan(0);
    for (const l of lines(6)) expect(l).toEqual([1, 1]);
    for (let i = 0; i < 60; i++) w.step();
    for (const l of lines(6)) expect(l).toEqual([1, 1]);
    expect(lines(5)).toEqual(lottery);
  });

  it('freeze stops a Fancy row moving and phasing; void closes it', () => {
    const w = new World({ seed: 9, startMs: T0 });
    w.control('34001001-F1', 'freeze');
    const before = w.market('34001001-F1')!;
    for (let i = 0; i < 50; i++) w.step();
    expect(w.market('34001001-F1')!).toEqual(before);
    w.control('34001001-F1', 'void');
    expect(w.market('34001001-F1')).toMatchObject({ status: 'CLOSED', voided: true, result: null });
    expect(w.eventDetail('34001001')!.data.items['34001001']!.fancy2.map((f) => f.marketId)).not.toContain('34001001-F1');
  });
});
