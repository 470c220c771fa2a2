/**
 * Fixtures of the sandbox odds world: the events, their runners and the Fancy rows. The moving state
 * lives in ./world.ts; the ladder in ./ladder.ts.
 */
export { LADDER, nearestLadderIndex } from './ladder';

/** Length of one world tick: prices move at most once per tick. */
export const TICK_MS = 3_000;

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
  /** Hours from the world's start; negative = already started. */
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

/** Fancy rows by tab type of docs/README.md#spec-2 (1 All is every row; 2 Fancy, 3 Ball by Ball, 4 Khadda, 5 Lottery, 6 Odd/Even). */
export const FANCY_LINES: ReadonlyArray<{ title: string; type: 2 | 3 | 4 | 5 | 6; base: number }> = [
  { title: '6 over runs', type: 2, base: 48 },
  { title: '10 over runs', type: 2, base: 78 },
  { title: '20 over runs', type: 2, base: 162 },
  { title: 'Next ball runs', type: 3, base: 1 },
  { title: 'Khadda 15 over', type: 4, base: 112 },
  { title: 'Lottery last digit', type: 5, base: 5 },
  { title: 'Total runs odd', type: 6, base: 1 },
];
