// Property tests of the market writer (issue 28, tests): random interleavings of bets, cancels, cancel all, the feed's
// price moves (the world's drift and set ladders that cross resting orders), suspensions and resumes, the turn
// in-play and self-exclusion's cancels, all in flight at once on one Match Odds market and all through the market's
// writer (item 5: the feed's changes and the cancels are commands of its queue, in arrival order with the bets).
// After every wave, from scratch: every exposure equals the position recomputed, the ledger balances, no bet's
// matched stake exceeds its stake (nor differs from its fills), the book is not left crossed — the checks of
// testing/exchange-checks.ts that batch.test.ts, processes.test.ts and the bench use. Seeded: a failure names its
// seed and wave. On both databases with the writer, and once with the writer off (the per-bet path, EXCHANGE_WRITER=off).
import type { FastifyInstance } from 'fastify';
import { EXCHANGE_MESSAGES as M } from '@khela/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { checkLedger } from '../../ledger';
import { checkBetsAndFills, checkExposures } from '../../testing/exchange-checks';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../../testing/exchange-fixture';
import { closeTestDb, describeEachDatabase } from '../../testing/both-databases';
import { memoryDb, testApp, type TestEngine } from '../../testing/helpers';
import { cancelPlayerOpenBets } from '../bets';
import { throughWriter } from './market-writer';
import { seededDraws } from '../../testing/random';

const MO = MARKETS.preplay;
const RUNNERS = [100301, 100302];
/** Prices on the ladder around the feed's (~1.5–3): orders cross each other, the feed's offer, or rest. */
const PRICES = [1.5, 1.6, 1.7, 1.8, 1.9, 2, 2.1, 2.2, 2.4, 2.5, 2.6, 2.8, 3];

interface Tally {
  placed: number;
  refused: number;
  cancels: number;
  feed: number;
  suspensions: number;
  excluded: number;
}

async function invariants(db: Db, where: string) {
  expect(await checkBetsAndFills(db), where).toEqual([]);
  const exposures = await checkExposures(db);
  expect(exposures.problems, where).toEqual([]);
  expect((await checkLedger(db)).problems, where).toEqual([]);
}

