/**
 * The table of cases of the exchange's money maths (exchange-maths.ts), worked by hand from the domain notes' formulas (docs/exchange-rules.md) and the
 * rounding rules. Every caller's tests run it: the contracts' own test, the engine's position test (api
 * engine/position.test.ts), the API's bet view and position test (api exchange/maths.test.ts) and the bet slip's
 * maths test (mf-exchange trading/maths.test.ts). Imported as `@khela/contracts/exchange-maths.cases` (tests only:
 * not part of the package's index). Money in minor units, prices in hundredths (BookMaker: 100 + R), rates per 100.
 */
import type { ExchangeBetSide, FancyRunBet, RunnerBet, RunnerSide } from './exchange-maths';

export type CaseMarketKind = 'MATCH_ODDS' | 'BOOKMAKER' | 'FANCY';

/** One bet's figures at its stake: what it wins, what it risks, whether it can win a minor unit at all. */
export interface BetCase {
  name: string;
  kind: CaseMarketKind;
  side: ExchangeBetSide;
  stake: number;
  /** Hundredths for BACK and LAY (BookMaker: 100 + R), the rate for YES and NO. */
  price: number;
  profit: number;
  liability: number;
  canWin: boolean;
}

export const BET_CASES: readonly BetCase[] = [
  {
    name: 'back 100.00 at 2.50',
    kind: 'MATCH_ODDS',
    side: 'BACK',
    stake: 100_00,
    price: 250,
    profit: 150_00,
    liability: 100_00,
    canWin: true,
  },
  {
    name: 'lay 100.00 at 2.50',
    kind: 'MATCH_ODDS',
    side: 'LAY',
    stake: 100_00,
    price: 250,
    profit: 100_00,
    liability: 150_00,
    canWin: true,
  },
  // 33.33 at 1.07: 2.3331 -> 2.33 both ways (the lay's liability is the back's profit: zero-sum)
  {
    name: 'back 33.33 at 1.07 rounds down',
    kind: 'MATCH_ODDS',
    side: 'BACK',
    stake: 33_33,
    price: 107,
    profit: 2_33,
    liability: 33_33,
    canWin: true,
  },
  {
    name: 'lay 33.33 at 1.07 rounds down',
    kind: 'MATCH_ODDS',
    side: 'LAY',
    stake: 33_33,
    price: 107,
    profit: 33_33,
    liability: 2_33,
    canWin: true,
  },
  // 9.99 at 1.55: 5.4945 -> 5.49
  { name: 'back 9.99 at 1.55', kind: 'MATCH_ODDS', side: 'BACK', stake: 9_99, price: 155, profit: 5_49, liability: 9_99, canWin: true },
  { name: 'lay 9.99 at 1.55', kind: 'MATCH_ODDS', side: 'LAY', stake: 9_99, price: 155, profit: 9_99, liability: 5_49, canWin: true },
  // 0.50 at 1.01 would win half a paisa: refused; 1.00 at 1.01 wins one paisa
  {
    name: 'back 0.50 at 1.01 cannot win',
    kind: 'MATCH_ODDS',
    side: 'BACK',
    stake: 50,
    price: 101,
    profit: 0,
    liability: 50,
    canWin: false,
  },
  { name: 'lay 0.50 at 1.01 cannot win', kind: 'MATCH_ODDS', side: 'LAY', stake: 50, price: 101, profit: 50, liability: 0, canWin: false },
  {
    name: 'back 1.00 at 1.01 wins a paisa',
    kind: 'MATCH_ODDS',
    side: 'BACK',
    stake: 1_00,
    price: 101,
    profit: 1,
    liability: 1_00,
    canWin: true,
  },
  // the largest stake at the largest price: 500,000.00 at 1000 -> 499,500,000.00
  {
    name: 'back 500,000 at 1000',
    kind: 'MATCH_ODDS',
    side: 'BACK',
    stake: 500_000_00,
    price: 100_000,
    profit: 499_500_000_00,
    liability: 500_000_00,
    canWin: true,
  },
  {
    name: 'lay 500,000 at 1000',
    kind: 'MATCH_ODDS',
    side: 'LAY',
    stake: 500_000_00,
    price: 100_000,
    profit: 500_000_00,
    liability: 499_500_000_00,
    canWin: true,
  },
  // BookMaker: rate R is the price 1 + R/100
  {
    name: 'BookMaker back 200.00 at 45',
    kind: 'BOOKMAKER',
    side: 'BACK',
    stake: 200_00,
    price: 145,
    profit: 90_00,
    liability: 200_00,
    canWin: true,
  },
  {
    name: 'BookMaker lay 100.00 at 152',
    kind: 'BOOKMAKER',
    side: 'LAY',
    stake: 100_00,
    price: 252,
    profit: 100_00,
    liability: 152_00,
    canWin: true,
  },
  // 3.33 at 7: 0.2331 -> 0.23
  {
    name: 'BookMaker back 3.33 at 7 rounds down',
    kind: 'BOOKMAKER',
    side: 'BACK',
    stake: 3_33,
    price: 107,
    profit: 23,
    liability: 3_33,
    canWin: true,
  },
  {
    name: 'BookMaker lay 3.33 at 7 rounds down',
    kind: 'BOOKMAKER',
    side: 'LAY',
    stake: 3_33,
    price: 107,
    profit: 3_33,
    liability: 23,
    canWin: true,
  },
  // Fancy: YES wins S*r/100 (down) and loses S; NO wins S and loses S*r/100 (up)
  { name: 'YES 100.00 at 90', kind: 'FANCY', side: 'YES', stake: 100_00, price: 90, profit: 90_00, liability: 100_00, canWin: true },
  { name: 'NO 100.00 at 110', kind: 'FANCY', side: 'NO', stake: 100_00, price: 110, profit: 100_00, liability: 110_00, canWin: true },
  { name: 'NO 100.00 at 100', kind: 'FANCY', side: 'NO', stake: 100_00, price: 100, profit: 100_00, liability: 100_00, canWin: true },
  // 1.01 at 90: 0.909 -> YES wins 0.90, NO loses 0.91
  {
    name: 'YES 1.01 at 90 wins rounded down',
    kind: 'FANCY',
    side: 'YES',
    stake: 1_01,
    price: 90,
    profit: 90,
    liability: 1_01,
    canWin: true,
  },
  { name: 'NO 1.01 at 90 loses rounded up', kind: 'FANCY', side: 'NO', stake: 1_01, price: 90, profit: 1_01, liability: 91, canWin: true },
  // 3.33 at 85: 2.8305 -> YES wins 2.83, NO loses 2.84
  { name: 'YES 3.33 at 85', kind: 'FANCY', side: 'YES', stake: 3_33, price: 85, profit: 2_83, liability: 3_33, canWin: true },
  { name: 'NO 3.33 at 85', kind: 'FANCY', side: 'NO', stake: 3_33, price: 85, profit: 3_33, liability: 2_84, canWin: true },
  // a paisa at 99: 0.0099 -> nothing to win on the rate: refused on either side
  { name: 'YES 0.01 at 99 cannot win', kind: 'FANCY', side: 'YES', stake: 1, price: 99, profit: 0, liability: 1, canWin: false },
  { name: 'NO 0.01 at 99 cannot win', kind: 'FANCY', side: 'NO', stake: 1, price: 99, profit: 1, liability: 1, canWin: false },
  { name: 'YES 1.00 at 1 wins a paisa', kind: 'FANCY', side: 'YES', stake: 1_00, price: 1, profit: 1, liability: 1_00, canWin: true },
];

