// Endpoint schemas of the casino domain (docs/README.md#spec-7). Used by the API routes and the browser client alike.
import { z } from 'zod';
import { endpoint, money, lazy } from '../endpoint';

// --- Launch ---------------------------------------------------------------------

/** Loose flags the original client sends as booleans, 0/1 or strings. */
const looseFlag = z.lazy(() => z.union([z.boolean(), z.number(), z.string().max(8)]).optional());

/**
 * POST /api/game-run: a launch URL of the game provider for the logged-in player.
 * `userId` is the client's remote_id (checked against the token); `externalURL` is where the
 * provider's lobby button leads back to.
 */
export const gameRun = endpoint({
  method: 'POST',
  path: '/api/game-run',
  tags: ['casino'],
  auth: 'bearer',
  summary: 'Launch a game: returns the provider URL for the game frame',
  body: lazy(() =>
    z.object({
      userId: z.union([z.string().max(32), z.number()]).optional(),
      externalURL: z.string().max(2000).optional(),
      isMobileLogin: looseFlag,
      gameCode: z.string().trim().min(1, 'The gameCode field is required.').max(64),
      gameType: z.string().trim().min(1, 'The gameType field is required.').max(32).toUpperCase(),
      platform: z.string().trim().min(1, 'The platform field is required.').max(64),
      /** Language of the game page. */
      lang: z.enum(['en', 'bn']).optional(),
    }),
  ),
  response: lazy(() => z.object({ url: z.string(), message: z.string().optional() })),
  fallbackError: 'An unexpected error occurred',
});

// --- Favourites (per player) --------------------------------------------------------

export const favouritesResponse = z.lazy(() =>
  z.object({
    /** Game codes, most recently favourited first. */
    codes: z.array(z.string()),
  }),
);

export const getGameFavourites = endpoint({
  method: 'GET',
  path: '/api/game-favourites',
  tags: ['casino'],
  auth: 'bearer',
  summary: "The player's favourite game codes",
  response: favouritesResponse,
});

export const addGameFavourite = endpoint({
  method: 'POST',
  path: '/api/game-favourites',
  tags: ['casino'],
  auth: 'bearer',
  body: lazy(() => z.object({ gameCode: z.string().trim().min(1).max(64) })),
  response: favouritesResponse,
});

export const removeGameFavourite = endpoint({
  method: 'DELETE',
  path: '/api/game-favourites/{code}',
  tags: ['casino'],
  auth: 'bearer',
  params: lazy(() => z.object({ code: z.string().min(1).max(64) })),
  response: favouritesResponse,
});

// --- Betting records ------------------------------------------------------------------

/** Spec section 3 "Settled bet", plus the ids a player quotes to support. */
export const settledBetSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    round_id: z.string(),
    platform: z.string(),
    game_type: z.string(),
    game_code: z.string(),
    game_name: z.string(),
    bet_amount: money,
    winAmount: money,
    currency: z.string(),
    created_at: z.string(),
  }),
);
export type SettledBet = z.infer<typeof settledBetSchema>;

export const BETTING_DATE_FILTERS = ['today', 'yesterday', 'last7'] as const;
export type BettingDateFilter = (typeof BETTING_DATE_FILTERS)[number];

/** The tabs of Betting Records (docs/README.md#spec-2): casino rounds (Settled) and exchange bets (Exchange). */
export const BETTING_RECORD_TABS = ['settled', 'exchange'] as const;
export type BettingRecordTab = (typeof BETTING_RECORD_TABS)[number];
/** The Exchange tab's dates: All and Today on screen (docs/README.md#spec-2), and the Settled tab's others. */
export const EXCHANGE_RECORD_DATE_FILTERS = ['all', ...BETTING_DATE_FILTERS] as const;
export type ExchangeRecordDateFilter = (typeof EXCHANGE_RECORD_DATE_FILTERS)[number];

const recordPlatform = z.string().trim().max(64).optional();
const recordGameType = z.string().trim().max(32).toUpperCase().optional();

/** GET /api/betting-record (Settled tab, the default): the player's settled casino rounds. */
export const getBettingRecord = endpoint({
  method: 'GET',
  path: '/api/betting-record',
  tags: ['casino'],
  auth: 'bearer',
  summary: "The player's settled casino rounds (Dhaka calendar days), newest first",
  query: lazy(() =>
    z.object({
      tab: z.literal('settled').optional(),
      platform: recordPlatform,
      game_type: recordGameType,
      date: z.enum(BETTING_DATE_FILTERS).default('today'),
    }),
  ),
  response: lazy(() => z.object({ data: z.array(settledBetSchema) })),
});

