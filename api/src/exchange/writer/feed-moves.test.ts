// Issue 28 item 1: the odds feed's changes of a hot Match Odds market reach the book its writer keeps in memory. A new
// offer replaces the old one in the kept book and the resting orders it crosses are matched there, at their own price,
// written in the feed change's transaction; the next batch goes on with that book instead of reading the whole book
// from the database again. The same script with the book read at every batch (EXCHANGE_WRITER_WARM=off, the feed's
// sweep through SQL) must leave the same bets, fills, positions and balances. The turn in-play lapses orders through
// SQL: the kept book is dropped then and read again.
import { EXCHANGE_MESSAGES as M } from '@khela/contracts';
import { expect, it } from 'vitest';
import { LADDER } from '../../../../sandbox/src/odds/ladder';
import { checkLedger } from '../../ledger';
import { checkBetsAndFills, checkExposures } from '../../testing/exchange-checks';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../../testing/exchange-fixture';
import { closeTestDb, describeEachDatabase } from '../../testing/both-databases';
import { testApp, type TestEngine } from '../../testing/helpers';
import type { CommandResult, WriterCommand } from './batch';
import { writersOf } from './market-writer';

const MO = MARKETS.preplay;
const RUNNER = '100301';

interface Outcome {
  bets: unknown[];
  fills: unknown[];
  positions: unknown[];
  balances: unknown[];
  /** Batches that read the whole book; the feed's changes the kept book took. */
  books: { read: number; feedKept: number };
  /** The feed's drifts that changed the market. */
  drifts: number;
  /** The resting back's state after the move that crossed it, and the lay's after the move that crossed it. */
  crossed: { back: unknown; lay: unknown };
}

async function run(make: TestEngine['make'], warm: boolean): Promise<Outcome> {
  const db = await make();
  const app = await testApp(db, { EXCHANGE_MIN_STAKE: '1', EXCHANGE_WRITER_WARM: warm ? 'on' : 'off' });
  try {
    const feed = new ExchangeFeed(db, app);
    await feed.load();
    const writer = writersOf(app)!;
    const [a, b, c] = [await fundedPlayer(db, '5000'), await fundedPlayer(db, '5000'), await fundedPlayer(db, '5000')];
    const bestBack = LADDER.indexOf(feed.market(MO).runners.find((r) => String(r.selectionId) === RUNNER)!.back[0]!.price);
    expect(bestBack).toBeGreaterThan(5);
    let n = 0;
    const place = async (playerId: number, side: 'BACK' | 'LAY', price: number, stake: string): Promise<number> => {
      const key = `k${n++}`;
      const input = { market_id: MO, selection_id: RUNNER, side, price, stake, persistence: 'LAPSE' as const };
      const command: WriterCommand = { kind: 'place', playerId, input, key, hash: key };
      const r: CommandResult = await writer.submit(MO, command);
      if (r.ok !== true || !('betId' in r)) throw new Error(`bet refused: ${JSON.stringify(r)}`);
      return r.betId;
    };
    const stateOf = async (id: number) =>
      (
        await db.query<{ status: string; matched_minor: string; matched_value: string }>(
          'SELECT status, matched_minor, matched_value FROM exchange_bets WHERE id = $1',
          [id],
        )
      ).rows[0];
    const liquidity = (back: [number, number][], lay: [number, number][]) =>
      feed.control(MO, 'liquidity', {
        selectionId: Number(RUNNER),
        back: back.map(([i, size]) => ({ price: LADDER[i], size })),
        lay: lay.map(([i, size]) => ({ price: LADDER[i], size })),
      });

    // a wide book: a back above the feed's best lay and a lay below its best back rest (the first batch reads the book)
    const backId = await place(a.id, 'BACK', LADDER[bestBack + 5]!, '10');
    const layId = await place(b.id, 'LAY', LADDER[bestBack - 4]!, '20');
    // the feed drifts (a tick at most a step): new versions of the market, new offers, nothing crossed
    let drifts = 0;
    for (let i = 0; i < 4; i++) if ((await feed.step())?.mc.some((m) => m.marketId === MO)) drifts++;
    // a player takes the feed's offer at its new version
    await place(c.id, 'BACK', LADDER[bestBack - 8]!, '3');
    // the feed lays 5 at the resting back's price: the back is matched there for 5, its own price
    await liquidity([[bestBack + 5, 5]], [[bestBack + 7, 100]]);
    const back = await stateOf(backId);
    // the same offer again, at a new version: its whole size is there again (nothing of it taken at this version), so
    // the back's other 5 are matched too (the kept book at once, the book read by the next batch: the same in the end)
    await liquidity([[bestBack + 5, 5]], [[bestBack + 7, 100]]);
    // the feed backs at the resting lay's price: the lay is matched in full at its price
    await liquidity([[bestBack - 6, 100]], [[bestBack - 4, 50]]);
    const lay = await stateOf(layId);
    // bets taking the newest offer: a back meets the house's lay of 100 at bestBack - 6; a lay at bestBack - 5 rests
    await place(c.id, 'BACK', LADDER[bestBack - 6]!, '7');
    await place(a.id, 'LAY', LADDER[bestBack - 5]!, '4');
    // the turn in-play lapses LAPSE orders through SQL: the book kept is dropped and read again by the next batch
    await feed.control(MO, 'in-play');
    await place(b.id, 'BACK', LADDER[bestBack + 8]!, '2');

    const bets = (
      await db.query(
        'SELECT player_id, side, price, status, matched_minor, remaining_minor, matched_value, reason FROM exchange_bets ORDER BY id',
      )
    ).rows;
    const fills = (await db.query('SELECT selection_id, price, stake_minor, back_bet_id, lay_bet_id FROM exchange_fills ORDER BY id')).rows;
    const positions = (await db.query('SELECT player_id, exposure_minor FROM exchange_positions ORDER BY player_id')).rows;
    const balances = (
      await db.query('SELECT code, balance_minor FROM ledger_accounts WHERE player_id = ANY($1::bigint[]) ORDER BY id', [
        [a.id, b.id, c.id],
      ])
    ).rows;
    expect(await checkBetsAndFills(db)).toEqual([]);
    expect((await checkExposures(db)).problems).toEqual([]);
    expect((await checkLedger(db)).ok).toBe(true);
    return { bets, fills, positions, balances, books: { ...writer.books }, drifts, crossed: { back, lay } };
  } finally {
    await app.close();
    await closeTestDb(db);
  }
}

