// Endpoint schemas of the exchange domain (docs/README.md#spec-7) and the shapes of the separate odds host.
import { z } from 'zod';
import { endpoint, money, lazy } from '../endpoint';
import { EXCHANGE_MESSAGES } from '../rules/exchange';

/** GET /api/exchange-hub: where the browser reads odds from (the sandbox stand-in until a real feed is configured). */
export const exchangeHub = endpoint({
  method: 'GET',
  path: '/api/exchange-hub',
  auth: 'bearer',
  tags: ['exchange'],
  summary: 'Base URL of the exchange odds host',
  response: lazy(() => z.object({ data: z.object({ odds_url: z.string() }) })),
});

export const EXCHANGE_SPORTS = ['cricket', 'soccer', 'tennis'] as const;
export type ExchangeSport = (typeof EXCHANGE_SPORTS)[number];

/* ---- The odds host (docs/README.md#spec-3 and #spec-7). Feeds send numbers or numeric strings; both are accepted. ---- */

const num = z.lazy(() => z.union([z.number(), z.string()]).transform((v) => Number(v)));
const flag01 = z.lazy(() => z.union([z.number(), z.string(), z.boolean()]).transform((v) => Number(v) === 1 || v === true));

/** GET {odds}/api/sports-events/{sport}: one item per event. */
export const sportsEventSchema = z.lazy(() =>
  z.object({
    EventId: z.union([z.string(), z.number()]).transform(String),
    MarketId: z.union([z.string(), z.number()]).transform(String),
    Event: z.string(),
    Fancy: flag01.optional().default(false),
    Bookmaker: flag01.optional().default(false),
    sport: z.string().optional(),
    OpenDate: z.string().optional(),
    inplay: z.boolean().optional().default(false),
  }),
);
export type SportsEvent = z.infer<typeof sportsEventSchema>;
export const sportsEventsSchema = z.lazy(() => z.array(sportsEventSchema));

const priceSize = z.lazy(() => z.object({ price: num, size: num }));
export type PriceSize = z.infer<typeof priceSize>;

/** GET {odds}/api/match-odds/{marketId}: an array; the first item is the market. */
export const matchOddsSchema = z.lazy(() =>
  z.array(
    z.object({
      marketId: z.string().optional(),
      inplay: z.boolean().optional().default(false),
      status: z.string().optional(),
      runners: z.array(
        z.object({
          selectionId: z.union([z.string(), z.number()]).optional(),
          SelectionName: z.string(),
          ex: z.object({ availableToBack: z.array(priceSize), availableToLay: z.array(priceSize) }),
        }),
      ),
    }),
  ),
);
export type MatchOdds = z.infer<typeof matchOddsSchema>;

export const fancyRowSchema = z.object({
  title: z.string(),
  /** Tab type of docs/README.md#spec-2: 2 Fancy, 3 Ball by Ball, 4 Khadda, 5 Lottery, 6 Odd/Even (1 is the All tab); absent means Fancy. */
  type: z.union([z.number(), z.string()]).transform(Number).optional(),
  suspended: num.optional().default(0),
  ball_running: num.optional().default(0),
  no: num,
  no_rate: num,
  yes: num,
  yes_rate: num,
});
export type FancyRow = z.infer<typeof fancyRowSchema>;

export const bookmakerRunnerSchema = z.object({
  runner: z.string(),
  backPrice: num,
  layPrice: num,
  suspended: num.optional().default(0),
  ball_running: num.optional().default(0),
});
export type BookmakerRunner = z.infer<typeof bookmakerRunnerSchema>;

/** GET {odds}/api/event/{eventId}: data.items[eventId] with fancy2 rows and a bookmaker map. */
export const eventDetailSchema = z.lazy(() =>
  z.object({
    data: z.object({
      items: z.record(
        z.string(),
        z.object({
          fancy2: z.array(fancyRowSchema).optional().default([]),
          bookmaker: z
            .record(z.string(), z.object({ runners: z.array(bookmakerRunnerSchema) }))
            .optional()
            .default({}),
        }),
      ),
    }),
  }),
);
export type EventDetail = z.infer<typeof eventDetailSchema>;