/**
 * A bet as its views show it (potential profit and liability): on its matched part at the matched value (the sum
 * of stake*price of its fills; S*(P-1) at the average price, rounded down once), or on its whole stake at the asked
 * price while nothing is matched.
 */
export interface PotentialCase {
  name: string;
  kind: CaseMarketKind;
  side: ExchangeBetSide;
  /** Hundredths (BACK, LAY) or the rate (YES, NO). */
  price: number;
  stake: number;
  matched: number;
  matchedValue: number;
  profit: number;
  liability: number;
}

export const POTENTIAL_CASES: readonly PotentialCase[] = [
  {
    name: 'back unmatched: the whole stake at the asked price',
    kind: 'MATCH_ODDS',
    side: 'BACK',
    price: 250,
    stake: 100_00,
    matched: 0,
    matchedValue: 0,
    profit: 150_00,
    liability: 100_00,
  },
  {
    name: 'lay unmatched',
    kind: 'MATCH_ODDS',
    side: 'LAY',
    price: 107,
    stake: 33_33,
    matched: 0,
    matchedValue: 0,
    profit: 33_33,
    liability: 2_33,
  },
  // back 100.00 at 2.00, 60.00 matched at 2.10: 60 * 1.10 = 66.00
  {
    name: 'back partly matched at a better price: the matched part',
    kind: 'MATCH_ODDS',
    side: 'BACK',
    price: 200,
    stake: 100_00,
    matched: 60_00,
    matchedValue: 60_00 * 210,
    profit: 66_00,
    liability: 60_00,
  },
  // lay 100.00 at 3.00, 40.00 matched at 2.90: liability 40 * 1.90 = 76.00
  {
    name: 'lay partly matched at a better price',
    kind: 'MATCH_ODDS',
    side: 'LAY',
    price: 300,
    stake: 100_00,
    matched: 40_00,
    matchedValue: 40_00 * 290,
    profit: 40_00,
    liability: 76_00,
  },
  // 10.01 at 1.55 and 10.01 at 1.56: (1551.55 + 1561.56 - 2002) / 100 = 11.1111 -> 11.11 at the average price (the
  // fills one by one round to 5.50 + 5.60 = 11.10: the view rounds once, settlement per fill)
  {
    name: 'back matched in two fills: rounded once at the average price',
    kind: 'MATCH_ODDS',
    side: 'BACK',
    price: 155,
    stake: 20_02,
    matched: 20_02,
    matchedValue: 10_01 * 155 + 10_01 * 156,
    profit: 11_11,
    liability: 20_02,
  },
  {
    name: 'BookMaker back matched',
    kind: 'BOOKMAKER',
    side: 'BACK',
    price: 145,
    stake: 200_00,
    matched: 200_00,
    matchedValue: 200_00 * 145,
    profit: 90_00,
    liability: 200_00,
  },
  {
    name: 'YES matched',
    kind: 'FANCY',
    side: 'YES',
    price: 90,
    stake: 100_00,
    matched: 100_00,
    matchedValue: 0,
    profit: 90_00,
    liability: 100_00,
  },
  {
    name: 'NO in the delay: the whole stake',
    kind: 'FANCY',
    side: 'NO',
    price: 85,
    stake: 3_33,
    matched: 0,
    matchedValue: 0,
    profit: 3_33,
    liability: 2_84,
  },
];

