// In-process price-time priority order books for one Match Odds market (one book per runner). Pure: no database,
// no clock, no I/O; every order and fill gets a sequence number from the market, so the same calls in the same
// order always give the same book and the same fills (deterministic replay).
//
// Matching rule (Betfair's): a BACK at price P wants odds of at least P, a LAY at price P lays at odds up to P.
//   - An incoming BACK at P matches resting LAYs priced >= P, the highest price first (best for the backer).
//   - An incoming LAY at P matches resting BACKs priced <= P, the lowest price first (best for the layer).
//   - At one price, the earliest order (lowest sequence) is matched first.
//   - A match is made at the RESTING order's price, so the incoming order can only get a better price than it asked.
//   - Sizes are backer's stakes in integer minor units (a lay of stake S risks S*(P-1)); when sizes differ the larger
//     order is partly filled and its remainder keeps its place (resting) or rests / is lapsed (incoming).
//   - No self-matching: an incoming order skips the resting orders of its own account (they keep their place). This
//     also keeps the house's feed liquidity from matching itself.
//
// House liquidity: the feed's ladders per runner are loaded by setHouseLiquidity as resting orders of the house
// account. Betfair's "available to back" prices are offers to LAY (the house rests LAY orders there), "available to
// lay" prices are offers to BACK. Each load replaces the runner's previous house orders, so a match uses up the feed's
// size at that price until the next update. House orders are ordinary orders but for time priority: a player's resting
// order at a better price is matched first (price priority), and at the same price a player's order comes before the
// house's whenever either came (docs/exchange-rules.md; a book read from the database loads the house last, and a book
// kept in memory between batches must give the same matches). A loaded house order that crosses a resting player order
// matches it at the player's price, like any incoming order.
import { PRICE_LADDER, PRICE_LADDER_SIZE, priceIndex } from '@khela/contracts';

export type Side = 'BACK' | 'LAY';
export type Persistence = 'LAPSE' | 'PERSIST';
export type OrderStatus = 'UNMATCHED' | 'PARTIALLY_MATCHED' | 'MATCHED' | 'CANCELLED' | 'LAPSED';

export const HOUSE_ACCOUNT = 'house';
/** Largest stake accepted, minor units (100 million BDT): keeps every stake * price (hundredths) a safe integer. */
export const MAX_STAKE = 10_000_000_000;

export interface Order {
  readonly id: string;
  readonly playerId: string;
  readonly runnerId: string;
  readonly side: Side;
  /** Price in hundredths, a ladder price. */
  readonly price: number;
  /** Backer's stake in minor units. */
  readonly stake: number;
  readonly persistence: Persistence;
  /** Market-wide sequence: time priority. */
  readonly seq: number;
  /** Unmatched stake still resting (0 once matched, cancelled or lapsed). */
  remaining: number;
  matched: number;
  /** Sum of matched stake * price (hundredths), for the average matched price. */
  matchedValue: number;
  /** Stake cancelled or lapsed. */
  cancelled: number;
  status: OrderStatus;
}

export interface Fill {
  readonly seq: number;
  readonly runnerId: string;
  /** The resting (maker) order's price, in hundredths. */
  readonly price: number;
  /** Backer's stake matched, minor units. */
  readonly stake: number;
  readonly backOrderId: string;
  readonly layOrderId: string;
  readonly backPlayerId: string;
  readonly layPlayerId: string;
  readonly takerOrderId: string;
  readonly makerOrderId: string;
}

export interface PlaceRequest {
  id?: string;
  playerId: string;
  runnerId: string;
  side: Side;
  price: number;
  stake: number;
  persistence?: Persistence;
  /** false: match what can be matched now and lapse the remainder instead of resting it (the caller decides). */
  rest?: boolean;
}

export interface PlaceResult {
  order: Order;
  fills: Fill[];
}

/** [price in hundredths, size in minor units] */
export type Level = readonly [number, number];

export interface HouseLadder {
  /** Prices a player can back at: the house rests LAY orders there. */
  availableToBack: readonly Level[];
  /** Prices a player can lay at: the house rests BACK orders there. */
  availableToLay: readonly Level[];
}