/* ---- The exchange's own API: bets, positions, cash-out (issue "The exchange engine"). ---- */

const stakeInput = z.lazy(() =>
  z
    .union([z.string().max(20), z.number()], { error: EXCHANGE_MESSAGES.stakeNotAmount })
    .transform(String)
    .pipe(
      z
        .string()
        // checked in this order; the first that fails is the message the player reads
        .refine((v) => !v.trim().startsWith('-'), EXCHANGE_MESSAGES.stakeNotPositive)
        .regex(/^\d+(\.\d+)?$/, EXCHANGE_MESSAGES.stakeNotAmount)
        .regex(/^\d+(\.\d{1,2})?$/, EXCHANGE_MESSAGES.stakeDecimals),
    ),
);
const selectionInput = z.lazy(() =>
  z.union([z.string().min(1).max(64), z.number().int()], { error: EXCHANGE_MESSAGES.selectionInvalid }).transform(String),
);
const marketIdInput = z
  .string({ error: EXCHANGE_MESSAGES.marketIdInvalid })
  .min(1, EXCHANGE_MESSAGES.marketIdInvalid)
  .max(64, EXCHANGE_MESSAGES.marketIdInvalid);

/** Match Odds and BookMaker: `price` is decimal (a BookMaker rate R is sent as 1 + R/100). */
export const placeExchangeOrderBody = z.lazy(() =>
  z.object({
    market_id: marketIdInput,
    selection_id: selectionInput,
    side: z.enum(['BACK', 'LAY']),
    price: z
      .number({ error: EXCHANGE_MESSAGES.priceRange })
      .min(1.01, EXCHANGE_MESSAGES.priceRange)
      .max(1000, EXCHANGE_MESSAGES.priceRange),
    stake: stakeInput,
    persistence: z.enum(['LAPSE', 'PERSIST']).optional(),
  }),
);
/** Fancy: the line and rate of the side taken, as shown (YES line and rate, or NO line and rate). */
export const placeFancyBetBody = z.lazy(() =>
  z.object({
    market_id: marketIdInput,
    selection_id: selectionInput.optional(),
    side: z.enum(['YES', 'NO']),
    line: z
      .number({ error: EXCHANGE_MESSAGES.fancyNeedsLine })
      .int(EXCHANGE_MESSAGES.fancyNeedsLine)
      .min(0, EXCHANGE_MESSAGES.fancyNeedsLine),
    rate: z
      .number({ error: EXCHANGE_MESSAGES.rateRange })
      .int(EXCHANGE_MESSAGES.rateRange)
      .min(1, EXCHANGE_MESSAGES.rateRange)
      .max(10_000, EXCHANGE_MESSAGES.rateRange),
    stake: stakeInput,
  }),
);
/** The side says which: BACK/LAY an order on Match Odds or BookMaker, YES/NO a Fancy bet (each refusal names its field). */
export const placeBetBody = z.lazy(() =>
  z.discriminatedUnion('side', [placeExchangeOrderBody, placeFancyBetBody], {
    error: EXCHANGE_MESSAGES.sideInvalid,
  }),
);
export type PlaceBetBody = z.input<typeof placeBetBody>;

