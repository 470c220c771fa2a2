import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedDelta, FeedMarket } from '@khela/contracts';
import { World } from '../../../../sandbox/src/odds/world';
import type { Db } from '../../db';
import { memoryDb } from '../../testing/helpers';
import { exchangeConfig } from '../config';
import { lapseUnpersisted, sweepCrossing } from '../bets';
import { readMarket, type MarketRow } from '../markets';
import { settleMarket } from '../settlement';
import { FeedSync, type FeedPush } from './sync';

// The reactions are someone else's: here only when the sync calls them, with what, and what it does with their answer.
vi.mock('../bets', () => ({ lapseUnpersisted: vi.fn(async () => []), sweepCrossing: vi.fn(async () => []) }));
vi.mock('../settlement', () => ({ settleMarket: vi.fn(async () => []) }));
const lapse = vi.mocked(lapseUnpersisted);
const sweep = vi.mocked(sweepCrossing);
const settle = vi.mocked(settleMarket);

const T0 = Date.UTC(2025, 0, 10, 6, 0, 0);
const MO = '1.230001001'; // Bangladesh v India, in play, with BookMaker and Fancy rows
const MO_PREMATCH = '1.230001003'; // 34001003: scheduled, not in play
const FANCY = '34001001-F1';

let db: Db;
let world: World;
let clock = T0;
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
/** Each push call with the market's status as committed when it was made (a push inside the transaction would not see it). */
const pushed: Array<{ call: string; args: unknown[]; committed?: string }> = [];
const push: FeedPush = {
  async publishBalance(playerId) {
    pushed.push({ call: 'balance', args: [playerId] });
  },
  async publish(playerId, topic, payload) {
    const marketId = (payload as { marketId: string }).marketId;
    pushed.push({ call: 'publish', args: [playerId, topic, payload], committed: (await readMarket(db, marketId))?.status });
  },
  broadcast(topic, payload) {
    pushed.push({ call: 'broadcast', args: [topic, payload] });
  },
};
let sync: FeedSync;

// PGlite alone, no app: the sync's own rules, with its reactions stubbed (the money through it runs on both databases
// in the placing and settlement suites)
beforeAll(async () => {
  db = await memoryDb();
}, 60_000);
afterAll(() => db.close());

beforeEach(() => {
  for (const m of [lapse, sweep, settle]) m.mockReset().mockResolvedValue([]);
  log.error.mockReset();
  pushed.length = 0;
});

const control = (marketId: string, action: Parameters<World['control']>[1], body?: unknown) => world.control(marketId, action, body);
const broadcasts = () => pushed.filter((p) => p.call === 'broadcast').map((p) => p.args[1] as { marketId: string; version: number });

