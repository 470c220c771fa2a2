// Back office, area 'markets': endpoints of its console screens (see index.ts for the conventions).
// Exchange markets for the risk desk: the markets list with the liability per runner, a market's book, bets and
// history, and the staff decisions (suspend, resume, settle, void, re-settle) that go through the engine's own code.
// Roles: risk (and admin).
//
// Liability: for each runner, `players_pl` is the sum over players of their matched P&L if that runner wins; the
// house's figure (`house_pl`) is its opposite. `liability` is the house's worst loss over the outcomes (0 when it
// wins whatever happens). Figures are per currency (a market's bets in BDT and INR never net).
import { z } from 'zod';
import { endpoint, money } from '../../endpoint';
import { exchangeLiabilityLimitsSchema, exchangeMarketKind } from '../exchange';
import { staffListQuery, staffPage, staffReason } from './common';

const RISK = ['risk'] as const;
const timestamp = z.string();
const currency = z.enum(['BDT', 'INR', 'PKR']);
const marketParams = z.object({ marketId: z.string().trim().min(1).max(64) });

export const STAFF_MARKET_STATUSES = ['INACTIVE', 'OPEN', 'SUSPENDED', 'CLOSED'] as const;
export const staffMarketStatus = z.enum(STAFF_MARKET_STATUSES);

export const STAFF_MARKET_MESSAGES = {
  unknown: 'Unknown market.',
  settledNoSuspend: 'The market is settled: it cannot be suspended or resumed.',
  notSuspended: 'The market is not suspended by staff.',
  closedNoSuspend: 'The market is closed.',
  winnerRequired: 'Choose the winning runner.',
  runsRequired: 'Enter the settling value (runs).',
  notRunner: 'The winner must be a runner of this market.',
  fancyRuns: 'A Fancy market settles on a value (runs), not a winner.',
} as const;

/** A settlement's result as the wire shows it: a winner (Match Odds, BookMaker), runs (Fancy) or void. */
export const staffMarketResult = z.object({
  winner: z.string().optional(),
  runs: z.number().int().optional(),
  void: z.boolean().optional(),
});
export type StaffMarketResult = z.infer<typeof staffMarketResult>;

export const staffRunnerLiability = z.object({
  selection_id: z.string(),
  name: z.string(),
  /** Sum of the players' matched P&L if this runner wins. */
  players_pl: money,
  /** The house's: the opposite. */
  house_pl: money,
});

/** What staff see of a market's state (list rows and the market page share it). */
const marketState = z.object({
  market_id: z.string(),
  event_id: z.string(),
  event_name: z.string(),
  sport: z.string(),
  kind: z.enum(['MATCH_ODDS', 'BOOKMAKER', 'FANCY']),
  name: z.string(),
  /** What players see (a staff hold included). */
  status: staffMarketStatus,
  /** What the feed says. */
  feed_status: staffMarketStatus,
  inplay: z.boolean(),
  staff_suspended: z.boolean(),
  start_time: timestamp.nullable(),
  /** What was last settled (null: unsettled), and whether staff decided it (final until staff change it). */
  settled_result: staffMarketResult.nullable(),
  staff_result: staffMarketResult.nullable(),
  /** The feed's own result now (may disagree with a staff settlement). */
  feed_result: staffMarketResult.nullable(),
  settle_round: z.number().int(),
  settled_at: timestamp.nullable(),
  void_reason: z.string().nullable(),
});

export const MARKET_SORTABLE = ['start_time', 'liability', 'matched'] as const;

/**
 * GET /api/operator/markets: markets, server-paged, with the book figures in `currency` (default BDT). Filters: sport,
 * kind, status (what players see), inplay, open_bets (true: markets with bets still unsettled), settled. `q` searches
 * the market id, the event and market names. Default order: start time, newest first.
 */