export const exchangeBetSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    market_id: z.string(),
    market_name: z.string(),
    market_kind: z.enum(['MATCH_ODDS', 'BOOKMAKER', 'FANCY']),
    event_id: z.string(),
    event_name: z.string(),
    selection_id: z.string(),
    selection_name: z.string(),
    side: z.enum(['BACK', 'LAY', 'YES', 'NO']),
    /** Decimal price asked (Fancy: null). */
    price: z.number().nullable(),
    /** Fancy: the line and rate taken. */
    line: z.number().nullable(),
    rate: z.number().nullable(),
    stake: money,
    matched_stake: money,
    unmatched_stake: money,
    /** Average matched decimal price (null before any match). */
    avg_price: z.number().nullable(),
    status: z.enum(['PENDING', 'UNMATCHED', 'PARTIALLY_MATCHED', 'MATCHED', 'LAPSED', 'CANCELLED', 'WON', 'LOST', 'VOID']),
    persistence: z.enum(['LAPSE', 'PERSIST']),
    /** Why a bet lapsed (suspended or price moved during the delay, turn in-play). */
    reason: z.string().nullable(),
    /** What the bet wins / risks: on its matched part, or on the whole stake at the price asked while nothing matched. */
    potential_profit: money,
    potential_liability: money,
    /** Settled: profit (negative: loss) before commission. */
    profit_loss: money.nullable(),
    placed_at: z.string(),
    /** PENDING: when the bet delay ends. */
    delay_until: z.string().nullable(),
    settled_at: z.string().nullable(),
  }),
);
export type ExchangeBetView = z.infer<typeof exchangeBetSchema>;

const betAnswer = z.object({ bet: exchangeBetSchema, balance: money, available: money, exposure: money });

/** POST /api/exchange/bets (Idempotency-Key header required). */
export const placeExchangeBet = endpoint({
  method: 'POST',
  path: '/api/exchange/bets',
  auth: 'bearer',
  tags: ['exchange'],
  summary: 'Place a back/lay (Match Odds, BookMaker) or YES/NO (Fancy) bet',
  body: placeBetBody,
  response: betAnswer,
});

/**
 * POST /api/exchange/markets/{marketId}/bets: the same bet, body and answer as POST /api/exchange/bets, with the
 * market in the path so a load balancer can send a market's bets to the process that writes it (nginx hashes on the
 * market id in cluster mode). The body's market_id must be the path's (422 otherwise). Idempotency-Key required.
 */
export const placeExchangeMarketBet = endpoint({
  method: 'POST',
  path: '/api/exchange/markets/{marketId}/bets',
  auth: 'bearer',
  tags: ['exchange'],
  summary: "Place a bet on a market (the market's writer's route; same body and answer as POST /api/exchange/bets)",
  params: lazy(() => z.object({ marketId: marketIdInput })),
  body: placeBetBody,
  response: betAnswer,
});

/** DELETE /api/exchange/bets/{id}: cancels the unmatched remainder. */
export const cancelExchangeBet = endpoint({
  method: 'DELETE',
  path: '/api/exchange/bets/{id}',
  auth: 'bearer',
  tags: ['exchange'],
  params: lazy(() => z.object({ id: z.string().min(1).max(40) })),
  response: betAnswer,
});

/**
 * PATCH /api/exchange/bets/{id} (issue 33; Idempotency-Key required, one per edit): edits the unmatched part of a
 * Match Odds bet out of its delay, Betfair's way. `stake` is the new UNMATCHED stake (a partly matched bet's matched
 * part stands). A lower stake at the same price keeps the bet and its place in the queue (its unmatched part shrinks);
 * a new price or a higher stake cancels the unmatched part and places a new bet at the back of the queue (Betfair's
 * replaceOrders), which may match at once (in play it waits the bet delay like any bet that would match). Answers the
 * resulting bet (`bet`) and, for a replacement, the old one (`replaced`, its unmatched part cancelled).
 */
