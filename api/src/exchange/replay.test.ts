// Deterministic replay through the whole API: one recorded sequence of feed events (the sandbox World's control calls:
// liquidity, suspend/resume, in-play, ball running, results) and bets and cancels by four players (backs and lays that
// match each other and the feed's liquidity, partially; BookMaker; Fancy; a cancel; lapses at the turn in-play; bets
// that wait the in-play delay; refusals), kept as data below. Each run starts from a fresh database and app. The
// books (resting orders in time priority), fills, bets, positions (GET .../position) and balances (POST /api/balance)
// must come out identical between runs and between databases: twice on PostgreSQL and once on PGlite (beside them),
// compared with each other (twice on PGlite when no PostgreSQL answers). Bets are named by the script's step, never
// by database ids. The result steps settle the markets (settlement.ts); the checks that need settlement only run once
// the markets are settled.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_MESSAGES as M } from '@khela/contracts';
import type { Db } from '../db';
import { checkLedger } from '../ledger';
import { closeTestDb } from '../testing/both-databases';
import { bothDatabases, testApp, type TestEngine } from '../testing/helpers';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';
import { checkBetsAndFills, checkExposures } from '../testing/exchange-checks';
import type { World } from '../../../sandbox/src/odds/world';

// Not describeEachDatabase: every run makes its own database, and the runs on the two databases are compared.
const engines = await bothDatabases();

const MO = MARKETS.preplay; // Pakistan v Sri Lanka Match Odds: runners 100301, 100302
const BM = MARKETS.preplayBookmaker; // same event: Pakistan back 80 / lay 82, Sri Lanka back 120 / lay 122
const FANCY = MARKETS.preplayFancy; // Australia v England "6 over runs": NO 48 at 100, YES 49 at 90
const PLAYERS = 4;

type Step =
  | { feed: string; action: Parameters<World['control']>[1]; body?: Record<string, unknown> }
  | { bet: string; player: number; body: Record<string, unknown> }
  | { cancel: string; player: number };

const back = (selection_id: number, price: number, stake: string, persistence?: 'PERSIST') => ({
  market_id: MO,
  selection_id,
  side: 'BACK',
  price,
  stake,
  ...(persistence ? { persistence } : {}),
});
const lay = (selection_id: number, price: number, stake: string, persistence?: 'PERSIST') => ({
  ...back(selection_id, price, stake, persistence),
  side: 'LAY',
});

