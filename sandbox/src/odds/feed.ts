/**
 * Deterministic odds fixtures for the exchange. Events are fixed; prices drift a little every
 * TICK_MS, seeded by (market, runner, tick), so two calls in the same tick agree and the page
 * visibly moves over time. Every back/lay price sits on the Betfair price ladder.
 */

export const TICK_MS = 3_000;

/** The 350 prices of the Betfair ladder (1.01 .. 1000). */
export const LADDER: number[] = (() => {
  const bands: Array<[number, number, number]> = [
    [1.01, 2, 0.01],
    [2, 3, 0.02],
    [3, 4, 0.05],
    [4, 6, 0.1],
    [6, 10, 0.2],
    [10, 20, 0.5],
    [20, 30, 1],
    [30, 50, 2],
    [50, 100, 5],
    [100, 1000, 10],
  ];
  const out: number[] = [];
  for (const [from, to, step] of bands) {
    // integer hundredths so floating point never leaves a 1.0300000001 on the ladder
    for (let c = Math.round(from * 100); c < Math.round(to * 100); c += Math.round(step * 100)) out.push(c / 100);
  }
  out.push(1000);
  return out;
})();

export function nearestLadderIndex(price: number): number {
  let best = 0;
  for (let i = 1; i < LADDER.length; i++) if (Math.abs(LADDER[i]! - price) < Math.abs(LADDER[best]! - price)) best = i;
  return best;
}

/** Small deterministic hash -> [0, 1). */
export function seeded(...parts: Array<string | number>): number {
  let h = 2166136261;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return (h >>> 0) / 2 ** 32;
}

export type Sport = 'cricket' | 'soccer' | 'tennis';

export interface FixtureEvent {
  eventId: string;
  marketId: string;
  sport: Sport;
  name: string;
  runners: Array<{ name: string; basePrice: number }>;
  fancy: boolean;
  bookmaker: boolean;
  inplay: boolean;
  /** Hours from the start of today (Dhaka); negative = already started. */
  startsInHours: number;
}

export const EVENTS: FixtureEvent[] = [
  {
    eventId: '34001001',
    marketId: '1.230001001',
    sport: 'cricket',
    name: 'Bangladesh v India',
    fancy: true,
    bookmaker: true,
    inplay: true,
    startsInHours: -2,
    runners: [
      { name: 'Bangladesh', basePrice: 2.5 },
      { name: 'India', basePrice: 1.66 },
    ],
  },
  {
    eventId: '34001002',
    marketId: '1.230001002',
    sport: 'cricket',
    name: 'Dhaka Capitals v Rangpur Riders',
    fancy: true,
    bookmaker: true,
    inplay: true,
    startsInHours: -1,
    runners: [
      { name: 'Dhaka Capitals', basePrice: 1.9 },
      { name: 'Rangpur Riders', basePrice: 2.1 },
    ],
  },
  {
    eventId: '34001003',
    marketId: '1.230001003',
    sport: 'cricket',
    name: 'Pakistan v Sri Lanka',
    fancy: false,
    bookmaker: true,
    inplay: false,
    startsInHours: 6,
    runners: [
      { name: 'Pakistan', basePrice: 1.8 },
      { name: 'Sri Lanka', basePrice: 2.2 },
    ],
  },
  {
    eventId: '34001004',
    marketId: '1.230001004',
    sport: 'cricket',
    name: 'Australia v England',
    fancy: true,
    bookmaker: false,
    inplay: false,
    startsInHours: 30,
    runners: [
      { name: 'Australia', basePrice: 1.72 },
      { name: 'England', basePrice: 2.3 },
    ],
  },
  {
    eventId: '34002001',
    marketId: '1.230002001',
    sport: 'soccer',
    name: 'Abahani Limited v Bashundhara Kings',
    fancy: false,
    bookmaker: false,
    inplay: true,
    startsInHours: -1,
    runners: [
      { name: 'Abahani Limited', basePrice: 3.4 },
      { name: 'Bashundhara Kings', basePrice: 2.2 },
      { name: 'The Draw', basePrice: 3.3 },
    ],
  },
  {
    eventId: '34002002',
    marketId: '1.230002002',
    sport: 'soccer',
    name: 'Arsenal v Chelsea',
    fancy: false,
    bookmaker: true,
    inplay: false,
    startsInHours: 8,
    runners: [
      { name: 'Arsenal', basePrice: 2.06 },
      { name: 'Chelsea', basePrice: 3.6 },
      { name: 'The Draw', basePrice: 3.5 },
    ],
  },
  {
    eventId: '34003001',
    marketId: '1.230003001',
    sport: 'tennis',
    name: 'Alcaraz v Sinner',
    fancy: false,
    bookmaker: false,
    inplay: true,
    startsInHours: -1,
    runners: [
      { name: 'Carlos Alcaraz', basePrice: 1.9 },
      { name: 'Jannik Sinner', basePrice: 2.0 },
    ],
  },
  {
    eventId: '34003002',
    marketId: '1.230003002',
    sport: 'tennis',
    name: 'Swiatek v Sabalenka',
    fancy: false,
    bookmaker: false,
    inplay: false,
    startsInHours: 28,
    runners: [
      { name: 'Iga Swiatek', basePrice: 1.75 },
      { name: 'Aryna Sabalenka', basePrice: 2.12 },
    ],
  },
];

