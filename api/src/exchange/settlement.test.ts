// Settlement through HTTP on PGlite and PostgreSQL: bets placed over the API, results, voids and corrections sent by
// the sandbox feed's World (testing/exchange-fixture.ts), balances read over the API to the paisa. Winners paid,
// commission on each player's net Match Odds winnings only, holds released, settling twice pays once, void returns
// every stake, a corrected result re-settles (and books a debt when the winnings were spent), Fancy YES/NO incl. the
// gap between the lines, Lottery and Odd/Even, and the Exchange tab of Betting Records.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_MESSAGES } from '@khela/contracts';
import { checkLedger, getPlayerOwed } from '../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';
import { exchangeConfig } from './config';
import { lockMarket } from './markets';
import { settleMarket } from './settlement';
import { commissionShares } from './records';

let keySeq = 0;

type Player = { id: number; token: string };

describe('commission shares of a market over its winning bets', () => {
  it('add up to the commission, proportionally, the leftover paisa to the largest profits', () => {
    expect([...commissionShares(35, [{ id: 1, profit: 1000 }])]).toEqual([[1, 35]]);
    expect([
      ...commissionShares(10, [
        { id: 1, profit: 100 },
        { id: 2, profit: 100 },
        { id: 3, profit: 100 },
      ]),
    ]).toEqual([
      [1, 4],
      [2, 3],
      [3, 3],
    ]);
    expect([...commissionShares(0, [{ id: 1, profit: 100 }])]).toEqual([]);
  });
});

