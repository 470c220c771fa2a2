// The trader's tools (issue 33), on PGlite and PostgreSQL: keep in-play (PERSIST) against lapse at the turn in-play
// with the exact release of the lapsed parts' hold, the runner ladder (every price) and the total matched, and the
// player's betting settings (stake presets, keep in-play, one-click) with their validation.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_MESSAGES as M, EXCHANGE_SETTINGS_MESSAGES as S, EXCHANGE_STAKE_PRESETS } from '@khela/contracts';
import { checkLedger } from '../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';

let keySeq = 0;

describeEachDatabase('exchange trader tools on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let feed: ExchangeFeed;

  suiteDatabase(engine, (t) => ({ db, app } = t), {
    env: { EXCHANGE_BET_DELAY_MS: 'MATCH_ODDS:300,BOOKMAKER:200,FANCY:200', EXCHANGE_PENDING_SWEEP_MS: '100' },
  });
  beforeAll(async () => {
    feed = new ExchangeFeed(db, app);
    await feed.load();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const bet = (token: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/exchange/bets',
      headers: { ...auth(token), 'idempotency-key': `t${++keySeq}` },
      payload: body,
    });
  const balance = async (token: string) =>
    (await app.inject({ method: 'POST', url: '/api/balance', headers: auth(token) })).json() as {
      balance: string;
      exposure: string;
      available: string;
    };
  const allBets = async (token: string) =>
    (await app.inject({ method: 'GET', url: '/api/exchange/bets?status=all', headers: auth(token) })).json().data as Array<
      Record<string, unknown>
    >;
  const positionExposure = async (token: string, m: string) =>
    (await app.inject({ method: 'GET', url: `/api/exchange/markets/${m}/position`, headers: auth(token) })).json().exposure as string;
  /** The exposure hold in the ledger: the player's exposure account's balance (paisa). */
  const held = async (playerId: number) =>
    Number(
      (
        await db.query<{ b: string }>(
          `SELECT COALESCE(sum(p.amount_minor), 0) AS b FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
           WHERE a.code = $1`,
          [`player:${playerId}:exposure`],
        )
      ).rows[0]!.b,
    );

  it('at the turn in-play unmatched LAPSE parts lapse and release exactly their hold; PERSIST bets stay held', async () => {
    const m = MARKETS.preplay;
    // runner 100302: 50 offered to back at 3 (a back at 3 takes 50); runner 100301: nothing offered to lay (a lay rests)
    await feed.control(m, 'liquidity', { selectionId: 100302, back: [{ price: 3, size: 50 }] });
    await feed.control(m, 'liquidity', { selectionId: 100301, back: [{ price: 1.2, size: 1000 }] });
    const p = await fundedPlayer(db, '10000');
    const q = await fundedPlayer(db, '1000');

    const b1 = (await bet(p.token, { market_id: m, selection_id: 100302, side: 'BACK', price: 3, stake: '200' })).json().bet;
    expect(b1).toMatchObject({ status: 'PARTIALLY_MATCHED', matched_stake: '50.00', unmatched_stake: '150.00', persistence: 'LAPSE' });
    const b2 = (
      await bet(p.token, { market_id: m, selection_id: 100301, side: 'LAY', price: 1.5, stake: '400', persistence: 'PERSIST' })
    ).json().bet;
    expect(b2).toMatchObject({ status: 'UNMATCHED', persistence: 'PERSIST' });
    const b3 = (await bet(p.token, { market_id: m, selection_id: 100301, side: 'BACK', price: 50, stake: '100' })).json().bet;
    expect(b3.status).toBe('UNMATCHED');
    const q1 = (await bet(q.token, { market_id: m, selection_id: 100302, side: 'BACK', price: 40, stake: '300' })).json().bet;
    const q2 = (
      await bet(q.token, { market_id: m, selection_id: 100302, side: 'BACK', price: 40, stake: '200', persistence: 'PERSIST' })
    ).json().bet;

    // P if 100301 wins: matched back on 100302 -50, its unmatched 150 at worst -150, the lay of 400 at 1.5 -200 (b3 would
    // win: not counted) = -400; if 100302 wins: +100 matched, b3 at worst -100 = 0. Q: 300 + 200 if 100302 loses.
    expect(await balance(p.token)).toMatchObject({ balance: '10000.00', exposure: '400.00', available: '9600.00' });
    expect(await held(p.id)).toBe(40000);
    expect(await balance(q.token)).toMatchObject({ exposure: '500.00', available: '500.00' });

    await feed.control(m, 'in-play');

    const after = new Map((await allBets(p.token)).map((b) => [b.id, b]));
    // the matched part of b1 stands (MATCHED, its remainder lapsed and said so), b3 lapsed whole, b2 kept whole
    expect(after.get(b1.id)).toMatchObject({
      status: 'MATCHED',
      matched_stake: '50.00',
      unmatched_stake: '0.00',
      reason: M.lapsedInPlay,
    });
    expect(after.get(b3.id)).toMatchObject({ status: 'LAPSED', unmatched_stake: '0.00', reason: M.lapsedInPlay });
    expect(after.get(b2.id)).toMatchObject({ status: 'UNMATCHED', unmatched_stake: '400.00', reason: null });
    const qAfter = new Map((await allBets(q.token)).map((b) => [b.id, b]));
    expect(qAfter.get(q1.id)).toMatchObject({ status: 'LAPSED' });
    expect(qAfter.get(q2.id)).toMatchObject({ status: 'UNMATCHED', unmatched_stake: '200.00' });

    // P now: if 100301 wins -50 - 200 = -250; if 100302 wins +100. 150 released exactly; the balance never moved
    expect(await balance(p.token)).toMatchObject({ balance: '10000.00', exposure: '250.00', available: '9750.00' });
    expect(await held(p.id)).toBe(25000);
    expect(await positionExposure(p.token, m)).toBe('250.00');
    expect(await balance(q.token)).toMatchObject({ balance: '1000.00', exposure: '200.00', available: '800.00' });
    expect(await held(q.id)).toBe(20000);
    expect(await checkLedger(db)).toEqual({ ok: true, problems: [] });

    // the kept lay still matches in play (a backer takes it at 1.5) and a second turn (off, on) lapses nothing more
    await feed.control(m, 'in-play', { on: false });
    await feed.control(m, 'in-play');
    expect((await allBets(p.token)).find((b) => b.id === b2.id)).toMatchObject({ status: 'UNMATCHED' });
    expect(await held(p.id)).toBe(25000);
    await feed.control(m, 'in-play', { on: false });
    const cancel = await app.inject({ method: 'DELETE', url: `/api/exchange/bets/${b2.id}`, headers: auth(p.token) });
    expect(cancel.statusCode).toBe(200);
    expect(await balance(p.token)).toMatchObject({ balance: '10000.00', exposure: '50.00', available: '9950.00' });
    expect(await held(p.id)).toBe(5000);
    await feed.control(m, 'liquidity', { selectionId: 100301, auto: true });
    await feed.control(m, 'liquidity', { selectionId: 100302, auto: true });
  });

  it('bets racing the turn in-play through the writer: each lapsed or kept as its persistence says, holds exact', async () => {
    const m = MARKETS.preplay;
    await feed.control(m, 'freeze');
    await feed.control(m, 'liquidity', { selectionId: 100302, back: [{ price: 3, size: 100000 }] });
    const players = await Promise.all([0, 1, 2, 3].map(() => fundedPlayer(db, '5000')));
    // resting backs at 20 (nothing offered there), half kept in-play; the turn lands among them
    const sent = players.flatMap((p, i) =>
      [0, 1, 2, 3, 4].map((k) =>
        bet(p.token, {
          market_id: m,
          selection_id: 100302,
          side: 'BACK',
          price: 20,
          stake: String(100 + k),
          ...((i + k) % 2 ? { persistence: 'PERSIST' } : {}),
        }),
      ),
    );
    const turn = feed.control(m, 'in-play');
    const answers = await Promise.all(sent);
    await turn;
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const rows = await db.query<{ persistence: string; status: string; placed_at: Date; remaining_minor: string }>(
      `SELECT persistence, status, placed_at, remaining_minor FROM exchange_bets WHERE player_id = ANY($1::bigint[])`,
      [players.map((p) => p.id)],
    );
    expect(rows.rows).toHaveLength(20);
    // PERSIST bets all rest; a LAPSE bet rests only if its batch came after the turn (it was placed in play)
    for (const r of rows.rows.filter((x) => x.persistence === 'PERSIST')) expect(r.status).toBe('UNMATCHED');
    for (const r of rows.rows.filter((x) => x.persistence === 'LAPSE')) expect(['LAPSED', 'UNMATCHED']).toContain(r.status);
    for (const p of players) {
      const b = await balance(p.token);
      expect(b.balance).toBe('5000.00');
      expect(b.exposure).toBe(await positionExposure(p.token, m));
      expect(await held(p.id)).toBe(Math.round(Number(b.exposure) * 100));
    }
    expect(await checkLedger(db)).toEqual({ ok: true, problems: [] });
    // clean up: nothing of these players rests for the next test
    for (const p of players)
      for (const b of await allBets(p.token))
        if (b.status === 'UNMATCHED') await app.inject({ method: 'DELETE', url: `/api/exchange/bets/${b.id}`, headers: auth(p.token) });
    await feed.control(m, 'in-play', { on: false });
    await feed.control(m, 'liquidity', { selectionId: 100302, auto: true });
    await feed.control(m, 'unfreeze');
  });

  it('the ladder lists every price of a runner with an offer; the market shows three and the total matched', async () => {
    const m = MARKETS.preplay;
    await feed.control(m, 'freeze');
    await feed.control(m, 'liquidity', { selectionId: 100301, back: [{ price: 2, size: 1000 }], lay: [{ price: 2.1, size: 1000 }] });
    const p = await fundedPlayer(db, '10000');
    // five backs resting above the lay offer: layers see them at 2.2 .. 2.6
    for (const price of [2.2, 2.3, 2.4, 2.5, 2.6]) {
      const r = await bet(p.token, { market_id: m, selection_id: 100301, side: 'BACK', price, stake: '100' });
      expect(r.json().bet.status).toBe('UNMATCHED');
    }
    const before = (await app.inject({ method: 'GET', url: `/api/exchange/markets/${m}` })).json();
    const layer = await fundedPlayer(db, '10000');
    // a lay at 2.1 takes the feed's 2.1 (backers' side of the house): 150 matched
    expect((await bet(layer.token, { market_id: m, selection_id: 100301, side: 'LAY', price: 2.1, stake: '150' })).json().bet.status).toBe(
      'MATCHED',
    );
    const market = (await app.inject({ method: 'GET', url: `/api/exchange/markets/${m}`, headers: auth(p.token) })).json();
    const runner = market.runners.find((r: { selection_id: string }) => r.selection_id === '100301');
    expect(runner.lay.map((l: { price: number }) => l.price)).toEqual([2.1, 2.2, 2.3]);
    expect(Number(market.total_matched) - Number(before.total_matched)).toBe(150);
    // the kept total (exchange_market_book, sql/0930) is the sum over the market's fills, each fill once
    const fills = await db.query<{ total: string }>(
      `SELECT coalesce(sum(stake_minor), 0) AS total FROM exchange_fills WHERE market_id = $1 AND currency = 'BDT'`,
      [m],
    );
    expect(Math.round(Number(market.total_matched) * 100)).toBe(Number(fills.rows[0]!.total));

    const ladder = await app.inject({
      method: 'GET',
      url: `/api/exchange/markets/${m}/ladder?selection_id=100301`,
      headers: auth(p.token),
    });
    expect(ladder.statusCode).toBe(200);
    const l = ladder.json();
    expect(l.back).toEqual([{ price: 2, size: '1000.00' }]);
    expect(l.lay.map((x: { price: number; size: string }) => [x.price, x.size])).toEqual([
      [2.1, '850.00'],
      [2.2, '100.00'],
      [2.3, '100.00'],
      [2.4, '100.00'],
      [2.5, '100.00'],
      [2.6, '100.00'],
    ]);
    const missing = await app.inject({ method: 'GET', url: `/api/exchange/markets/${m}/ladder?selection_id=999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.selectionNotFound);
    await feed.control(m, 'liquidity', { selectionId: 100301, auto: true });
    await feed.control(m, 'unfreeze');
  });

  describe('settings', () => {
    const get = async (token: string) => app.inject({ method: 'GET', url: '/api/exchange/settings', headers: auth(token) });
    const put = async (token: string, body: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/exchange/settings', headers: auth(token), payload: body });

    it('answers the defaults, keeps presets and keep in-play, and refuses presets outside the rules', async () => {
      const p = await fundedPlayer(db, '0');
      expect((await get(p.token)).json()).toEqual({
        stake_presets: [...EXCHANGE_STAKE_PRESETS],
        keep_in_play: false,
        one_click: false,
        one_click_stake: null,
        one_click_confirmed: false,
      });
      const ok = await put(p.token, { stake_presets: [200, 400, 800, 1600, 3200, 6400] });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().stake_presets).toEqual([200, 400, 800, 1600, 3200, 6400]);
      expect((await put(p.token, { keep_in_play: true })).json()).toMatchObject({
        keep_in_play: true,
        stake_presets: [200, 400, 800, 1600, 3200, 6400],
      });
      // read again (another device): the same
      expect((await get(p.token)).json()).toMatchObject({ keep_in_play: true, stake_presets: [200, 400, 800, 1600, 3200, 6400] });

      const few = await put(p.token, { stake_presets: [100, 200] });
      expect(few.statusCode).toBe(422);
      expect(JSON.stringify(few.json())).toContain(S.presetCount);
      const fraction = await put(p.token, { stake_presets: [100, 200, 300, 400, 500, 600.5] });
      expect(fraction.statusCode).toBe(422);
      expect(JSON.stringify(fraction.json())).toContain(S.presetAmount);
      const below = await put(p.token, { stake_presets: [50, 200, 300, 400, 500, 600] });
      expect(below.statusCode).toBe(422);
      expect(below.json().message).toBe(S.presetRange);
      const above = await put(p.token, { stake_presets: [100, 200, 300, 400, 500, 500_001] });
      expect(above.statusCode).toBe(422);
      // nothing of a refused change was kept
      expect((await get(p.token)).json().stake_presets).toEqual([200, 400, 800, 1600, 3200, 6400]);
      // another player's settings are their own
      expect((await get((await fundedPlayer(db, '0')).token)).json().stake_presets).toEqual([...EXCHANGE_STAKE_PRESETS]);
      expect((await app.inject({ method: 'GET', url: '/api/exchange/settings' })).statusCode).toBe(401);
    });

    it('turns one-click on only with a stake and once confirmed; the confirmation is asked once', async () => {
      const p = await fundedPlayer(db, '0');
      const noStake = await put(p.token, { one_click: true, confirm_one_click: true });
      expect(noStake.statusCode).toBe(422);
      expect(noStake.json().message).toBe(S.oneClickStake);
      const unconfirmed = await put(p.token, { one_click: true, one_click_stake: 500 });
      expect(unconfirmed.statusCode).toBe(422);
      expect(unconfirmed.json().message).toBe(S.oneClickConfirm);
      expect((await get(p.token)).json()).toMatchObject({ one_click: false, one_click_stake: null, one_click_confirmed: false });
      expect((await put(p.token, { one_click_stake: 10 })).statusCode).toBe(422);

      const on = await put(p.token, { one_click: true, one_click_stake: 500, confirm_one_click: true });
      expect(on.json()).toMatchObject({ one_click: true, one_click_stake: 500, one_click_confirmed: true });
      expect((await put(p.token, { one_click: false })).json()).toMatchObject({ one_click: false, one_click_stake: 500 });
      // on again: no confirmation needed the second time
      expect((await put(p.token, { one_click: true })).json()).toMatchObject({ one_click: true, one_click_confirmed: true });
      expect((await put(p.token, { one_click_stake: 1000 })).json()).toMatchObject({ one_click: true, one_click_stake: 1000 });
      // clearing the stake turns one-click off with it (it has nothing to bet)
      expect((await put(p.token, { one_click_stake: null, one_click: false })).json()).toMatchObject({
        one_click: false,
        one_click_stake: null,
      });
    });
  });
});
