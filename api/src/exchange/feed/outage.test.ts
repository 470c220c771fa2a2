// While this process's odds feed is down (app.oddsFeed, driven by its consumer), on PGlite and PostgreSQL: the market
// says its prices are unavailable, open pages are told, bets and cash-outs are refused with the contract's message and
// change nothing; when the feed is back, bets are taken again.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { EXCHANGE_MESSAGES as M } from '@khela/contracts';
import { checkLedger } from '../../ledger';
import { exchangeBetsPlaced } from '../../ops/metrics';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../../testing/both-databases';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../../testing/exchange-fixture';

let keySeq = 0;

describeEachDatabase('exchange while the odds feed is down on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  const m = MARKETS.preplay;

  suiteDatabase(engine, (t) => ({ db, app } = t));
  beforeAll(async () => {
    const feed = new ExchangeFeed(db, app);
    await feed.load();
  });

  const bet = (token: string, key = `outage-${++keySeq}`) =>
    app.inject({
      method: 'POST',
      url: '/api/exchange/bets',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: { market_id: m, selection_id: 100301, side: 'BACK', price: 1000, stake: '100' },
    });
  const balance = async (token: string) =>
    (await app.inject({ method: 'POST', url: '/api/balance', headers: { authorization: `Bearer ${token}` } })).json();
  const marketState = async () => (await app.inject({ method: 'GET', url: `/api/exchange/markets/${m}` })).json();

  it('without a consumer watching, prices are live and bets are taken', async () => {
    const p = await fundedPlayer(db, '1000');
    expect((await marketState()).prices_available).toBe(true);
    expect((await bet(p.token)).statusCode).toBe(200);
  });

  it('down: the market says so, open pages are told, a bet and a cash-out are refused and change nothing; back: taken again', async () => {
    const p = await fundedPlayer(db, '1000');
    const told: Array<{ marketId: string; prices?: boolean }> = [];
    const off = app.push.subscribeBroadcast((topic, payload) => {
      if (topic === 'odds' && (payload as { prices?: boolean }).prices !== undefined)
        told.push(payload as { marketId: string; prices: boolean });
    });
    try {
      app.oddsFeed.watch(); // a consumer starts: down until its first connection
      expect(app.oddsFeed.available).toBe(false);
      expect(await marketState()).toMatchObject({ market_id: m, prices_available: false });
      await expect.poll(() => told.some((e) => e.marketId === m && e.prices === false)).toBe(true);

      const placed = async () => (await exchangeBetsPlaced.get()).values.find((v) => v.labels.side === 'BACK')?.value ?? 0;
      const placedBefore = await placed();
      const before = await balance(p.token);
      const refused = await bet(p.token, 'outage-refused');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'prices_unavailable', message: M.pricesUnavailable });
      const cashOut = await app.inject({
        method: 'POST',
        url: `/api/exchange/markets/${m}/cash-out`,
        headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': 'outage-cash-out' },
        payload: { take: true },
      });
      expect(cashOut.statusCode).toBe(503);
      expect(await balance(p.token)).toEqual(before);
      const rows = await db.query<{ n: string }>('SELECT count(*) AS n FROM exchange_bets WHERE player_id = $1', [p.id]);
      expect(Number(rows.rows[0]!.n)).toBe(0);
      expect(await placed()).toBe(placedBefore); // a refused bet is not counted

      told.length = 0;
      app.oddsFeed.set('connected');
      expect((await marketState()).prices_available).toBe(true);
      await expect.poll(() => told.some((e) => e.marketId === m && e.prices === true)).toBe(true);
      // the same key again: the refusal was not remembered as the answer, so the bet is placed now
      const taken = await bet(p.token, 'outage-refused');
      expect(taken.statusCode).toBe(200);
      expect(taken.json().bet).toMatchObject({ market_id: m, side: 'BACK' });
      expect(await placed()).toBe(placedBefore + 1);
      expect((await checkLedger(db)).problems).toEqual([]);
    } finally {
      off();
      app.oddsFeed.set('connected');
    }
  });
});