/** A player's position in a Match Odds or BookMaker market. */
export interface PositionCase {
  name: string;
  kind: 'MATCH_ODDS' | 'BOOKMAKER';
  runners: readonly string[];
  matched: readonly RunnerBet[];
  /** Unmatched remainders (stake = what remains) or bets in the delay (the whole stake). */
  unmatched: readonly RunnerBet[];
  pl: Readonly<Record<string, number>>;
  worst: Readonly<Record<string, number>>;
  exposure: number;
}

const rb = (side: RunnerSide, selectionId: string, price: number, stake: number): RunnerBet => ({ side, selectionId, price, stake });
const ABC = ['A', 'B', 'C'] as const;

export const POSITION_CASES: readonly PositionCase[] = [
  {
    name: 'nothing: no exposure',
    kind: 'MATCH_ODDS',
    runners: ABC,
    matched: [],
    unmatched: [],
    pl: { A: 0, B: 0, C: 0 },
    worst: { A: 0, B: 0, C: 0 },
    exposure: 0,
  },
  {
    // back A 10.00 at 3.0 (wins 20.00), lay B 5.00 at 4.0 (liability 15.00)
    name: 'back and lay combined (worked example of the domain notes, docs/exchange-rules.md)',
    kind: 'MATCH_ODDS',
    runners: ABC,
    matched: [rb('BACK', 'A', 300, 10_00), rb('LAY', 'B', 400, 5_00)],
    unmatched: [],
    pl: { A: 25_00, B: -25_00, C: -5_00 },
    worst: { A: 25_00, B: -25_00, C: -5_00 },
    exposure: 25_00,
  },
  {
    name: 'a matched hedge lowers exposure to 0',
    kind: 'MATCH_ODDS',
    runners: ABC,
    matched: [rb('BACK', 'A', 300, 10_00), rb('LAY', 'A', 250, 10_00)],
    unmatched: [],
    pl: { A: 5_00, B: 0, C: 0 },
    worst: { A: 5_00, B: 0, C: 0 },
    exposure: 0,
  },
  {
    // green-up: lay S_b * P_b / P_l = 10 * 3 / 2.5 = 12.00; locked profit S_l - S_b = 2.00 whatever wins
    name: 'green-up locks the same profit on every runner',
    kind: 'MATCH_ODDS',
    runners: ABC,
    matched: [rb('BACK', 'A', 300, 10_00), rb('LAY', 'A', 250, 12_00)],
    unmatched: [],
    pl: { A: 2_00, B: 2_00, C: 2_00 },
    worst: { A: 2_00, B: 2_00, C: 2_00 },
    exposure: 0,
  },
  {
    name: 'an unmatched lay adds only its liability (never its win)',
    kind: 'MATCH_ODDS',
    runners: ABC,
    matched: [rb('BACK', 'A', 300, 10_00)],
    unmatched: [rb('LAY', 'A', 250, 10_00)],
    pl: { A: 20_00, B: -10_00, C: -10_00 },
    worst: { A: 5_00, B: -10_00, C: -10_00 },
    exposure: 10_00,
  },
  {
    name: 'an unmatched back adds its stake as a loss on the other runners',
    kind: 'MATCH_ODDS',
    runners: ABC,
    matched: [rb('BACK', 'A', 300, 10_00)],
    unmatched: [rb('BACK', 'B', 200, 7_00)],
    pl: { A: 20_00, B: -10_00, C: -10_00 },
    worst: { A: 13_00, B: -10_00, C: -17_00 },
    exposure: 17_00,
  },
  {
    name: 'an unmatched back alone: its stake',
    kind: 'MATCH_ODDS',
    runners: ABC,
    matched: [],
    unmatched: [rb('BACK', 'A', 300, 10_00)],
    pl: { A: 0, B: 0, C: 0 },
    worst: { A: 0, B: -10_00, C: -10_00 },
    exposure: 10_00,
  },
  {
    name: 'an unmatched lay alone: its liability',
    kind: 'MATCH_ODDS',
    runners: ABC,
    matched: [],
    unmatched: [rb('LAY', 'A', 300, 10_00)],
    pl: { A: 0, B: 0, C: 0 },
    worst: { A: -20_00, B: 0, C: 0 },
    exposure: 20_00,
  },
  {
    // 9.99 at 1.55: the backer wins 5.49 and the layer loses the same 5.49 (zero-sum to the paisa)
    name: 'a back rounded down',
    kind: 'MATCH_ODDS',
    runners: ABC,
    matched: [rb('BACK', 'A', 155, 9_99)],
    unmatched: [],
    pl: { A: 5_49, B: -9_99, C: -9_99 },
    worst: { A: 5_49, B: -9_99, C: -9_99 },
    exposure: 9_99,
  },
  {
    name: 'the lay of the same bet: the mirror image',
    kind: 'MATCH_ODDS',
    runners: ABC,
    matched: [rb('LAY', 'A', 155, 9_99)],
    unmatched: [],
    pl: { A: -5_49, B: 9_99, C: 9_99 },
    worst: { A: -5_49, B: 9_99, C: 9_99 },
    exposure: 5_49,
  },
  {
    // back X 100.00 at 45 wins 45.00; lay Y 20.00 at 80: liability 16.00
    name: 'BookMaker: the same P&L as Match Odds at 1 + R/100',
    kind: 'BOOKMAKER',
    runners: ['X', 'Y'],
    matched: [rb('BACK', 'X', 145, 100_00), rb('LAY', 'Y', 180, 20_00)],
    unmatched: [],
    pl: { X: 45_00 + 20_00, Y: -100_00 - 16_00 },
    worst: { X: 45_00 + 20_00, Y: -100_00 - 16_00 },
    exposure: 116_00,
  },
];

