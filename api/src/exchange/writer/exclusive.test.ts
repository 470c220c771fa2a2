// Issue 28 item 5: the changes of a market that are not a player's bet go through the market's writer. On one
// process (PGlite) they take their place in the market's queue in arrival order with the bets (the turn in-play lapses
// the LAPSE orders that arrived before it, not those after). Across processes (PostgreSQL) a change made by a process
// that does not hold the market's lease runs beside the holder and bumps its epoch (the holder's next batch fails its
// fence, rolls back and is decided again on what the change wrote), and the feed's changes are left to the holder
// (which reads the same feed) and looked at again after a lease's time: applied beside it only if it did not.
import { EXCHANGE_MESSAGES as M, type FeedDelta } from '@khela/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { checkLedger } from '../../ledger';
import { checkBetsAndFills, checkExposures } from '../../testing/exchange-checks';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../../testing/exchange-fixture';
import { describeOnPostgres, suiteDatabase, type TestDb } from '../../testing/both-databases';
import { memoryDb, otherProcessDb, processOn, testApp } from '../../testing/helpers';
import { cancelPlayerOpenBets } from '../bets';
import { exchangeConfig } from '../config';
import { FeedSync, type FeedPush } from '../feed/sync';
import { readMarket } from '../markets';
import type { WriterCommand } from './batch';
import { throughWriter, writersOf } from './market-writer';

const MO = MARKETS.preplay;
const RUNNER = '100301';
const noPush: FeedPush = { publish: async () => undefined, publishBalance: async () => undefined, broadcast: () => undefined };

const resting = (playerId: number, key: string, price = 20, side: 'BACK' | 'LAY' = 'BACK'): WriterCommand => {
  const input = { market_id: MO, selection_id: RUNNER, side, price, stake: '10', persistence: 'LAPSE' as const };
  return { kind: 'place', playerId, input, key, hash: key };
};

async function statusOf(db: Db, betId: number) {
  return (await db.query<{ status: string; reason: string | null }>('SELECT status, reason FROM exchange_bets WHERE id = $1', [betId]))
    .rows[0]!;
}

async function invariants(db: Db) {
  expect(await checkBetsAndFills(db)).toEqual([]);
  expect((await checkExposures(db)).problems).toEqual([]);
  expect((await checkLedger(db)).problems).toEqual([]);
}

