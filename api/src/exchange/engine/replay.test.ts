import { describe, expect, it } from 'vitest';
import { PRICE_LADDER, priceIndex } from '@khela/contracts';
import { HOUSE_ACCOUNT, MatchOddsBook, type Fill } from './order-book';
import { betsFromFills, betsFromOrders, exchangePosition, settle } from './position';
import { seededDraws } from '../../testing/random';

const RUNNERS = ['A', 'B', 'C'];
const PLAYERS = ['p1', 'p2', 'p3', 'p4', 'p5'];

/** A recorded sequence of feed updates, orders, cancels and the turn in-play, run against a fresh market. */
function run(seed: number, steps: number) {
  const r = seededDraws(seed);
  const m = new MatchOddsBook('m', RUNNERS);
  const mids: Record<string, number> = { A: priceIndex(200), B: priceIndex(300), C: priceIndex(600) };
  const fills: Fill[] = [];
  const placed: string[] = [];
  for (let step = 0; step < steps; step++) {
    const op = r(100);
    const runnerId = RUNNERS[r(3)]!;
    if (op < 5) {
      // feed update: the mid wanders, the house offers three levels each side with a one-tick spread
      mids[runnerId] = Math.min(340, Math.max(5, mids[runnerId]! + r(5) - 2));
      const mid = mids[runnerId]!;
      fills.push(
        ...m.setHouseLiquidity(runnerId, {
          availableToBack: [0, 1, 2].map((k) => [PRICE_LADDER[mid - k]!, 100 * (1 + r(50))] as const),
          availableToLay: [1, 2, 3].map((k) => [PRICE_LADDER[mid + k]!, 100 * (1 + r(50))] as const),
        }),
      );
    } else if (op < 15 && placed.length > 0) {
      m.cancel(placed[r(placed.length)]!);
    } else {
      const res = m.place({
        playerId: PLAYERS[r(PLAYERS.length)]!,
        runnerId,
        side: r(2) ? 'BACK' : 'LAY',
        price: PRICE_LADDER[mids[runnerId]! + r(9) - 4]!,
        stake: 100 * (1 + r(100)),
        persistence: r(4) === 0 ? 'PERSIST' : 'LAPSE',
      });
      placed.push(res.order.id);
      fills.push(...res.fills);
    }
    if (step === Math.floor(steps / 2)) m.lapseAll();
  }
  const bets = betsFromFills(fills);
  const positions = Object.fromEntries(
    [...PLAYERS, HOUSE_ACCOUNT].map((p) => {
      const pos = exchangePosition(
        RUNNERS,
        bets.filter((b) => b.playerId === p),
        betsFromOrders(m.openOrders(p)),
      );
      return [p, { pl: Object.fromEntries(pos.pl), worst: Object.fromEntries(pos.worst), exposure: pos.exposure }];
    }),
  );
  const orders = m.allOrders().map((o) => ({ ...o }));
  return {
    m,
    fills,
    bets,
    positions,
    orders,
    snapshot: m.snapshot(),
    settlement: settle({ id: 'm', kind: 'MATCH_ODDS', runners: RUNNERS }, bets, { winner: 'B' }),
  };
}

describe('deterministic replay', () => {
  it('the same sequence of feed updates and orders gives the same books, fills, positions and settlement', () => {
    const a = run(42, 5000);
    const b = run(42, 5000);
    expect(a.fills.length).toBeGreaterThan(500);
    expect(b.snapshot).toEqual(a.snapshot);
    expect(b.fills).toEqual(a.fills);
    expect(b.orders).toEqual(a.orders);
    expect(b.positions).toEqual(a.positions);
    expect(b.settlement).toEqual(a.settlement);
    expect(run(43, 5000).fills).not.toEqual(a.fills);
  });

  it('keeps its invariants: every order adds up, matching is zero-sum, the book is never crossed between accounts', () => {
    const { m, bets, orders, positions, settlement } = run(7, 5000);
    for (const o of orders) expect(o.matched + o.remaining + o.cancelled).toBe(o.stake);
    // every fill is a back and a lay of equal size at one price: the accounts' P&L sums to zero on every outcome
    for (const r of RUNNERS) {
      let sum = 0;
      for (const p of Object.values(positions)) sum += p.pl[r]!;
      expect(sum).toBe(0);
    }
    expect(settlement.reduce((s, x) => s + x.gross, 0)).toBe(0);
    expect(bets.length).toBeGreaterThan(0);
    for (const runner of RUNNERS) {
      const open = m.openOrders().filter((o) => o.runnerId === runner);
      for (const back of open.filter((o) => o.side === 'BACK'))
        for (const lay of open.filter((o) => o.side === 'LAY')) if (lay.price >= back.price) expect(lay.playerId).toBe(back.playerId); // only an account's own orders may cross
    }
    // a player's exposure is never below their matched-only exposure (unmatched orders only add)
    for (const p of Object.values(positions)) {
      const matchedOnly = Math.max(0, -Math.min(...Object.values(p.pl)));
      expect(p.exposure).toBeGreaterThanOrEqual(matchedOnly);
    }
  });
});