/** The recorded session. Bets are named; a cancel names the bet it cancels. */
const SCRIPT: Step[] = [
  // the feed lays Pakistan at 1.5 (300) and backs it at 3.0 (200); Sri Lanka 1.9 (500) / 2.1 (400)
  { feed: MO, action: 'liquidity', body: { selectionId: 100301, back: [{ price: 1.5, size: 300 }], lay: [{ price: 3, size: 200 }] } },
  { feed: MO, action: 'liquidity', body: { selectionId: 100302, back: [{ price: 1.9, size: 500 }], lay: [{ price: 2.1, size: 400 }] } },
  { bet: 'a1', player: 0, body: back(100301, 2, '500', 'PERSIST') }, // rests
  { bet: 'b1', player: 1, body: lay(100301, 2, '200') }, // takes 200 of a1 at 2.0
  { bet: 'c1', player: 2, body: lay(100301, 2.2, '100') }, // takes 100 of a1 at 2.0 (price improvement)
  { bet: 'b2', player: 1, body: back(100301, 2.4, '300') }, // rests above a1
  { bet: 'd1', player: 3, body: lay(100301, 2.5, '400') }, // a1's last 200 at 2.0, then 200 of b2 at 2.4
  { bet: 'c2', player: 2, body: back(100301, 1.5, '100') }, // the feed's lay at 1.5
  { bet: 'a2', player: 0, body: lay(100302, 2.1, '600') }, // 400 from the feed at 2.1, 200 rests
  { bet: 'd2', player: 3, body: back(100302, 2.1, '150') }, // 150 of a2's rest
  { bet: 'c3', player: 2, body: lay(100301, 1.7, '100') }, // rests (nobody backs at 1.7 or less)
  { bet: 'b3', player: 1, body: lay(100301, 3, '250') }, // skips its own player's b2 (no self-matching): the feed's 3.0 for 200, 50 rests
  { bet: 'a3', player: 0, body: back(100301, 4, '200') }, // rests
  { cancel: 'a3', player: 0 },
  { cancel: 'a3', player: 0 }, // nothing left to cancel: refused
  { bet: 'x1', player: 1, body: back(100301, 2.51, '100') }, // off the ladder: refused
  // BookMaker and Fancy at the house's rate and line
  { bet: 'b4', player: 1, body: { market_id: BM, selection_id: 100301, side: 'BACK', price: 1.8, stake: '300' } },
  { bet: 'c4', player: 2, body: { market_id: BM, selection_id: 100302, side: 'LAY', price: 2.22, stake: '200' } },
  { bet: 'x2', player: 2, body: { market_id: BM, selection_id: 100302, side: 'LAY', price: 2.23, stake: '200' } }, // rate moved: refused
  { bet: 'd3', player: 3, body: { market_id: FANCY, side: 'YES', line: 49, rate: 90, stake: '250' } },
  { bet: 'a4', player: 0, body: { market_id: FANCY, side: 'NO', line: 48, rate: 100, stake: '200' } },
  { feed: FANCY, action: 'suspend' },
  { bet: 'x3', player: 1, body: { market_id: FANCY, side: 'YES', line: 49, rate: 90, stake: '100' } }, // suspended: refused
  { feed: FANCY, action: 'resume' },
  { bet: 'b5', player: 1, body: { market_id: FANCY, side: 'YES', line: 49, rate: 90, stake: '100' } },
  // a new feed price: the house backs Pakistan at 1.7 for 50, which takes b3's resting 50 at b3's price (3.0); the
  // new feed version offers Sri Lanka's 2.1 afresh, which takes a2's resting 50
  { feed: MO, action: 'liquidity', body: { selectionId: 100301, back: [{ price: 1.6, size: 500 }], lay: [{ price: 1.7, size: 50 }] } },
  { bet: 'd4', player: 3, body: back(100302, 5, '100') }, // rests, LAPSE
  { bet: 'c5', player: 2, body: lay(100302, 2, '200', 'PERSIST') }, // rests, PERSIST
  { bet: 'a5', player: 0, body: lay(100301, 1.6, '100') }, // rests (the feed backs at 1.7 only)
  { feed: MO, action: 'suspend' },
  { bet: 'x4', player: 3, body: back(100301, 1.6, '100') }, // suspended: refused
  { feed: MO, action: 'resume' }, // a new version: the feed's 50 at 1.7 again, which takes 50 of c3
  // the turn in-play: unmatched LAPSE orders lapse (c3's and b2's rests, d4, a5), PERSIST ones (c5) stay; a bet that
  // would match now waits the delay
  { feed: MO, action: 'in-play' },
  { bet: 'b6', player: 1, body: back(100302, 1.9, '300') }, // after the delay: c5's 200 at 2.0, then the feed's 1.9 for 100
  { bet: 'a6', player: 0, body: back(100301, 2, '100') }, // matches nothing: rests at once
  { bet: 'd5', player: 3, body: lay(100301, 2, '100') }, // after the delay: the feed's 1.7 for 50, then 50 of a6 at 2.0
  { feed: BM, action: 'ball-running' },
  { bet: 'x5', player: 1, body: { market_id: BM, selection_id: 100301, side: 'BACK', price: 1.8, stake: '100' } }, // ball running: refused
  { feed: BM, action: 'resume' },
  // in play, a BookMaker bet waits the delay too
  { bet: 'c6', player: 2, body: { market_id: BM, selection_id: 100301, side: 'LAY', price: 1.82, stake: '150' } },
  // results: the markets close and settle (a6's unmatched 50 is cancelled)
  { feed: MO, action: 'result', body: { winner: 100301 } },
  { feed: BM, action: 'result', body: { winner: 100302 } },
  { feed: FANCY, action: 'result', body: { runs: 52 } },
];

interface Outcome {
  answers: Record<string, { code: number; status: string | null; message: string | null }>;
  bets: Record<
    string,
    { status: string; stake: string; matched: string; matched_value: string; remaining: string; cancelled: string; reason: string | null }
  >;
  book: { bet: string; market: string; selection: string; side: string; price: number; remaining: string }[];
  fills: { market: string; selection: string; price: number; stake: string; back: string; lay: string; taker: string }[];
  houseTaken: { market: string; version: number; selection: string; side: string; price: number; taken: string }[];
  positions: Record<string, unknown>;
  balances: unknown[];
  /** Per market of the script: settled on its result (settlement's round > 0). */
  settled: boolean[];
}

