// A player's maximum liability per market kind (issue 26 item 4), over HTTP on PGlite and PostgreSQL: risk staff set
// and remove it (audited; other roles read only), the player sees it, and a bet that would take a market's exposure
// over it is refused and changes nothing, while a bet that lowers the exposure passes even above a lowered limit;
// the limit of one kind leaves the other kinds alone.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { EXCHANGE_MESSAGES as M } from '@khela/contracts';
import { checkLedger } from '../ledger';
import { ExchangeFeed, fundedPlayer } from '../testing/exchange-fixture';
import { staffTokens } from '../testing/fixtures';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';

let keySeq = 0;

type Player = { id: number; token: string };
// pre-play markets of the sandbox world: no bet delay, house prices and liquidity at the feed's prices
const BM = '34001003-BM'; // 100301 (rate 80: price 1.8), 100302 (rate 120: price 2.2)
const MO = '1.230001004'; // 100401 (back 1.72), 100402 (back 2.30)

describeEachDatabase('exchange liability limits on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff: Record<'risk' | 'support', string>;

  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { EXCHANGE_BET_DELAY_MS: '0' } });
  beforeAll(async () => {
    await new ExchangeFeed(db, app).load();
    staff = await staffTokens(app, ['risk', 'support']);
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const setLimit = (p: Player, body: Record<string, unknown>, token = staff.risk) =>
    app.inject({ method: 'POST', url: `/api/operator/players/${p.id}/exchange-limits`, headers: auth(token), payload: body });
  const place = (p: Player, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/exchange/bets',
      headers: { ...auth(p.token), 'idempotency-key': `ll${++keySeq}` },
      payload: body,
    });
  const wallet = async (p: Player) =>
    (await app.inject({ method: 'POST', url: '/api/balance', headers: auth(p.token) })).json() as Record<string, string>;
  const backBm = (p: Player, selection: 100301 | 100302, stake: string) =>
    place(p, { market_id: BM, selection_id: selection, side: 'BACK', price: selection === 100301 ? 1.8 : 2.2, stake });

  it('risk staff set and remove a limit, audited; support reads only; bad input changes nothing', async () => {
    const p = await fundedPlayer(db, '5000');
    const none = await app.inject({ method: 'GET', url: `/api/operator/players/${p.id}/exchange-limits`, headers: auth(staff.support) });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ currency: 'BDT', max_liability: { MATCH_ODDS: null, BOOKMAKER: null, FANCY: null } });

    expect((await setLimit(p, { kind: 'FANCY', max_liability: '100', reason: 'support tries' }, staff.support)).statusCode).toBe(403);
    const bad = await setLimit(p, { kind: 'FANCY', max_liability: '-5', reason: 'negative' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('The limit must be 0 or more.');
    const noReason = await setLimit(p, { kind: 'FANCY', max_liability: '100', reason: '' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.body).toContain('Give a reason');

    const set = await setLimit(p, { kind: 'FANCY', max_liability: '2500.5', reason: 'bonus abuse review' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ changed: true, max_liability: { FANCY: '2500.50', BOOKMAKER: null, MATCH_ODDS: null } });
    expect(set.json().message).toBe('Fancy maximum liability set to 2500.50 BDT.');
    const again = await setLimit(p, { kind: 'FANCY', max_liability: '2500.50', reason: 'same again' });
    expect(again.json()).toMatchObject({ changed: false });

    // the player sees it
    const mine = await app.inject({ method: 'GET', url: '/api/exchange/limits', headers: auth(p.token) });
    expect(mine.json()).toEqual({ currency: 'BDT', max_liability: { MATCH_ODDS: null, BOOKMAKER: null, FANCY: '2500.50' } });

    const removed = await setLimit(p, { kind: 'FANCY', max_liability: null, reason: 'review closed' });
    expect(removed.json()).toMatchObject({ changed: true, message: 'Fancy limit removed.', max_liability: { FANCY: null } });

    const audit = await db.query<{ reason: string; before: unknown; after: unknown }>(
      `SELECT reason, before, after FROM operator_audit WHERE action = 'exchange.liability_limit' AND entity_id = $1 ORDER BY id`,
      [String(p.id)],
    );
    expect(audit.rows).toEqual([
      { reason: 'bonus abuse review', before: { kind: 'FANCY', max_liability: null }, after: { kind: 'FANCY', max_liability: '2500.50' } },
      { reason: 'review closed', before: { kind: 'FANCY', max_liability: '2500.50' }, after: { kind: 'FANCY', max_liability: null } },
    ]);
  });

  it("refuses a bet that takes a market's exposure over the limit, passes one that lowers it, leaves other kinds alone", async () => {
    const p = await fundedPlayer(db, '10000');
    expect((await setLimit(p, { kind: 'BOOKMAKER', max_liability: '1000', reason: 'new account' })).statusCode).toBe(200);

    // back 100301 for 1000: loses 1000 if 100302 wins, exactly the limit
    expect((await backBm(p, 100301, '1000')).statusCode).toBe(200);
    const before = await wallet(p);
    expect(before.exposure).toBe('1000.00');

    // one more taka of risk on the same market: refused with the limit, nothing held
    const over = await backBm(p, 100301, '100');
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'liability_limit', max_liability: '1000.00', message: M.liabilityLimit('1000.00', 'BDT') });
    expect(await wallet(p)).toEqual(before);

    // back 100302 for 500 lowers the worst case to 400 (if 100302 wins: -1000 + 600)
    expect((await backBm(p, 100302, '500')).statusCode).toBe(200);
    expect((await wallet(p)).exposure).toBe('400.00');
    // then 600 more on 100301 brings it back to the limit (allowed), 700 would pass it (refused)
    expect((await backBm(p, 100301, '700')).json().code).toBe('liability_limit');
    expect((await backBm(p, 100301, '600')).statusCode).toBe(200);
    expect((await wallet(p)).exposure).toBe('1000.00');

    // staff lower the limit below what is held: a bet that lowers the exposure still passes, one that raises it does not
    await setLimit(p, { kind: 'BOOKMAKER', max_liability: '500', reason: 'lowered' });
    expect((await backBm(p, 100301, '100')).json().code).toBe('liability_limit');
    expect((await backBm(p, 100302, '200')).statusCode).toBe(200);
    expect((await wallet(p)).exposure).toBe('760.00');

    // a Match Odds market is not a BookMaker one: its own kind has no limit
    const mo = await place(p, { market_id: MO, selection_id: 100401, side: 'BACK', price: 1.72, stake: '2000' });
    expect(mo.statusCode, mo.body).toBe(200);
    await checkLedger(db);
  });
});
