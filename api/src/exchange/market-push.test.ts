// The `odds` push carries the market's prices (issue 26 item 10), on PGlite and PostgreSQL: a Match Odds book per
// currency equal to what GET /api/exchange/markets/{id} answers in that currency (after a feed tick and after a
// player's bet), BookMaker rates and Fancy lines from the feed; pushes of one market are gathered (one per window, the
// last change in it); nothing is read while no stream hears; a feed version another process has not stored yet is
// waited for.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { PushPayload } from '@khela/contracts';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { exchangeConfig } from './config';
import { MarketPush } from './market-push';

const MIN_MS = 150;

describeEachDatabase('the odds push with prices on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let feed: ExchangeFeed;
  const heard: Array<PushPayload<'odds'>> = [];
  let stop: () => void;

  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { EXCHANGE_BET_DELAY_MS: '0', EXCHANGE_PUSH_MIN_MS: String(MIN_MS) } });
  beforeAll(async () => {
    feed = new ExchangeFeed(db, app, 7, { pricesPushed: true });
    await feed.load();
    stop = app.push.subscribeBroadcast((topic, payload) => {
      if (topic === 'odds') heard.push(payload as PushPayload<'odds'>);
    });
  });
  afterAll(() => stop());

  /** The next push of `marketId` that satisfies `ok`, waited for. */
  const nextPush = async (marketId: string, ok: (p: PushPayload<'odds'>) => boolean = () => true) => {
    let found: PushPayload<'odds'> | undefined;
    await vi.waitFor(
      () => {
        found = heard.find((p) => p.marketId === marketId && ok(p));
        expect(found).toBeTruthy();
      },
      { timeout: 5_000, interval: 20 },
    );
    return found!;
  };
  const view = async (marketId: string, token?: string) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/exchange/markets/${marketId}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
    ).json() as { version: number; status: string; runners: Array<{ selection_id: string; back: unknown[]; lay: unknown[] }> };
  const shownBook = (v: Awaited<ReturnType<typeof view>>) =>
    v.runners.map((r) => ({ selection_id: r.selection_id, back: r.back, lay: r.lay }));
  const pushedBook = (p: PushPayload<'odds'>, currency: string) =>
    p.books![currency]!.map((r) => ({ selection_id: r.selection_id, back: r.back, lay: r.lay }));

  it("a feed tick's push carries the Match Odds book of every currency, as the market's view shows it", async () => {
    const m = MARKETS.preplay;
    heard.length = 0;
    await feed.control(m, 'liquidity', { selectionId: 100301 });
    const p = await nextPush(m, (x) => x.books !== undefined);
    const v = await view(m);
    expect(p.version).toBe(v.version);
    expect(p.status).toBe(v.status);
    expect(pushedBook(p, 'BDT')).toEqual(shownBook(v));
    expect(Object.keys(p.books!).sort()).toEqual(['BDT', 'INR', 'PKR']);
    // the feed's own prices are in it (runner 100302 keeps the house's liquidity)
    expect(p.books!.BDT![1]!.back.length).toBeGreaterThan(0);
  });

  it("a player's resting bet pushes the new book: in the bet's currency only", async () => {
    const m = MARKETS.preplay;
    const a = await fundedPlayer(db, '5000');
    // nothing else changes the market now: the next push is the bet's
    await new Promise((r) => setTimeout(r, MIN_MS + 50));
    heard.length = 0;
    const r = await app.inject({
      method: 'POST',
      url: '/api/exchange/bets',
      headers: { authorization: `Bearer ${a.token}`, 'idempotency-key': `mp-${a.id}` },
      payload: { market_id: m, selection_id: 100301, side: 'BACK', price: 50, stake: '777' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().bet.status).toBe('UNMATCHED');
    // a back resting at 50 is offered to layers at 50
    const p = await nextPush(m, (x) => x.books?.BDT?.[0]?.lay.some((l) => l.price === 50) ?? false);
    expect(p.books!.BDT![0]!.lay).toContainEqual({ price: 50, size: '777.00' });
    expect(p.books!.INR![0]!.lay.some((l) => l.price === 50)).toBe(false);
    expect(pushedBook(p, 'BDT')).toEqual(shownBook(await view(m, a.token)));
  });

  it('BookMaker pushes carry the rates, Fancy pushes the lines', async () => {
    heard.length = 0;
    await feed.control(MARKETS.preplayBookmaker, 'suspend');
    const bm = await nextPush(MARKETS.preplayBookmaker);
    expect(bm.status).toBe('SUSPENDED');
    const fm = feed.market(MARKETS.preplayBookmaker);
    expect(bm.rates).toEqual(
      fm.runners.map((r) => ({
        selection_id: String(r.selectionId),
        back_rate: r.backRate ?? null,
        lay_rate: r.layRate ?? null,
        suspended: r.suspended,
      })),
    );
    expect(bm.books).toBeUndefined();

    await feed.control(MARKETS.preplayFancy, 'suspend');
    const f = await nextPush(MARKETS.preplayFancy);
    const row = feed.market(MARKETS.preplayFancy).fancy!;
    expect(f.fancy).toEqual({ no: row.no, no_rate: row.noRate, yes: row.yes, yes_rate: row.yesRate });
  });

  it('gathers the changes of one market into one push per window, the last change in it', async () => {
    const sent: Array<PushPayload<'odds'>> = [];
    const mp = new MarketPush(
      {
        db,
        push: { broadcast: (_t, p) => void sent.push(p as PushPayload<'odds'>), broadcastHeard: () => true },
        cfg: exchangeConfig(),
        log: console,
      },
      { minMs: 400, retryMs: 20, retries: 5 },
    );
    try {
      for (let i = 0; i < 10; i++) mp.changed(MARKETS.preplay);
      await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 2_000, interval: 10 });
      // within the window: gathered into the next one
      for (let i = 0; i < 5; i++) mp.changed(MARKETS.preplay);
      await new Promise((r) => setTimeout(r, 150));
      expect(sent).toHaveLength(1);
      await vi.waitFor(() => expect(sent).toHaveLength(2), { timeout: 2_000, interval: 10 });
    } finally {
      mp.close();
    }
  });

  it('reads nothing while no stream hears, and waits for a feed version not stored yet', async () => {
    const quiet = vi.fn();
    const deaf = new MarketPush(
      { db, push: { broadcast: quiet, broadcastHeard: () => false }, cfg: exchangeConfig(), log: console },
      { minMs: 0, retryMs: 20, retries: 5 },
    );
    deaf.changed(MARKETS.preplay);
    await new Promise((r) => setTimeout(r, 100));
    expect(quiet).not.toHaveBeenCalled();
    deaf.close();

    const sent: Array<PushPayload<'odds'>> = [];
    const mp = new MarketPush(
      {
        db,
        push: { broadcast: (_t, p) => void sent.push(p as PushPayload<'odds'>), broadcastHeard: () => true },
        cfg: exchangeConfig(),
        log: console,
      },
      { minMs: 0, retryMs: 30, retries: 50 },
    );
    try {
      const stored = (await view(MARKETS.preplay)).version;
      // another process relays version stored+1 before this one has written it
      mp.changed(MARKETS.preplay, stored + 1);
      await new Promise((r) => setTimeout(r, 200));
      expect(sent).toHaveLength(0);
      await feed.control(MARKETS.preplay, 'liquidity', { selectionId: 100302 });
      await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0), { timeout: 3_000, interval: 10 });
      expect(sent[0]!.version).toBeGreaterThanOrEqual(stored + 1);
    } finally {
      mp.close();
    }
  });
});