/** docs/README.md#spec-3, #spec-4 "Exchange record": one exchange bet as the Exchange tab lists it and "Exchange Record Details" shows it. */
export const exchangeRecordSchema = z.lazy(() =>
  z.object({
    /** The bet's public id (what the player quotes to support). */
    transaction_id: z.string(),
    event_id: z.string(),
    event_name: z.string(),
    sport: z.string(),
    /** The record details' "game type": the market's kind. */
    game_type: z.enum(['MATCH_ODDS', 'BOOKMAKER', 'FANCY']),
    market_id: z.string(),
    market_name: z.string(),
    selection_id: z.string(),
    selection_name: z.string(),
    bet_type: z.enum(['BACK', 'LAY', 'YES', 'NO']),
    stake: money,
    matched_stake: money,
    /** Decimal odds: the average matched price, else the price asked (BookMaker: 1 + rate/100); Fancy: the rate per 100. */
    odds: z.number().nullable(),
    /** Fancy: the line (runs) of the side taken; null otherwise. */
    run: z.number().nullable(),
    potential_profit: money,
    potential_liability: money,
    /**
     * Settled: the bet's profit (negative: loss) less its share of the market's commission (commission is taken per
     * market on the player's net winnings and shared over the winning bets, so a market's records add up to what was
     * paid); 0.00 for a void, lapsed or cancelled bet; null while open.
     */
    net_profit_loss: money.nullable(),
    /** This bet's share of the market's commission. */
    commission: money,
    /** docs/README.md#spec-4: open (processing), WON, LOST; and VOID, LAPSED, CANCELLED for bets that did not stand. */
    status: z.enum(['open', 'WON', 'LOST', 'VOID', 'LAPSED', 'CANCELLED']),
    currency: z.string(),
    /** When the bet was placed (ISO instant; the date filters are Dhaka calendar days). */
    created_at: z.string(),
    settled_at: z.string().nullable(),
  }),
);
export type ExchangeRecord = z.infer<typeof exchangeRecordSchema>;

/** GET /api/betting-record?tab=exchange (Exchange tab): the player's exchange bets, newest first. */
export const getExchangeRecord = endpoint({
  method: 'GET',
  path: '/api/betting-record',
  tags: ['exchange'],
  auth: 'bearer',
  summary: "The player's exchange bets (Dhaka calendar days), newest first",
  query: lazy(() =>
    z.object({
      tab: z.literal('exchange'),
      date: z.enum(EXCHANGE_RECORD_DATE_FILTERS).default('all'),
    }),
  ),
  response: lazy(() => z.object({ data: z.array(exchangeRecordSchema) })),
});

/**
 * The one route the server registers for both tabs: clients call getBettingRecord (Settled) or getExchangeRecord
 * (Exchange). `date` defaults to today on the Settled tab and to all on the Exchange tab; "all" is the Exchange tab's.
 */
export const bettingRecords = endpoint({
  method: 'GET',
  path: '/api/betting-record',
  tags: ['casino', 'exchange'],
  auth: 'bearer',
  summary: "Betting Records: the player's settled casino rounds (tab=settled, default) or exchange bets (tab=exchange), newest first",
  query: lazy(() =>
    z
      .object({
        tab: z.enum(BETTING_RECORD_TABS).default('settled'),
        platform: recordPlatform,
        game_type: recordGameType,
        date: z.enum(EXCHANGE_RECORD_DATE_FILTERS).optional(),
      })
      .refine((q) => q.tab === 'exchange' || q.date !== 'all', {
        message: 'The date filter "all" is for the Exchange tab.',
        path: ['date'],
      }),
  ),
  response: lazy(() => z.union([getExchangeRecord.response, getBettingRecord.response])),
});

/** GET /api/get-type: what the betting-record filter offers (game types and platforms). */
export const getGameTypes = endpoint({
  method: 'GET',
  path: '/api/get-type',
  tags: ['casino'],
  auth: 'bearer',
  response: lazy(() =>
    z.object({
      types: z.array(z.object({ code: z.string(), name: z.string() })),
      platforms: z.array(z.object({ platform: z.string(), name: z.string() })),
    }),
  ),
});

