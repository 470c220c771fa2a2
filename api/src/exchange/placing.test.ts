// Placing and matching through HTTP, on PGlite and PostgreSQL: player-to-player matching at the resting price,
// the feed's liquidity, exposure of combined positions, refusals, lapse at in-play, the bet delay, and 50 parallel
// bets by one player. The feed is the sandbox's World, driven by hand (testing/exchange-fixture.ts).
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { EXCHANGE_MESSAGES as M, EXCHANGE_STAKE_LIMITS } from '@khela/contracts';
import { checkLedger } from '../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';
import { fund } from '../testing/helpers';

let keySeq = 0;

describeEachDatabase('exchange bets on $name', (engine) => {
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

  const bet = (token: string, body: Record<string, unknown>, key = `k${++keySeq}`) =>
    app.inject({
      method: 'POST',
      url: '/api/exchange/bets',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: body,
    });
  const balance = async (token: string) =>
    (await app.inject({ method: 'POST', url: '/api/balance', headers: { authorization: `Bearer ${token}` } })).json() as {
      balance: string;
      exposure: string;
      available: string;
    };
  const position = async (token: string, marketId: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/exchange/markets/${marketId}/position`, headers: { authorization: `Bearer ${token}` } })
    ).json();
  const bets = async (token: string, query = '') =>
    (await app.inject({ method: 'GET', url: `/api/exchange/bets${query}`, headers: { authorization: `Bearer ${token}` } })).json()
      .data as Array<Record<string, unknown>>;

  it("matches a resting back with another player's lay at the resting price, partially when sizes differ", async () => {
    const m = MARKETS.preplay;
    await feed.control(m, 'liquidity', { selectionId: 100301 });
    const a = await fundedPlayer(db, '5000');
    const b = await fundedPlayer(db, '5000');
    const back = await bet(a.token, { market_id: m, selection_id: 100301, side: 'BACK', price: 2.5, stake: '1000' });
    expect(back.statusCode).toBe(200);
    expect(back.json().bet).toMatchObject({ status: 'UNMATCHED', matched_stake: '0.00', unmatched_stake: '1000.00' });
    expect(back.json()).toMatchObject({ balance: '5000.00', exposure: '1000.00', available: '4000.00' });

    // a lay at 2.3 accepts any price up to 2.3... so it does not reach the back at 2.5; one at 2.6 matches at 2.5
    const lay = await bet(b.token, { market_id: m, selection_id: 100301, side: 'LAY', price: 2.6, stake: '600' });
    expect(lay.json().bet).toMatchObject({ status: 'MATCHED', matched_stake: '600.00', avg_price: 2.5 });
    // the layer risks 600 * 1.5 at the resting price, not at the 2.6 asked
    expect(lay.json()).toMatchObject({ exposure: '900.00', available: '4100.00' });

    const mine = await bets(a.token, `?market_id=${m}`);
    expect(mine[0]).toMatchObject({ status: 'PARTIALLY_MATCHED', matched_stake: '600.00', unmatched_stake: '400.00', avg_price: 2.5 });
    const pos = await position(a.token, m);
    expect(pos.runners).toEqual([
      expect.objectContaining({ selection_id: '100301', profit_loss: '900.00' }),
      expect.objectContaining({ selection_id: '100302', profit_loss: '-600.00', worst: '-1000.00' }),
    ]);
    expect(pos.exposure).toBe('1000.00');
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('holds the domain formula exposure of combined back and lay positions, and a hedge lowers it', async () => {
    const m = MARKETS.preplay;
    // the house offers 3.0 to back and 3.1 to lay on runner 100302
    await feed.control(m, 'liquidity', { selectionId: 100302, back: [{ price: 3, size: 10000 }], lay: [{ price: 3.1, size: 10000 }] });
    const p = await fundedPlayer(db, '10000');
    const r1 = await bet(p.token, { market_id: m, selection_id: 100302, side: 'BACK', price: 3, stake: '1000' });
    expect(r1.json().bet).toMatchObject({ status: 'MATCHED', avg_price: 3 });
    expect(r1.json().exposure).toBe('1000.00');
    // lay 1000 at 3.1: pl(100302) = 2000 - 2100 = -100; pl(100301) = -1000 + 1000 = 0 -> exposure 100
    const r2 = await bet(p.token, { market_id: m, selection_id: 100302, side: 'LAY', price: 3.1, stake: '1000' });
    expect(r2.json().bet.status).toBe('MATCHED');
    expect(r2.json()).toMatchObject({ exposure: '100.00', available: '9900.00', balance: '10000.00' });
    const pos = await position(p.token, m);
    expect(pos.runners.map((r: { profit_loss: string }) => r.profit_loss)).toEqual(['0.00', '-100.00']);
  });

  it("a back above the best offer rests; the feed's size is used up until its next update", async () => {
    const m = MARKETS.preplay;
    await feed.control(m, 'liquidity', { selectionId: 100302, back: [{ price: 3, size: 150 }], lay: [{ price: 3.1, size: 10000 }] });
    const p = await fundedPlayer(db, '10000');
    const rests = await bet(p.token, { market_id: m, selection_id: 100302, side: 'BACK', price: 3.2, stake: '100' });
    expect(rests.json().bet.status).toBe('UNMATCHED');
    const first = await bet(p.token, { market_id: m, selection_id: 100302, side: 'BACK', price: 3, stake: '100' });
    expect(first.json().bet.status).toBe('MATCHED');
    const second = await bet(p.token, { market_id: m, selection_id: 100302, side: 'BACK', price: 3, stake: '100' });
    expect(second.json().bet).toMatchObject({ status: 'PARTIALLY_MATCHED', matched_stake: '50.00' });
  });

  it('refuses a price off the ladder, a moved BookMaker rate or Fancy line, and bets on suspended or ball-running markets', async () => {
    const p = await fundedPlayer(db, '10000');
    const off = await bet(p.token, { market_id: MARKETS.preplay, selection_id: 100301, side: 'BACK', price: 2.51, stake: '100' });
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toBe(M.priceNotOnLadder);

    const bm = feed.market(MARKETS.preplayBookmaker);
    const rate = bm.runners[0]!.backRate!;
    const moved = await bet(p.token, {
      market_id: bm.marketId,
      selection_id: bm.runners[0]!.selectionId,
      side: 'BACK',
      price: 1 + (rate + 1) / 100,
      stake: '100',
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(M.rateChanged);
    const ok = await bet(p.token, {
      market_id: bm.marketId,
      selection_id: bm.runners[0]!.selectionId,
      side: 'BACK',
      price: 1 + rate / 100,
      stake: '100',
    });
    expect(ok.json().bet).toMatchObject({ status: 'MATCHED', rate });

    const f = feed.market(MARKETS.preplayFancy).fancy!;
    const line = await bet(p.token, { market_id: MARKETS.preplayFancy, side: 'YES', line: f.yes + 1, rate: f.yesRate, stake: '100' });
    expect(line.json().message).toBe(M.lineChanged);

    await feed.control(MARKETS.preplayBookmaker, 'ball-running');
    const running = await bet(p.token, {
      market_id: bm.marketId,
      selection_id: bm.runners[0]!.selectionId,
      side: 'BACK',
      price: 1 + rate / 100,
      stake: '100',
    });
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe(M.ballRunning);
    await feed.control(MARKETS.preplayBookmaker, 'resume');

    await feed.control(MARKETS.preplayFancy, 'suspend');
    const suspended = await bet(p.token, { market_id: MARKETS.preplayFancy, side: 'YES', line: f.yes, rate: f.yesRate, stake: '100' });
    expect(suspended.json().message).toBe(M.marketSuspended);
    await feed.control(MARKETS.preplayFancy, 'resume');
    const yes = await bet(p.token, { market_id: MARKETS.preplayFancy, side: 'YES', line: f.yes, rate: f.yesRate, stake: '100' });
    expect(yes.json().bet).toMatchObject({ status: 'MATCHED', line: f.yes, rate: f.yesRate });
  });

  it('enforces the stake limits each market kind shows (Fancy 25,000, BookMaker 100,000), and changes nothing', async () => {
    const p = await fundedPlayer(db, '300000');
    const limits = EXCHANGE_STAKE_LIMITS.BDT;
    const f = feed.market(MARKETS.preplayFancy).fancy!;
    const fancy = (stake: string) => bet(p.token, { market_id: MARKETS.preplayFancy, side: 'YES', line: f.yes, rate: f.yesRate, stake });
    const over = await fancy('26000');
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ message: M.stakeTooLarge('25000.00', 'BDT'), code: 'stake' });
    expect(limits.FANCY.max).toBe(25_000);
    expect((await fancy('25000')).json().bet).toMatchObject({ status: 'MATCHED', stake: '25000.00' });

    const bm = feed.market(MARKETS.preplayBookmaker);
    const runner = bm.runners[0]!;
    const bmBet = (stake: string) =>
      bet(p.token, { market_id: bm.marketId, selection_id: runner.selectionId, side: 'BACK', price: 1 + runner.backRate! / 100, stake });
    const bmOver = await bmBet(String(limits.BOOKMAKER.max + 1));
    expect(bmOver.statusCode).toBe(422);
    expect(bmOver.json().message).toBe(M.stakeTooLarge(`${limits.BOOKMAKER.max}.00`, 'BDT'));
    // Match Odds takes more than either (a back at 1000 rests where no later test's lay reaches it)
    const mo = await bet(p.token, {
      market_id: MARKETS.preplay,
      selection_id: 100301,
      side: 'BACK',
      price: 1000,
      stake: String(limits.BOOKMAKER.max + 1),
    });
    expect(mo.statusCode).toBe(200);
    expect((await bets(p.token, '?status=all')).map((b) => b.stake)).toEqual([`${limits.BOOKMAKER.max + 1}.00`, '25000.00']);
  });

  it('answers a malformed bet with the field and its rule (first failing rule first), and changes nothing', async () => {
    const p = await fundedPlayer(db, '1000');
    const order = { market_id: MARKETS.preplay, selection_id: 100301, side: 'BACK', price: 2.5, stake: '100' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...order, stake: '-5' }, 'stake', M.stakeNotPositive],
      [{ ...order, stake: -5 }, 'stake', M.stakeNotPositive],
      [{ ...order, stake: '10.505' }, 'stake', M.stakeDecimals],
      [{ ...order, stake: 'ten' }, 'stake', M.stakeNotAmount],
      [{ ...order, stake: true }, 'stake', M.stakeNotAmount],
      [{ ...order, price: 1000.5 }, 'price', M.priceRange],
      [{ ...order, price: 1 }, 'price', M.priceRange],
      [{ ...order, price: 'high' }, 'price', M.priceRange],
      [{ ...order, side: 'YES' }, 'line', M.fancyNeedsLine],
      [{ ...order, side: 'UP' }, 'side', M.sideInvalid],
      [{ ...order, market_id: '' }, 'market_id', M.marketIdInvalid],
      [{ market_id: MARKETS.preplayFancy, side: 'NO', line: 40, rate: 0, stake: '100' }, 'rate', M.rateRange],
    ];
    for (const [body, field, message] of cases) {
      const r = await bet(p.token, body);
      expect([r.statusCode, r.json().message], JSON.stringify(body)).toEqual([422, message]);
      expect(r.json().errors[field], JSON.stringify(body)).toContain(message);
    }
    expect(await bets(p.token, '?status=all')).toEqual([]);
    expect(await balance(p.token)).toMatchObject({ balance: '1000.00', exposure: '0.00' });
  });

  it('refuses a bet the available balance cannot hold, and changes nothing', async () => {
    const p = await fundedPlayer(db, '150');
    // at least 200 x 1.5 (what resting backs at 2.5 would make it risk), more than the 150 there is
    const r = await bet(p.token, { market_id: MARKETS.preplay, selection_id: 100301, side: 'LAY', price: 3, stake: '200' });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ message: M.insufficientAvailable, available: '150.00' });
    expect(await bets(p.token, '?status=all')).toEqual([]);
    expect(await balance(p.token)).toMatchObject({ balance: '150.00', exposure: '0.00', available: '150.00' });
  });

  it('answers a repeated Idempotency-Key with the same bet and needs one', async () => {
    const p = await fundedPlayer(db, '1000');
    const body = { market_id: MARKETS.preplay, selection_id: 100301, side: 'BACK', price: 20, stake: '100' };
    const one = await bet(p.token, body, 'same-key');
    const two = await bet(p.token, body, 'same-key');
    expect(two.json().bet.id).toBe(one.json().bet.id);
    expect(await bets(p.token)).toHaveLength(1);
    const none = await app.inject({
      method: 'POST',
      url: '/api/exchange/bets',
      headers: { authorization: `Bearer ${p.token}` },
      payload: body,
    });
    expect(none.statusCode).toBe(400);
  });

  it('one Idempotency-Key sent at once on several markets places one bet; the others are answered from it, never a second bet or a 500', async () => {
    const p = await fundedPlayer(db, '10000');
    const other = await fundedPlayer(db, '10000');
    const markets = ['1.230001003', '1.230001004', '1.230002002', '1.230003002'];
    const body = (m: string) => ({
      market_id: m,
      selection_id: feed.market(m).runners[0]!.selectionId,
      side: 'BACK',
      price: 20,
      stake: '100',
    });
    // the key three times on each of four markets, each beside another player's bets (so each market's batch holds more
    // than the key's bet: a batch that finds the key taken meanwhile is rolled back and decided again bet by bet)
    const sent = markets.flatMap((m) => [
      ...[1, 2, 3].map(() => bet(p.token, body(m), 'one-key-many-markets')),
      ...[1, 2, 3].map(() => bet(other.token, body(m))),
    ]);
    const answers = await Promise.all(sent);
    const mine = answers.filter((_, i) => i % 6 < 3);
    expect(answers.filter((_, i) => i % 6 >= 3).every((r) => r.statusCode === 200)).toBe(true);
    expect(mine.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const ids = new Set(mine.filter((r) => r.statusCode === 200).map((r) => r.json().bet.id));
    expect(ids.size).toBe(1);
    const placed = await bets(p.token);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.id).toBe([...ids][0]);
    // the key again on another market, later: the stored bet's key with another body
    const again = await bet(p.token, body(markets[0] === placed[0]!.market_id ? markets[1]! : markets[0]!), 'one-key-many-markets');
    expect(again.statusCode).toBe(409);
    expect(await balance(p.token)).toMatchObject({ balance: '10000.00', exposure: '100.00' });
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('a refused bet stores nothing under its key: the same key is taken once the bet can be held', async () => {
    const p = await fundedPlayer(db, '150');
    const body = { market_id: MARKETS.preplay, selection_id: 100301, side: 'BACK', price: 20, stake: '200' };
    expect((await bet(p.token, body, 'retry-after-refusal')).statusCode).toBe(422);
    await fund(db, p.id, '100', `test:fund:${p.id}:more`);
    const retried = await bet(p.token, body, 'retry-after-refusal');
    expect(retried.statusCode).toBe(200);
    expect(await bets(p.token)).toHaveLength(1);
    expect((await bet(p.token, body, 'retry-after-refusal')).json().bet.id).toBe(retried.json().bet.id);
  });

  it('cancels the unmatched remainder and releases its hold', async () => {
    const p = await fundedPlayer(db, '1000');
    const r = await bet(p.token, { market_id: MARKETS.preplay, selection_id: 100301, side: 'BACK', price: 50, stake: '400' });
    expect(r.json().available).toBe('600.00');
    const c = await app.inject({
      method: 'DELETE',
      url: `/api/exchange/bets/${r.json().bet.id}`,
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(c.json()).toMatchObject({ bet: { status: 'CANCELLED' }, available: '1000.00', exposure: '0.00' });
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/exchange/bets/${r.json().bet.id}`,
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(again.statusCode).toBe(409);
  });

  it('lapses unmatched LAPSE orders at the turn in-play and keeps PERSIST ones', async () => {
    const m = MARKETS.preplay;
    const p = await fundedPlayer(db, '1000');
    const lapse = await bet(p.token, { market_id: m, selection_id: 100301, side: 'BACK', price: 40, stake: '100' });
    const keep = await bet(p.token, { market_id: m, selection_id: 100301, side: 'BACK', price: 40, stake: '100', persistence: 'PERSIST' });
    expect((await balance(p.token)).exposure).toBe('200.00');
    await feed.control(m, 'in-play');
    const all = await bets(p.token, '?status=all');
    expect(all.find((b) => b.id === lapse.json().bet.id)).toMatchObject({ status: 'LAPSED', reason: M.lapsedInPlay });
    expect(all.find((b) => b.id === keep.json().bet.id)).toMatchObject({ status: 'UNMATCHED' });
    expect(await balance(p.token)).toMatchObject({ exposure: '100.00', available: '900.00' });
    await feed.control(m, 'in-play', { on: false });
  });

  it('in play, only a bet that matches waits the delay; a suspension during it lapses it', async () => {
    const m = MARKETS.inplay;
    await feed.control(m, 'freeze');
    await feed.control(m, 'liquidity', { selectionId: 100101, back: [{ price: 2, size: 10000 }], lay: [{ price: 2.02, size: 10000 }] });
    const p = await fundedPlayer(db, '1000');
    const rest = await bet(p.token, { market_id: m, selection_id: 100101, side: 'BACK', price: 5, stake: '100' });
    expect(rest.json().bet).toMatchObject({ status: 'UNMATCHED', delay_until: null });
    const take = await bet(p.token, { market_id: m, selection_id: 100101, side: 'BACK', price: 2, stake: '100' });
    expect(take.json().bet.status).toBe('PENDING');
    expect(take.json().exposure).toBe('200.00');
    await expect
      .poll(async () => (await bets(p.token)).find((b) => b.id === take.json().bet.id)?.status, { timeout: 5000 })
      .toBe('MATCHED');

    const late = await bet(p.token, { market_id: m, selection_id: 100101, side: 'BACK', price: 2, stake: '100' });
    expect(late.json().bet.status).toBe('PENDING');
    await feed.control(m, 'suspend');
    await expect
      .poll(async () => (await bets(p.token, '?status=all')).find((b) => b.id === late.json().bet.id)?.status, { timeout: 5000 })
      .toBe('LAPSED');
    await feed.control(m, 'resume');
    expect((await balance(p.token)).exposure).toBe('200.00');
  });

  it("a delayed bet's delay ends at its delay_until, never before, whichever batch took it", async () => {
    const m = MARKETS.inplay;
    await feed.control(m, 'freeze');
    await feed.control(m, 'liquidity', { selectionId: 100101, back: [{ price: 2, size: 10000 }], lay: [{ price: 2.02, size: 10000 }] });
    const players = await Promise.all([1, 2, 3, 4].map(() => fundedPlayer(db, '1000')));
    // several at once, so some share a batch and some wait for the next
    const placed = await Promise.all(
      players.map((p) => bet(p.token, { market_id: m, selection_id: 100101, side: 'BACK', price: 2, stake: '100' })),
    );
    const ids = placed.map((r) => {
      expect(r.json().bet?.status, r.body).toBe('PENDING');
      return r.json().bet.id as string;
    });
    const ended = async () =>
      (
        await db.query<{ early: boolean; status: string }>(
          `SELECT status, (matched_at < placed_at + make_interval(secs => 0.3)) AS early FROM exchange_bets WHERE public_id = ANY($1)`,
          [ids],
        )
      ).rows;
    await expect.poll(async () => (await ended()).map((r) => r.status), { timeout: 5000 }).toEqual(ids.map(() => 'MATCHED'));
    expect((await ended()).filter((r) => r.early)).toEqual([]);
  });

  it('keeps one book per currency: an INR lay never matches a BDT back', async () => {
    const m = MARKETS.preplay;
    await feed.control(m, 'liquidity', { selectionId: 100302 });
    const bdt = await fundedPlayer(db, '1000');
    const inr = await fundedPlayer(db, '1000', 'INR');
    const back = await bet(bdt.token, { market_id: m, selection_id: 100302, side: 'BACK', price: 6, stake: '100' });
    expect(back.json().bet.status).toBe('UNMATCHED');
    const lay = await bet(inr.token, { market_id: m, selection_id: 100302, side: 'LAY', price: 6, stake: '100' });
    expect(lay.json().bet.status).toBe('UNMATCHED');
    const bdtLay = await bet((await fundedPlayer(db, '1000')).token, {
      market_id: m,
      selection_id: 100302,
      side: 'LAY',
      price: 6,
      stake: '100',
    });
    expect(bdtLay.json().bet).toMatchObject({ status: 'MATCHED', avg_price: 6 });
  });

  it('50 parallel bets by one player never overrun the balance', async () => {
    const p = await fundedPlayer(db, '1000');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        bet(p.token, { market_id: MARKETS.preplay, selection_id: 100302, side: 'BACK', price: 100, stake: '100' }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(40);
    expect(await balance(p.token)).toMatchObject({ balance: '1000.00', exposure: '1000.00', available: '0.00' });
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