export const tickOf = (now: number) => Math.floor(now / TICK_MS);

/** Start of the current day in Asia/Dhaka (UTC+6, no DST). */
function dhakaMidnight(now: number): number {
  const offset = 6 * 3_600_000;
  return Math.floor((now + offset) / 86_400_000) * 86_400_000 - offset;
}

export function openDate(e: FixtureEvent, now: number): string {
  return new Date(dhakaMidnight(now) + Math.max(0, 12 + e.startsInHours) * 3_600_000).toISOString();
}

export function sportsEvents(sport: Sport, now: number) {
  return EVENTS.filter((e) => e.sport === sport).map((e) => ({
    EventId: e.eventId,
    MarketId: e.marketId,
    Event: e.name,
    Fancy: e.fancy ? 1 : 0,
    Bookmaker: e.bookmaker ? 1 : 0,
    sport: e.sport,
    OpenDate: openDate(e, now),
    inplay: e.inplay,
  }));
}

/** Best back and lay of one runner at one tick: the lay is one ladder step above the back. */
export function runnerPrices(marketId: string, runner: string, basePrice: number, tick: number) {
  const drift = Math.floor(seeded(marketId, runner, tick) * 5) - 2; // -2..+2 ladder steps
  const back = Math.max(0, Math.min(LADDER.length - 2, nearestLadderIndex(basePrice) + drift));
  return {
    back: { price: LADDER[back]!, size: Math.round(100 + seeded('b', marketId, runner, tick) * 9900) },
    lay: { price: LADDER[back + 1]!, size: Math.round(100 + seeded('l', marketId, runner, tick) * 9900) },
  };
}

export function matchOdds(marketId: string, now: number) {
  const e = EVENTS.find((x) => x.marketId === marketId);
  if (!e) return null;
  const tick = tickOf(now);
  return [
    {
      marketId: e.marketId,
      inplay: e.inplay,
      status: 'OPEN',
      runners: e.runners.map((r, i) => {
        const p = runnerPrices(e.marketId, r.name, r.basePrice, tick);
        return { selectionId: i + 1, SelectionName: r.name, ex: { availableToBack: [p.back], availableToLay: [p.lay] } };
      }),
    },
  ];
}

/** Fancy lines by tab type of spec 2 (1 All is every row; 2 Fancy, 3 Ball by Ball, 4 Khadda, 5 Lottery, 6 Odd/Even). */
const FANCY_LINES: Array<{ title: string; type: number; base: number }> = [
  { title: '6 over runs', type: 2, base: 48 },
  { title: '10 over runs', type: 2, base: 78 },
  { title: '20 over runs', type: 2, base: 162 },
  { title: 'Next ball runs', type: 3, base: 1 },
  { title: 'Khadda 15 over', type: 4, base: 112 },
  { title: 'Lottery last digit', type: 5, base: 5 },
  { title: 'Total runs odd', type: 6, base: 1 },
];

export function eventDetail(eventId: string, now: number) {
  const e = EVENTS.find((x) => x.eventId === eventId);
  if (!e) return null;
  const tick = tickOf(now);
  const fancy2 = e.fancy
    ? FANCY_LINES.map((l) => {
        const r = seeded(e.eventId, l.title, tick);
        const no = l.base + Math.floor(r * 3);
        // a few rows are suspended or mid-delivery at any moment, so both overlays show up
        const state = seeded('s', e.eventId, l.title, tick);
        return {
          title: l.title,
          type: l.type,
          suspended: state < 0.12 ? 1 : 0,
          ball_running: state > 0.9 ? 1 : 0,
          no,
          no_rate: 100,
          yes: no + 1,
          yes_rate: 90 + Math.floor(seeded('y', e.eventId, l.title, tick) * 3) * 5,
        };
      })
    : [];
  const bookmaker: Record<string, { runners: Array<Record<string, string | number>> }> = {};
  if (e.bookmaker) {
    const ballRunning = e.inplay && seeded('bm', e.eventId, tick) > 0.85 ? 1 : 0;
    bookmaker[`${e.eventId}-BM`] = {
      runners: e.runners.map((r) => {
        // BookMaker rates are per 100 (45 means decimal 1.45)
        const rate = Math.max(1, Math.round((r.basePrice - 1) * 100) + Math.floor(seeded('bmr', r.name, tick) * 5) - 2);
        return {
          runner: r.name,
          backPrice: rate,
          layPrice: rate + 2,
          suspended: r.name === 'The Draw' ? 1 : 0,
          ball_running: ballRunning,
        };
      }),
    };
  }
  return { success: true, data: { items: { [e.eventId]: { eventId: e.eventId, name: e.name, fancy2, bookmaker } } } };
}
