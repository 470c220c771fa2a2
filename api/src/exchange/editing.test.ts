// Issue 33 through HTTP and the market writer, on PGlite and PostgreSQL: editing an unmatched bet (a stake decrease
// keeps the bet's queue position, a new price or a higher stake is a new bet at the back of the queue that may match
// at once), cancel all in one market or everywhere, and per-selection and partial cash-out, each with exact exposure
// and wallet checks; then edits, cancels all and crossing bets in parallel with the invariants checked from scratch.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { EXCHANGE_MESSAGES as M, backProfit, cashOutShare, greenUpStake, runnerOutcome, runnerPl, type RunnerBet } from '@khela/contracts';
import { checkLedger } from '../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';
import { checkBetsAndFills, checkExposures } from '../testing/exchange-checks';

let keySeq = 0;

/** Editing and cancelling run on Pakistan v Sri Lanka with no feed liquidity (every match player to player). */
const MO = MARKETS.preplay;
const R1 = 100301;
const R2 = 100302;
/** Cash-out runs on Australia v England, whose feed prices the tests set. */
const CO = '1.230001004';

describeEachDatabase('editing, cancel all and partial cash-out on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let feed: ExchangeFeed;
  let coRunners: [number, number];

  suiteDatabase(engine, (t) => ({ db, app } = t), {
    env: { EXCHANGE_BET_DELAY_MS: 'MATCH_ODDS:200,BOOKMAKER:100,FANCY:100', EXCHANGE_PENDING_SWEEP_MS: '100' },
  });
  beforeAll(async () => {
    feed = new ExchangeFeed(db, app);
    await feed.load();
    await feed.control(MO, 'liquidity', { selectionId: R1 });
    await feed.control(MO, 'liquidity', { selectionId: R2 });
    const rs = feed.market(CO).runners.map((r) => r.selectionId);
    coRunners = [rs[0]!, rs[1]!];
  }, 60_000);

  const headers = (token: string, key?: string) => ({ authorization: `Bearer ${token}`, 'idempotency-key': key ?? `e${++keySeq}` });
  const bet = (token: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/exchange/bets', headers: headers(token), payload: body });
  const edit = (token: string, id: string, body: Record<string, unknown>, key?: string) =>
    app.inject({ method: 'PATCH', url: `/api/exchange/bets/${id}`, headers: headers(token, key), payload: body });
  const cancelAll = (token: string, body: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url: '/api/exchange/bets/cancel-all', headers: headers(token), payload: body });
  const cashOut = (token: string, marketId: string, body: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url: `/api/exchange/markets/${marketId}/cash-out`, headers: headers(token), payload: body });
  const wallet = async (token: string) =>
    (await app.inject({ method: 'POST', url: '/api/balance', headers: { authorization: `Bearer ${token}` } })).json() as {
      balance: string;
      exposure: string;
      available: string;
    };
  const betsOf = async (token: string, marketId: string) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/exchange/bets?status=all&market_id=${marketId}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data as Array<Record<string, unknown>>;
  const plOf = async (token: string, marketId: string) =>
    (await app.inject({ method: 'GET', url: `/api/exchange/markets/${marketId}/position`, headers: { authorization: `Bearer ${token}` } }))
      .json()
      .runners.map((r: { profit_loss: string }) => r.profit_loss) as string[];
  const lay = (token: string, selection: number, price: number, stake: string, market: string = MO) =>
    bet(token, { market_id: market, selection_id: selection, side: 'LAY', price, stake });
  const back = (token: string, selection: number, price: number, stake: string, market: string = MO) =>
    bet(token, { market_id: market, selection_id: selection, side: 'BACK', price, stake });
  const invariants = async () => {
    expect(await checkBetsAndFills(db)).toEqual([]);
    expect((await checkExposures(db)).problems).toEqual([]);
    expect((await checkLedger(db)).ok).toBe(true);
  };

  it('a stake decrease keeps the bet and its queue position: a later lay at the same price still matches after it', async () => {
    const a = await fundedPlayer(db, '5000');
    const b = await fundedPlayer(db, '5000');
    const c = await fundedPlayer(db, '5000');
    const first = (await lay(a.token, R1, 2.5, '1000')).json().bet;
    expect(first.status).toBe('UNMATCHED');
    const later = (await lay(b.token, R1, 2.5, '500')).json().bet;

    const cut = await edit(a.token, first.id, { stake: '400' });
    expect(cut.statusCode).toBe(200);
    // the same bet, its unmatched part 400: the hold is the lay's liability at 2.50, 400 * 1.5, to the paisa
    expect(cut.json()).toMatchObject({
      bet: { id: first.id, status: 'UNMATCHED', stake: '1000.00', unmatched_stake: '400.00' },
      replaced: null,
      exposure: '600.00',
      available: '4400.00',
      balance: '5000.00',
    });
    expect(await wallet(a.token)).toEqual(expect.objectContaining({ exposure: '600.00', available: '4400.00' }));
    // the bet's own figures are those of what is left of it: wins 400, risks 600
    expect(cut.json().bet).toMatchObject({ potential_profit: '400.00', potential_liability: '600.00' });

    // a back of 600 at 2.50 takes a's 400 first (it kept its place), then 200 of b's later lay
    const taken = (await back(c.token, R1, 2.5, '600')).json().bet;
    expect(taken).toMatchObject({ status: 'MATCHED', matched_stake: '600.00' });
    const [aBet] = await betsOf(a.token, MO);
    expect(aBet).toMatchObject({ id: first.id, status: 'MATCHED', matched_stake: '400.00', unmatched_stake: '0.00' });
    const bBet = (await betsOf(b.token, MO)).find((x) => x.id === later.id);
    expect(bBet).toMatchObject({ status: 'PARTIALLY_MATCHED', matched_stake: '200.00', unmatched_stake: '300.00' });
    // a's matched lay: loses 600 if runner 1 wins, wins 400 otherwise
    expect(await wallet(a.token)).toEqual(expect.objectContaining({ exposure: '600.00', available: '4400.00', balance: '5000.00' }));
    expect(await plOf(a.token, MO)).toEqual(['-600.00', '400.00']);
    await invariants();
  });

  it('a new price is a new bet at the back of the queue; the old one is cancelled', async () => {
    const a = await fundedPlayer(db, '5000');
    const b = await fundedPlayer(db, '5000');
    const c = await fundedPlayer(db, '5000');
    const first = (await lay(a.token, R1, 2.6, '1000')).json().bet;
    const second = (await lay(b.token, R1, 2.6, '1000')).json().bet;

    // away to 2.58 and back to 2.60: now behind b's lay
    const moved = await edit(a.token, first.id, { price: 2.58 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().replaced).toMatchObject({ id: first.id, status: 'CANCELLED', unmatched_stake: '0.00' });
    expect(moved.json().bet).toMatchObject({ status: 'UNMATCHED', price: 2.58, stake: '1000.00', unmatched_stake: '1000.00' });
    expect(moved.json().bet.id).not.toBe(first.id);
    // 1000 * 1.58
    expect(moved.json()).toMatchObject({ exposure: '1580.00', available: '3420.00' });
    const back260 = await edit(a.token, moved.json().bet.id, { price: 2.6 });
    expect(back260.json()).toMatchObject({ exposure: '1600.00', available: '3400.00' });

    const taken = (await back(c.token, R1, 2.6, '1000')).json().bet;
    expect(taken.status).toBe('MATCHED');
    expect((await betsOf(b.token, MO)).find((x) => x.id === second.id)).toMatchObject({ status: 'MATCHED' });
    expect((await betsOf(a.token, MO)).find((x) => x.id === back260.json().bet.id)).toMatchObject({
      status: 'UNMATCHED',
      unmatched_stake: '1000.00',
    });
    // a stake increase is a replacement too (Betfair): the new bet rests behind anything at its price
    const more = await edit(a.token, back260.json().bet.id, { stake: '1200' });
    expect(more.json()).toMatchObject({ bet: { status: 'UNMATCHED', unmatched_stake: '1200.00' }, exposure: '1920.00' });
    expect(more.json().replaced.status).toBe('CANCELLED');
    await invariants();
  });

  it('an edited price that crosses the book matches at once, at the resting price', async () => {
    const a = await fundedPlayer(db, '5000');
    const d = await fundedPlayer(db, '5000');
    await back(d.token, R2, 3.4, '500');
    const mine = (await lay(a.token, R2, 3.2, '500')).json().bet;
    expect(mine.status).toBe('UNMATCHED');
    const edited = await edit(a.token, mine.id, { price: 3.5 });
    // a lay at 3.50 takes the back resting at 3.40: liability 500 * 2.4
    expect(edited.json()).toMatchObject({
      bet: { status: 'MATCHED', matched_stake: '500.00', avg_price: 3.4 },
      exposure: '1200.00',
      available: '3800.00',
    });
    await invariants();
  });

  it('edits only the unmatched part of a partly matched bet', async () => {
    const a = await fundedPlayer(db, '5000');
    const b = await fundedPlayer(db, '5000');
    const mine = (await back(a.token, R1, 3.5, '1000')).json().bet;
    await lay(b.token, R1, 3.5, '400');
    // matched 400 at 3.50 (+1000 / -400), unmatched 600 at its worst (-600 if runner 1 loses): exposure 1000
    expect(await wallet(a.token)).toEqual(expect.objectContaining({ exposure: '1000.00' }));
    const cut = await edit(a.token, mine.id, { stake: '300' });
    expect(cut.json()).toMatchObject({
      bet: { id: mine.id, status: 'PARTIALLY_MATCHED', matched_stake: '400.00', unmatched_stake: '300.00' },
      exposure: '700.00',
      available: '4300.00',
    });
    const moved = await edit(a.token, mine.id, { price: 3.6 });
    expect(moved.json().replaced).toMatchObject({ id: mine.id, status: 'MATCHED', matched_stake: '400.00', unmatched_stake: '0.00' });
    expect(moved.json()).toMatchObject({ bet: { status: 'UNMATCHED', stake: '300.00', price: 3.6 }, exposure: '700.00' });
    await invariants();
  });

  it('checks funds with the old part gone, keeps one edit per key, and refuses what cannot be edited', async () => {
    const a = await fundedPlayer(db, '1000');
    const mine = (await lay(a.token, R2, 2, '500')).json().bet;
    expect(await wallet(a.token)).toEqual(expect.objectContaining({ exposure: '500.00', available: '500.00' }));
    // at 4.00 the lay risks 1500: more than 500 available + the 500 it frees
    const short = await edit(a.token, mine.id, { price: 4 });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe(M.insufficientAvailable);
    // at 3.00 it risks 1000: exactly what it may use
    const key = `edit-${mine.id}`;
    const ok = await edit(a.token, mine.id, { price: 3 }, key);
    expect(ok.json()).toMatchObject({ exposure: '1000.00', available: '0.00', bet: { status: 'UNMATCHED', price: 3 } });
    const again = await edit(a.token, mine.id, { price: 3 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().bet.id).toBe(ok.json().bet.id);
    expect(again.json().replaced.id).toBe(mine.id);
    expect((await edit(a.token, mine.id, { price: 2.5 }, key)).statusCode).toBe(409);
    expect((await betsOf(a.token, MO)).filter((x) => x.status === 'UNMATCHED')).toHaveLength(1);

    const now = ok.json().bet.id as string;
    const same = await edit(a.token, now, { price: 3, stake: '500' });
    expect([same.statusCode, same.json().message]).toEqual([422, M.editUnchanged]);
    expect((await edit(a.token, mine.id, { stake: '100' })).json().message).toBe(M.nothingToEdit);
    expect((await edit(a.token, 'XNOPE', { stake: '100' })).statusCode).toBe(404);
    expect((await edit(a.token, now, { price: 3.01 })).json().message).toBe(M.priceNotOnLadder);
    const other = await fundedPlayer(db, '1000');
    expect((await edit(other.token, now, { stake: '100' })).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/exchange/bets/${now}`,
          headers: { authorization: `Bearer ${a.token}` },
          payload: { stake: '100' },
        })
      ).statusCode,
    ).toBe(400);
    // the staff-set liability limit is checked with the old part gone: 1000.00 allows a lay at 3.00 (1000) not 3.05
    const capped = await fundedPlayer(db, '5000');
    await db.query(`INSERT INTO exchange_liability_limits (player_id, kind, max_liability_minor) VALUES ($1, 'MATCH_ODDS', 100000)`, [
      capped.id,
    ]);
    const cb = (await lay(capped.token, R2, 2, '500')).json().bet;
    const over = await edit(capped.token, cb.id, { price: 3.05 });
    expect([over.statusCode, over.json().code]).toEqual([422, 'liability_limit']);
    expect((await edit(capped.token, cb.id, { price: 3 })).json()).toMatchObject({ exposure: '1000.00' });
    await cancelAll(capped.token);
    // a BookMaker bet is matched in full at once: nothing to edit
    const bm = feed.market(MARKETS.preplayBookmaker).runners[0]!;
    const rich = await fundedPlayer(db, '1000');
    const bmBet = await bet(rich.token, {
      market_id: MARKETS.preplayBookmaker,
      selection_id: bm.selectionId,
      side: 'BACK',
      price: 1 + bm.backRate! / 100,
      stake: '100',
    });
    expect(bmBet.statusCode).toBe(200);
    expect((await edit(rich.token, bmBet.json().bet.id, { stake: '50' })).json().message).toBe(M.nothingToEdit);
    await cancelAll(a.token);
    await invariants();
  });

  it('while the feed is down a stake decrease is taken (a partial cancel), a new price is refused', async () => {
    const a = await fundedPlayer(db, '5000');
    const mine = (await lay(a.token, R2, 1.2, '500')).json().bet;
    expect(mine.status).toBe('UNMATCHED');
    app.oddsFeed.watch(); // a consumer starts: down until its first connection
    try {
      const moved = await edit(a.token, mine.id, { price: 1.21 });
      expect([moved.statusCode, moved.json().code]).toEqual([503, 'prices_unavailable']);
      const cut = await edit(a.token, mine.id, { stake: '300' });
      // 300 * 0.2
      expect(cut.json()).toMatchObject({ bet: { id: mine.id, unmatched_stake: '300.00' }, exposure: '60.00' });
    } finally {
      app.oddsFeed.set('connected');
    }
    await cancelAll(a.token);
  });

  it('cancel all in one market, then everywhere, releases the holds to the paisa; matched parts stand', async () => {
    const a = await fundedPlayer(db, '10000');
    const b = await fundedPlayer(db, '10000');
    await back(a.token, R1, 4.2, '1000'); // rests
    const partly = (await lay(a.token, R2, 1.5, '1000')).json().bet;
    await back(b.token, R2, 1.5, '200'); // a's lay: 200 matched at 1.50, 800 unmatched
    // in play, a back far above the book only rests (no bet delay)
    const inplay = feed.market(MARKETS.inplay).runners[0]!.selectionId;
    expect((await back(a.token, inplay, 900, '300', MARKETS.inplay)).json().bet.status).toBe('UNMATCHED');
    // MO: back 1000 on R1 at worst (-1000 if R2 wins), lay matched 200 @1.5 (-100 if R2 wins, +200 if R1 wins),
    // lay unmatched 800 @1.5 (-400 if R2 wins): R2 wins: -1000 - 100 - 400 = -1500; in play: 300
    expect(await wallet(a.token)).toEqual(expect.objectContaining({ exposure: '1800.00', available: '8200.00' }));

    const one = await cancelAll(a.token, { market_id: MO });
    expect(one.statusCode).toBe(200);
    expect(
      one
        .json()
        .cancelled.map((x: { status: string }) => x.status)
        .sort(),
    ).toEqual(['CANCELLED', 'MATCHED']);
    expect(one.json().cancelled.find((x: { id: string }) => x.id === partly.id)).toMatchObject({
      matched_stake: '200.00',
      unmatched_stake: '0.00',
    });
    // only the matched 200 @1.50 remains in MO (-100 if R2 wins) and the in-play 300
    expect(one.json()).toMatchObject({ exposure: '400.00', available: '9600.00', balance: '10000.00' });

    const all = await cancelAll(a.token);
    expect(all.json().cancelled).toHaveLength(1);
    expect(all.json()).toMatchObject({ exposure: '100.00', available: '9900.00', balance: '10000.00' });
    // nothing left: not an error
    expect((await cancelAll(a.token)).json()).toMatchObject({ cancelled: [], exposure: '100.00' });
    expect(await plOf(a.token, MO)).toEqual(['200.00', '-100.00']);
    await invariants();
  });

  it('partial cash-out to 50% hedges half the position; 100% of the rest leaves it flat', async () => {
    const [r1] = coRunners;
    await feed.control(CO, 'liquidity', { selectionId: r1, back: [{ price: 2, size: 100000 }], lay: [{ price: 2.02, size: 100000 }] });
    const p = await fundedPlayer(db, '5000');
    expect((await back(p.token, r1, 2, '1000', CO)).json().bet.status).toBe('MATCHED');
    await feed.control(CO, 'liquidity', { selectionId: r1, back: [{ price: 1.5, size: 100000 }], lay: [{ price: 1.52, size: 100000 }] });

    const whole = (await cashOut(p.token, CO)).json();
    expect(whole).toMatchObject({ value: '315.79', percent: 100, hedges: [{ side: 'LAY', price: 1.52, stake: '1315.79' }] });
    const half = await cashOut(p.token, CO, { percent: 50 });
    // the maths: lay round(2000.00 * 50 / 1.52 / 100) = 657.89 at 1.52; value = floor(315.79 / 2)
    const mine: RunnerBet[] = [{ selectionId: String(r1), side: 'BACK', price: 200, stake: 1000_00 }];
    const stake = greenUpStake(runnerOutcome(mine, String(r1)), 152, 50);
    expect(stake).toBe(657_89);
    const after = runnerPl(coRunners.map(String), [...mine, { selectionId: String(r1), side: 'LAY', price: 152, stake }]);
    expect(half.json()).toMatchObject({
      value: '157.89',
      percent: 50,
      hedges: [{ selection_id: String(r1), side: 'LAY', price: 1.52, stake: '657.89' }],
      runners: [
        { selection_id: String(r1), profit_loss: '657.90' },
        { selection_id: String(coRunners[1]), profit_loss: '-342.11' },
      ],
    });
    expect(cashOutShare(315_79, 50)).toBe(157_89);
    expect([...after.values()]).toEqual([1000_00 - backProfit(657_89, 152), -1000_00 + 657_89]);

    const taken = await cashOut(p.token, CO, { take: true, percent: 50, min_value: '157.89' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().bets[0]).toMatchObject({ side: 'LAY', status: 'MATCHED', matched_stake: '657.89' });
    // half the position left: the gap between runner 1 winning and losing went from 2000.00 to 1000.01
    expect(await plOf(p.token, CO)).toEqual(['657.90', '-342.11']);
    expect(taken.json()).toMatchObject({ exposure: '342.11', available: '4657.89', balance: '5000.00' });

    // the rest, in full: flat to the paisa of rounding (lay 1000.01 / 1.52 = 657.90)
    const rest = await cashOut(p.token, CO, { take: true });
    expect(rest.json().hedges[0]).toMatchObject({ stake: '657.90' });
    const pl = (await plOf(p.token, CO)).map(Number);
    expect(Math.abs(pl[0]! - pl[1]!)).toBeLessThanOrEqual(0.01);
    expect(pl).toEqual([315.8, 315.79]);
    await invariants();
  });

  it("per-selection cash-out greens up only that runner's bets; the other's stays open", async () => {
    const [r1, r2] = coRunners;
    await feed.control(CO, 'liquidity', { selectionId: r1, back: [{ price: 2, size: 100000 }], lay: [{ price: 2.02, size: 100000 }] });
    await feed.control(CO, 'liquidity', { selectionId: r2, back: [{ price: 4, size: 100000 }], lay: [{ price: 4.1, size: 100000 }] });
    const p = await fundedPlayer(db, '5000');
    await back(p.token, r1, 2, '1000', CO);
    await back(p.token, r2, 4, '1000', CO);
    // r1 wins: +1000 - 1000 = 0; r2 wins: -1000 + 3000 = 2000
    expect(await plOf(p.token, CO)).toEqual(['0.00', '2000.00']);
    await feed.control(CO, 'liquidity', { selectionId: r2, back: [{ price: 1.98, size: 100000 }], lay: [{ price: 2, size: 100000 }] });

    const quote = (await cashOut(p.token, CO, { selection_id: String(r2) })).json();
    // r2's own bets: +3000 if it wins, -1000 if not: lay 4000 / 2.00 = 2000 at 2.00 locks +1000 on them
    expect(quote).toMatchObject({
      value: '1000.00',
      selection_id: String(r2),
      hedges: [{ selection_id: String(r2), side: 'LAY', stake: '2000.00' }],
    });
    expect(quote.runners).toEqual([
      { selection_id: String(r1), profit_loss: '2000.00' },
      { selection_id: String(r2), profit_loss: '0.00' },
    ]);
    const taken = await cashOut(p.token, CO, { take: true, selection_id: String(r2), min_value: '1000.00' });
    expect(taken.statusCode).toBe(200);
    expect(await plOf(p.token, CO)).toEqual(['2000.00', '0.00']);
    // r1's back is still open: its own outcome unchanged (+1000 if it wins, -1000 if not)
    expect(taken.json()).toMatchObject({ exposure: '0.00', balance: '5000.00' });
    const flatR2 = await cashOut(p.token, CO, { selection_id: String(r2) });
    expect([flatR2.statusCode, flatR2.json().message]).toEqual([409, M.cashOutSelection]);
    // and r1's, in full: flat
    const r1Out = await cashOut(p.token, CO, { take: true, selection_id: String(r1) });
    expect(r1Out.statusCode).toBe(200);
    const pl = (await plOf(p.token, CO)).map(Number);
    expect(Math.abs(pl[0]! - pl[1]!)).toBeLessThanOrEqual(0.01);
    expect((await cashOut(p.token, CO, { selection_id: 'nope' })).statusCode).toBe(422);
    await invariants();
  });

  it('a BookMaker position cashes out in part at the rates shown, to the maths', async () => {
    const m = MARKETS.preplayBookmaker;
    const bm = feed.market(m);
    const [x, y] = bm.runners.map((r) => String(r.selectionId));
    const p = await fundedPlayer(db, '5000');
    const backRate = bm.runners[0]!.backRate!;
    const layRate = bm.runners[0]!.layRate!;
    const placed = await back(p.token, Number(x), 1 + backRate / 100, '1000', m);
    expect(placed.json().bet.status).toBe('MATCHED');
    const mine: RunnerBet[] = [{ selectionId: x!, side: 'BACK', price: 100 + backRate, stake: 1000_00 }];
    // the hedge lays at the lay rate shown: a quarter of the green-up
    const stake = greenUpStake(runnerOutcome(mine, x!), 100 + layRate, 25);
    const after = runnerPl(
      bm.runners.map((r) => String(r.selectionId)),
      [...mine, { selectionId: x!, side: 'LAY', price: 100 + layRate, stake }],
    );
    const taken = await cashOut(p.token, m, { take: true, percent: 25 });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().hedges).toEqual([{ selection_id: x, side: 'LAY', price: (100 + layRate) / 100, stake: (stake / 100).toFixed(2) }]);
    expect(taken.json().bets[0]).toMatchObject({ status: 'MATCHED', matched_stake: (stake / 100).toFixed(2) });
    const pl = await plOf(p.token, m);
    expect(pl).toEqual([after.get(x!)!, after.get(y!)!].map((v) => (v / 100).toFixed(2)));
    await invariants();
  });

  it('in play a cash-out hedge that waits the delay is fill-or-kill when it ends: what the feed cannot take is cancelled, not rested', async () => {
    const m = MARKETS.inplay;
    const r = feed.market(m).runners[0]!.selectionId;
    await feed.control(m, 'liquidity', { selectionId: r, back: [{ price: 2, size: 100000 }], lay: [{ price: 2.02, size: 100000 }] });
    const p = await fundedPlayer(db, '5000');
    const untilSettled = async (id: string) => {
      for (let i = 0; i < 100; i++) {
        const b = (await betsOf(p.token, m)).find((x) => x.id === id);
        if (b && b.status !== 'PENDING') return b;
        await new Promise((res) => setTimeout(res, 50));
      }
      throw new Error(`bet ${id} stayed in its delay`);
    };
    const placed = (await back(p.token, r, 2, '1000', m)).json().bet;
    expect(placed.status).toBe('PENDING');
    expect(await untilSettled(placed.id)).toMatchObject({ status: 'MATCHED' });
    await feed.control(m, 'liquidity', { selectionId: r, back: [{ price: 1.5, size: 100000 }], lay: [{ price: 1.52, size: 100000 }] });
    const taken = await cashOut(p.token, m, { take: true, percent: 50 });
    expect(taken.statusCode).toBe(200);
    const hedge = taken.json().bets[0];
    expect(hedge).toMatchObject({ status: 'PENDING', side: 'LAY', stake: '657.89' });
    // during the delay the feed's backers at 1.52 shrink to 300.00: the hedge takes those and the rest is killed
    await feed.control(m, 'liquidity', { selectionId: r, back: [{ price: 1.5, size: 100000 }], lay: [{ price: 1.52, size: 300 }] });
    expect(await untilSettled(hedge.id)).toMatchObject({ status: 'MATCHED', matched_stake: '300.00', unmatched_stake: '0.00' });
    await invariants();
  });

  it('edits, cancels all and crossing bets in parallel keep every invariant', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => fundedPlayer(db, '20000')));
    const prices = [1.7, 1.72, 1.74, 1.76];
    const resting: { token: string; id: string }[] = [];
    for (let i = 0; i < players.length; i++) {
      const p = players[i]!;
      const r = await (i % 2 ? lay(p.token, R1, prices[i % 4]!, '500') : back(p.token, R1, [1.8, 1.82, 1.84, 1.86][i % 4]!, '500'));
      resting.push({ token: p.token, id: r.json().bet.id });
    }
    const ops = [];
    for (let i = 0; i < 24; i++) {
      const p = players[i % players.length]!;
      const mine = resting[i % resting.length]!;
      if (i % 4 === 0) ops.push(edit(mine.token, mine.id, { stake: '300' }));
      else if (i % 4 === 1) ops.push(edit(mine.token, mine.id, { price: prices[i % 4]! }));
      else if (i % 4 === 2) ops.push(i % 8 === 2 ? cancelAll(p.token) : cancelAll(p.token, { market_id: MO }));
      else ops.push(i % 2 ? lay(p.token, R1, prices[(i + 2) % 4]!, '200') : back(p.token, R1, prices[i % 4]!, '200'));
    }
    const answers = await Promise.all(ops);
    for (const a of answers) expect([200, 404, 409, 422]).toContain(a.statusCode);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(12);
    await invariants();
    for (const p of players) await cancelAll(p.token);
    await invariants();
    const left = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM exchange_bets WHERE market_id = $1 AND player_id = ANY($2::bigint[]) AND remaining_minor > 0`,
      [MO, players.map((p) => p.id)],
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  }, 60_000);
});