export class OrderError extends Error {
  constructor(
    readonly code: 'INVALID_PRICE' | 'INVALID_STAKE' | 'UNKNOWN_RUNNER' | 'DUPLICATE_ORDER',
    message: string,
  ) {
    super(message);
    this.name = 'OrderError';
  }
}

interface Queue {
  orders: Order[];
  head: number;
  /** Orders in the queue with remaining > 0. */
  live: number;
}

const newQueue = (): Queue => ({ orders: [], head: 0, live: 0 });

/** The book of one runner: a FIFO queue per ladder price on each side. */
export class RunnerBook {
  readonly backs: (Queue | undefined)[] = new Array<Queue | undefined>(PRICE_LADDER_SIZE);
  readonly lays: (Queue | undefined)[] = new Array<Queue | undefined>(PRICE_LADDER_SIZE);
  /** Lowest ladder index that may hold a live back (PRICE_LADDER_SIZE when none). */
  backLow = PRICE_LADDER_SIZE;
  /** Highest ladder index that may hold a live lay (-1 when none). */
  layHigh = -1;

  constructor(readonly runnerId: string) {}

  /**
   * Rests an order at the back of its price's queue; a player's order goes before the feed's (`house`) orders there:
   * at one price, players' resting orders come before the feed's (docs/exchange-rules.md), whenever the feed's were
   * loaded (a book read from the database loads them last; a book kept in memory loaded them at the feed's update).
   */
  rest(order: Order, idx: number, house?: string): void {
    const side = order.side === 'BACK' ? this.backs : this.lays;
    const q = (side[idx] ??= newQueue());
    let at = q.orders.length;
    if (house !== undefined && order.playerId !== house) while (at > q.head && q.orders[at - 1]!.playerId === house) at--;
    if (at === q.orders.length) q.orders.push(order);
    else q.orders.splice(at, 0, order);
    q.live++;
    if (order.side === 'BACK') {
      if (idx < this.backLow) this.backLow = idx;
    } else if (idx > this.layHigh) this.layHigh = idx;
  }

  /**
   * Takes the dead orders of `playerId` out of the queue at idx (the feed's offer a new update replaced), and what was
   * consumed before its head: a price the feed keeps offering across many updates beside a resting player's order
   * does not pile up dead entries that matching and resting would walk over.
   */
  dropDead(side: Side, idx: number, playerId: string): void {
    const q = (side === 'BACK' ? this.backs : this.lays)[idx];
    if (!q || q.live === 0) return;
    q.orders = q.orders.filter((o, k) => k >= q.head && (o.remaining > 0 || o.playerId !== playerId));
    q.head = 0;
  }

  /** An order at idx stopped being live (matched out, cancelled or lapsed). */
  died(side: Side, idx: number): void {
    const q = (side === 'BACK' ? this.backs : this.lays)[idx];
    if (!q) return;
    q.live--;
    if (q.live === 0) {
      q.orders = [];
      q.head = 0;
    }
  }

  /** Size resting per price on one side, best first: lays highest first (available to back), backs lowest first. */
  depth(side: Side, levels: number): Level[] {
    const out: Level[] = [];
    if (side === 'LAY') {
      for (let i = this.layHigh; i >= 0 && out.length < levels; i--) {
        const size = queueSize(this.lays[i]);
        if (size > 0) out.push([PRICE_LADDER[i]!, size]);
      }
    } else {
      for (let i = this.backLow; i < PRICE_LADDER_SIZE && out.length < levels; i++) {
        const size = queueSize(this.backs[i]);
        if (size > 0) out.push([PRICE_LADDER[i]!, size]);
      }
    }
    return out;
  }
}

function queueSize(q: Queue | undefined): number {
  if (!q || q.live === 0) return 0;
  let s = 0;
  for (let k = q.head; k < q.orders.length; k++) s += q.orders[k]!.remaining;
  return s;
}

/** The order books of one Match Odds (or other exchange-matched) market. */
export class MatchOddsBook {
  private seq = 0;
  private readonly books = new Map<string, RunnerBook>();
  private readonly orders = new Map<string, Order>();
  private readonly houseOrders = new Map<string, Order[]>();
  /** Resting orders (remaining > 0), in sequence order: open-order queries and lapses never scan matched history. */
  private readonly resting = new Set<Order>();