/** A player's Fancy position: the table of P&L per settling value (matched bets) and the exposure held. */
export interface FancyCase {
  name: string;
  matched: readonly FancyRunBet[];
  /** Bets still in the delay: each adds its whole possible loss. */
  pending: readonly FancyRunBet[];
  table: readonly { runs: number; pl: number }[];
  exposure: number;
}

const yes = (line: number, rate: number, stake: number): FancyRunBet => ({ side: 'YES', line, rate, stake });
const no = (line: number, rate: number, stake: number): FancyRunBet => ({ side: 'NO', line, rate, stake });

export const FANCY_CASES: readonly FancyCase[] = [
  { name: 'nothing', matched: [], pending: [], table: [], exposure: 0 },
  {
    name: 'NO 50 and YES 52: between the lines both lose',
    matched: [no(50, 110, 10_00), yes(52, 90, 10_00)],
    pending: [],
    table: [
      { runs: 49, pl: 0 },
      { runs: 50, pl: -21_00 },
      { runs: 51, pl: -21_00 },
      { runs: 52, pl: -2_00 },
    ],
    exposure: 21_00,
  },
  {
    name: 'several bets on one row',
    matched: [yes(40, 100, 5_00), yes(45, 100, 5_00), no(43, 100, 10_00)],
    pending: [],
    table: [
      { runs: 39, pl: 0 },
      { runs: 40, pl: 10_00 },
      { runs: 41, pl: 10_00 },
      { runs: 42, pl: 10_00 },
      { runs: 43, pl: -10_00 },
      { runs: 44, pl: -10_00 },
      { runs: 45, pl: 0 },
    ],
    exposure: 10_00,
  },
  {
    name: 'YES 3.33 at 85: wins 2.83 (down)',
    matched: [yes(30, 85, 3_33)],
    pending: [],
    table: [
      { runs: 29, pl: -3_33 },
      { runs: 30, pl: 2_83 },
    ],
    exposure: 3_33,
  },
  {
    name: 'NO 3.33 at 85: loses 2.84 (up)',
    matched: [no(30, 85, 3_33)],
    pending: [],
    table: [
      { runs: 29, pl: 3_33 },
      { runs: 30, pl: -2_84 },
    ],
    exposure: 2_84,
  },
  {
    name: 'a line of 0 runs: the table starts at 0',
    matched: [no(0, 100, 10_00)],
    pending: [],
    table: [{ runs: 0, pl: -10_00 }],
    exposure: 10_00,
  },
  {
    name: 'a NO in the delay adds its whole loss',
    matched: [yes(30, 85, 3_33)],
    pending: [no(32, 110, 10_00)],
    table: [
      { runs: 29, pl: -3_33 },
      { runs: 30, pl: 2_83 },
    ],
    exposure: 3_33 + 11_00,
  },
  {
    name: 'only bets in the delay: YES its stake, NO its loss rounded up',
    matched: [],
    pending: [yes(40, 90, 5_00), no(38, 85, 3_33)],
    table: [],
    exposure: 5_00 + 2_84,
  },
];

