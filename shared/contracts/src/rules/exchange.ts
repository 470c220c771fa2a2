/**
 * Exchange rules both sides of the wire agree on: bet statuses, stake limits per currency, the refusal texts a
 * bet slip shows, and how a BookMaker rate and a Fancy row turn into a price. Formulas: docs/exchange-rules.md.
 */

export const EXCHANGE_BET_STATUSES = [
  'PENDING',
  'UNMATCHED',
  'PARTIALLY_MATCHED',
  'MATCHED',
  'LAPSED',
  'CANCELLED',
  'WON',
  'LOST',
  'VOID',
] as const;
export type ExchangeBetStatus = (typeof EXCHANGE_BET_STATUSES)[number];

/** Bets that still hold money: in the bet delay, resting, or matched and waiting for the result. */
export const OPEN_BET_STATUSES: readonly ExchangeBetStatus[] = ['PENDING', 'UNMATCHED', 'PARTIALLY_MATCHED', 'MATCHED'];
/** Bets that are over: settled, voided, or never (fully) placed. */
export const SETTLED_BET_STATUSES: readonly ExchangeBetStatus[] = ['WON', 'LOST', 'VOID', 'LAPSED', 'CANCELLED'];

/**
 * The one status a player is shown for a bet, by the API's bet view, the exchange account pages and Betting Records
 * alike: a bet the void of its market returned is VOID (settlement marks its matched bets and the unmatched ones the
 * market's close cancelled); a bet that lapsed or was cancelled before keeps its own status.
 */
export function exchangeShownStatus(status: ExchangeBetStatus, voided: boolean): ExchangeBetStatus {
  return voided ? 'VOID' : status;
}

/** The spec's exchange record status (section 4): "open" while the bet can still change, then WON or LOST (VOID aside). */
export function exchangeRecordStatus(status: ExchangeBetStatus): 'open' | 'WON' | 'LOST' | 'VOID' | 'LAPSED' | 'CANCELLED' {
  return (OPEN_BET_STATUSES as readonly string[]).includes(status) ? 'open' : (status as 'WON' | 'LOST' | 'VOID' | 'LAPSED' | 'CANCELLED');
}

export type ExchangeMarketKind = 'MATCH_ODDS' | 'BOOKMAKER' | 'FANCY';

/**
 * Stake limits per bet by market kind and currency, in major units: what every market's header shows and what the
 * API enforces (local exchanges take 100 at least; house-priced BookMaker and Fancy markets take less at most).
 */
export const EXCHANGE_STAKE_LIMITS: Record<'BDT' | 'INR' | 'PKR', Record<ExchangeMarketKind, { min: number; max: number }>> = {
  BDT: { MATCH_ODDS: { min: 100, max: 500_000 }, BOOKMAKER: { min: 100, max: 100_000 }, FANCY: { min: 100, max: 25_000 } },
  INR: { MATCH_ODDS: { min: 100, max: 500_000 }, BOOKMAKER: { min: 100, max: 100_000 }, FANCY: { min: 100, max: 25_000 } },
  PKR: { MATCH_ODDS: { min: 100, max: 500_000 }, BOOKMAKER: { min: 100, max: 100_000 }, FANCY: { min: 100, max: 25_000 } },
};

/** Stake presets of the bet slip, major units. */
export const EXCHANGE_STAKE_PRESETS = [100, 500, 1000, 5000, 10000, 25000] as const;

/** Seconds a bet that matches on arrival waits in play, by market kind (the feed's own delay wins when it sends one). */
export const DEFAULT_BET_DELAY_SECONDS: Record<ExchangeMarketKind, number> = { MATCH_ODDS: 5, BOOKMAKER: 2, FANCY: 1 };

/** Commission on net winnings per market, basis points (Match Odds 5%; house-priced markets none). */
export const DEFAULT_COMMISSION_BPS: Record<ExchangeMarketKind, number> = { MATCH_ODDS: 500, BOOKMAKER: 0, FANCY: 0 };

/** A BookMaker rate R (per 100, as shown) is sent as the decimal price 1 + R/100. */
export const bookmakerRateToPrice = (rate: number) => (100 + rate) / 100;

/** Fancy tab types whose result is the runs themselves (run lines); 5 Lottery uses the last digit, 6 Odd/Even the parity. */
export const FANCY_RUN_LINE_TYPES = [2, 3, 4] as const;