  constructor(
    readonly marketId: string,
    readonly runnerIds: readonly string[],
    readonly houseAccount: string = HOUSE_ACCOUNT,
  ) {
    for (const r of runnerIds) this.books.set(r, new RunnerBook(r));
  }

  get sequence(): number {
    return this.seq;
  }

  getOrder(id: string): Order | undefined {
    return this.orders.get(id);
  }

  /**
   * Rest an order that already rests elsewhere (rebuilding a book from storage): no matching and no stake checks, so
   * a small remainder left by earlier matches loads as it is. Load in time priority order.
   */
  restExisting(req: {
    id: string;
    playerId: string;
    runnerId: string;
    side: Side;
    price: number;
    remaining: number;
    persistence?: Persistence;
  }): Order {
    const book = this.books.get(req.runnerId);
    if (!book) throw new OrderError('UNKNOWN_RUNNER', `runner ${req.runnerId} is not in market ${this.marketId}`);
    const idx = priceIndex(req.price);
    if (idx < 0) throw new OrderError('INVALID_PRICE', `price ${req.price} is not on the ladder`);
    if (this.orders.has(req.id)) throw new OrderError('DUPLICATE_ORDER', `order ${req.id} exists`);
    const order: Order = {
      id: req.id,
      playerId: req.playerId,
      runnerId: req.runnerId,
      side: req.side,
      price: req.price,
      stake: req.remaining,
      persistence: req.persistence ?? 'LAPSE',
      seq: ++this.seq,
      remaining: req.remaining,
      matched: 0,
      matchedValue: 0,
      cancelled: 0,
      status: 'UNMATCHED',
    };
    this.orders.set(order.id, order);
    book.rest(order, idx, this.houseAccount);
    this.resting.add(order);
    return order;
  }

  /** Place an order: match it against the opposite side now, then rest its remainder (or lapse it if rest=false). */
  place(req: PlaceRequest): PlaceResult {
    const book = this.books.get(req.runnerId);
    if (!book) throw new OrderError('UNKNOWN_RUNNER', `runner ${req.runnerId} is not in market ${this.marketId}`);
    const idx = priceIndex(req.price);
    if (idx < 0) throw new OrderError('INVALID_PRICE', `price ${req.price} is not on the ladder`);
    if (!Number.isSafeInteger(req.stake) || req.stake <= 0 || req.stake > MAX_STAKE)
      throw new OrderError('INVALID_STAKE', `stake must be an integer from 1 to ${MAX_STAKE} minor units`);
    // a stake that cannot pay at least one minor unit, S*(P-1) < 1, is refused (docs/exchange-rules.md#placing-a-bet)
    if (req.stake * (req.price - 100) < 100) throw new OrderError('INVALID_STAKE', 'stake too small to win one minor unit at this price');
    const seq = ++this.seq;
    const id = req.id ?? `${this.marketId}:${seq}`;
    if (this.orders.has(id)) throw new OrderError('DUPLICATE_ORDER', `order ${id} exists`);
    const order: Order = {
      id,
      playerId: req.playerId,
      runnerId: req.runnerId,
      side: req.side,
      price: req.price,
      stake: req.stake,
      persistence: req.persistence ?? 'LAPSE',
      seq,
      remaining: req.stake,
      matched: 0,
      matchedValue: 0,
      cancelled: 0,
      status: 'UNMATCHED',
    };
    this.orders.set(id, order);
    const fills: Fill[] = [];
    if (order.side === 'BACK') {
      // resting lays priced >= P, highest first
      for (let i = book.layHigh; i >= idx && order.remaining > 0; i--) {
        const q = book.lays[i];
        if (q && q.live > 0) this.matchQueue(book, q, i, order, fills);
      }
      while (book.layHigh >= 0 && !(book.lays[book.layHigh]?.live ?? 0)) book.layHigh--;
    } else {
      // resting backs priced <= P, lowest first
      for (let i = book.backLow; i <= idx && order.remaining > 0; i++) {
        const q = book.backs[i];
        if (q && q.live > 0) this.matchQueue(book, q, i, order, fills);
      }
      while (book.backLow < PRICE_LADDER_SIZE && !(book.backs[book.backLow]?.live ?? 0)) book.backLow++;
    }
    if (order.remaining > 0) {
      if (req.rest === false) {
        order.cancelled += order.remaining;
        order.remaining = 0;
        order.status = 'LAPSED';
      } else {
        book.rest(order, idx, this.houseAccount);
        this.resting.add(order);
      }
    }
    return { order, fills };
  }