export const editExchangeBet = endpoint({
  method: 'PATCH',
  path: '/api/exchange/bets/{id}',
  auth: 'bearer',
  tags: ['exchange'],
  summary: "Edit an unmatched bet's price or stake (a stake decrease keeps its queue position)",
  params: lazy(() => z.object({ id: z.string().min(1).max(40) })),
  body: lazy(() =>
    z
      .object({
        price: z
          .number({ error: EXCHANGE_MESSAGES.priceRange })
          .min(1.01, EXCHANGE_MESSAGES.priceRange)
          .max(1000, EXCHANGE_MESSAGES.priceRange)
          .optional(),
        stake: stakeInput.optional(),
      })
      .refine((b) => b.price !== undefined || b.stake !== undefined, EXCHANGE_MESSAGES.editUnchanged),
  ),
  response: lazy(() => betAnswer.extend({ replaced: exchangeBetSchema.nullable() })),
});

const cancelAllAnswer = z.lazy(() =>
  z.object({
    /** The bets whose unmatched part was cancelled (a partly matched one now shows MATCHED). */
    cancelled: z.array(exchangeBetSchema),
    balance: money,
    available: money,
    exposure: money,
  }),
);
const cancelAllBody = z.lazy(() => z.object({ market_id: marketIdInput.optional() }).optional().default({}));

/**
 * POST /api/exchange/bets/cancel-all: cancels the unmatched part of every open bet of the player, in one market
 * (`market_id`) or everywhere (bets in the bet delay are not in the book yet and stay). Nothing to cancel is not an
 * error: `cancelled` is empty.
 */
export const cancelAllExchangeBets = endpoint({
  method: 'POST',
  path: '/api/exchange/bets/cancel-all',
  auth: 'bearer',
  tags: ['exchange'],
  summary: 'Cancel every unmatched bet, in one market or everywhere',
  body: cancelAllBody,
  response: cancelAllAnswer,
});

/** POST /api/exchange/markets/{marketId}/bets/cancel-all: the same for one market (the market writer's route). */
export const cancelAllExchangeMarketBets = endpoint({
  method: 'POST',
  path: '/api/exchange/markets/{marketId}/bets/cancel-all',
  auth: 'bearer',
  tags: ['exchange'],
  summary: "Cancel every unmatched bet of the player in one market (the market writer's route)",
  params: lazy(() => z.object({ marketId: marketIdInput })),
  body: cancelAllBody,
  response: cancelAllAnswer,
});

/** GET /api/exchange/bets?status=open|settled&market_id=&page= */
export const listExchangeBets = endpoint({
  method: 'GET',
  path: '/api/exchange/bets',
  auth: 'bearer',
  tags: ['exchange'],
  query: lazy(() =>
    z.object({
      status: z.enum(['open', 'settled', 'all']).optional().default('open'),
      market_id: z.string().max(64).optional(),
      page: z.coerce.number().int().min(1).optional().default(1),
      per_page: z.coerce.number().int().min(1).max(200).optional().default(50),
    }),
  ),
  response: lazy(() => z.object({ data: z.array(exchangeBetSchema), page: z.number(), last_page: z.number(), total: z.number() })),
});

export const exchangeRunnerPositionSchema = z.lazy(() =>
  z.object({
    selection_id: z.string(),
    selection_name: z.string(),
    /** Profit (negative: loss) if this runner wins, matched bets only. */
    profit_loss: money,
    /** The same with unmatched orders at their worst. */
    worst: money,
  }),
);

/** GET /api/exchange/markets/{marketId}/position */
export const exchangeMarketPosition = endpoint({
  method: 'GET',
  path: '/api/exchange/markets/{marketId}/position',
  auth: 'bearer',
  tags: ['exchange'],
  params: lazy(() => z.object({ marketId: marketIdInput })),
  response: lazy(() =>
    z.object({
      market_id: z.string(),
      kind: z.enum(['MATCH_ODDS', 'BOOKMAKER', 'FANCY']),
      currency: z.string(),
      /** Match Odds and BookMaker: per runner. */
      runners: z.array(exchangeRunnerPositionSchema),
      /** Fancy: profit per settling value (runs, last digit or parity) around the lines; values outside repeat the ends. */
      runs: z.array(z.object({ runs: z.number(), profit_loss: money })),
      exposure: money,
    }),
  ),
});