async function waitNotPending(db: Db, publicId: string) {
  // the delay's end is handled by the market's writer: on a busy CI machine (two test files at a time) that can take
  // seconds, so the wait is bounded by time, not by a count of 10 ms reads
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const r = await db.query<{ status: string }>('SELECT status FROM exchange_bets WHERE public_id = $1', [publicId]);
    if (r.rows[0]?.status !== 'PENDING') return;
    await new Promise((res) => setTimeout(res, 10));
  }
  throw new Error(`bet ${publicId} still PENDING`);
}

/** Runs the script on a fresh database and reads back everything that must be reproducible. */
async function replay(make: TestEngine['make']): Promise<Outcome> {
  const db = await make();
  let app: FastifyInstance | undefined;
  try {
    app = await testApp(db, { EXCHANGE_BET_DELAY_MS: 'MATCH_ODDS:30,BOOKMAKER:30,FANCY:30', EXCHANGE_PENDING_SWEEP_MS: '50' });
    const a = app;
    const feed = new ExchangeFeed(db, app);
    await feed.load();
    const players: { id: number; token: string }[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await fundedPlayer(db, '10000'));
    const auth = (p: number) => ({ authorization: `Bearer ${players[p]!.token}` });

    const publicIds = new Map<string, string>();
    const answers: Outcome['answers'] = {};
    let n = 0;
    for (const step of SCRIPT) {
      n++;
      if ('feed' in step) {
        await feed.control(step.feed, step.action, step.body);
        continue;
      }
      const res =
        'bet' in step
          ? await a.inject({
              method: 'POST',
              url: '/api/exchange/bets',
              headers: { ...auth(step.player), 'idempotency-key': `s${n}` },
              payload: step.body,
            })
          : await a.inject({ method: 'DELETE', url: `/api/exchange/bets/${publicIds.get(step.cancel)!}`, headers: auth(step.player) });
      const body = res.json() as { bet?: { id: string; status: string }; message?: string };
      const name = 'bet' in step ? step.bet : `cancel ${step.cancel} (step ${n})`;
      answers[name] = {
        code: res.statusCode,
        status: body.bet?.status ?? null,
        message: res.statusCode === 200 ? null : (body.message ?? null),
      };
      if ('bet' in step && body.bet) {
        publicIds.set(step.bet, body.bet.id);
        if (body.bet.status === 'PENDING') await waitNotPending(db, body.bet.id);
      }
    }

    // read back, naming bets by their step
    const rows = await db.query<{
      id: string;
      public_id: string;
      status: string;
      stake_minor: string;
      matched_minor: string;
      matched_value: string;
      remaining_minor: string;
      cancelled_minor: string;
      reason: string | null;
    }>(
      `SELECT id, public_id, status, stake_minor, matched_minor, matched_value, remaining_minor, cancelled_minor, reason
       FROM exchange_bets`,
    );
    const nameOfPublic = new Map([...publicIds].map(([k, v]) => [v, k]));
    const nameOfId = new Map<string, string>();
    const bets: Outcome['bets'] = {};
    for (const r of rows.rows) {
      const name = nameOfPublic.get(r.public_id);
      if (!name) throw new Error(`bet ${r.public_id} is not in the script`);
      nameOfId.set(String(r.id), name);
      bets[name] = {
        status: r.status,
        stake: String(r.stake_minor),
        matched: String(r.matched_minor),
        matched_value: String(r.matched_value),
        remaining: String(r.remaining_minor),
        cancelled: String(r.cancelled_minor),
        reason: r.reason,
      };
    }
    const betName = (id: string | number | null) => (id === null ? 'house' : (nameOfId.get(String(id)) ?? `unknown ${id}`));
    const book = await db.query<{
      id: string;
      market_id: string;
      selection_id: string;
      side: string;
      price: number;
      remaining_minor: string;
    }>('SELECT id, market_id, selection_id, side, price, remaining_minor FROM exchange_bets WHERE remaining_minor > 0 ORDER BY rest_seq');
    const fills = await db.query<{
      market_id: string;
      selection_id: string;
      price: number;
      stake_minor: string;
      back_bet_id: string | null;
      lay_bet_id: string | null;
      taker_bet_id: string | null;
    }>('SELECT market_id, selection_id, price, stake_minor, back_bet_id, lay_bet_id, taker_bet_id FROM exchange_fills ORDER BY id');
    const taken = await db.query<{
      market_id: string;
      feed_version: number;
      selection_id: string;
      side: string;
      price: number;
      taken_minor: string;
    }>(
      `SELECT market_id, feed_version, selection_id, side, price, taken_minor FROM exchange_house_taken
       ORDER BY market_id, feed_version, selection_id, side, price`,
    );
    const positions: Record<string, unknown> = {};
    const balances: unknown[] = [];
    for (let p = 0; p < PLAYERS; p++) {
      for (const m of [MO, BM, FANCY])
        positions[`${p} ${m}`] = (await a.inject({ method: 'GET', url: `/api/exchange/markets/${m}/position`, headers: auth(p) })).json();
      balances.push((await a.inject({ method: 'POST', url: '/api/balance', headers: auth(p) })).json());
    }
    const settled = await db.query<{ settle_round: number }>(
      'SELECT settle_round FROM exchange_markets WHERE market_id = ANY($1::text[]) ORDER BY market_id',
      [[MO, BM, FANCY]],
    );
    expect((await checkLedger(db)).problems).toEqual([]);
    expect(await checkBetsAndFills(db)).toEqual([]);
    expect((await checkExposures(db)).problems).toEqual([]);
    return {
      settled: settled.rows.map((r) => Number(r.settle_round) > 0),
      answers,
      bets,
      book: book.rows.map((r) => ({
        bet: betName(r.id),
        market: r.market_id,
        selection: r.selection_id,
        side: r.side,
        price: Number(r.price),
        remaining: String(r.remaining_minor),
      })),
      fills: fills.rows.map((f) => ({
        market: f.market_id,
        selection: f.selection_id,
        price: Number(f.price),
        stake: String(f.stake_minor),
        back: betName(f.back_bet_id),
        lay: betName(f.lay_bet_id),
        taker: betName(f.taker_bet_id),
      })),
      houseTaken: taken.rows.map((t) => ({
        market: t.market_id,
        version: Number(t.feed_version),
        selection: t.selection_id,
        side: t.side,
        price: Number(t.price),
        taken: String(t.taken_minor),
      })),
      positions,
      balances,
    };
  } finally {
    await app?.close();
    await closeTestDb(db);
  }
}

