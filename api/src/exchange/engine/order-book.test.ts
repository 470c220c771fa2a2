import { describe, expect, it } from 'vitest';
import { HOUSE_ACCOUNT, MatchOddsBook, OrderError, averagePrice } from './order-book';

const market = () => new MatchOddsBook('m1', ['A', 'B', 'C']);

describe('matching: price-time priority at the resting price', () => {
  it('matches a full order at the resting price', () => {
    const m = market();
    const rest = m.place({ playerId: 'p1', runnerId: 'A', side: 'BACK', price: 200, stake: 1000 });
    expect(rest.fills).toEqual([]);
    expect(rest.order.status).toBe('UNMATCHED');
    const take = m.place({ playerId: 'p2', runnerId: 'A', side: 'LAY', price: 200, stake: 1000 });
    expect(take.fills).toHaveLength(1);
    expect(take.fills[0]).toMatchObject({ price: 200, stake: 1000, backPlayerId: 'p1', layPlayerId: 'p2', makerOrderId: rest.order.id });
    expect(rest.order.status).toBe('MATCHED');
    expect(take.order.status).toBe('MATCHED');
    expect(m.openOrders()).toEqual([]);
  });

  it('fills partially when sizes differ; the remainder keeps resting', () => {
    const m = market();
    const back = m.place({ playerId: 'p1', runnerId: 'A', side: 'BACK', price: 200, stake: 1000 }).order;
    const lay1 = m.place({ playerId: 'p2', runnerId: 'A', side: 'LAY', price: 200, stake: 400 });
    expect(lay1.fills.map((f) => f.stake)).toEqual([400]);
    expect(back).toMatchObject({ status: 'PARTIALLY_MATCHED', matched: 400, remaining: 600 });
    const lay2 = m.place({ playerId: 'p3', runnerId: 'A', side: 'LAY', price: 200, stake: 1000 });
    expect(lay2.fills.map((f) => f.stake)).toEqual([600]);
    expect(back.status).toBe('MATCHED');
    expect(lay2.order).toMatchObject({ status: 'PARTIALLY_MATCHED', matched: 600, remaining: 400 });
    expect(m.depth('A').availableToBack).toEqual([[200, 400]]); // p3's lay remainder, offered to backers
  });

  it('a back at P takes lays priced >= P, highest first, at the lay price (price improvement)', () => {
    const m = market();
    m.place({ playerId: 'p1', runnerId: 'A', side: 'LAY', price: 240, stake: 500 });
    m.place({ playerId: 'p2', runnerId: 'A', side: 'LAY', price: 250, stake: 500 });
    m.place({ playerId: 'p3', runnerId: 'A', side: 'LAY', price: 190, stake: 500 }); // below the back's price: never
    const r = m.place({ playerId: 'p4', runnerId: 'A', side: 'BACK', price: 200, stake: 1200 });
    expect(r.fills.map((f) => [f.price, f.stake, f.layPlayerId])).toEqual([
      [250, 500, 'p2'],
      [240, 500, 'p1'],
    ]);
    expect(r.order.remaining).toBe(200);
    expect(averagePrice(r.order)).toBe(245);
    expect(m.depth('A')).toEqual({ availableToBack: [[190, 500]], availableToLay: [[200, 200]] });
  });

  it('a lay at P takes backs priced <= P, lowest first, at the back price', () => {
    const m = market();
    m.place({ playerId: 'p1', runnerId: 'A', side: 'BACK', price: 210, stake: 500 });
    m.place({ playerId: 'p2', runnerId: 'A', side: 'BACK', price: 200, stake: 500 });
    m.place({ playerId: 'p3', runnerId: 'A', side: 'BACK', price: 260, stake: 500 }); // above the lay's price: never
    const r = m.place({ playerId: 'p4', runnerId: 'A', side: 'LAY', price: 250, stake: 800 });
    expect(r.fills.map((f) => [f.price, f.stake, f.backPlayerId])).toEqual([
      [200, 500, 'p2'],
      [210, 300, 'p1'],
    ]);
    expect(r.order.status).toBe('MATCHED');
  });

  it('does not match a back priced above the best lay', () => {
    const m = market();
    m.place({ playerId: 'p1', runnerId: 'A', side: 'LAY', price: 250, stake: 500 });
    const r = m.place({ playerId: 'p2', runnerId: 'A', side: 'BACK', price: 260, stake: 500 });
    expect(r.fills).toEqual([]);
    expect(m.openOrders()).toHaveLength(2);
  });

  it('at one price, the first order in is matched first', () => {
    const m = market();
    const a = m.place({ playerId: 'p1', runnerId: 'A', side: 'LAY', price: 250, stake: 500 }).order;
    const b = m.place({ playerId: 'p2', runnerId: 'A', side: 'LAY', price: 250, stake: 500 }).order;
    const r = m.place({ playerId: 'p3', runnerId: 'A', side: 'BACK', price: 250, stake: 700 });
    expect(r.fills.map((f) => [f.makerOrderId, f.stake])).toEqual([
      [a.id, 500],
      [b.id, 200],
    ]);
    expect(b.remaining).toBe(300);
  });

  it('books are per runner', () => {
    const m = market();
    m.place({ playerId: 'p1', runnerId: 'A', side: 'LAY', price: 250, stake: 500 });
    expect(m.place({ playerId: 'p2', runnerId: 'B', side: 'BACK', price: 250, stake: 500 }).fills).toEqual([]);
  });

  it('never matches an account against itself; its resting order keeps its place', () => {
    const m = market();
    const own = m.place({ playerId: 'p1', runnerId: 'A', side: 'LAY', price: 250, stake: 500 }).order;
    const other = m.place({ playerId: 'p2', runnerId: 'A', side: 'LAY', price: 250, stake: 500 }).order;
    const r = m.place({ playerId: 'p1', runnerId: 'A', side: 'BACK', price: 250, stake: 300 });
    expect(r.fills.map((f) => f.makerOrderId)).toEqual([other.id]);
    expect(own.remaining).toBe(500);
    const r2 = m.place({ playerId: 'p3', runnerId: 'A', side: 'BACK', price: 250, stake: 600 });
    expect(r2.fills.map((f) => [f.makerOrderId, f.stake])).toEqual([
      [own.id, 500],
      [other.id, 100],
    ]);
  });

  it('refuses an off-ladder price, a bad stake, an unknown runner, a duplicate id', () => {
    const m = market();
    expect(() => m.place({ playerId: 'p', runnerId: 'A', side: 'BACK', price: 201, stake: 100 })).toThrow(OrderError);
    expect(() => m.place({ playerId: 'p', runnerId: 'A', side: 'BACK', price: 200, stake: 0 })).toThrow(OrderError);
    expect(() => m.place({ playerId: 'p', runnerId: 'A', side: 'BACK', price: 200, stake: 1.5 })).toThrow(OrderError);
    expect(() => m.place({ playerId: 'p', runnerId: 'Z', side: 'BACK', price: 200, stake: 100 })).toThrow(OrderError);
    expect(() => m.place({ playerId: 'p', runnerId: 'A', side: 'LAY', price: 101, stake: 99 })).toThrow(/one minor unit/);
    expect(m.place({ playerId: 'p', runnerId: 'A', side: 'LAY', price: 101, stake: 100 }).order.status).toBe('UNMATCHED');
    m.place({ id: 'x', playerId: 'p', runnerId: 'A', side: 'BACK', price: 200, stake: 100 });
    expect(() => m.place({ id: 'x', playerId: 'p', runnerId: 'A', side: 'BACK', price: 200, stake: 100 })).toThrow(OrderError);
  });
});

