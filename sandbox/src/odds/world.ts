/**
 * The sandbox odds world: a seeded, replayable simulation of the events in ./feed.ts.
 *
 * - Time is discrete: `step()` advances one tick (TICK_MS of world time); `advanceTo(ms)` steps until the
 *   world reaches a clock reading. Nothing reads the wall clock, so tests drive it by hand.
 * - Randomness comes from one PRNG seeded at construction and drawn in a fixed order, so the same seed with
 *   the same control calls at the same ticks gives the same deltas (clk, pt and content).
 * - Every change is a delta `{ op: 'mcm', clk, pt, reason, mc: [whole market states] }`; `image()` is the
 *   whole world at the current clk; `since(clk)` answers the deltas after clk, or null when too old (re-image).
 *
 * Markets per event: Match Odds (the fixture's marketId, ladder prices and sizes), BookMaker (`{eventId}-BM`,
 * rates per 100) and one market per Fancy row (`{eventId}-F{n}`, one selection each).
 * Automatic life: unfrozen open markets drift; in-play cricket BookMaker and Fancy go ball-running for a tick
 * about every third tick (the lines move when the ball is dead); Fancy rows now and then suspend for a tick or two;
 * a scheduled event turns in play at its start time. Results, voids and everything else come from `control()`.
 */
import type { FeedDelta, FeedEvent, FeedImage, FeedMarket, FeedNewEventBody, FeedPriceSize, FeedChangeReason } from '@khela/contracts';
import { EVENTS, FANCY_LINES, TICK_MS, type FixtureEvent, type Sport } from './feed';
import { LADDER, isOnLadder, ladderIndex, nearestLadderIndex } from './ladder';

export interface WorldOptions {
  seed?: number | string;
  /** World time at tick 0 (ms since epoch). */
  startMs?: number;
  tickMs?: number;
  /** How many deltas are kept for resuming consumers. */
  backlog?: number;
  betDelays?: { MATCH_ODDS?: number; BOOKMAKER?: number; FANCY?: number };
  /** Most ticks one advanceTo() simulates; a longer gap skips ahead without movement. */
  maxCatchUp?: number;
}

export const CONTROL_ACTIONS = [
  'suspend',
  'resume',
  'in-play',
  'ball-running',
  'freeze',
  'unfreeze',
  'liquidity',
  'result',
  'void',
] as const;
export type ControlAction = (typeof CONTROL_ACTIONS)[number];

export class ControlError extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

interface EventState {
  fx: FixtureEvent;
  no: number;
  startsAt: number;
  inplay: boolean;
  marketIds: string[];
  /** The auto ball-running phase of this event's BookMaker and Fancy. */
  delivery: boolean;
}

interface MarketState {
  m: FeedMarket;
  ev: EventState;
  /** Runners whose liquidity was set by the control API (they do not drift). */
  manual: Set<number>;
  /** Best-back ladder index per runner (Match Odds). */
  idx: number[];
  /** BookMaker back rate per runner. */
  rate: number[];
  controlSuspended: boolean;
  controlBallRunning: boolean;
  autoSuspendTicks: number;
}