  private matchQueue(book: RunnerBook, q: Queue, idx: number, taker: Order, fills: Fill[]): void {
    const price = PRICE_LADDER[idx]!;
    for (let k = q.head; k < q.orders.length && taker.remaining > 0; k++) {
      const maker = q.orders[k]!;
      if (maker.remaining === 0) {
        if (k === q.head) q.head++;
        continue;
      }
      if (maker.playerId === taker.playerId) continue; // no self-matching; the maker keeps its place
      const stake = maker.remaining < taker.remaining ? maker.remaining : taker.remaining;
      maker.remaining -= stake;
      taker.remaining -= stake;
      maker.matched += stake;
      taker.matched += stake;
      maker.matchedValue += stake * price;
      taker.matchedValue += stake * price;
      maker.status = maker.remaining === 0 ? 'MATCHED' : 'PARTIALLY_MATCHED';
      taker.status = taker.remaining === 0 ? 'MATCHED' : 'PARTIALLY_MATCHED';
      const back = taker.side === 'BACK' ? taker : maker;
      const lay = taker.side === 'BACK' ? maker : taker;
      fills.push({
        seq: ++this.seq,
        runnerId: book.runnerId,
        price,
        stake,
        backOrderId: back.id,
        layOrderId: lay.id,
        backPlayerId: back.playerId,
        layPlayerId: lay.playerId,
        takerOrderId: taker.id,
        makerOrderId: maker.id,
      });
      if (maker.remaining === 0) {
        if (k === q.head) q.head++;
        book.died(maker.side, idx);
        this.resting.delete(maker);
        if (q.live === 0) return; // queue was reset
      }
    }
    // keep the consumed prefix from growing without bound
    if (q.head > 64 && q.head * 2 > q.orders.length) {
      q.orders = q.orders.slice(q.head);
      q.head = 0;
    }
  }

  private kill(order: Order, status: 'CANCELLED' | 'LAPSED'): number {
    const amount = order.remaining;
    if (amount === 0) return 0;
    order.remaining = 0;
    order.cancelled += amount;
    order.status = status;
    this.books.get(order.runnerId)!.died(order.side, priceIndex(order.price));
    this.resting.delete(order);
    return amount;
  }

  /** Cancel an order's unmatched remainder; answers the stake cancelled (0 if nothing was left or no such order). */
  /**
   * The best resting price an incoming order of `side` by `playerId` would meet now (its own orders skipped, as
   * matching skips them), or null when none: the bet delay asks it without changing the book.
   */
  bestOpposite(runnerId: string, side: Side, playerId: string): number | null {
    const book = this.books.get(runnerId);
    if (!book) return null;
    const live = (q: Queue | undefined) => {
      if (!q || q.live === 0) return false;
      for (let k = q.head; k < q.orders.length; k++) {
        const o = q.orders[k]!;
        if (o.remaining > 0 && o.playerId !== playerId) return true;
      }
      return false;
    };
    if (side === 'BACK') {
      for (let i = book.layHigh; i >= 0; i--) if (live(book.lays[i])) return PRICE_LADDER[i]!;
    } else {
      for (let i = book.backLow; i < PRICE_LADDER_SIZE; i++) if (live(book.backs[i])) return PRICE_LADDER[i]!;
    }
    return null;
  }

  cancel(orderId: string): number {
    const order = this.orders.get(orderId);
    return order ? this.kill(order, 'CANCELLED') : 0;
  }

  /**
   * Lowers an order's unmatched remainder to `remaining` (0 < remaining < what rests), keeping its place in its
   * queue: Betfair's stake decrease (issue 33). Answers the stake cancelled (0 when nothing changed).
   */
  reduce(orderId: string, remaining: number): number {
    const order = this.orders.get(orderId);
    if (!order || !Number.isSafeInteger(remaining) || remaining <= 0 || remaining >= order.remaining) return 0;
    const amount = order.remaining - remaining;
    order.remaining = remaining;
    order.cancelled += amount;
    return amount;
  }