describeEachDatabase("the feed's changes and the market writer's kept book on $name", ({ make }) => {
  it('are taken by the kept book (crossed orders matched at their price) with the same outcome as the database sweep', async () => {
    const kept = await run(make, true);
    const read = await run(make, false);
    // the resting back met the feed's 5 at its own price; the lay met the feed's back in full at its own price
    expect(kept.crossed.back).toMatchObject({ status: 'PARTIALLY_MATCHED', matched_minor: '500' });
    expect(kept.crossed.lay).toMatchObject({ status: 'MATCHED', matched_minor: '2000' });
    const backPrice = Number((kept.bets[0] as { price: number }).price);
    expect(Number((kept.crossed.back as { matched_value: string }).matched_value)).toBe(500 * backPrice);
    expect(kept.bets[0]).toMatchObject({ status: 'MATCHED', matched_minor: '1000', remaining_minor: '0' });
    // the lay left resting at the turn in-play lapsed
    expect(kept.bets[4]).toMatchObject({ side: 'LAY', status: 'LAPSED', matched_minor: '0', reason: M.lapsedInPlay });
    // the same bets, fills, positions and balances whichever way
    expect(kept.bets).toEqual(read.bets);
    expect(kept.fills).toEqual(read.fills);
    expect(kept.positions).toEqual(read.positions);
    expect(kept.balances).toEqual(read.balances);
    // kept: the book was read by the first batch and after the turn in-play only; every other feed change of the
    // market (its drifts, three new offers) was taken in memory
    expect(kept.drifts).toBeGreaterThan(0);
    expect(kept.books).toEqual({ read: 2, feedKept: kept.drifts + 3 });
    // read at every batch: six batches, six reads
    expect(read.books).toEqual({ read: 6, feedKept: 0 });
  }, 120_000);
});