/** The hedge that greens up one runner at a price: its side and stake (none: flat, or it could not win a paisa). */
export interface HedgeCase {
  name: string;
  runners: readonly string[];
  bets: readonly RunnerBet[];
  runner: string;
  price: number;
  /** A partial cash-out: the share of the position hedged (100 when absent: the whole green-up). */
  percent?: number;
  hedge: { side: RunnerSide; stake: number } | null;
  /** The P&L per runner with the hedge matched. */
  after: Readonly<Record<string, number>>;
}

export const HEDGE_CASES: readonly HedgeCase[] = [
  {
    // docs/exchange-rules.md (cash-out): lay S_b * P_b / P_l = 10 * 3 / 2.5 = 12.00
    name: 'back then lay lower: lay 12.00 locks 2.00',
    runners: ABC,
    bets: [rb('BACK', 'A', 300, 10_00)],
    runner: 'A',
    price: 250,
    hedge: { side: 'LAY', stake: 12_00 },
    after: { A: 2_00, B: 2_00, C: 2_00 },
  },
  {
    // win -20.00, lose +10.00: back (30.00)/3.50 = 8.5714 -> 8.57
    name: 'lay then back higher, rounded to the paisa',
    runners: ABC,
    bets: [rb('LAY', 'A', 300, 10_00)],
    runner: 'A',
    price: 350,
    hedge: { side: 'BACK', stake: 8_57 },
    after: { A: -20_00 + 21_42, B: 10_00 - 8_57, C: 10_00 - 8_57 },
  },
  {
    // back 0.02 at 2.50 wins 0.03, loses 0.02: (0.05)/2.00 = 0.025 -> 0.03 (half up)
    name: 'half a paisa rounds up',
    runners: ABC,
    bets: [rb('BACK', 'A', 250, 2)],
    runner: 'A',
    price: 200,
    hedge: { side: 'LAY', stake: 3 },
    after: { A: 3 - 3, B: -2 + 3, C: -2 + 3 },
  },
  {
    name: 'a flat runner needs no hedge',
    runners: ABC,
    bets: [rb('BACK', 'A', 200, 10_00), rb('LAY', 'A', 200, 10_00)],
    runner: 'A',
    price: 190,
    hedge: null,
    after: { A: 0, B: 0, C: 0 },
  },
  {
    // back 0.01 at 1.01 wins nothing, loses 0.01: a hedge of 0.01 at 1.01 could not win a paisa
    name: 'a hedge that cannot win a paisa is not placed',
    runners: ABC,
    bets: [rb('BACK', 'A', 101, 1)],
    runner: 'A',
    price: 101,
    hedge: null,
    after: { A: 0, B: -1, C: -1 },
  },
  {
    // half of the case of docs/exchange-rules.md (cash-out): lay 12.00 * 50% = 6.00 at 2.50; A: 20.00 - 9.00 = 11.00, others -10.00 + 6.00:
    // the gap between A winning and losing goes from 30.00 to 15.00 (half the position left open)
    name: 'partial cash-out: half of the green-up lay',
    runners: ABC,
    bets: [rb('BACK', 'A', 300, 10_00)],
    runner: 'A',
    price: 250,
    percent: 50,
    hedge: { side: 'LAY', stake: 6_00 },
    after: { A: 11_00, B: -4_00, C: -4_00 },
  },
  {
    // 25% of lay 8.57 (the rounded case above): 30.00 * 25 / 3.50 = 2.1428 -> 2.14; A: -20.00 + 2.14 * 2.50 = -14.65
    name: 'partial cash-out: a quarter of the green-up back, rounded to the paisa',
    runners: ABC,
    bets: [rb('LAY', 'A', 300, 10_00)],
    runner: 'A',
    price: 350,
    percent: 25,
    hedge: { side: 'BACK', stake: 2_14 },
    after: { A: -20_00 + 5_35, B: 10_00 - 2_14, C: 10_00 - 2_14 },
  },
  {
    // per selection: only B's own bets are greened up (lay 10.00 * 4 / 2 = 20.00 at 2.00); A's back stays open
    name: 'per-selection cash-out leaves the other runner open',
    runners: ABC,
    bets: [rb('BACK', 'A', 200, 10_00), rb('BACK', 'B', 400, 10_00)],
    runner: 'B',
    price: 200,
    hedge: { side: 'LAY', stake: 20_00 },
    // A wins: +10.00 (A) - 10.00 (B's back) + 20.00 (B's lay) = 20.00; B wins: -10.00 + 30.00 - 20.00 = 0; C: -10 -10 +20 = 0
    after: { A: 20_00, B: 0, C: 0 },
  },
];

/** A partial cash-out's quoted value: that share of the whole cash-out's value, rounded down. */
export const CASH_OUT_SHARE_CASES: readonly { value: number; percent: number; share: number }[] = [
  { value: 315_79, percent: 100, share: 315_79 },
  { value: 315_79, percent: 50, share: 157_89 }, // 157.895
  { value: 315_79, percent: 25, share: 78_94 }, // 78.9475
  { value: -10_01, percent: 50, share: -5_01 }, // -5.005: a loss rounds further from zero
  { value: 0, percent: 75, share: 0 },
];

/** Commission: floor(net winnings * bps / 10000), none on a loss. */
export const COMMISSION_CASES: readonly { gross: number; bps: number; commission: number }[] = [
  { gross: 10_00, bps: 500, commission: 50 },
  { gross: 33, bps: 500, commission: 1 }, // 1.65
  { gross: 33, bps: 200, commission: 0 }, // 0.66
  { gross: 9_999_99, bps: 500, commission: 49_999 }, // 49,999.95
  { gross: 45_00, bps: 0, commission: 0 },
  { gross: 0, bps: 500, commission: 0 },
  { gross: -10_00, bps: 500, commission: 0 },
];