describe('house liquidity from the feed', () => {
  const ladder = { availableToBack: [[250, 1000] as const], availableToLay: [[260, 1000] as const] };

  it('is matched like any resting order and used up until the next feed update', () => {
    const m = market();
    m.setHouseLiquidity('A', ladder);
    expect(m.depth('A')).toEqual({ availableToBack: [[250, 1000]], availableToLay: [[260, 1000]] });
    const r1 = m.place({ playerId: 'p1', runnerId: 'A', side: 'BACK', price: 250, stake: 600 });
    expect(r1.fills.map((f) => [f.price, f.stake, f.layPlayerId])).toEqual([[250, 600, HOUSE_ACCOUNT]]);
    const r2 = m.place({ playerId: 'p2', runnerId: 'A', side: 'BACK', price: 250, stake: 600 });
    expect(r2.fills.map((f) => f.stake)).toEqual([400]);
    expect(r2.order.remaining).toBe(200); // rests as an offer to lay at 2.5
    expect(m.depth('A').availableToBack).toEqual([]);
    // the next update restores the feed's size, and replaces (does not add to) the previous one
    m.setHouseLiquidity('A', ladder);
    m.setHouseLiquidity('A', ladder);
    expect(m.depth('A').availableToBack).toEqual([[250, 1000]]);
    const r3 = m.place({ playerId: 'p3', runnerId: 'A', side: 'BACK', price: 250, stake: 5000 });
    expect(r3.fills.map((f) => f.stake)).toEqual([1000]);
  });

  it("a player's resting order at a better price than the feed's is matched first", () => {
    const m = market();
    m.setHouseLiquidity('A', ladder);
    m.place({ playerId: 'p1', runnerId: 'A', side: 'LAY', price: 254, stake: 500 }); // inside the feed's spread: rests
    const r = m.place({ playerId: 'p2', runnerId: 'A', side: 'BACK', price: 250, stake: 800 });
    expect(r.fills.map((f) => [f.price, f.stake, f.layPlayerId])).toEqual([
      [254, 500, 'p1'],
      [250, 300, HOUSE_ACCOUNT],
    ]);
  });

  it("at one price a player's order comes before the feed's, also when it came after the feed's update", () => {
    const m = market();
    m.setHouseLiquidity('A', ladder);
    // p1 joins the feed's offer to lay at 2.5 (and p2 its offer to back at 2.6) after the update
    m.place({ playerId: 'p1', runnerId: 'A', side: 'LAY', price: 250, stake: 300 });
    m.place({ playerId: 'p2', runnerId: 'A', side: 'BACK', price: 260, stake: 200 });
    expect(m.depth('A')).toEqual({ availableToBack: [[250, 1300]], availableToLay: [[260, 1200]] });
    const back = m.place({ playerId: 'p3', runnerId: 'A', side: 'BACK', price: 250, stake: 500 });
    expect(back.fills.map((f) => [f.price, f.stake, f.layPlayerId])).toEqual([
      [250, 300, 'p1'],
      [250, 200, HOUSE_ACCOUNT],
    ]);
    const lay = m.place({ playerId: 'p4', runnerId: 'A', side: 'LAY', price: 260, stake: 300 });
    expect(lay.fills.map((f) => [f.price, f.stake, f.backPlayerId])).toEqual([
      [260, 200, 'p2'],
      [260, 100, HOUSE_ACCOUNT],
    ]);
    // players among themselves keep time priority ahead of the feed: p5 then p6, then the house
    m.place({ playerId: 'p5', runnerId: 'A', side: 'LAY', price: 250, stake: 100 });
    m.place({ playerId: 'p6', runnerId: 'A', side: 'LAY', price: 250, stake: 100 });
    const again = m.place({ playerId: 'p7', runnerId: 'A', side: 'BACK', price: 250, stake: 250 });
    expect(again.fills.map((f) => [f.stake, f.layPlayerId])).toEqual([
      [100, 'p5'],
      [100, 'p6'],
      [50, HOUSE_ACCOUNT],
    ]);
  });

  it('the same matches from a book kept in memory as from the book read again (players first, then the feed)', () => {
    const kept = market();
    kept.setHouseLiquidity('A', ladder);
    kept.place({ id: 'bet-1', playerId: 'p1', runnerId: 'A', side: 'LAY', price: 250, stake: 300 });
    // the book read again: the resting players' orders in time priority, then the feed's offer
    const read = market();
    read.restExisting({ id: 'bet-1', playerId: 'p1', runnerId: 'A', side: 'LAY', price: 250, remaining: 300 });
    read.setHouseLiquidity('A', ladder);
    const take = (b: MatchOddsBook) =>
      b.place({ playerId: 'p2', runnerId: 'A', side: 'BACK', price: 250, stake: 400 }).fills.map((f) => [f.stake, f.layPlayerId]);
    expect(take(kept)).toEqual(take(read));
  });

  it('cleared liquidity leaves only player orders: a resting back is matched by another player at its price', () => {
    const m = market();
    m.setHouseLiquidity('A', ladder);
    m.clearHouseLiquidity('A');
    expect(m.depth('A')).toEqual({ availableToBack: [], availableToLay: [] });
    m.place({ playerId: 'p1', runnerId: 'A', side: 'BACK', price: 300, stake: 1000 });
    const r = m.place({ playerId: 'p2', runnerId: 'A', side: 'LAY', price: 320, stake: 400 });
    expect(r.fills.map((f) => [f.price, f.stake])).toEqual([[300, 400]]);
  });

  it('a feed update that crosses a resting player order matches it at the player price', () => {
    const m = market();
    m.place({ playerId: 'p1', runnerId: 'A', side: 'BACK', price: 200, stake: 500 });
    const fills = m.setHouseLiquidity('A', { availableToBack: [[220, 1000]], availableToLay: [] });
    expect(fills.map((f) => [f.price, f.stake, f.backPlayerId, f.layPlayerId])).toEqual([[200, 500, 'p1', HOUSE_ACCOUNT]]);
    expect(m.depth('A').availableToBack).toEqual([[220, 500]]);
  });
});