describe('the feed and self-exclusion through the market writer (PGlite: one process)', () => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await memoryDb();
    app = await testApp(db, { EXCHANGE_MIN_STAKE: '1' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('takes the turn in-play and a self-exclusion in arrival order with the bets', async () => {
    const feed = new ExchangeFeed(db, app);
    await feed.load();
    const [p, q] = [await fundedPlayer(db, '1000'), await fundedPlayer(db, '1000')];
    const w = writersOf(app)!;
    // one queue: a resting LAPSE back, the turn in-play, another resting LAPSE back; then a self-exclusion's cancels
    // of q between two of q's bets
    const before = w.submit(MO, resting(p.id, 'a'));
    const turn = feed.control(MO, 'in-play');
    const after = w.submit(MO, resting(p.id, 'b'));
    const q1 = w.submit(MO, resting(q.id, 'c'));
    const excluded = throughWriter(app, MO, 'self-exclusion', (x) => cancelPlayerOpenBets(x, q.id, MO, 'test'));
    const q2 = w.submit(MO, resting(q.id, 'd'));
    const [a, , b, c, ex, d] = await Promise.all([before, turn, after, q1, excluded, q2]);
    const id = (r: typeof a) => (r.ok === true && 'betId' in r ? r.betId : -1);
    expect(await statusOf(db, id(a))).toEqual({ status: 'LAPSED', reason: M.lapsedInPlay });
    // placed after the turn, in play: a Match Odds bet that only rests does not wait the delay, and nothing lapses it
    expect((await statusOf(db, id(b))).status).toBe('UNMATCHED');
    expect((await statusOf(db, id(c))).status).toBe('CANCELLED');
    expect(ex.cancelled).toHaveLength(1);
    expect((await statusOf(db, id(d))).status).toBe('UNMATCHED');
    await invariants(db);
  });
});

describeOnPostgres('a market another process writes (PostgreSQL)', (engine) => {
  const env = { EXCHANGE_MIN_STAKE: '1', EXCHANGE_WRITER_LEASE_MS: '300' };
  let db: TestDb;
  let db2: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let feed: ExchangeFeed;
  const lease = async () =>
    (await db.query<{ owner: string; epoch: string }>('SELECT owner, epoch FROM exchange_market_leases WHERE market_id = $1', [MO]))
      .rows[0]!;

  suiteDatabase(engine, (t) => ({ db, app: a } = t), { env });
  beforeAll(async () => {
    db2 = await otherProcessDb(db);
    b = await processOn(db2, env);
    feed = new ExchangeFeed(db, a);
    await feed.load();
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await db2?.close();
  });

  it("a self-exclusion's cancels run beside the holder and fence it: its next batch is decided again", async () => {
    // no feed offer on the runner: a lay at 20 can only meet players' backs
    await feed.control(MO, 'liquidity', { selectionId: Number(RUNNER) });
    const [p, q] = [await fundedPlayer(db, '1000'), await fundedPlayer(db, '1000')];
    const first = await writersOf(a)!.submit(MO, resting(p.id, 'x1'));
    expect(first.ok).toBe(true);
    const held = await lease();
    expect(held.owner).toBe(writersOf(a)!.lease.owner);
    // B does not hold the market: the cancels run in B beside A, and A's epoch goes up
    const done = await throughWriter(b, MO, 'self-exclusion', (q) => cancelPlayerOpenBets(q, p.id, MO, 'test'));
    expect(done.cancelled).toHaveLength(1);
    expect(await lease()).toEqual({ owner: held.owner, epoch: String(Number(held.epoch) + 1) });
    // A's next batch fails the fence once (rolled back), takes the lease again and is decided on the book as it is now
    // (A's book kept in memory still had p's back: a lay crossing it must not meet the cancelled order)
    const next = await writersOf(a)!.submit(MO, resting(q.id, 'x2', 20, 'LAY'));
    expect(next.ok).toBe(true);
    expect(await lease()).toEqual({ owner: held.owner, epoch: String(Number(held.epoch) + 2) });
    const bets = await db.query<{ status: string }>('SELECT status FROM exchange_bets WHERE player_id = ANY($1) ORDER BY id', [
      [p.id, q.id],
    ]);
    expect(bets.rows.map((x) => x.status)).toEqual(['CANCELLED', 'UNMATCHED']);
    await invariants(db);
  });

  it("the feed's change is left to the holder, and applied beside it only if the holder did not apply it", async () => {
    const cfg = exchangeConfig({ ...process.env, ...env });
    const syncA = new FeedSync({ db, push: noPush, cfg, writer: () => writersOf(a)! });
    const syncB = new FeedSync({ db: db2, push: noPush, cfg, writer: () => writersOf(b)! });
    const p = await fundedPlayer(db, '1000');
    expect((await writersOf(a)!.submit(MO, resting(p.id, 'y1'))).ok).toBe(true);
    const wait = () => new Promise((r) => setTimeout(r, writersOf(b)!.lease.waitMs + 50));

    // the holder applies the suspension from its own feed: B's look again finds it applied and writes nothing
    const suspend: FeedDelta = feed.world.control(MO, 'suspend');
    expect(await syncB.applyDelta(suspend)).toMatchObject({ applied: 0, deferred: 1 });
    expect((await readMarket(db, MO))!.status).toBe('OPEN');
    expect(await syncA.applyDelta(suspend)).toMatchObject({ applied: 1 });
    const epoch = (await lease()).epoch;
    await wait();
    await syncB.retryDue();
    expect(syncB.pendingRetries).toBe(0);
    expect((await readMarket(db, MO))!.status).toBe('SUSPENDED');
    expect((await lease()).epoch).toBe(epoch);

    // the holder never applies the resume (its feed is behind): after a lease's time B applies it beside, fencing A
    const resume: FeedDelta = feed.world.control(MO, 'resume');
    expect(await syncB.applyDelta(resume)).toMatchObject({ deferred: 1 });
    await wait();
    await syncB.retryDue();
    expect(syncB.pendingRetries).toBe(0);
    expect((await readMarket(db, MO))!.status).toBe('OPEN');
    expect(Number((await lease()).epoch)).toBe(Number(epoch) + 1);
    // A's writer goes on (one batch decided again)
    expect((await writersOf(a)!.submit(MO, resting(p.id, 'y2', 22))).ok).toBe(true);
    await invariants(db);
  });
});
