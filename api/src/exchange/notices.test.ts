// The bell's notifications, on PGlite and PostgreSQL: every change of a bet that the player is told about is kept on
// the server once (placed matched or resting, another player's match, cancel, the close, settlement, re-settlement and
// the void), newest first, paged, read/unread, and a token reads only its own player's.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ExchangeNotice } from '@khela/contracts';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';

let keySeq = 0;

describeEachDatabase('exchange notices on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let feed: ExchangeFeed;

  suiteDatabase(engine, (t) => ({ db, app } = t));
  beforeAll(async () => {
    feed = new ExchangeFeed(db, app);
    await feed.load();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const bet = async (token: string, body: Record<string, unknown>) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/exchange/bets',
      headers: { ...auth(token), 'idempotency-key': `n${++keySeq}` },
      payload: body,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().bet as { id: string; status: string };
  };
  const notices = async (token: string, query = '') => {
    const r = await app.inject({ method: 'GET', url: `/api/exchange/notices${query}`, headers: auth(token) });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { data: ExchangeNotice[]; unread: number; page: number; last_page: number; total: number };
  };
  const said = (list: ExchangeNotice[]) => list.map((n) => [n.kind, n.bet.id, n.bet.matched_stake]);

  it('says each outcome once, newest first, with the bet as it was then; keeps read/unread; pages', async () => {
    const m = MARKETS.preplay;
    await feed.control(m, 'freeze');
    await feed.control(m, 'liquidity', { selectionId: 100301 }); // no offers: the players meet each other
    const a = await fundedPlayer(db, '5000');
    const b = await fundedPlayer(db, '5000');

    // A: a back at 3 rests; B lays 100 of its 200 (a partial match), then A cancels the rest
    const rest = await bet(a.token, { market_id: m, selection_id: 100301, side: 'BACK', price: 3, stake: '200' });
    const lay = await bet(b.token, { market_id: m, selection_id: 100301, side: 'LAY', price: 3, stake: '100' });
    expect(lay.status).toBe('MATCHED');
    expect((await app.inject({ method: 'DELETE', url: `/api/exchange/bets/${rest.id}`, headers: auth(a.token) })).statusCode).toBe(200);
    // B's lay at 2.5 rests; A's back at 2.5 matches it at once (placed and matched in one transaction: one notice)
    const waiting = await bet(b.token, { market_id: m, selection_id: 100301, side: 'LAY', price: 2.5, stake: '100' });
    const now = await bet(a.token, { market_id: m, selection_id: 100301, side: 'BACK', price: 2.5, stake: '100' });
    expect(now.status).toBe('MATCHED');

    let mine = await notices(a.token);
    expect(said(mine.data)).toEqual([
      ['matched', now.id, '100.00'],
      ['cancelled', rest.id, '100.00'],
      ['partial', rest.id, '100.00'],
      ['unmatched', rest.id, '0.00'],
    ]);
    expect(mine.data[2]!.bet).toMatchObject({ status: 'PARTIALLY_MATCHED', avg_price: 3 });
    expect(mine).toMatchObject({ unread: 4, total: 4, page: 1, last_page: 1 });
    expect(said((await notices(b.token)).data)).toEqual([
      ['matched', waiting.id, '100.00'],
      ['unmatched', waiting.id, '0.00'],
      ['matched', lay.id, '100.00'],
    ]);

    // settled: runner 100301 wins; then corrected to the other runner; then voided
    await feed.control(m, 'result', { winner: 100301 });
    mine = await notices(a.token);
    // one statement settles both bets: their two notices in either order
    expect(
      mine.data
        .slice(0, 2)
        .map((n) => [n.kind, n.bet.id, n.bet.profit_loss])
        .sort(),
    ).toEqual(
      [
        ['won', now.id, '150.00'],
        ['won', rest.id, '200.00'],
      ].sort(),
    );
    expect(
      said((await notices(b.token)).data)
        .slice(0, 2)
        .sort(),
    ).toEqual(
      [
        ['lost', lay.id, '100.00'],
        ['lost', waiting.id, '100.00'],
      ].sort(),
    );
    await feed.control(m, 'result', { winner: 100302 });
    expect((await notices(a.token)).data.slice(0, 2).map((n) => n.kind)).toEqual(['lost', 'lost']);
    await feed.control(m, 'void');
    expect((await notices(a.token)).data.slice(0, 2).map((n) => [n.kind, n.bet.status])).toEqual([
      ['void', 'VOID'],
      ['void', 'VOID'],
    ]);

    // pages of 3, newest first; read: some, then all; a read survives (another device reads the same list)
    const all = await notices(a.token);
    expect(all.total).toBe(10);
    const p1 = await notices(a.token, '?page=1&per_page=3');
    const p4 = await notices(a.token, '?page=4&per_page=3');
    expect([p1.data.length, p4.data.length, p1.last_page]).toEqual([3, 1, 4]);
    expect(p1.data[0]!.id).toBe(all.data[0]!.id);
    expect(p4.data[0]!.id).toBe(all.data[9]!.id);
    const read = await app.inject({
      method: 'POST',
      url: '/api/exchange/notices/read',
      headers: auth(a.token),
      payload: { ids: p1.data.map((n) => n.id) },
    });
    expect(read.json()).toEqual({ unread: 7 });
    expect((await notices(a.token)).data.map((n) => n.read)).toEqual([true, true, true, false, false, false, false, false, false, false]);
    // B's token cannot mark A's notices read
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/exchange/notices/read',
      headers: auth(b.token),
      payload: { ids: all.data.map((n) => n.id) },
    });
    expect(foreign.json().unread).toBe((await notices(b.token)).unread);
    expect((await notices(a.token)).unread).toBe(7);
    expect((await app.inject({ method: 'POST', url: '/api/exchange/notices/read', headers: auth(a.token), payload: {} })).json()).toEqual({
      unread: 0,
    });
  });

  it('needs a token and refuses malformed ids', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/exchange/notices' })).statusCode).toBe(401);
    const a = await fundedPlayer(db, '100');
    const bad = await app.inject({ method: 'POST', url: '/api/exchange/notices/read', headers: auth(a.token), payload: { ids: ['x'] } });
    expect(bad.statusCode).toBe(422);
  });
});