// --- Seamless wallet (the game provider calls the operator) ----------------------------------

/**
 * Status codes of the seamless-wallet protocol (the names aggregators use). Every answer is HTTP 200
 * with one of these, except a bad signature (401, INVALID_SIGNATURE) and malformed JSON (400, WRONG_SYNTAX).
 */
export const SEAMLESS_STATUSES = [
  'OK',
  'UNKNOWN',
  'INVALID_PARTNER',
  'INVALID_SIGNATURE',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'INVALID_GAME',
  'WRONG_CURRENCY',
  'USER_DISABLED',
  'NOT_ENOUGH_MONEY',
  'DUPLICATE_TRANSACTION',
  'TRANSACTION_DOES_NOT_EXIST',
  'TRANSACTION_ROLLED_BACK',
  'LIMIT_REACHED',
  'WRONG_SYNTAX',
] as const;
export type SeamlessStatus = (typeof SEAMLESS_STATUSES)[number];

/** Header carrying hex HMAC-SHA256 (provider's shared secret) of method, path, X-Timestamp and raw body: `signCall` of @khela/contracts/signing. */
export const SEAMLESS_SIGNATURE_HEADER = 'x-signature';
export const SEAMLESS_ACTIONS = ['authenticate', 'balance', 'bet', 'win', 'rollback'] as const;
export type SeamlessAction = (typeof SEAMLESS_ACTIONS)[number];

const positiveMoney = z
  .string()
  .max(20)
  .regex(/^\d+(\.\d{1,2})?$/)
  .refine((v) => Number(v) > 0, 'Amount must be positive');
const nonNegativeMoney = z
  .string()
  .max(20)
  .regex(/^\d+(\.\d{1,2})?$/);
const id64 = z.string().trim().min(1).max(64);
const seamlessUser = z.string().max(64);
const gameCode = z.string().min(1).max(64);
const currencyCode = z.string().max(8);

const seamlessBase = z.object({ request_uuid: id64, token: z.string().min(1).max(200) });

export const seamlessRequests = {
  authenticate: seamlessBase.extend({ game_code: z.string().max(64).optional() }),
  balance: seamlessBase.extend({ user: seamlessUser, game_code: z.string().max(64).optional() }),
  bet: seamlessBase.extend({
    user: seamlessUser,
    transaction_uuid: id64,
    round: id64,
    round_closed: z.boolean().default(false),
    game_code: gameCode,
    amount: positiveMoney,
    currency: currencyCode,
  }),
  /** A win of 0 closes a lost round. */
  win: seamlessBase.extend({
    user: seamlessUser,
    transaction_uuid: id64,
    reference_transaction_uuid: id64,
    round: id64,
    round_closed: z.boolean().default(true),
    game_code: gameCode,
    amount: nonNegativeMoney,
    currency: currencyCode,
  }),
  /** Cancels a bet (the reference); the stake goes back to the player. */
  rollback: seamlessBase.extend({
    user: seamlessUser,
    transaction_uuid: id64,
    reference_transaction_uuid: id64,
    round: id64,
    round_closed: z.boolean().default(true),
    game_code: gameCode,
  }),
} as const;
export type SeamlessRequest<A extends SeamlessAction> = z.infer<(typeof seamlessRequests)[A]>;

export const seamlessResponse = z.lazy(() =>
  z.object({
    status: z.enum(SEAMLESS_STATUSES),
    request_uuid: z.string().optional(),
    user: z.string().optional(),
    username: z.string().optional(),
    currency: z.string().optional(),
    /** Balance after the call (also sent with NOT_ENOUGH_MONEY). */
    balance: money.optional(),
    transaction_uuid: z.string().optional(),
    message: z.string().optional(),
  }),
);
export type SeamlessResponse = z.infer<typeof seamlessResponse>;

/**
 * The game provider's catalogue (`GET {provider}/api/games`, a signed partner call): each game with the URL of the
 * art the studio gives for it. The API mirrors the art into its storage (casino/provider-art.ts).
 */
export const providerCatalogue = z.lazy(() =>
  z.object({
    games: z
      .array(z.object({ game_code: z.string().min(1).max(100), name: z.string().max(200), thumbnail: z.string().url().nullable() }))
      .max(5000),
  }),
);
export type ProviderCatalogue = z.infer<typeof providerCatalogue>;
