// Endpoint schemas of the exchange domain (spec section 7) and the shapes of the separate odds host.
import { z } from 'zod';
import { endpoint } from '../endpoint';

/** GET /api/exchange-hub: where the browser reads odds from (the sandbox stand-in until a real feed is configured). */
export const exchangeHub = endpoint({
  method: 'GET',
  path: '/api/exchange-hub',
  auth: 'bearer',
  tags: ['exchange'],
  summary: 'Base URL of the exchange odds host',
  response: z.object({ data: z.object({ odds_url: z.string() }) }),
});

export const EXCHANGE_SPORTS = ['cricket', 'soccer', 'tennis'] as const;
export type ExchangeSport = (typeof EXCHANGE_SPORTS)[number];

/* ---- The odds host (spec 3 and 7). Feeds send numbers or numeric strings; both are accepted. ---- */

const num = z.union([z.number(), z.string()]).transform((v) => Number(v));
const flag01 = z.union([z.number(), z.string(), z.boolean()]).transform((v) => Number(v) === 1 || v === true);

/** GET {odds}/api/sports-events/{sport}: one item per event. */
export const sportsEventSchema = z.object({
  EventId: z.union([z.string(), z.number()]).transform(String),
  MarketId: z.union([z.string(), z.number()]).transform(String),
  Event: z.string(),
  Fancy: flag01.optional().default(false),
  Bookmaker: flag01.optional().default(false),
  sport: z.string().optional(),
  OpenDate: z.string().optional(),
  inplay: z.boolean().optional().default(false),
});
export type SportsEvent = z.infer<typeof sportsEventSchema>;
export const sportsEventsSchema = z.array(sportsEventSchema);

const priceSize = z.object({ price: num, size: num });
export type PriceSize = z.infer<typeof priceSize>;

/** GET {odds}/api/match-odds/{marketId}: an array; the first item is the market. */
export const matchOddsSchema = z.array(
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
);
export type MatchOdds = z.infer<typeof matchOddsSchema>;

export const fancyRowSchema = z.object({
  title: z.string(),
  /** Tab type of spec 2: 2 Fancy, 3 Ball by Ball, 4 Khadda, 5 Lottery, 6 Odd/Even (1 is the All tab); absent means Fancy. */
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
export const eventDetailSchema = z.object({
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
});
export type EventDetail = z.infer<typeof eventDetailSchema>;