/** The market as the API sees it (from the feed): status and what a bet would be checked against; Match Odds depth in the player's currency (BDT for visitors). */
export const exchangeMarketState = endpoint({
  method: 'GET',
  path: '/api/exchange/markets/{marketId}',
  auth: 'optional',
  tags: ['exchange'],
  params: lazy(() => z.object({ marketId: marketIdInput })),
  response: lazy(() =>
    z.object({
      market_id: z.string(),
      event_id: z.string(),
      event_name: z.string(),
      sport: z.string(),
      kind: z.enum(['MATCH_ODDS', 'BOOKMAKER', 'FANCY']),
      name: z.string(),
      status: z.enum(['INACTIVE', 'OPEN', 'SUSPENDED', 'CLOSED']),
      inplay: z.boolean(),
      ball_running: z.boolean(),
      bet_delay: z.number(),
      version: z.number(),
      commission_percent: z.number(),
      runners: z.array(
        z.object({
          selection_id: z.string(),
          name: z.string(),
          status: z.string(),
          suspended: z.boolean(),
          /** Match Odds: best prices with sizes (feed and players' resting orders); BookMaker: back/lay rates per 100. */
          back: z.array(z.object({ price: z.number(), size: money })),
          lay: z.array(z.object({ price: z.number(), size: money })),
          back_rate: z.number().nullable(),
          lay_rate: z.number().nullable(),
        }),
      ),
      fancy: z
        .object({ selection_id: z.string(), type: z.number(), no: z.number(), no_rate: z.number(), yes: z.number(), yes_rate: z.number() })
        .nullable(),
      result: z.object({ winner: z.string().optional(), runs: z.number().optional() }).nullable(),
      voided: z.boolean(),
      /** False while the API's odds feed is down: the prices shown may be stale and no bet is taken ("prices unavailable"). */
      prices_available: z.boolean().optional(),
      /** Match Odds: the backers' stakes matched on the market so far in the viewer's currency (each matched pair once). */
      total_matched: money.optional(),
    }),
  ),
});

export const cashOutHedgeSchema = z.lazy(() =>
  z.object({
    selection_id: z.string(),
    side: z.enum(['BACK', 'LAY']),
    price: z.number(),
    stake: money,
  }),
);

/** POST /api/exchange/markets/{marketId}/cash-out: `{}` quotes; `{ take: true }` places the hedging bets. */
export const exchangeCashOut = endpoint({
  method: 'POST',
  path: '/api/exchange/markets/{marketId}/cash-out',
  auth: 'bearer',
  tags: ['exchange'],
  params: lazy(() => z.object({ marketId: marketIdInput })),
  body: lazy(() =>
    z
      .object({
        take: z.boolean().optional().default(false),
        /** Per selection (issue 33): green up only this runner's own bets; absent: every runner of the market. */
        selection_id: selectionInput.optional(),
        /** Partial cash-out: hedge this share of the position (25, 50, 75, 100 or any whole percent); default 100. */
        percent: z.number().int().min(1).max(100).optional(),
        /** Refuse to take when the cash-out value fell below this amount since the quote. */
        min_value: z
          .string()
          .max(20)
          .regex(/^-?\d+(\.\d{1,2})?$/, 'An amount with at most 2 decimals')
          .optional(),
      })
      .optional()
      .default({ take: false }),
  ),
  response: lazy(() =>
    z.object({
      market_id: z.string(),
      /** The profit (negative: loss) locked whatever wins, once the hedges match (partial: that share of the whole value). */
      value: money,
      /** What was cashed out: one runner's bets or the whole market (null), and the share. */
      selection_id: z.string().nullable().optional(),
      percent: z.number().optional(),
      hedges: z.array(cashOutHedgeSchema),
      /** The position after the hedges, per runner: profit (negative: loss) if it wins, matched bets only. */
      runners: z.array(z.object({ selection_id: z.string(), profit_loss: money })).optional(),
      bets: z.array(exchangeBetSchema),
      balance: money,
      available: money,
      exposure: money,
    }),
  ),
});