/**
 * The value a Fancy row settles on: the runs for run lines (Fancy, Ball by Ball, Khadda), the last digit for
 * Lottery (type 5), the parity for Odd/Even (type 6: 1 odd, 0 even). YES wins when the value reaches the YES line;
 * NO wins when it stays below the NO line; between the two both sides lose.
 */
export function fancyValue(type: number, runs: number): number {
  if (type === 5) return runs % 10;
  if (type === 6) return runs % 2;
  return runs;
}

/** What the API answers when it refuses a bet (shown on the bet slip as they are). */
export const EXCHANGE_MESSAGES = {
  idempotencyKeyRequired: 'Idempotency-Key header is required to place a bet.',
  marketNotFound: 'This market is not available.',
  selectionNotFound: 'This selection is not in the market.',
  marketSuspended: 'This market is suspended. Your bet was not placed.',
  selectionSuspended: 'This selection is suspended. Your bet was not placed.',
  ballRunning: 'Ball running: bets are not accepted until the ball is dead.',
  marketClosed: 'This market is closed.',
  marketNotOpen: 'This market is not open for betting yet.',
  pricesUnavailable: 'Prices are unavailable right now. Please try again in a moment.',
  /** The market's queue is full (a burst beyond what it takes): nothing was placed; try again after Retry-After. */
  marketBusy: 'This market is very busy right now. Your bet was not placed: please try again in a moment.',
  priceNotOnLadder: 'This price is not a valid exchange price.',
  rateChanged: 'The rate has changed. Please check the new rate and place your bet again.',
  lineChanged: 'The line has changed. Please check the new line and place your bet again.',
  wrongSide: 'Use BACK or LAY on this market, YES or NO on a Fancy row.',
  // the bet's fields, each refusal naming the field and its rule (placeBetBody)
  sideInvalid: 'Side must be BACK or LAY (Match Odds, BookMaker) or YES or NO (Fancy).',
  stakeNotAmount: 'Stake must be an amount such as 100 or 100.50.',
  stakeNotPositive: 'Stake must be more than 0.',
  stakeDecimals: 'Stake can have at most 2 decimals.',
  priceRange: 'Odds must be a number from 1.01 to 1000.',
  fancyNeedsLine:
    'Line must be the Fancy row’s whole number of runs: YES and NO are Fancy bets (on Match Odds and BookMaker, bet BACK or LAY).',
  rateRange: 'Rate must be a whole number from 1 to 10000.',
  marketIdInvalid: 'Market must be the id of a market (1 to 64 characters).',
  selectionInvalid: 'Selection must be the id of a runner in the market.',
  stakeTooSmall: (min: string, currency: string) => `The minimum stake is ${min} ${currency}.`,
  stakeTooLarge: (max: string, currency: string) => `The maximum stake is ${max} ${currency}.`,
  stakeCannotWin: 'This stake is too small to win anything at this price.',
  /** The player's own maximum liability per market of this kind (set by staff) would be passed. */
  liabilityLimit: (max: string, currency: string) =>
    `This bet would take your liability on this market over your limit of ${max} ${currency}.`,
  insufficientAvailable: 'Not enough available balance for this bet.',
  exchangeBlocked:
    'Your selected section "Exchange" is currently blocked by Your Upline. Please Contact Customer Support for further assistance.',
  betNotFound: 'Bet not found.',
  nothingToCancel: 'This bet has nothing left to cancel.',
  lapsedSuspended: 'The market was suspended during the bet delay.',
  lapsedPriceMoved: 'The price moved during the bet delay.',
  lapsedInPlay: 'Unmatched at the start of play (not kept in play).',
  nothingToCashOut: 'You have no matched position to cash out in this market.',
  cashOutUnavailable: 'Cash out is not available on this market right now.',
  cashOutValueChanged: 'The cash out value changed. Please check the new value.',
  /** Editing an unmatched bet (issue 33): only a Match Odds bet out of its delay with an unmatched part. */
  nothingToEdit: 'This bet has no unmatched part to edit.',
  editPending: 'This bet is in the bet delay and cannot be edited yet.',
  editUnchanged: 'Change the price or the stake to edit this bet.',
  editIdempotencyKeyRequired: 'Idempotency-Key header is required to edit a bet.',
  cashOutSelection: 'You have no position on this selection to cash out.',
} as const;
