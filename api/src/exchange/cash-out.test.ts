// Cash out through HTTP on PGlite and PostgreSQL: the quote greens up a matched position at current prices (the same
// profit whoever wins), taking it places fill-or-kill hedges that release the hold, and a value that fell is refused.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { EXCHANGE_MESSAGES as M } from '@khela/contracts';
import { checkLedger } from '../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';

let keySeq = 0;

describeEachDatabase('cash out on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let feed: ExchangeFeed;
  suiteDatabase(engine, (t) => ({ db, app } = t));
  beforeAll(async () => {
    feed = new ExchangeFeed(db, app);
    await feed.load();
  });
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'idempotency-key': `c${++keySeq}` });
  const bet = (token: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/exchange/bets', headers: auth(token), payload: body });
  const cashOut = (token: string, marketId: string, body: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url: `/api/exchange/markets/${marketId}/cash-out`, headers: auth(token), payload: body });

  it('quotes and takes the green-up of a back after the price shortened', async () => {
    const m = MARKETS.preplay;
    await feed.control(m, 'liquidity', { selectionId: 100301, back: [{ price: 2, size: 10000 }], lay: [{ price: 2.02, size: 10000 }] });
    const p = await fundedPlayer(db, '5000');
    expect((await bet(p.token, { market_id: m, selection_id: 100301, side: 'BACK', price: 2, stake: '1000' })).json().bet.status).toBe(
      'MATCHED',
    );
    await feed.control(m, 'liquidity', { selectionId: 100301, back: [{ price: 1.5, size: 10000 }], lay: [{ price: 1.52, size: 10000 }] });

    const quote = await cashOut(p.token, m);
    expect(quote.statusCode).toBe(200);
    // lay 2000 / 1.52 = 1315.79 at 1.52: 1000 - 1315.79 * 0.52 = 315.79 if it wins; -1000 + 1315.79 if it loses
    expect(quote.json()).toMatchObject({
      value: '315.79',
      hedges: [{ selection_id: '100301', side: 'LAY', price: 1.52, stake: '1315.79' }],
    });
    expect(quote.json().exposure).toBe('1000.00');

    const low = await cashOut(p.token, m, { take: true, min_value: '400.00' });
    expect(low.statusCode).toBe(409);
    expect(low.json().message).toBe(M.cashOutValueChanged);

    const taken = await cashOut(p.token, m, { take: true, min_value: '315.79' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().bets).toHaveLength(1);
    expect(taken.json().bets[0]).toMatchObject({ side: 'LAY', status: 'MATCHED', matched_stake: '1315.79' });
    expect(taken.json()).toMatchObject({ exposure: '0.00', balance: '5000.00', available: '5000.00' });
    const pos = await app.inject({ method: 'GET', url: `/api/exchange/markets/${m}/position`, headers: auth(p.token) });
    expect(pos.json().runners.map((r: { profit_loss: string }) => r.profit_loss)).toEqual(['315.79', '315.79']);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('has nothing to cash out without a matched position, and none on Fancy', async () => {
    const p = await fundedPlayer(db, '1000');
    const none = await cashOut(p.token, MARKETS.preplay);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(M.nothingToCashOut);
    expect((await cashOut(p.token, MARKETS.preplayFancy)).json().message).toBe(M.cashOutUnavailable);
  });
});
