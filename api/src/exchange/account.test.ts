// The exchange account's API: Multi Markets pins kept on the server, the Activity Log, Profit & Loss and the In-Play
// results after settlement (PGlite; the money paths are in placing/settlement tests on both databases).
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { appPerFile } from '../testing/app-per-file';
import { tokenFor } from '../testing/helpers';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';

let db: Db;
let app: FastifyInstance;
let feed: ExchangeFeed;
appPerFile((t) => ({ db, app } = t));
beforeAll(async () => {
  feed = new ExchangeFeed(db, app);
  await feed.load();
});

const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
let key = 0;
const bet = (token: string, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/exchange/bets',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `a${++key}` },
    payload: body,
  });

describe('Multi Markets pins', () => {
  it('are kept per player on the server, once each, and follow the player to a new session', async () => {
    const p = await fundedPlayer(db, '0');
    const pin = { event_id: '34001001', market_id: MARKETS.inplay, name: 'Bangladesh v India', sport: 'cricket' };
    const put = (token: string, body: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/exchange/pins', headers: { authorization: `Bearer ${token}` }, payload: body });
    expect((await put(p.token, pin)).json().data).toEqual([pin]);
    expect((await put(p.token, pin)).json().data).toHaveLength(1);
    const other = await tokenFor(db, p.id);
    expect((await get(other, '/api/exchange/pins')).json().data).toEqual([pin]);
    const stranger = await fundedPlayer(db, '0');
    expect((await get(stranger.token, '/api/exchange/pins')).json().data).toEqual([]);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/exchange/pins/${MARKETS.inplay}`,
      headers: { authorization: `Bearer ${other}` },
    });
    expect(del.json().data).toEqual([]);
    expect((await put(p.token, { ...pin, sport: 'golf' })).statusCode).toBe(422);
  });
});

describe('Activity Log, Profit & Loss and results', () => {
  it('lists log-ins, bets, cancels and the settlement; P&L shows gross, commission and net by day, sport and market', async () => {
    const m = MARKETS.preplay;
    await feed.control(m, 'liquidity', { selectionId: 100301, back: [{ price: 2, size: 10000 }], lay: [{ price: 2.02, size: 10000 }] });
    const p = await fundedPlayer(db, '5000');
    const won = await bet(p.token, { market_id: m, selection_id: 100301, side: 'BACK', price: 2, stake: '1000' });
    expect(won.json().bet.status).toBe('MATCHED');
    const rest = await bet(p.token, { market_id: m, selection_id: 100302, side: 'BACK', price: 900, stake: '100' });
    await app.inject({
      method: 'DELETE',
      url: `/api/exchange/bets/${rest.json().bet.id}`,
      headers: { authorization: `Bearer ${p.token}` },
    });

    const log = (await get(p.token, '/api/exchange/activity')).json();
    expect(log.data.map((a: { kind: string }) => a.kind)).toEqual(['cancel', 'bet', 'bet', 'login']);
    expect(log.data[2].detail).toContain('BACK Pakistan @ 2.00 for 1000.00');
    expect(log.data[2].bet_id).toBe(won.json().bet.id);

    await feed.control(m, 'result', { winner: 100301 });
    const settled = (await get(p.token, '/api/exchange/activity')).json().data[0];
    expect(settled).toMatchObject({ kind: 'settled', market_id: m });
    // won 1000 at 2.0: gross 1000.00, 5% commission 50.00, net 950.00
    expect(settled.detail).toContain('+950.00');
    const byMarket = (await get(p.token, '/api/exchange/profit-loss?group=market')).json();
    expect(byMarket.rows).toEqual([
      { key: m, label: 'Pakistan v Sri Lanka — Match Odds', markets: 1, gross: '1000.00', commission: '50.00', net: '950.00' },
    ]);
    expect(byMarket.total).toEqual({ gross: '1000.00', commission: '50.00', net: '950.00' });
    const bySport = (await get(p.token, '/api/exchange/profit-loss?group=sport')).json();
    expect(bySport.rows[0]).toMatchObject({ key: 'cricket', net: '950.00' });
    const byDay = (await get(p.token, '/api/exchange/profit-loss')).json();
    expect(byDay.rows).toHaveLength(1);
    expect(byDay.rows[0].key).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const res = (await app.inject({ method: 'GET', url: '/api/exchange/results?sport=cricket' })).json().data;
    expect(res[0]).toMatchObject({ market_id: m, event_name: 'Pakistan v Sri Lanka', winner: 'Pakistan', voided: false });
  });
});
