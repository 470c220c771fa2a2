// The odds feed's stream and control API (the sandbox's /odds host; a real feed adapter speaks the same shapes to the API).
// Not API endpoints: the feed is a separate host. The API's relay parses the stream with these schemas.
import { z } from 'zod';

export const FEED_MARKET_KINDS = ['MATCH_ODDS', 'BOOKMAKER', 'FANCY'] as const;
export type FeedMarketKind = (typeof FEED_MARKET_KINDS)[number];
export const FEED_MARKET_STATUSES = ['INACTIVE', 'OPEN', 'SUSPENDED', 'CLOSED'] as const;
export type FeedMarketStatus = (typeof FEED_MARKET_STATUSES)[number];

const id = z.string().min(1).max(64);

export const feedPriceSizeSchema = z.lazy(() => z.object({ price: z.number().positive(), size: z.number().nonnegative() }));
export type FeedPriceSize = z.infer<typeof feedPriceSizeSchema>;

/** A Match Odds or BookMaker runner. Match Odds: back/lay are decimal ladder prices with sizes, best first. BookMaker: rates per 100. */
export const feedRunnerSchema = z.lazy(() =>
  z.object({
    selectionId: z.number().int(),
    name: z.string().max(200),
    status: z.enum(['ACTIVE', 'WINNER', 'LOSER', 'REMOVED']),
    /** Runner-level suspension (BookMaker rows such as The Draw). */
    suspended: z.boolean(),
    back: z.array(feedPriceSizeSchema),
    lay: z.array(feedPriceSizeSchema),
    /** BookMaker only: the rates per 100 shown (45 = decimal 1.45); null when not offered. */
    backRate: z.number().nullable().optional(),
    layRate: z.number().nullable().optional(),
  }),
);
export type FeedRunner = z.infer<typeof feedRunnerSchema>;

/** A Fancy row (one row = one market with one selection). Lines in runs, rates per 100. */
export const feedFancySchema = z.lazy(() =>
  z.object({
    selectionId: z.number().int(),
    /** Tab type of docs/README.md#spec-2: 2 Fancy, 3 Ball by Ball, 4 Khadda, 5 Lottery, 6 Odd/Even. */
    type: z.number().int().min(2).max(6),
    no: z.number(),
    noRate: z.number(),
    yes: z.number(),
    yesRate: z.number(),
  }),
);
export type FeedFancy = z.infer<typeof feedFancySchema>;

export const feedResultSchema = z.lazy(() => z.object({ winner: z.number().int().optional(), runs: z.number().int().optional() }));

/** The full state of one market; stream deltas carry whole markets (conflated per market). */
export const feedMarketSchema = z.lazy(() =>
  z.object({
    marketId: id,
    eventId: id,
    sport: z.enum(['cricket', 'soccer', 'tennis']),
    kind: z.enum(FEED_MARKET_KINDS),
    name: z.string().max(200),
    status: z.enum(FEED_MARKET_STATUSES),
    inplay: z.boolean(),
    /** Suspended for the delivery in progress (Fancy and BookMaker). */
    ballRunning: z.boolean(),
    /** Price movement stopped by the control API. */
    frozen: z.boolean(),
    /** Seconds a matching in-play bet waits (Match Odds 5, BookMaker 2, Fancy 1). */
    betDelay: z.number(),
    runners: z.array(feedRunnerSchema),
    fancy: feedFancySchema.nullable(),
    result: feedResultSchema.nullable(),
    voided: z.boolean(),
    /** Bumped on every change of this market. */
    version: z.number().int(),
  }),
);
export type FeedMarket = z.infer<typeof feedMarketSchema>;

export const feedEventSchema = z.lazy(() =>
  z.object({
    eventId: id,
    sport: z.enum(['cricket', 'soccer', 'tennis']),
    name: z.string().max(200),
    openDate: z.string().max(40),
    inplay: z.boolean(),
    marketIds: z.array(id),
  }),
);
export type FeedEvent = z.infer<typeof feedEventSchema>;