describeEachDatabase('exchange settlement on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let feed: ExchangeFeed;

  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { EXCHANGE_BET_DELAY_MS: '0' } });
  beforeAll(async () => {
    feed = new ExchangeFeed(db, app);
    await feed.load();
  });

  const auth = (p: Player) => ({ authorization: `Bearer ${p.token}` });
  const bet = async (p: Player, body: Record<string, unknown>) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/exchange/bets',
      headers: { ...auth(p), 'idempotency-key': `s${++keySeq}` },
      payload: body,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().bet as { id: string; status: string };
  };
  const wallet = async (p: Player) => {
    const b = (await app.inject({ method: 'POST', url: '/api/balance', headers: auth(p) })).json() as {
      balance: string;
      exposure: string;
      available: string;
    };
    return { balance: b.balance, exposure: b.exposure, available: b.available };
  };
  /** Settled: the whole balance is available again. */
  const settled = (balance: string) => ({ balance, exposure: '0.00', available: balance });
  const betsOf = async (p: Player, marketId: string) =>
    (await app.inject({ method: 'GET', url: `/api/exchange/bets?status=all&market_id=${marketId}`, headers: auth(p) })).json()
      .data as Array<{
      id: string;
      status: string;
      profit_loss: string | null;
      side: string;
    }>;
  const players = (n: number, amount = '5000') => Promise.all(Array.from({ length: n }, () => fundedPlayer(db, amount)));
  /** Clears the feed's own offer on a Match Odds market, so players only meet each other. */
  const noHouse = async (marketId: string) => {
    for (const r of feed.market(marketId).runners) await feed.control(marketId, 'liquidity', { selectionId: r.selectionId });
  };
  const houseBalance = async (name: 'exchange' | 'commission') =>
    BigInt(
      (
        await db.query<{ b: string | null }>(
          `SELECT SUM(balance_minor)::text AS b FROM ledger_accounts WHERE code = $1 AND currency = 'BDT'`,
          [`house:${name}`],
        )
      ).rows[0]?.b ?? 0,
    );
  const postedTo = async (marketId: string, code: string) =>
    (
      await db.query<{ s: string | null }>(
        `SELECT sum(p.amount_minor)::text AS s FROM ledger_postings p JOIN ledger_transfers t ON t.id = p.transfer_id
         JOIN ledger_accounts a ON a.id = p.account_id WHERE t.reference = $1 AND t.kind LIKE 'exchange.%settle' AND a.code = $2`,
        [marketId, code],
      )
    ).rows[0]!.s ?? '0';
  const settleTransfers = async (marketId: string) =>
    Number(
      (
        await db.query<{ n: string }>(`SELECT count(*) AS n FROM ledger_transfers WHERE idempotency_key LIKE $1`, [
          `exchange:settle:${marketId}:%`,
        ])
      ).rows[0]!.n,
    );
  const ledgerOk = async () => expect(await checkLedger(db)).toEqual({ ok: true, problems: [] });

  // players of the first test, read again by the Betting Records test
  let mo: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', Player>;

  it("pays winners, takes commission on each player's net Match Odds winnings only, releases every hold", async () => {
    const m = MARKETS.preplay; // runners 100301, 100302
    await noHouse(m);
    const [A, B, C, D, E, F] = await players(6);
    mo = { A: A!, B: B!, C: C!, D: D!, E: E!, F: F! };
    await bet(A!, { market_id: m, selection_id: 100301, side: 'BACK', price: 2.5, stake: '1000' });
    expect((await bet(B!, { market_id: m, selection_id: 100301, side: 'LAY', price: 2.5, stake: '1000' })).status).toBe('MATCHED');
    // C backs and lays the same runner: +1000 on the back, -300 on the lay if 100301 wins
    await bet(E!, { market_id: m, selection_id: 100301, side: 'BACK', price: 2.5, stake: '200' });
    expect((await bet(C!, { market_id: m, selection_id: 100301, side: 'LAY', price: 2.5, stake: '200' })).status).toBe('MATCHED');
    await bet(C!, { market_id: m, selection_id: 100301, side: 'BACK', price: 2, stake: '1000' });
    expect((await bet(D!, { market_id: m, selection_id: 100301, side: 'LAY', price: 2, stake: '1000' })).status).toBe('MATCHED');
    // F's order never matches: cancelled at the close, its hold released
    await bet(F!, { market_id: m, selection_id: 100302, side: 'BACK', price: 50, stake: '100' });
    expect(await wallet(F!)).toEqual({ balance: '5000.00', exposure: '100.00', available: '4900.00' });
    expect((await wallet(D!)).exposure).toBe('1000.00');

    const commissionBefore = await houseBalance('commission');
    await feed.control(m, 'result', { winner: 100301 });

    expect(await wallet(A!)).toEqual(settled('6425.00')); // +1500, commission 75
    expect(await wallet(B!)).toEqual(settled('3500.00')); // -1500, none
    expect(await wallet(C!)).toEqual(settled('5665.00')); // +1000 - 300 = +700, commission 35 (not 50 on the back alone)
    expect(await wallet(D!)).toEqual(settled('4000.00')); // -1000, none
    expect(await wallet(E!)).toEqual(settled('5285.00')); // +300, commission 15
    expect(await wallet(F!)).toEqual(settled('5000.00'));
    expect((await houseBalance('commission')) - commissionBefore).toBe(12_500n);
    // player to player: what the winners won the losers lost
    expect(await postedTo(m, 'house:exchange')).toBe('0');

    expect(await betsOf(A!, m)).toEqual([expect.objectContaining({ status: 'WON', profit_loss: '1500.00' })]);
    expect(await betsOf(B!, m)).toEqual([expect.objectContaining({ status: 'LOST', profit_loss: '-1500.00' })]);
    expect(await betsOf(C!, m)).toEqual([
      expect.objectContaining({ side: 'BACK', status: 'WON', profit_loss: '1000.00' }),
      expect.objectContaining({ side: 'LAY', status: 'LOST', profit_loss: '-300.00' }),
    ]);
    expect(await betsOf(F!, m)).toEqual([expect.objectContaining({ status: 'CANCELLED', profit_loss: null })]);
    const pos = (await app.inject({ method: 'GET', url: `/api/exchange/markets/${m}/position`, headers: auth(C!) })).json();
    expect(pos.exposure).toBe('0.00');
    const row = (
      await db.query<{ settled_result: unknown; settle_round: number }>(
        'SELECT settled_result, settle_round FROM exchange_markets WHERE market_id = $1',
        [m],
      )
    ).rows[0]!;
    expect(row).toEqual({ settled_result: { winner: '100301' }, settle_round: 1 });
    expect(await settleTransfers(m)).toBe(5);
    await ledgerOk();
  });

  it('settling twice pays once: the same closed state again, or settleMarket called again, moves nothing', async () => {
    const m = MARKETS.preplay;
    const before = await Promise.all(Object.values(mo).map(wallet));
    await feed.control(m, 'result', { winner: 100301 }); // a new feed version with the same result
    const again = await db.tx(async (q) => settleMarket(q, (await lockMarket(q, m))!, exchangeConfig()));
    expect(again).toEqual([]);
    expect(await Promise.all(Object.values(mo).map(wallet))).toEqual(before);
    expect(await settleTransfers(m)).toBe(5);
    await ledgerOk();
  });

  it("a market's own commission rate replaces the default", async () => {
    const m = '1.230002001'; // in play, runners 200101..200103
    await noHouse(m);
    await db.query('UPDATE exchange_markets SET commission_bps = 200 WHERE market_id = $1', [m]);
    const [A, B] = await players(2);
    await bet(A!, { market_id: m, selection_id: 200101, side: 'BACK', price: 3, stake: '1000' });
    await bet(B!, { market_id: m, selection_id: 200101, side: 'LAY', price: 3, stake: '1000' });
    await feed.control(m, 'result', { winner: 200101 });
    expect(await wallet(A!)).toEqual(settled('6960.00')); // +2000, 2% = 40
    expect(await wallet(B!)).toEqual(settled('3000.00'));
    await ledgerOk();
  });

  it("BookMaker pays at the house's rates, without commission", async () => {
    const m = MARKETS.preplayBookmaker; // runners 100301 (back 80), 100302 (back 120, lay 122)
    const [r1, r2] = feed.market(m).runners;
    expect([r1!.backRate, r2!.backRate, r2!.layRate]).toEqual([80, 120, 122]);
    const [A, B, C] = await players(3);
    await bet(A!, { market_id: m, selection_id: 100301, side: 'BACK', price: 1.8, stake: '1000' });
    await bet(B!, { market_id: m, selection_id: 100302, side: 'LAY', price: 2.22, stake: '500' });
    await bet(C!, { market_id: m, selection_id: 100302, side: 'BACK', price: 2.2, stake: '1000' });
    expect((await wallet(B!)).exposure).toBe('610.00');
    const commissionBefore = await houseBalance('commission');
    await feed.control(m, 'result', { winner: 100301 });
    expect(await wallet(A!)).toEqual(settled('5800.00'));
    expect(await wallet(B!)).toEqual(settled('5500.00'));
    expect(await wallet(C!)).toEqual(settled('4000.00'));
    expect(await houseBalance('commission')).toBe(commissionBefore);
    expect(await postedTo(m, 'house:exchange')).toBe('-30000'); // the house paid 800 + 500 and took 1000
    await ledgerOk();
  });

  it('void returns every stake; a result after the void settles it', async () => {
    const m = '1.230002002'; // runners 200201..200203
    await noHouse(m);
    await feed.control(m, 'liquidity', { selectionId: 200201, back: [{ price: 2, size: 10000 }], lay: [{ price: 2.1, size: 10000 }] });
    const [A, B, C, D] = await players(4);
    expect((await bet(A!, { market_id: m, selection_id: 200201, side: 'BACK', price: 2, stake: '1000' })).status).toBe('MATCHED'); // the feed's lay
    await bet(C!, { market_id: m, selection_id: 200202, side: 'BACK', price: 3, stake: '500' });
    await bet(B!, { market_id: m, selection_id: 200202, side: 'LAY', price: 3, stake: '500' });
    await bet(D!, { market_id: m, selection_id: 200203, side: 'BACK', price: 20, stake: '100' });
    const house = [await houseBalance('exchange'), await houseBalance('commission')];

    await feed.control(m, 'void');
    for (const p of [A, B, C, D]) expect(await wallet(p!)).toEqual(settled('5000.00'));
    expect(await betsOf(A!, m)).toEqual([expect.objectContaining({ status: 'VOID', profit_loss: '0.00' })]);
    expect(await betsOf(B!, m)).toEqual([expect.objectContaining({ status: 'VOID', profit_loss: '0.00' })]);
    // D's unmatched back was open when the void came: the void returned it (one status everywhere: Void)
    expect(await betsOf(D!, m)).toEqual([expect.objectContaining({ status: 'VOID', reason: EXCHANGE_MESSAGES.marketClosed })]);
    expect([await houseBalance('exchange'), await houseBalance('commission')]).toEqual(house);
    expect(await settleTransfers(m)).toBe(0);
    await ledgerOk();

    await feed.control(m, 'result', { winner: 200201 });
    expect(await wallet(A!)).toEqual(settled('5950.00')); // +1000 from the house, commission 50
    expect(await wallet(B!)).toEqual(settled('5475.00')); // the lay of a loser: +500, commission 25
    expect(await wallet(C!)).toEqual(settled('4500.00'));
    expect(await wallet(D!)).toEqual(settled('5000.00'));
    // the result takes the void's marker off: D's back was cancelled at the close
    expect(await betsOf(D!, m)).toEqual([expect.objectContaining({ status: 'CANCELLED' })]);
    const kinds = await db.query<{ kind: string }>(`SELECT DISTINCT kind FROM ledger_transfers WHERE idempotency_key LIKE $1`, [
      `exchange:settle:${m}:%`,
    ]);
    expect(kinds.rows.map((k) => k.kind)).toEqual(['exchange.resettle']);
    await ledgerOk();
  });

  it('a corrected result reverses and re-settles to the paisa, as if the correct result had been settled once', async () => {
    // the same bets on two markets: one settled wrongly then corrected (and voided and corrected again), one settled right once
    const place = async (m: string, [r1, r2]: number[], [A, B, G, H]: Player[]) => {
      await noHouse(m);
      await bet(A!, { market_id: m, selection_id: r1, side: 'BACK', price: 2, stake: '1000' });
      await bet(B!, { market_id: m, selection_id: r1, side: 'LAY', price: 2, stake: '1000' });
      await bet(G!, { market_id: m, selection_id: r2, side: 'BACK', price: 3, stake: '500' });
      await bet(H!, { market_id: m, selection_id: r2, side: 'LAY', price: 3, stake: '500' });
    };
    const corrected = await players(4);
    const once = await players(4);
    await place('1.230003002', [300201, 300202], corrected);
    await place('1.230001002', [100201, 100202], once);

    await feed.control('1.230003002', 'result', { winner: 300201 });
    expect(await Promise.all(corrected.map(wallet))).toEqual([
      settled('5950.00'),
      settled('4000.00'),
      settled('4500.00'),
      settled('5475.00'),
    ]);
    await feed.control('1.230003002', 'result', { winner: 300202 });
    const right = [settled('4000.00'), settled('5950.00'), settled('5950.00'), settled('4000.00')];
    expect(await Promise.all(corrected.map(wallet))).toEqual(right);
    await ledgerOk();

    await feed.control('1.230001002', 'result', { winner: 100202 });
    expect(await Promise.all(once.map(wallet))).toEqual(right);
    expect(await postedTo('1.230003002', 'house:commission')).toBe('10000');
    expect(await postedTo('1.230001002', 'house:commission')).toBe('10000');

    // void, then the result again: back to the same figures
    await feed.control('1.230003002', 'void');
    expect(await Promise.all(corrected.map(wallet))).toEqual(Array(4).fill(settled('5000.00')));
    await feed.control('1.230003002', 'result', { winner: 300202 });
    expect(await Promise.all(corrected.map(wallet))).toEqual(right);
    expect(await postedTo('1.230003002', 'house:commission')).toBe('10000');
    expect(await betsOf(corrected[0]!, '1.230003002')).toEqual([expect.objectContaining({ status: 'LOST', profit_loss: '-1000.00' })]);
    const row = (
      await db.query<{ settle_round: number }>('SELECT settle_round FROM exchange_markets WHERE market_id = $1', ['1.230003002'])
    ).rows[0]!;
    expect(row.settle_round).toBe(4);
    await ledgerOk();
  });

  it("a correction after the winnings were spent takes what main holds and books the rest as the player's debt", async () => {
    const m = '1.230003001'; // in play (no bet delay here), runners 300101, 300102
    const spendOn = '1.230001004'; // Australia v England, runners 100401, 100402
    await noHouse(m);
    await noHouse(spendOn);
    const A = await fundedPlayer(db, '1000');
    const B = await fundedPlayer(db, '5000');
    await bet(A, { market_id: m, selection_id: 300101, side: 'BACK', price: 2, stake: '1000' });
    await bet(B, { market_id: m, selection_id: 300101, side: 'LAY', price: 2, stake: '1000' });
    await feed.control(m, 'result', { winner: 300101 });
    expect(await wallet(A)).toEqual(settled('1950.00'));

    // A bets the winnings elsewhere: 1900 held, 50 left in main
    const spend = await bet(A, { market_id: spendOn, selection_id: 100401, side: 'BACK', price: 50, stake: '1900' });
    expect(await wallet(A)).toEqual({ balance: '1950.00', exposure: '1900.00', available: '50.00' });

    await feed.control(m, 'result', { winner: 300102 });
    // A's figures go from +950 to -1000: 1950 to take back, 50 in main, 1900 owed
    expect(await wallet(A)).toEqual({ balance: '1900.00', exposure: '1900.00', available: '0.00' });
    expect(await getPlayerOwed(db, A.id)).toBe(190_000n);
    expect(await wallet(B)).toEqual(settled('5950.00'));
    await ledgerOk();

    // corrected back: the credit repays the debt first
    await feed.control(m, 'result', { winner: 300101 });
    expect(await getPlayerOwed(db, A.id)).toBe(0n);
    expect(await wallet(A)).toEqual({ balance: '1950.00', exposure: '1900.00', available: '50.00' });
    expect(await wallet(B)).toEqual(settled('4000.00'));
    const cancel = await app.inject({ method: 'DELETE', url: `/api/exchange/bets/${spend.id}`, headers: auth(A) });
    expect(cancel.json()).toMatchObject({ balance: '1950.00', exposure: '0.00', available: '1950.00' });
    await ledgerOk();
  });

  it('Fancy: YES wins at or above its line, NO below its line, both lose between; no commission; a corrected run count re-settles', async () => {
    const rows = [
      { m: '34001004-F1', no: 48, yes: 49, runs: 48, yesAfter: '4000.00', noAfter: '4000.00' }, // between the lines
      { m: '34001004-F2', no: 78, yes: 79, runs: 79, yesAfter: '5900.00', noAfter: '4000.00' },
      { m: '34001004-F3', no: 162, yes: 163, runs: 100, yesAfter: '4000.00', noAfter: '6000.00' },
    ];
    const commissionBefore = await houseBalance('commission');
    const seats: Player[][] = [];
    for (const r of rows) {
      const f = feed.market(r.m).fancy!;
      expect(f).toMatchObject({ no: r.no, noRate: 100, yes: r.yes, yesRate: 90 });
      const [Y, N] = await players(2);
      seats.push([Y!, N!]);
      await bet(Y!, { market_id: r.m, side: 'YES', line: f.yes, rate: f.yesRate, stake: '1000' });
      await bet(N!, { market_id: r.m, side: 'NO', line: f.no, rate: f.noRate, stake: '1000' });
      expect((await wallet(N!)).exposure).toBe('1000.00');
    }
    for (const r of rows) await feed.control(r.m, 'result', { runs: r.runs });
    for (const [i, r] of rows.entries()) {
      const [Y, N] = seats[i]!;
      expect(await wallet(Y!)).toEqual(settled(r.yesAfter));
      expect(await wallet(N!)).toEqual(settled(r.noAfter));
    }
    const [y1, n1] = seats[0]!;
    expect(await betsOf(y1!, rows[0]!.m)).toEqual([expect.objectContaining({ status: 'LOST', profit_loss: '-1000.00' })]);
    expect(await betsOf(n1!, rows[0]!.m)).toEqual([expect.objectContaining({ status: 'LOST', profit_loss: '-1000.00' })]);
    expect(await houseBalance('commission')).toBe(commissionBefore);

    // the third row's runs corrected from 100 to 170: YES wins, NO loses
    await feed.control(rows[2]!.m, 'result', { runs: 170 });
    const [y3, n3] = seats[2]!;
    expect(await wallet(y3!)).toEqual(settled('5900.00'));
    expect(await wallet(n3!)).toEqual(settled('4000.00'));
    await ledgerOk();
  });

  it('Lottery settles on the last digit of the runs, Odd/Even on their parity', async () => {
    const lottery = '34001004-F6';
    const f = feed.market(lottery).fancy!;
    expect(f).toMatchObject({ type: 5, no: 5, yes: 6 });
    const [Y, N] = await players(2);
    await bet(Y!, { market_id: lottery, side: 'YES', line: f.yes, rate: f.yesRate, stake: '1000' });
    await bet(N!, { market_id: lottery, side: 'NO', line: f.no, rate: f.noRate, stake: '1000' });
    await feed.control(lottery, 'result', { runs: 123 }); // last digit 3: below both lines (123 itself would be above)
    expect(await wallet(Y!)).toEqual(settled('4000.00'));
    expect(await wallet(N!)).toEqual(settled('6000.00'));

    // Odd/Even: the value is runs % 2 (1 odd, 0 even), compared with the lines shown
    for (const { m, runs } of [
      { m: '34001004-F7', runs: 7 },
      { m: '34001002-F7', runs: 8 },
    ]) {
      const oe = feed.market(m).fancy!;
      expect(oe.type).toBe(6);
      const [OY, ON] = await players(2);
      await bet(OY!, { market_id: m, side: 'YES', line: oe.yes, rate: oe.yesRate, stake: '1000' });
      await bet(ON!, { market_id: m, side: 'NO', line: oe.no, rate: oe.noRate, stake: '1000' });
      await feed.control(m, 'result', { runs });
      const value = runs % 2;
      // rates are per 100: YES at 90 wins 900; NO at 100 wins 1000 and loses 1000
      expect(await wallet(OY!)).toEqual(settled(value >= oe.yes ? (5000 + (1000 * oe.yesRate) / 100).toFixed(2) : '4000.00'));
      expect(await wallet(ON!)).toEqual(settled(value < oe.no ? '6000.00' : (5000 - (1000 * oe.noRate) / 100).toFixed(2)));
    }
    await ledgerOk();
  });

  it("Betting Records, Exchange tab: the player's exchange bets with status, net profit/loss after commission, Dhaka dates", async () => {
    const get = async (p: Player, query: string) => app.inject({ method: 'GET', url: `/api/betting-record${query}`, headers: auth(p) });
    const c = await get(mo.C, '?tab=exchange');
    expect(c.statusCode).toBe(200);
    const records = c.json().data as Array<Record<string, unknown>>;
    // newest first: C's back (WON, carries the market's 35 commission), then C's lay (LOST)
    expect(records).toEqual([
      expect.objectContaining({
        event_name: 'Pakistan v Sri Lanka',
        game_type: 'MATCH_ODDS',
        market_name: 'Match Odds',
        selection_name: 'Pakistan',
        bet_type: 'BACK',
        stake: '1000.00',
        odds: 2,
        run: null,
        status: 'WON',
        net_profit_loss: '965.00',
        commission: '35.00',
        potential_profit: '1000.00',
        potential_liability: '1000.00',
      }),
      expect.objectContaining({ bet_type: 'LAY', odds: 2.5, status: 'LOST', net_profit_loss: '-300.00', commission: '0.00' }),
    ]);
    expect(typeof records[0]!.transaction_id).toBe('string');
    expect(new Date(records[0]!.created_at as string).toISOString()).toBe(records[0]!.created_at);
    expect((await get(mo.C, '?tab=exchange&date=today')).json().data).toHaveLength(2);
    expect((await get(mo.C, '?tab=exchange&date=yesterday')).json().data).toEqual([]);
    expect((await get(mo.F, '?tab=exchange')).json().data).toEqual([
      expect.objectContaining({ status: 'CANCELLED', net_profit_loss: '0.00' }),
    ]);

    // an open bet: status open, nothing settled yet
    const [P] = await players(1);
    await bet(P!, { market_id: '34001004-F4', side: 'YES', line: feed.market('34001004-F4').fancy!.yes, rate: 90, stake: '100' });
    expect((await get(P!, '?tab=exchange')).json().data).toEqual([
      expect.objectContaining({
        status: 'open',
        net_profit_loss: null,
        game_type: 'FANCY',
        odds: 90,
        run: feed.market('34001004-F4').fancy!.yes,
      }),
    ]);

    // the Settled tab answers casino rounds as before; "all" is the Exchange tab's
    expect((await get(mo.C, '')).json()).toEqual({ data: [] });
    expect((await get(mo.C, '?date=last7&tab=settled')).json()).toEqual({ data: [] });
    expect((await get(mo.C, '?tab=settled&date=all')).statusCode).toBe(422);
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/api/betting-record'].get.parameters.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['tab', 'date', 'platform', 'game_type']),
    );
  });
});