export const staffMarkets = endpoint({
  method: 'GET',
  path: '/api/operator/markets',
  auth: 'staff',
  roles: RISK,
  query: staffListQuery(MARKET_SORTABLE).extend({
    currency: currency.optional().default('BDT'),
    sport: z.string().trim().max(30).optional(),
    kind: z.enum(['MATCH_ODDS', 'BOOKMAKER', 'FANCY']).optional(),
    status: staffMarketStatus.optional(),
    inplay: z.enum(['true', 'false']).optional(),
    open_bets: z.enum(['true', 'false']).optional(),
    settled: z.enum(['settled', 'unsettled']).optional(),
  }),
  response: staffPage(
    marketState.extend({
      currency,
      runners: z.array(staffRunnerLiability),
      /** The house's worst loss over the outcomes (never negative). */
      liability: money,
      matched: money,
      /** Unmatched stake resting or in the bet delay. */
      open: money,
      players: z.number().int(),
      open_bets: z.number().int(),
    }),
  ),
  tags: ['staff'],
});

/** A market's book in one currency. Fancy: `runs` is the players' P&L per settling value instead of runners. */
export const staffMarketBook = z.object({
  currency,
  runners: z.array(staffRunnerLiability),
  runs: z.array(z.object({ runs: z.number().int(), players_pl: money, house_pl: money })),
  liability: money,
  matched: money,
  open: money,
  players: z.number().int(),
  bets: z.number().int(),
});

export const staffMarketHistoryRow = z.object({
  id: z.number().int(),
  at: timestamp,
  source: z.enum(['feed', 'staff']),
  action: z.string(),
  status: z.string().nullable(),
  inplay: z.boolean().nullable(),
  result: staffMarketResult.nullable(),
  operator: z.string().nullable(),
  reason: z.string().nullable(),
});

export const staffMarketDetail = marketState.extend({
  runners: z.array(z.object({ selection_id: z.string(), name: z.string() })),
  fancy: z.object({ selection_id: z.string(), type: z.number().int(), yes: z.number(), no: z.number() }).nullable(),
  books: z.array(staffMarketBook),
  history: z.array(staffMarketHistoryRow),
});
export type StaffMarketDetail = z.infer<typeof staffMarketDetail>;

/** GET /api/operator/markets/{marketId}: the market, its book per currency and its state history (newest first, 200). */
export const staffMarket = endpoint({
  method: 'GET',
  path: '/api/operator/markets/{marketId}',
  auth: 'staff',
  roles: RISK,
  params: marketParams,
  response: staffMarketDetail,
  tags: ['staff'],
});

export const MARKET_BET_SORTABLE = ['placed_at', 'stake', 'matched'] as const;

/** GET /api/operator/markets/{marketId}/bets: the market's bets, server-paged; `q` searches the bet id and username. */
export const staffMarketBets = endpoint({
  method: 'GET',
  path: '/api/operator/markets/{marketId}/bets',
  auth: 'staff',
  roles: RISK,
  params: marketParams,
  query: staffListQuery(MARKET_BET_SORTABLE).extend({
    state: z.enum(['open', 'settled', 'all']).optional().default('all'),
  }),
  response: staffPage(
    z.object({
      id: z.string(),
      player_id: z.number().int(),
      username: z.string(),
      currency: z.string(),
      selection_id: z.string(),
      selection_name: z.string(),
      side: z.enum(['BACK', 'LAY', 'YES', 'NO']),
      /** Decimal odds (Match Odds, BookMaker) or the rate (Fancy). */
      price: z.number(),
      line: z.number().int().nullable(),
      stake: money,
      matched: money,
      open: money,
      status: z.string(),
      /** Returned by a void of the market (records show "Void"). */
      voided: z.boolean(),
      profit: money.nullable(),
      placed_at: timestamp,
      settled_at: timestamp.nullable(),
    }),
  ),
  tags: ['staff'],
});

const actionResponse = z.object({
  /** False: the market already was so (a repeated request changes and moves nothing). */
  changed: z.boolean(),
  message: z.string(),
  market: marketState,
});