/* ---- The exchange account (issue "The exchange for players"): pins, profit & loss, activity, results. ---- */

export const exchangePinSchema = z.lazy(() =>
  z.object({
    event_id: z.string().min(1).max(64),
    market_id: marketIdInput,
    name: z.string().max(200),
    sport: z.enum(EXCHANGE_SPORTS),
  }),
);
export type ExchangePin = z.infer<typeof exchangePinSchema>;

/** GET /api/exchange/pins: the player's Multi Markets, oldest first (kept on the server: they follow the player). */
export const listExchangePins = endpoint({
  method: 'GET',
  path: '/api/exchange/pins',
  auth: 'bearer',
  tags: ['exchange'],
  response: lazy(() => z.object({ data: z.array(exchangePinSchema) })),
});

/** PUT /api/exchange/pins: pin a market (pinning it again changes nothing). At most 30 pins. */
export const addExchangePin = endpoint({
  method: 'PUT',
  path: '/api/exchange/pins',
  auth: 'bearer',
  tags: ['exchange'],
  body: exchangePinSchema,
  response: lazy(() => z.object({ data: z.array(exchangePinSchema) })),
});

/** DELETE /api/exchange/pins/{marketId} */
export const removeExchangePin = endpoint({
  method: 'DELETE',
  path: '/api/exchange/pins/{marketId}',
  auth: 'bearer',
  tags: ['exchange'],
  params: lazy(() => z.object({ marketId: marketIdInput })),
  response: lazy(() => z.object({ data: z.array(exchangePinSchema) })),
});

const dhakaDay = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD');

/** GET /api/exchange/profit-loss?from&to&group=day|sport|market: settled markets in Dhaka days [from, to], commission shown. */
export const exchangeProfitLoss = endpoint({
  method: 'GET',
  path: '/api/exchange/profit-loss',
  auth: 'bearer',
  tags: ['exchange'],
  query: lazy(() =>
    z.object({
      from: dhakaDay.optional(),
      to: dhakaDay.optional(),
      group: z.enum(['day', 'sport', 'market']).optional().default('day'),
    }),
  ),
  response: lazy(() =>
    z.object({
      currency: z.string(),
      from: z.string(),
      to: z.string(),
      rows: z.array(
        z.object({
          /** The Dhaka day (YYYY-MM-DD), the sport, or the market id, by `group`. */
          key: z.string(),
          /** What the row shows: the day, the sport, or "event — market". */
          label: z.string(),
          markets: z.number(),
          gross: money,
          commission: money,
          net: money,
        }),
      ),
      total: z.object({ gross: money, commission: money, net: money }),
    }),
  ),
});

export const EXCHANGE_NOTICE_KINDS = ['matched', 'partial', 'unmatched', 'lapsed', 'cancelled', 'won', 'lost', 'void'] as const;
export type ExchangeNoticeKind = (typeof EXCHANGE_NOTICE_KINDS)[number];

/** One bet-outcome notification: what happened, and the bet as it was then (matched part, P&L, reason). */
export const exchangeNoticeSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    kind: z.enum(EXCHANGE_NOTICE_KINDS),
    read: z.boolean(),
    created_at: z.string(),
    bet: exchangeBetSchema,
  }),
);
export type ExchangeNotice = z.infer<typeof exchangeNoticeSchema>;

/** GET /api/exchange/notices?page: the player's bet-outcome notifications (the bell), newest first, with the unread count. */
export const listExchangeNotices = endpoint({
  method: 'GET',
  path: '/api/exchange/notices',
  auth: 'bearer',
  tags: ['exchange'],
  query: lazy(() =>
    z.object({
      page: z.coerce.number().int().min(1).optional().default(1),
      per_page: z.coerce.number().int().min(1).max(50).optional().default(20),
    }),
  ),
  response: lazy(() =>
    z.object({
      data: z.array(exchangeNoticeSchema),
      unread: z.number(),
      page: z.number(),
      last_page: z.number(),
      total: z.number(),
    }),
  ),
});