/** Waits until no bet is in its delay (the delay's timers end them through the writer), so a check sees a still state. */
async function settled(db: Db) {
  for (let i = 0; i < 400; i++) {
    const r = await db.query<{ n: string }>(`SELECT count(*) AS n FROM exchange_bets WHERE status = 'PENDING'`);
    if (Number(r.rows[0]!.n) === 0) return;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('bets stayed in their delay');
}

/** One session: `waves` waves of `perWave` operations in flight at once, drawn from `seed`. */
async function session(make: TestEngine['make'], seed: number, env: Record<string, string>) {
  const db = await make();
  const app: FastifyInstance = await testApp(db, { EXCHANGE_MIN_STAKE: '1', EXCHANGE_BET_DELAY_MS: '30', ...env });
  const tally: Tally = { placed: 0, refused: 0, cancels: 0, feed: 0, suspensions: 0, excluded: 0 };
  try {
    const feed = new ExchangeFeed(db, app, seed);
    await feed.load();
    const players: { id: number; token: string }[] = [];
    // player 5 has little money: refusals for funds, decided in order within a batch
    for (let i = 0; i < 6; i++) players.push(await fundedPlayer(db, i === 5 ? '400' : '20000'));
    const r = seededDraws(seed);
    const open: { player: number; id: string }[] = [];
    let key = 0;
    let suspended = false;
    let inplay = false;
    const waves = 8;
    const turnAt = 2 + r(waves - 3);

    const place = async (p: number) => {
      const body = {
        market_id: MO,
        selection_id: String(RUNNERS[r(2)]),
        side: r(2) ? 'BACK' : 'LAY',
        price: PRICES[r(PRICES.length)]!,
        stake: String(20 + r(10) * 15),
        persistence: r(3) ? 'LAPSE' : 'PERSIST',
      };
      const res = await app.inject({
        method: 'POST',
        url: r(2) ? '/api/exchange/bets' : `/api/exchange/markets/${MO}/bets`,
        headers: { authorization: `Bearer ${players[p]!.token}`, 'idempotency-key': `s${seed}k${++key}` },
        payload: body,
      });
      if (res.statusCode === 200) {
        tally.placed++;
        const bet = res.json<{ bet: { id: string; status: string } }>().bet;
        if (bet.status === 'UNMATCHED' || bet.status === 'PARTIALLY_MATCHED') open.push({ player: p, id: bet.id });
      } else {
        // refusals only (funds, a suspended market, ...): never a server error
        expect(res.statusCode, res.body).toBeLessThan(500);
        tally.refused++;
      }
    };
    const cancel = async () => {
      const o = open.splice(r(open.length), 1)[0];
      if (!o) return;
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/exchange/bets/${o.id}`,
        headers: { authorization: `Bearer ${players[o.player]!.token}` },
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      tally.cancels++;
    };
    const cancelAll = async (p: number) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/exchange/markets/${MO}/bets/cancel-all`,
        headers: { authorization: `Bearer ${players[p]!.token}` },
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      tally.cancels++;
    };
    /** A new ladder for one runner, crossing whatever rests there now and then. */
    const prices = async () => {
      const i = 1 + r(PRICES.length - 3);
      const size = () => 1 + r(40);
      await feed.control(MO, 'liquidity', {
        selectionId: RUNNERS[r(2)],
        back: [
          { price: PRICES[i]!, size: size() },
          { price: PRICES[i - 1]!, size: size() },
        ],
        lay: [
          { price: PRICES[i + 1]!, size: size() },
          { price: PRICES[i + 2]!, size: size() },
        ],
      });
      tally.feed++;
    };
    const exclude = async (p: number) => {
      const done = await throughWriter(app, MO, 'self-exclusion', (q) => cancelPlayerOpenBets(q, players[p]!.id, MO, 'test exclusion'));
      tally.excluded += done.cancelled.length;
    };

    for (let w = 0; w < waves; w++) {
      const ops: Promise<unknown>[] = [];
      const perWave = 24 + r(24);
      for (let k = 0; k < perWave; k++) {
        const roll = r(100);
        const p = r(players.length);
        if (w === turnAt && k === perWave >> 1 && !inplay) {
          inplay = true;
          ops.push(feed.control(MO, 'in-play'));
        } else if (roll < 62) ops.push(place(p));
        else if (roll < 72) ops.push(cancel());
        else if (roll < 75) ops.push(cancelAll(p));
        else if (roll < 84) ops.push(prices());
        else if (roll < 88) ops.push(feed.step());
        else if (roll < 95) {
          suspended = !suspended;
          tally.suspensions++;
          ops.push(feed.control(MO, suspended ? 'suspend' : 'resume'));
        } else ops.push(exclude(p));
      }
      // the feed's and the players' failures alike fail the test (refusals were answered above)
      await Promise.all(ops);
      await settled(db);
      await invariants(db, `seed ${seed}, wave ${w}`);
    }
    if (suspended) await feed.control(MO, 'resume');
    await settled(db);
    await invariants(db, `seed ${seed}, the end`);

    // the session did what it is meant to: matches (players' and the feed's), rests, lapses at the turn in-play
    const kinds = await db.query<{ status: string; reason: string | null; n: string }>(
      `SELECT status, reason, count(*) AS n FROM exchange_bets GROUP BY status, reason`,
    );
    const count = (f: (x: { status: string; reason: string | null }) => boolean) =>
      kinds.rows.filter(f).reduce((n, x) => n + Number(x.n), 0);
    const fills = await db.query<{ players: string; house: string }>(
      `SELECT count(*) FILTER (WHERE back_bet_id IS NOT NULL AND lay_bet_id IS NOT NULL) AS players,
              count(*) FILTER (WHERE back_bet_id IS NULL OR lay_bet_id IS NULL) AS house FROM exchange_fills`,
    );
    return {
      tally,
      matched: count((x) => x.status === 'MATCHED' || x.status === 'PARTIALLY_MATCHED'),
      lapsedInPlay: count((x) => x.reason === M.lapsedInPlay),
      playerFills: Number(fills.rows[0]!.players),
      houseFills: Number(fills.rows[0]!.house),
    };
  } finally {
    await app.close();
    await closeTestDb(db);
  }
}

// each session makes its own database (three seeds, one after another), so no suiteDatabase
describeEachDatabase('the market writer under random interleavings on $name', ({ make }) => {
  it('keeps every exposure, the ledger, the stakes and the book right (three seeds)', async () => {
    const seen = { matched: 0, lapsedInPlay: 0, playerFills: 0, houseFills: 0, suspensions: 0, excluded: 0, feed: 0 };
    for (const seed of [28, 29, 30]) {
      const s = await session(make, seed, {});
      for (const k of ['matched', 'lapsedInPlay', 'playerFills', 'houseFills'] as const) seen[k] += s[k];
      seen.suspensions += s.tally.suspensions;
      seen.excluded += s.tally.excluded;
      seen.feed += s.tally.feed;
    }
    // every kind of operation happened and did something
    for (const [k, v] of Object.entries(seen)) expect(v, k).toBeGreaterThan(0);
  }, 600_000);
});

describe('the same interleavings with the writer off (the per-bet path)', () => {
  it('keep the invariants (PGlite)', async () => {
    const s = await session(memoryDb, 31, { EXCHANGE_WRITER: 'off' });
    expect(s.matched).toBeGreaterThan(0);
  }, 300_000);
});