function hashSeed(seed: number | string): number {
  let h = 2166136261;
  for (const ch of String(seed)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** mulberry32 */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clone = <T>(v: T): T => structuredClone(v);
const DEFAULT_DELAYS = { MATCH_ODDS: 5, BOOKMAKER: 2, FANCY: 1 };

export class World {
  readonly seed: number | string;
  readonly startMs: number;
  readonly tickMs: number;
  tick = 0;
  clk = 0;
  private readonly rand: () => number;
  private readonly backlog: number;
  private readonly maxCatchUp: number;
  private readonly events = new Map<string, EventState>();
  private readonly markets = new Map<string, MarketState>();
  private log: FeedDelta[] = [];
  private readonly listeners = new Set<(d: FeedDelta) => void>();
  private readonly imageListeners = new Set<(img: FeedImage) => void>();
  private readonly delays: Record<FeedMarket['kind'], number>;
  /** Events added at run time (addEvent). */
  private added = 0;

  constructor(opts: WorldOptions = {}) {
    this.seed = opts.seed ?? 1;
    this.startMs = opts.startMs ?? 0;
    this.tickMs = opts.tickMs ?? TICK_MS;
    this.backlog = opts.backlog ?? 10_000;
    this.maxCatchUp = opts.maxCatchUp ?? 2_000;
    this.rand = prng(hashSeed(this.seed));
    this.delays = { ...DEFAULT_DELAYS, ...opts.betDelays };
    for (const fx of EVENTS) this.addEventState(fx, this.startMs + fx.startsInHours * 3_600_000);
  }

  /** An event's state and its markets (Match Odds, BookMaker, Fancy rows as the fixture asks). */
  private addEventState(fx: FixtureEvent, startsAt: number): void {
    const delays = this.delays;
    const no = Number(fx.eventId.slice(-4));
    const ev: EventState = {
      fx,
      no,
      startsAt,
      inplay: fx.inplay,
      marketIds: [],
      delivery: false,
    };
    this.events.set(fx.eventId, ev);
    const base = (id: string, kind: FeedMarket['kind'], name: string): FeedMarket => ({
      marketId: id,
      eventId: fx.eventId,
      sport: fx.sport,
      kind,
      name,
      status: 'OPEN',
      inplay: ev.inplay,
      ballRunning: false,
      frozen: false,
      betDelay: delays[kind],
      runners: [],
      fancy: null,
      result: null,
      voided: false,
      version: 0,
    });
    const add = (m: FeedMarket, extra: Partial<MarketState> = {}) => {
      ev.marketIds.push(m.marketId);
      this.markets.set(m.marketId, {
        m,
        ev,
        manual: new Set(),
        idx: [],
        rate: [],
        controlSuspended: false,
        controlBallRunning: false,
        autoSuspendTicks: 0,
        ...extra,
      });
    };
    // Match Odds
    const mo = base(fx.marketId, 'MATCH_ODDS', 'Match Odds');
    const idx = fx.runners.map((r) => Math.min(LADDER.length - 4, nearestLadderIndex(r.basePrice)));
    mo.runners = fx.runners.map((r, i) => ({
      selectionId: this.selectionId(ev, i),
      name: r.name,
      status: 'ACTIVE',
      suspended: false,
      ...this.levels(idx[i]!),
    }));
    add(mo, { idx });
    if (fx.bookmaker) {
      const bm = base(`${fx.eventId}-BM`, 'BOOKMAKER', 'Bookmaker');
      const rate = fx.runners.map((r) => Math.max(1, Math.round((r.basePrice - 1) * 100)));
      bm.runners = fx.runners.map((r, i) => ({
        selectionId: this.selectionId(ev, i),
        name: r.name,
        status: 'ACTIVE',
        suspended: r.name === 'The Draw',
        back: [],
        lay: [],
        backRate: rate[i]!,
        layRate: rate[i]! + 2,
      }));
      add(bm, { rate });
    }
    if (fx.fancy) {
      FANCY_LINES.forEach((l, n) => {
        const f = base(`${fx.eventId}-F${n + 1}`, 'FANCY', l.title);
        // Odd/Even settles on runs % 2: both lines at 1, so YES wins on odd runs and NO on even (they never move)
        const [no, yes] = l.type === 6 ? [1, 1] : [l.base, l.base + 1];
        f.fancy = { selectionId: ev.no * 100 + 50 + n + 1, type: l.type, no, noRate: 100, yes, yesRate: 90 };
        add(f);
      });
    }
  }

  /**
   * A new event at run time (POST /odds/events): its ids follow the fixtures' pattern from 9001 up, its start is counted
   * from now. Connected readers get a fresh image with it (events are named only in images) and the backlog is cut, so a
   * reader resuming from before it takes an image too.
   */
  addEvent(body: FeedNewEventBody): { eventId: string; marketId: string } {
    const no = 9001 + this.added++;
    if (no > 9999) throw new ControlError(409, 'No more events can be added to this world');
    const sportNo = { cricket: 1, soccer: 2, tennis: 3 }[body.sport];
    const fx: FixtureEvent = {
      eventId: `340${sportNo}${no}`,
      marketId: `1.230${sportNo}${no}`,
      sport: body.sport,
      name: body.name,
      runners: body.runners,
      fancy: false,
      bookmaker: false,
      inplay: body.startsInHours <= 0,
      startsInHours: body.startsInHours,
    };
    if (this.events.has(fx.eventId)) throw new ControlError(409, `Event ${fx.eventId} exists`);
    this.addEventState(fx, this.now() + body.startsInHours * 3_600_000);
    this.clk++;
    this.log = [];
    const img = this.image();
    for (const fn of this.imageListeners) fn(img);
    return { eventId: fx.eventId, marketId: fx.marketId };
  }

  /** Stable selection id of runner i of an event (shared by its Match Odds and BookMaker). */
  private selectionId(ev: EventState, i: number) {
    return ev.no * 100 + i + 1;
  }

  /** Three levels each side around a best back index; sizes from the PRNG. */
  private levels(i: number): { back: FeedPriceSize[]; lay: FeedPriceSize[] } {
    const size = () => Math.round(100 + this.rand() * 9_900);
    const back: FeedPriceSize[] = [];
    const lay: FeedPriceSize[] = [];
    for (let k = 0; k < 3; k++) if (i - k >= 0) back.push({ price: LADDER[i - k]!, size: size() });
    for (let k = 1; k <= 3; k++) if (i + k < LADDER.length) lay.push({ price: LADDER[i + k]!, size: size() });
    return { back, lay };
  }

  now(): number {
    return this.startMs + this.tick * this.tickMs;
  }

  /* ---------------- reading ---------------- */

  market(id: string): FeedMarket | undefined {
    const s = this.markets.get(id);
    return s && clone(s.m);
  }

  eventList(): FeedEvent[] {
    return [...this.events.values()].map((e) => ({
      eventId: e.fx.eventId,
      sport: e.fx.sport,
      name: e.fx.name,
      openDate: new Date(e.startsAt).toISOString(),
      inplay: e.inplay,
      marketIds: [...e.marketIds],
    }));
  }

  image(): FeedImage {
    return {
      op: 'img',
      clk: this.clk,
      pt: this.now(),
      events: this.eventList(),
      markets: [...this.markets.values()].map((s) => clone(s.m)),
    };
  }

  /** Deltas after `clk`, or null when the consumer must take a new image (too old, or from another world). */
  since(clk: number): FeedDelta[] | null {
    if (!Number.isInteger(clk) || clk < 0 || clk > this.clk) return null;
    if (clk === this.clk) return [];
    const first = this.log[0];
    if (!first || clk < first.clk - 1) return null;
    return this.log.slice(clk - first.clk + 1);
  }

  /** Deltas as they happen; `onImage` also gets the whole world when it gains an event (addEvent). */
  subscribe(fn: (d: FeedDelta) => void, onImage?: (img: FeedImage) => void): () => void {
    this.listeners.add(fn);
    if (onImage) this.imageListeners.add(onImage);
    return () => {
      this.listeners.delete(fn);
      if (onImage) this.imageListeners.delete(onImage);
    };
  }

  private emit(reason: FeedChangeReason, states: MarketState[]): FeedDelta | null {
    if (!states.length) return null;
    for (const s of states) s.m.version++;
    const d: FeedDelta = { op: 'mcm', clk: ++this.clk, pt: this.now(), reason, mc: states.map((s) => clone(s.m)) };
    this.log.push(d);
    if (this.log.length > this.backlog) this.log = this.log.slice(-this.backlog);
    for (const fn of this.listeners) fn(d);
    return d;
  }

  /* ---------------- time ---------------- */

  advanceTo(ms: number): void {
    const target = Math.floor((ms - this.startMs) / this.tickMs);
    if (target - this.tick > this.maxCatchUp) this.tick = target - this.maxCatchUp;
    while (this.tick < target) this.step();
  }

  /** One tick of automatic life; emits one 'tick' delta with every market that changed (none when nothing did). */
  step(): FeedDelta | null {
    this.tick++;
    const changed = new Set<MarketState>();
    const turned: MarketState[] = [];
    for (const ev of this.events.values()) {
      if (!ev.inplay && this.now() >= ev.startsAt) {
        ev.inplay = true;
        for (const id of ev.marketIds) {
          const s = this.markets.get(id)!;
          if (s.m.status === 'CLOSED') continue;
          s.m.inplay = true;
          turned.push(s);
        }
      }
      // one draw per event per tick whatever its state
      const r = this.rand();
      const live = ev.inplay && ev.fx.sport === 'cricket';
      ev.delivery = live && !ev.delivery && r < 0.35;
    }
    if (turned.length) this.emit('in-play', turned);
    for (const s of this.markets.values()) {
      const draws = [this.rand(), this.rand(), this.rand()];
      const m = s.m;
      if (m.status === 'CLOSED' || m.frozen) continue;
      const live = s.ev.inplay && s.ev.fx.sport === 'cricket';
      if (m.kind === 'MATCH_ODDS') {
        if (m.status !== 'OPEN') continue;
        m.runners.forEach((r, i) => {
          if (s.manual.has(r.selectionId) || r.status !== 'ACTIVE') return;
          const u = this.rand();
          if (u < 0.45) {
            s.idx[i] = Math.max(2, Math.min(LADDER.length - 4, s.idx[i]! + (u < 0.225 ? -1 : 1)));
            Object.assign(r, this.levels(s.idx[i]!));
            changed.add(s);
          } else if (u > 0.8) {
            Object.assign(r, this.levels(s.idx[i]!));
            changed.add(s);
          }
        });
        continue;
      }
      // BookMaker and Fancy: ball-running phases in play, moves when the ball is dead
      if (!s.controlBallRunning && live && m.ballRunning !== s.ev.delivery) {
        m.ballRunning = s.ev.delivery;
        changed.add(s);
      }
      if (m.kind === 'FANCY' && !s.controlSuspended) {
        if (s.autoSuspendTicks > 0 && --s.autoSuspendTicks === 0) {
          m.status = 'OPEN';
          changed.add(s);
        } else if (m.status === 'OPEN' && draws[0]! < 0.04) {
          m.status = 'SUSPENDED';
          s.autoSuspendTicks = 1 + Math.floor(draws[1]! * 2);
          changed.add(s);
        }
      }
      if (m.status !== 'OPEN' || m.ballRunning) continue;
      if (m.kind === 'BOOKMAKER' && draws[2]! < 0.3) {
        m.runners.forEach((r, i) => {
          if (r.suspended) return;
          s.rate[i] = Math.max(1, s.rate[i]! + Math.floor(this.rand() * 5) - 2);
          r.backRate = s.rate[i]!;
          r.layRate = s.rate[i]! + 2;
        });
        changed.add(s);
      }
      if (m.kind === 'FANCY' && m.fancy && (m.fancy.type === 2 || m.fancy.type === 3 || m.fancy.type === 4) && draws[2]! < 0.3) {
        const f = m.fancy;
        const move = Math.floor(draws[1]! * 3) - (m.fancy.type === 3 ? 1 : 0); // run lines creep up as runs come
        f.no = Math.max(0, f.no + move);
        f.yes = f.no + 1;
        f.yesRate = 85 + Math.floor(draws[0]! * 4) * 5;
        changed.add(s);
      }
    }
    return this.emit('tick', [...changed]);
  }

  /* ---------------- control ---------------- */

  control(marketId: string, action: ControlAction, body: unknown = {}): FeedDelta {
    const s = this.markets.get(marketId);
    if (!s) throw new ControlError(404, `Unknown market ${marketId}`);
    const m = s.m;
    const b = (body ?? {}) as Record<string, unknown>;
    const closed = () => {
      if (m.status === 'CLOSED') throw new ControlError(409, `Market ${marketId} is closed`);
    };
    switch (action) {
      case 'suspend':
        closed();
        m.status = 'SUSPENDED';
        s.controlSuspended = true;
        break;
      case 'resume':
        closed();
        m.status = 'OPEN';
        m.ballRunning = false;
        s.controlSuspended = false;
        s.controlBallRunning = false;
        s.autoSuspendTicks = 0;
        break;
      case 'in-play': {
        const on = b.on !== false;
        s.ev.inplay = on;
        if (on) s.ev.startsAt = Math.min(s.ev.startsAt, this.now());
        // back to pre-play (a test that turned a match in play hands it back): until its scheduled start, or an hour
        // from now if that has passed, so the clock does not turn it in play again at once
        else s.ev.startsAt = Math.max(this.startMs + s.ev.fx.startsInHours * 3_600_000, this.now() + 3_600_000);
        const all = s.ev.marketIds.map((id) => this.markets.get(id)!).filter((x) => x.m.status !== 'CLOSED');
        for (const x of all) x.m.inplay = on;
        return this.emit('in-play', all)!;
      }
      case 'ball-running': {
        closed();
        if (m.kind === 'MATCH_ODDS') throw new ControlError(400, 'Ball running applies to BookMaker and Fancy markets');
        const on = b.on !== false;
        m.ballRunning = on;
        s.controlBallRunning = on;
        break;
      }
      case 'freeze':
      case 'unfreeze':
        m.frozen = action === 'freeze';
        break;
      case 'liquidity': {
        closed();
        if (m.kind !== 'MATCH_ODDS') throw new ControlError(400, 'Liquidity applies to Match Odds runners');
        const i = m.runners.findIndex((r) => r.selectionId === b.selectionId);
        if (i < 0) throw new ControlError(400, `Unknown selection ${String(b.selectionId)}`);
        const r = m.runners[i]!;
        if (b.auto === true) {
          s.manual.delete(r.selectionId);
          Object.assign(r, this.levels(s.idx[i]!));
          break;
        }
        const side = (v: unknown, dir: 1 | -1): FeedPriceSize[] => {
          const levels = (v ?? []) as FeedPriceSize[];
          for (const l of levels)
            if (!isOnLadder(l.price) || !(l.size >= 0)) throw new ControlError(400, `Price ${l.price} is not on the ladder`);
          return levels
            .filter((l) => l.size > 0)
            .map((l) => ({ price: l.price, size: l.size }))
            .sort((x, y) => dir * (x.price - y.price));
        };
        r.back = side(b.back, -1);
        r.lay = side(b.lay, 1);
        if (r.back[0] && r.lay[0] && r.back[0].price >= r.lay[0].price)
          throw new ControlError(400, 'The best back must be below the best lay');
        s.manual.add(r.selectionId);
        if (r.back[0]) s.idx[i] = ladderIndex(r.back[0].price);
        break;
      }
      case 'result': {
        if (m.kind === 'FANCY') {
          if (typeof b.runs !== 'number' || !Number.isInteger(b.runs) || b.runs < 0)
            throw new ControlError(400, 'A Fancy result is { runs: n }');
          m.result = { runs: b.runs };
        } else {
          if (!m.runners.some((r) => r.selectionId === b.winner))
            throw new ControlError(400, 'A result is { winner: selectionId } of this market');
          m.result = { winner: b.winner as number };
          for (const r of m.runners) r.status = r.selectionId === b.winner ? 'WINNER' : 'LOSER';
        }
        this.close(s);
        m.voided = false;
        break;
      }
      case 'void':
        m.result = null;
        m.voided = true;
        for (const r of m.runners) r.status = 'ACTIVE';
        this.close(s);
        break;
      default:
        throw new ControlError(404, `Unknown action ${String(action)}`);
    }
    return this.emit(action, [s])!;
  }

  private close(s: MarketState) {
    s.m.status = 'CLOSED';
    s.m.ballRunning = false;
    for (const r of s.m.runners) {
      r.back = [];
      r.lay = [];
    }
  }

  /* ---------------- the spec's polling shapes (odds host, docs/README.md#spec-7) ---------------- */

  sportsEvents(sport: Sport) {
    return [...this.events.values()]
      .filter((e) => e.fx.sport === sport)
      .map((e) => ({
        EventId: e.fx.eventId,
        MarketId: e.fx.marketId,
        Event: e.fx.name,
        Fancy: e.fx.fancy ? 1 : 0,
        Bookmaker: e.fx.bookmaker ? 1 : 0,
        sport: e.fx.sport,
        OpenDate: new Date(e.startsAt).toISOString(),
        inplay: e.inplay,
      }));
  }

  matchOdds(marketId: string) {
    const s = this.markets.get(marketId);
    if (!s || s.m.kind !== 'MATCH_ODDS') return null;
    const m = s.m;
    return [
      {
        marketId: m.marketId,
        inplay: m.inplay,
        status: m.status,
        runners: m.runners.map((r) => ({
          selectionId: r.selectionId,
          SelectionName: r.name,
          ex: { availableToBack: r.back.map((l) => ({ ...l })), availableToLay: r.lay.map((l) => ({ ...l })) },
        })),
      },
    ];
  }

  eventDetail(eventId: string) {
    const ev = this.events.get(eventId);
    if (!ev) return null;
    const states = ev.marketIds.map((id) => this.markets.get(id)!);
    const fancy2 = states
      .filter((s) => s.m.kind === 'FANCY' && s.m.status !== 'CLOSED')
      .map(({ m }) => ({
        id: m.marketId,
        marketId: m.marketId,
        selectionId: m.fancy!.selectionId,
        title: m.name,
        type: m.fancy!.type,
        suspended: m.status === 'OPEN' ? 0 : 1,
        ball_running: m.ballRunning ? 1 : 0,
        no: m.fancy!.no,
        no_rate: m.fancy!.noRate,
        yes: m.fancy!.yes,
        yes_rate: m.fancy!.yesRate,
      }));
    const bookmaker: Record<string, { marketId: string; status: string; runners: Array<Record<string, string | number>> }> = {};
    for (const { m } of states.filter((s) => s.m.kind === 'BOOKMAKER')) {
      bookmaker[m.marketId] = {
        marketId: m.marketId,
        status: m.status,
        runners: m.runners.map((r) => ({
          selectionId: r.selectionId,
          runner: r.name,
          backPrice: r.backRate ?? 0,
          layPrice: r.layRate ?? 0,
          suspended: m.status !== 'OPEN' || r.suspended ? 1 : 0,
          ball_running: m.ballRunning ? 1 : 0,
        })),
      };
    }
    return { success: true, data: { items: { [eventId]: { eventId, name: ev.fx.name, fancy2, bookmaker } } } };
  }
}