/** POST /api/operator/markets/{marketId}/suspend: held SUSPENDED whatever the feed says until staff resume it. */
export const staffSuspendMarket = endpoint({
  method: 'POST',
  path: '/api/operator/markets/{marketId}/suspend',
  auth: 'staff',
  roles: RISK,
  params: marketParams,
  body: z.object({ reason: staffReason }),
  response: actionResponse,
  tags: ['staff'],
});

/** POST /api/operator/markets/{marketId}/resume: lifts the staff suspension; the market takes the feed's status. */
export const staffResumeMarket = endpoint({
  method: 'POST',
  path: '/api/operator/markets/{marketId}/resume',
  auth: 'staff',
  roles: RISK,
  params: marketParams,
  body: z.object({ reason: staffReason }),
  response: actionResponse,
  tags: ['staff'],
});

/**
 * POST /api/operator/markets/{marketId}/settle: closes the market and settles it on `winner` (Match Odds, BookMaker)
 * or `runs` (Fancy) through the engine's settlement. On a settled market with another result it re-settles (money
 * moves by the difference); the same result again changes nothing. Final: the feed's results no longer settle it.
 */
export const staffSettleMarket = endpoint({
  method: 'POST',
  path: '/api/operator/markets/{marketId}/settle',
  auth: 'staff',
  roles: RISK,
  params: marketParams,
  body: z.object({
    reason: staffReason,
    winner: z.string().trim().min(1).max(32).optional(),
    runs: z.number().int().min(0).max(10_000).optional(),
  }),
  response: actionResponse,
  tags: ['staff'],
});

/** POST /api/operator/markets/{marketId}/void: every bet of the market returned (a settled market is re-settled void). */
export const staffVoidMarket = endpoint({
  method: 'POST',
  path: '/api/operator/markets/{marketId}/void',
  auth: 'staff',
  roles: RISK,
  params: marketParams,
  body: z.object({ reason: staffReason }),
  response: actionResponse,
  tags: ['staff'],
});

// --- A player's maximum liability per market kind ------------------------------------------------------

/** Who reads a player's exchange liability limits (the player page) and who sets them. */
export const LIABILITY_LIMIT_READ_ROLES = ['support', 'payments', 'risk'] as const;
export const LIABILITY_LIMIT_SET_ROLES = RISK;

const playerParams = z.object({ id: z.coerce.number().int().positive() });
const liabilityLimitsAnswer = z.object({ currency: z.string(), max_liability: exchangeLiabilityLimitsSchema });

/** GET /api/operator/players/{id}/exchange-limits: the player's maximum liability per market kind (null: none). */
export const staffPlayerLiabilityLimits = endpoint({
  method: 'GET',
  path: '/api/operator/players/{id}/exchange-limits',
  auth: 'staff',
  roles: LIABILITY_LIMIT_READ_ROLES,
  params: playerParams,
  response: liabilityLimitsAnswer,
  tags: ['staff'],
});

/**
 * POST /api/operator/players/{id}/exchange-limits: sets (an amount) or removes (null) the player's maximum liability on
 * one market of a kind, audited with the reason. Bets already placed stay; later bets that would take a market's
 * exposure over the new limit are refused.
 */
export const staffSetPlayerLiabilityLimit = endpoint({
  method: 'POST',
  path: '/api/operator/players/{id}/exchange-limits',
  auth: 'staff',
  roles: LIABILITY_LIMIT_SET_ROLES,
  params: playerParams,
  body: z.object({
    kind: exchangeMarketKind,
    /** Major units, at most 2 decimals, up to 100,000,000.00; null removes the limit. */
    max_liability: money
      .max(16, 'The limit can be at most 100,000,000.00.')
      .refine((v) => !v.startsWith('-'), 'The limit must be 0 or more.')
      .refine((v) => Number(v) <= 100_000_000, 'The limit can be at most 100,000,000.00.')
      .nullable(),
    reason: staffReason,
  }),
  response: liabilityLimitsAnswer.extend({ changed: z.boolean(), message: z.string() }),
  tags: ['staff'],
});