/** POST /api/exchange/notices/read: marks the notices given as read (none given: every one); answers the unread count. */
export const readExchangeNotices = endpoint({
  method: 'POST',
  path: '/api/exchange/notices/read',
  auth: 'bearer',
  tags: ['exchange'],
  body: lazy(() =>
    z.object({
      ids: z
        .array(
          z
            .string()
            .max(18)
            .regex(/^\d{1,18}$/),
        )
        .max(100)
        .optional(),
    }),
  ),
  response: lazy(() => z.object({ unread: z.number() })),
});

export const EXCHANGE_ACTIVITY_KINDS = ['login', 'bet', 'cancel', 'cash_out', 'lapse', 'settled'] as const;

/** GET /api/exchange/activity?page: log-ins, bets, cancels, cash-outs, lapses and settlements, newest first. */
export const exchangeActivity = endpoint({
  method: 'GET',
  path: '/api/exchange/activity',
  auth: 'bearer',
  tags: ['exchange'],
  query: lazy(() => z.object({ page: z.coerce.number().int().min(1).optional().default(1) })),
  response: lazy(() =>
    z.object({
      data: z.array(
        z.object({
          kind: z.enum(EXCHANGE_ACTIVITY_KINDS),
          at: z.string(),
          /** A short line for the log, e.g. "BACK Bangladesh @ 2.5 for 100.00". */
          detail: z.string(),
          bet_id: z.string().nullable(),
          market_id: z.string().nullable(),
        }),
      ),
      page: z.number(),
      last_page: z.number(),
    }),
  ),
});

/** GET /api/exchange/results?sport: settled Match Odds markets with their winners, newest first (In-Play Result tab). */
export const exchangeResults = endpoint({
  method: 'GET',
  path: '/api/exchange/results',
  auth: 'optional',
  tags: ['exchange'],
  query: lazy(() => z.object({ sport: z.enum(EXCHANGE_SPORTS).optional() })),
  response: lazy(() =>
    z.object({
      data: z.array(
        z.object({
          event_id: z.string(),
          event_name: z.string(),
          sport: z.string(),
          market_id: z.string(),
          market_name: z.string(),
          /** The winner's name; null when the market was voided. */
          winner: z.string().nullable(),
          voided: z.boolean(),
          settled_at: z.string(),
        }),
      ),
    }),
  ),
});

/** The three market kinds with a per-player maximum liability (and the per-bet stake limits). */
export const exchangeMarketKind = z.enum(['MATCH_ODDS', 'BOOKMAKER', 'FANCY']);

/**
 * A player's maximum liability per market of each kind (set by risk staff; null: none): the most the player may stand
 * to lose on any one market of that kind. A bet that would take the market's exposure over it is refused
 * (EXCHANGE_MESSAGES.liabilityLimit, code liability_limit); a bet that lowers the exposure is never refused for it.
 */
export const exchangeLiabilityLimitsSchema = z.lazy(() =>
  z.object({
    MATCH_ODDS: money.nullable(),
    BOOKMAKER: money.nullable(),
    FANCY: money.nullable(),
  }),
);
export type ExchangeLiabilityLimits = z.infer<typeof exchangeLiabilityLimitsSchema>;

/** GET /api/exchange/limits: the player's own maximum liability per market kind (shown in the bet slip). */
export const exchangeLimits = endpoint({
  method: 'GET',
  path: '/api/exchange/limits',
  auth: 'bearer',
  tags: ['exchange'],
  response: lazy(() => z.object({ currency: z.string(), max_liability: exchangeLiabilityLimitsSchema })),
});