  /** The turn in-play: every unmatched LAPSE order lapses (PERSIST orders and the house's feed liquidity stay). */
  lapseAll(): Order[] {
    const lapsed: Order[] = [];
    for (const o of [...this.resting]) {
      if (o.remaining > 0 && o.persistence === 'LAPSE' && o.playerId !== this.houseAccount) {
        this.kill(o, 'LAPSED');
        lapsed.push(o);
      }
    }
    return lapsed;
  }

  /** Cancel every unmatched remainder (market suspended for good, settled or voided). */
  cancelAll(): Order[] {
    const out: Order[] = [];
    for (const o of [...this.resting]) if (this.kill(o, 'CANCELLED') > 0) out.push(o);
    return out;
  }

  /** Replace the feed's liquidity on one runner with a new ladder; answers any fills against crossing player orders. */
  setHouseLiquidity(runnerId: string, ladder: HouseLadder): Fill[] {
    if (!this.books.has(runnerId)) throw new OrderError('UNKNOWN_RUNNER', `runner ${runnerId} is not in market ${this.marketId}`);
    const runnerBook = this.books.get(runnerId)!;
    for (const o of this.houseOrders.get(runnerId) ?? []) {
      this.kill(o, 'CANCELLED');
      this.orders.delete(o.id); // house orders are not kept once replaced
      runnerBook.dropDead(o.side, priceIndex(o.price), this.houseAccount);
    }
    const placed: Order[] = [];
    const fills: Fill[] = [];
    const load = (side: Side, levels: readonly Level[]) => {
      for (const [price, size] of levels) {
        if (size <= 0) continue;
        const r = this.place({ playerId: this.houseAccount, runnerId, side, price, stake: size, persistence: 'PERSIST' });
        fills.push(...r.fills);
        if (r.order.remaining > 0) placed.push(r.order);
      }
    };
    load('LAY', ladder.availableToBack);
    load('BACK', ladder.availableToLay);
    this.houseOrders.set(runnerId, placed);
    return fills;
  }

  /** Remove the feed's liquidity from a runner (the control API's "clear"). */
  clearHouseLiquidity(runnerId: string): void {
    this.setHouseLiquidity(runnerId, { availableToBack: [], availableToLay: [] });
  }

  /** Best `levels` prices and sizes per side of a runner, as a player sees them. */
  depth(runnerId: string, levels = 3): HouseLadder {
    const book = this.books.get(runnerId);
    if (!book) throw new OrderError('UNKNOWN_RUNNER', `runner ${runnerId} is not in market ${this.marketId}`);
    return { availableToBack: book.depth('LAY', levels), availableToLay: book.depth('BACK', levels) };
  }

  /** Unmatched orders (optionally one player's), in sequence order. */
  openOrders(playerId?: string): Order[] {
    const out: Order[] = [];
    for (const o of this.resting) if (playerId === undefined || o.playerId === playerId) out.push(o);
    return out.sort((a, b) => a.seq - b.seq);
  }

  /** Every order placed (house orders only while they are current), in sequence order. */
  allOrders(): Order[] {
    return [...this.orders.values()].sort((a, b) => a.seq - b.seq);
  }

  /** A plain, comparable image of the book: for replay tests and debugging. */
  snapshot(): { seq: number; runners: Record<string, { back: [number, string, number][]; lay: [number, string, number][] }> } {
    const runners: Record<string, { back: [number, string, number][]; lay: [number, string, number][] }> = {};
    for (const [id, book] of this.books) {
      const side = (qs: (Queue | undefined)[]) => {
        const out: [number, string, number][] = [];
        qs.forEach((q, i) => {
          if (!q) return;
          for (let k = q.head; k < q.orders.length; k++) {
            const o = q.orders[k]!;
            if (o.remaining > 0) out.push([PRICE_LADDER[i]!, o.id, o.remaining]);
          }
        });
        return out;
      };
      runners[id] = { back: side(book.backs), lay: side(book.lays) };
    }
    return { seq: this.seq, runners };
  }
}

/** Average matched price in hundredths (may be fractional), or undefined when nothing matched. */
export function averagePrice(order: Order): number | undefined {
  return order.matched > 0 ? order.matchedValue / order.matched : undefined;
}