const [lite, postgres] = engines as [TestEngine, TestEngine];

/** Checks that the outcome is the recorded session's: the script does what its comments say. */
function expectTheScript(one: Outcome) {
  // the script does what it says: player-to-player and feed matches, partial fills, a cancel, lapses, the delay
  expect(one.answers).toMatchObject({
    a1: { code: 200, status: 'UNMATCHED' },
    b1: { code: 200, status: 'MATCHED' },
    d1: { code: 200, status: 'MATCHED' },
    a2: { code: 200, status: 'PARTIALLY_MATCHED' },
    c3: { code: 200, status: 'UNMATCHED' },
    b3: { code: 200, status: 'PARTIALLY_MATCHED' },
    'cancel a3 (step 14)': { code: 200, status: 'CANCELLED' },
    'cancel a3 (step 15)': { code: 409 },
    x1: { code: 422 },
    x2: { code: 409 },
    x3: { code: 409 },
    x4: { code: 409 },
    x5: { code: 409 },
    b6: { code: 200, status: 'PENDING' },
    a6: { code: 200, status: 'UNMATCHED' },
    d5: { code: 200, status: 'PENDING' },
    c6: { code: 200, status: 'PENDING' },
  });
  // amounts matched and cancelled (settlement only turns statuses into WON / LOST and cancels what still rests)
  const amounts = (m: string, c = '0') => ({ matched: m, cancelled: c, remaining: '0' });
  expect(one.bets).toMatchObject({
    a1: { ...amounts('50000'), matched_value: '10000000' }, // all at 2.0
    b1: amounts('20000'),
    c1: amounts('10000'),
    b2: { ...amounts('20000', '10000'), reason: M.lapsedInPlay }, // 200 matched, its rest lapsed in play
    d1: { ...amounts('40000'), matched_value: '8800000' }, // 200 at 2.0 + 200 at 2.4
    c2: amounts('10000'),
    a2: amounts('60000'),
    d2: amounts('15000'),
    c3: { ...amounts('5000', '5000'), reason: M.lapsedInPlay },
    b3: { ...amounts('25000'), matched_value: '7500000' },
    a3: { ...amounts('0', '20000'), status: 'CANCELLED' },
    b4: amounts('30000'),
    c4: amounts('20000'),
    d3: amounts('25000'),
    a4: amounts('20000'),
    b5: amounts('10000'),
    d4: { ...amounts('0', '10000'), status: 'LAPSED', reason: M.lapsedInPlay },
    a5: { ...amounts('0', '10000'), status: 'LAPSED', reason: M.lapsedInPlay },
    c5: amounts('20000'), // PERSIST: kept in play, then taken by b6
    b6: { ...amounts('30000'), matched_value: '5900000' }, // 200 at 2.0 (c5) + 100 at 1.9 (the feed)
    d5: { ...amounts('10000'), matched_value: '1850000' }, // 50 at 1.7 (the feed) + 50 at 2.0 (a6)
    a6: amounts('5000', '5000'),
    c6: amounts('15000'),
  });
  expect(Object.keys(one.bets).sort()).toEqual(
    Object.keys(one.answers)
      .filter((k) => one.answers[k]!.code === 200 && !k.startsWith('cancel'))
      .sort(),
  );
  // once settlement has run on the results: Pakistan won Match Odds, Sri Lanka the BookMaker, 52 runs the Fancy
  if (one.settled.every(Boolean)) {
    const won = ['a1', 'b2', 'c2', 'a2', 'c5', 'a6', 'c6', 'd3', 'b5'];
    for (const [name, b] of Object.entries(one.bets))
      if (Number(b.matched) > 0) expect([name, b.status]).toEqual([name, won.includes(name) ? 'WON' : 'LOST']);
    expect(one.book).toEqual([]);
    for (const b of one.balances) expect(b).toMatchObject({ exposure: '0.00' });
  }
  // every match, in the order made: [selection, price, backer's stake, back bet, lay bet, taker]
  const fill = (selection: number, price: number, stake: number, back: string, lay: string, taker: string, market: string = MO) => ({
    market,
    selection: String(selection),
    price,
    stake: String(stake * 100),
    back,
    lay,
    taker,
  });
  expect(one.fills).toEqual([
    fill(100301, 200, 200, 'a1', 'b1', 'b1'),
    fill(100301, 200, 100, 'a1', 'c1', 'c1'),
    fill(100301, 200, 200, 'a1', 'd1', 'd1'),
    fill(100301, 240, 200, 'b2', 'd1', 'd1'),
    fill(100301, 150, 100, 'c2', 'house', 'c2'),
    fill(100302, 210, 400, 'house', 'a2', 'a2'),
    fill(100302, 210, 150, 'd2', 'a2', 'd2'),
    fill(100301, 300, 200, 'house', 'b3', 'b3'),
    fill(100301, 180, 300, 'b4', 'house', 'b4', BM),
    fill(100302, 222, 200, 'house', 'c4', 'c4', BM),
    fill(100301, 300, 50, 'house', 'b3', 'house'), // the new feed price takes resting orders at their price
    fill(100302, 210, 50, 'house', 'a2', 'house'),
    fill(100301, 170, 50, 'house', 'c3', 'house'), // at resume
    fill(100302, 200, 200, 'b6', 'c5', 'b6'),
    fill(100302, 190, 100, 'b6', 'house', 'b6'),
    fill(100301, 170, 50, 'house', 'd5', 'd5'),
    fill(100301, 200, 50, 'a6', 'd5', 'd5'),
    fill(100301, 182, 150, 'house', 'c6', 'c6', BM),
  ]);
}