export const FEED_CHANGE_REASONS = [
  'tick',
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
export type FeedChangeReason = (typeof FEED_CHANGE_REASONS)[number];

/** Stream messages (NDJSON lines of GET {odds}/stream). `clk` orders deltas; `pt` is the feed's publish time (ms). */
export const feedImageSchema = z.lazy(() =>
  z.object({
    op: z.literal('img'),
    clk: z.number().int(),
    pt: z.number(),
    events: z.array(feedEventSchema),
    markets: z.array(feedMarketSchema),
  }),
);
export const feedDeltaSchema = z.lazy(() =>
  z.object({
    op: z.literal('mcm'),
    clk: z.number().int(),
    pt: z.number(),
    reason: z.enum(FEED_CHANGE_REASONS),
    mc: z.array(feedMarketSchema),
    /** Set when a slow reader was sent the latest state of each changed market instead of every delta (reason is the last one's). */
    con: z.boolean().optional(),
  }),
);
export const feedHeartbeatSchema = z.lazy(() => z.object({ op: z.literal('hb'), clk: z.number().int(), pt: z.number() }));
export const feedMessageSchema = z.lazy(() => z.discriminatedUnion('op', [feedImageSchema, feedDeltaSchema, feedHeartbeatSchema]));
export type FeedImage = z.infer<typeof feedImageSchema>;
export type FeedDelta = z.infer<typeof feedDeltaSchema>;
export type FeedHeartbeat = z.infer<typeof feedHeartbeatSchema>;
export type FeedMessage = z.infer<typeof feedMessageSchema>;

/* ---- Control API bodies: POST {odds}/markets/{marketId}/{action} ---- */

/** ball-running: `{ on: false }` ends it (resume does too). */
export const feedBallRunningBodySchema = z.lazy(() =>
  z
    .object({ on: z.boolean().optional().default(true) })
    .optional()
    .default({ on: true }),
);
/** in-play: `{ on: false }` turns it back (demos only). */
export const feedInPlayBodySchema = z.lazy(() =>
  z
    .object({ on: z.boolean().optional().default(true) })
    .optional()
    .default({ on: true }),
);
/** liquidity: set a runner's offered prices and sizes (it stops drifting); omit back/lay to clear that side; `auto: true` hands it back to the drift. */
export const feedLiquidityBodySchema = z.lazy(() =>
  z.object({
    selectionId: z.number().int(),
    back: z.array(feedPriceSizeSchema).max(10).optional(),
    lay: z.array(feedPriceSizeSchema).max(10).optional(),
    auto: z.boolean().optional(),
  }),
);
/** result: `{ winner: selectionId }` (Match Odds, BookMaker) or `{ runs: n }` (Fancy). A second result corrects the first. */
export const feedResultBodySchema = z.lazy(() =>
  z.union([z.object({ winner: z.number().int() }).strict(), z.object({ runs: z.number().int().min(0).max(10_000) }).strict()]),
);
/**
 * POST {odds}/events: a new event at run time (a test's market of its own, untouched by the fixtures' other users). Its
 * Match Odds comes with the answer's ids; connected readers get a fresh image carrying it, and older clks re-image.
 */
export const feedNewEventBodySchema = z.lazy(() =>
  z.object({
    sport: z.enum(['cricket', 'soccer', 'tennis']),
    name: z.string().min(1).max(200),
    runners: z
      .array(z.object({ name: z.string().min(1).max(200), basePrice: z.number().min(1.01).max(1000) }))
      .min(2)
      .max(3),
    /** Hours from now to the start; the event stays pre-play until then (negative = in play at once). */
    startsInHours: z
      .number()
      .min(-48)
      .max(24 * 30)
      .default(24),
  }),
);
export type FeedNewEventBody = z.infer<typeof feedNewEventBodySchema>;
export type FeedLiquidityBody = z.infer<typeof feedLiquidityBodySchema>;
export type FeedResultBody = z.infer<typeof feedResultBodySchema>;