describe('cancel and lapse', () => {
  it('cancels only the unmatched remainder', () => {
    const m = market();
    const o = m.place({ playerId: 'p1', runnerId: 'A', side: 'BACK', price: 200, stake: 1000 }).order;
    m.place({ playerId: 'p2', runnerId: 'A', side: 'LAY', price: 200, stake: 300 });
    expect(m.cancel(o.id)).toBe(700);
    expect(o).toMatchObject({ status: 'CANCELLED', matched: 300, remaining: 0, cancelled: 700 });
    expect(m.cancel(o.id)).toBe(0);
    expect(m.cancel('nope')).toBe(0);
    expect(m.place({ playerId: 'p3', runnerId: 'A', side: 'LAY', price: 200, stake: 300 }).fills).toEqual([]);
    expect(m.depth('A').availableToLay).toEqual([]);
  });

  it('a stake decrease keeps the order first in its queue (issue 33)', () => {
    const m = market();
    const first = m.place({ playerId: 'p1', runnerId: 'A', side: 'LAY', price: 250, stake: 1000 }).order;
    m.place({ playerId: 'p2', runnerId: 'A', side: 'LAY', price: 250, stake: 500 });
    expect(m.reduce(first.id, 400)).toBe(600);
    expect(first).toMatchObject({ status: 'UNMATCHED', remaining: 400, cancelled: 600 });
    expect(m.depth('A').availableToBack).toEqual([[250, 900]]);
    // nothing to lower: the same size, more, 0, or an unknown order
    expect([m.reduce(first.id, 400), m.reduce(first.id, 700), m.reduce(first.id, 0), m.reduce('nope', 1)]).toEqual([0, 0, 0, 0]);
    const r = m.place({ playerId: 'p3', runnerId: 'A', side: 'BACK', price: 250, stake: 600 });
    expect(r.fills.map((f) => [f.layPlayerId, f.stake])).toEqual([
      ['p1', 400],
      ['p2', 200],
    ]);
    expect(first).toMatchObject({ status: 'MATCHED', matched: 400, remaining: 0, cancelled: 600 });
  });

  it('a cancelled order in the middle of a queue is skipped', () => {
    const m = market();
    m.place({ playerId: 'p1', runnerId: 'A', side: 'LAY', price: 250, stake: 100 });
    const mid = m.place({ playerId: 'p2', runnerId: 'A', side: 'LAY', price: 250, stake: 100 }).order;
    m.place({ playerId: 'p3', runnerId: 'A', side: 'LAY', price: 250, stake: 100 });
    m.cancel(mid.id);
    const r = m.place({ playerId: 'p4', runnerId: 'A', side: 'BACK', price: 250, stake: 300 });
    expect(r.fills.map((f) => f.layPlayerId)).toEqual(['p1', 'p3']);
  });

  it('lapses every unmatched LAPSE order at in-play; PERSIST orders and the feed stay', () => {
    const m = market();
    m.setHouseLiquidity('A', { availableToBack: [[250, 1000]], availableToLay: [[260, 1000]] });
    const lapse = m.place({ playerId: 'p1', runnerId: 'A', side: 'BACK', price: 300, stake: 500 }).order;
    const keep = m.place({ playerId: 'p2', runnerId: 'B', side: 'LAY', price: 150, stake: 500, persistence: 'PERSIST' }).order;
    const done = m.place({ playerId: 'p3', runnerId: 'A', side: 'BACK', price: 250, stake: 100 }).order;
    const lapsed = m.lapseAll();
    expect(lapsed.map((o) => o.id)).toEqual([lapse.id]);
    expect(lapse.status).toBe('LAPSED');
    expect(keep.status).toBe('UNMATCHED');
    expect(done.status).toBe('MATCHED');
    expect(m.depth('A')).toEqual({ availableToBack: [[250, 900]], availableToLay: [[260, 1000]] });
  });

  it('rest=false lapses the remainder instead of resting it', () => {
    const m = market();
    m.place({ playerId: 'p1', runnerId: 'A', side: 'LAY', price: 250, stake: 100 });
    const r = m.place({ playerId: 'p2', runnerId: 'A', side: 'BACK', price: 250, stake: 300, rest: false });
    expect(r.order).toMatchObject({ status: 'LAPSED', matched: 100, remaining: 0, cancelled: 200 });
    expect(m.openOrders()).toEqual([]);
  });

  it('cancelAll clears every remainder', () => {
    const m = market();
    m.place({ playerId: 'p1', runnerId: 'A', side: 'LAY', price: 250, stake: 100 });
    m.place({ playerId: 'p2', runnerId: 'C', side: 'BACK', price: 250, stake: 100, persistence: 'PERSIST' });
    expect(m.cancelAll()).toHaveLength(2);
    expect(m.openOrders()).toEqual([]);
  });
});