describe('deterministic replay of feed events and bets through the API', () => {
  // the PGlite run starts at once and goes on beside the PostgreSQL runs (their apps are built one at a time: each
  // reads its settings from process.env, testing/helpers.ts withEnv); it runs the script once when PostgreSQL takes
  // the two-run check, twice when PostgreSQL is away.
  let liteRun: Promise<Outcome>;
  let onPostgres: Outcome | undefined;
  beforeAll(() => {
    liteRun = replay(lite.make);
    liteRun.catch(() => undefined); // reported by the test that awaits it
  });

  if (postgres.skip) it.skip('on PostgreSQL: not reachable on 127.0.0.1:5432', () => undefined);
  else
    it('on two fresh PostgreSQL databases gives identical books, fills, bets, positions and balances', async () => {
      const one = await replay(postgres.make);
      const two = await replay(postgres.make);
      expect(two).toEqual(one);
      expectTheScript(one);
      onPostgres = one;
    }, 60_000);

  it(`on PGlite gives the same${postgres.skip ? ' on two fresh databases' : ' as on PostgreSQL'}`, async () => {
    const first = await liteRun;
    if (process.env.REPLAY_DUMP) console.log(JSON.stringify(first, null, 1));
    expectTheScript(first);
    if (postgres.skip) expect(await replay(lite.make)).toEqual(first);
    else {
      expect(onPostgres, 'the PostgreSQL runs').toBeDefined();
      expect(first).toEqual(onPostgres);
    }
  }, 60_000);
});