describe('applying the feed', () => {
  it('applies an image (timed), then skips it as a whole when it comes again', async () => {
    world = new World({ seed: 1, startMs: T0 });
    sync = new FeedSync({ db, push, cfg: exchangeConfig({}), log, now: () => clock, retryMs: 1_000, maxRetryMs: 4_000 });
    control('34001004-F1', 'freeze'); // an image at clk 0 is stored with feed_clk 0, which any later state replaces
    const img = world.image();
    const started = performance.now();
    const first = await sync.applyImage(img);
    const ms = performance.now() - started;
    console.log(`image of ${img.markets.length} markets applied in ${ms.toFixed(0)} ms on PGlite`);
    expect(first).toMatchObject({ applied: img.markets.length, skipped: 0, failed: 0 });
    expect(ms).toBeLessThan(3_000);
    const count = await db.query<{ n: string }>('SELECT count(*) AS n FROM exchange_markets');
    expect(Number(count.rows[0]!.n)).toBe(img.markets.length);
    expect(await readMarket(db, MO)).toMatchObject({ eventName: 'Bangladesh v India', status: 'OPEN', inplay: true, feedClk: img.clk });
    // a first sight of a market has no orders to lapse or sweep
    expect(lapse).not.toHaveBeenCalled();
    expect(sweep).not.toHaveBeenCalled();
    expect(broadcasts()).toHaveLength(img.markets.length);

    pushed.length = 0;
    const again = await sync.applyImage(world.image());
    expect(again).toMatchObject({ applied: 0, skipped: img.markets.length });
    expect(broadcasts()).toEqual([]); // each version is relayed once

    // a feed of 70 markets (the world's, three times over, under other ids)
    const big = {
      ...img,
      markets: [...img.markets, ...img.markets, ...img.markets].slice(0, 70).map((m, i) => ({ ...m, marketId: `x${i}-${m.marketId}` })),
    };
    const t = performance.now();
    expect(await sync.applyImage(big)).toMatchObject({ applied: 70 });
    console.log(`image of 70 markets applied in ${(performance.now() - t).toFixed(0)} ms on PGlite`);
    await db.query(`DELETE FROM exchange_market_history WHERE market_id LIKE 'x%'`);
    await db.query(`DELETE FROM exchange_markets WHERE market_id LIKE 'x%'`);
  });

  it('skips a state not newer than the stored one', async () => {
    const old = world.market(MO)!;
    const d = control(MO, 'suspend');
    expect(await sync.applyDelta(d)).toMatchObject({ applied: 1, skipped: 0 });
    const stale: FeedDelta = { op: 'mcm', clk: d.clk + 1, pt: d.pt, reason: 'resume', mc: [{ ...old, status: 'OPEN' }] };
    expect(await sync.applyDelta(stale)).toMatchObject({ applied: 0, skipped: 1 });
    expect(await sync.applyDelta(d)).toMatchObject({ applied: 0, skipped: 1 }); // a resumed stream repeats a delta
    expect(await readMarket(db, MO)).toMatchObject({ status: 'SUSPENDED', feedVersion: d.mc[0]!.version, feedClk: d.clk });
    expect(broadcasts().map((b) => b.version)).toEqual([d.mc[0]!.version]);
    await sync.applyDelta(control(MO, 'resume'));
  });

  it('lapses unpersisted orders at the turn in-play, then pushes each player after the commit', async () => {
    lapse.mockResolvedValue([41, 42]);
    const d = control(MO_PREMATCH, 'in-play');
    await sync.applyDelta(d);
    expect(lapse.mock.calls.map(([, m]) => [m.marketId, m.inplay])).toEqual(d.mc.map((m) => [m.marketId, true]));
    expect(pushed.filter((p) => p.call === 'publish')).toContainEqual({
      call: 'publish',
      args: [41, 'odds', { marketId: MO_PREMATCH, bets: true }],
      committed: 'OPEN',
    });
    const balances = pushed.filter((p) => p.call === 'balance').map((p) => p.args[0] as number);
    expect(balances.sort()).toEqual(d.mc.flatMap(() => [41, 42]).sort());
    expect(broadcasts().find((b) => b.marketId === MO_PREMATCH)).toEqual({
      marketId: MO_PREMATCH,
      status: 'OPEN',
      inplay: true,
      ballRunning: false,
      version: d.mc.find((m) => m.marketId === MO_PREMATCH)!.version,
    });
    lapse.mockClear();
    await sync.applyDelta(control(MO_PREMATCH, 'suspend')); // still in play: nothing to lapse
    expect(lapse).not.toHaveBeenCalled();
  });

  it('sweeps crossed orders at every new version of an open Match Odds market, not while suspended or for other kinds', async () => {
    const runner = world.market(MO)!.runners[0]!;
    await sync.applyDelta(control(MO, 'liquidity', { selectionId: runner.selectionId, back: [{ price: 1.5, size: 100 }], lay: [] }));
    expect(sweep).toHaveBeenCalledTimes(1);
    expect(sweep.mock.calls[0]![1].runners[0]!.back).toEqual([{ price: 1.5, size: 100 }]);
    // a new version with the same prices: what players took of the feed's sizes counts per version, so the offer is
    // whole again and may cross an order it no longer covered
    await sync.applyDelta(control(MO, 'freeze'));
    expect(sweep).toHaveBeenCalledTimes(2);
    await sync.applyDelta(control(MO, 'suspend'));
    await sync.applyDelta(control(`34001001-BM`, 'suspend'));
    expect(sweep).toHaveBeenCalledTimes(2);
    await sync.applyDelta(control(MO, 'resume'));
    expect(sweep).toHaveBeenCalledTimes(3);
  });

  it('settles a resulted or voided market, and again when the result is corrected', async () => {
    settle.mockResolvedValue([7]);
    const [home, away] = world.market(MO)!.runners.map((r) => r.selectionId);
    await sync.applyDelta(control(MO, 'result', { winner: home }));
    await sync.applyDelta(control(MO, 'result', { winner: away }));
    await sync.applyDelta(control(FANCY, 'void'));
    expect(settle.mock.calls.map(([, m]) => [m.marketId, m.status, m.result, m.voided])).toEqual([
      [MO, 'CLOSED', { winner: home }, false],
      [MO, 'CLOSED', { winner: away }, false],
      [FANCY, 'CLOSED', null, true],
    ]);
    expect(pushed.filter((p) => p.call === 'publish').map((p) => [p.args[2], p.committed])).toEqual([
      [{ marketId: MO, bets: true }, 'CLOSED'],
      [{ marketId: MO, bets: true }, 'CLOSED'],
      [{ marketId: FANCY, bets: true }, 'CLOSED'],
    ]);
  });

  it('rolls a market back when a reaction fails and retries it later, logging once', async () => {
    const id = '34001002-F2';
    settle.mockRejectedValue(new Error('settlement down'));
    const d = control(id, 'result', { runs: 80 });
    expect(await sync.applyDelta(d)).toMatchObject({ applied: 0, failed: 1 });
    expect(await readMarket(db, id)).toMatchObject({ status: 'OPEN' });
    expect(broadcasts()).toEqual([]);
    await sync.retryDue(); // not due yet
    clock += 1_000;
    await sync.retryDue(); // due, fails again: backoff doubles
    expect(settle).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    settle.mockResolvedValue([]);
    clock += 1_000;
    await sync.retryDue();
    expect(settle).toHaveBeenCalledTimes(2);
    clock += 1_000;
    await sync.retryDue();
    expect(settle).toHaveBeenCalledTimes(3);
    expect(sync.pendingRetries).toBe(0);
    expect(await readMarket(db, id)).toMatchObject({ status: 'CLOSED', result: { runs: 80 } });
  });

  it('a newer state of a failed market replaces its retry', async () => {
    const id = '34001002-F3';
    settle.mockRejectedValueOnce(new Error('once'));
    await sync.applyDelta(control(id, 'result', { runs: 10 }));
    expect(sync.pendingRetries).toBe(1);
    await sync.applyDelta(control(id, 'result', { runs: 11 }));
    expect(sync.pendingRetries).toBe(0);
    expect(await readMarket(db, id)).toMatchObject({ result: { runs: 11 } });
  });

  it('after the feed restarted its history, takes the new image whatever the stored versions', async () => {
    const before = (await readMarket(db, MO)) as MarketRow;
    expect(before.status).toBe('CLOSED');
    const fresh = new World({ seed: 1, startMs: T0 });
    fresh.control(MO_PREMATCH, 'suspend');
    const img = fresh.image();
    expect(img.clk).toBeLessThan(before.feedClk);
    // without knowing, most states look stale: only versions above the stored ones would pass
    const blind = await sync.applyImage(img);
    expect(blind.applied).toBeLessThan(img.markets.length);
    expect((await readMarket(db, MO))!.status).toBe('CLOSED');
    const out = await sync.applyImage(img, { newHistory: true });
    expect(out.applied + blind.applied).toBeGreaterThan(0);
    const mo = (await readMarket(db, MO))!;
    expect(mo).toMatchObject({
      status: 'OPEN',
      result: null,
      feedClk: img.clk,
      feedVersion: img.markets.find((m: FeedMarket) => m.marketId === MO)!.version,
    });
    expect(await readMarket(db, MO_PREMATCH)).toMatchObject({ status: 'SUSPENDED', inplay: false });
    // settled or not, every market now mirrors the new history
    const rows = await db.query<{ market_id: string; feed_version: number }>('SELECT market_id, feed_version FROM exchange_markets');
    const versions = new Map(img.markets.map((m) => [m.marketId, m.version]));
    for (const r of rows.rows) expect([r.market_id, Number(r.feed_version)]).toEqual([r.market_id, versions.get(r.market_id)]);
  });
});
