import { z } from 'zod';
import { protectionStatus } from './protection';
import { endpoint, money, lazy } from '../endpoint';

/**
 * POST /api/balance: polled every 10 s only while the push channel is down. `balance` is the player's money
 * (what is held for open exchange bets included); `exposure` is that held part (the worst case of open exchange
 * positions); `available` = balance - exposure - owed is what can be bet, played or withdrawn (`owed`, present only
 * while the player owes the house, is a debt a corrected exchange result left). Pending withdrawals are
 * already out of the balance (`pending_withdrawals`).
 */
export const balance = endpoint({
  method: 'POST',
  path: '/api/balance',
  auth: 'bearer',
  response: lazy(() =>
    z.object({
      balance: money,
      currency: z.string(),
      exposure: money.optional(),
      available: money.optional(),
      pending_withdrawals: money.optional(),
      /** Only while the player owes the house (a corrected exchange result took back spent winnings): off `available`. */
      owed: money.optional(),
    }),
  ),
  tags: ['wallet'],
});

/** POST /api/push/ticket: a single-use, 30-second ticket, so the long-lived token never sits in a URL. */
export const pushTicket = endpoint({
  method: 'POST',
  path: '/api/push/ticket',
  auth: 'bearer',
  response: lazy(() => z.object({ ticket: z.string(), expires_in: z.number() })),
  tags: ['push'],
});

const pushedLevel = z.lazy(() => z.object({ price: z.number(), size: money }));
/** One runner of a pushed Match Odds book: its best three prices a side with sizes. */
const pushedRunnerBook = z.lazy(() =>
  z.object({
    selection_id: z.string(),
    status: z.string(),
    suspended: z.boolean(),
    back: z.array(pushedLevel),
    lay: z.array(pushedLevel),
  }),
);

/** The parts of the site's content a `content` push names (the shell's content queries of the same names). */
export const CONTENT_SECTIONS = ['general', 'sliders', 'promotions', 'sociallink', 'logo'] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];

/**
 * Topics multiplexed on GET /api/push/stream (Server-Sent Events). Each schema is built on its first use (issue 31:
 * a page's start evaluates the contracts, and a stream's first message of a topic is soon enough).
 */
export const pushTopics = {
  balance: z.lazy(() =>
    z.object({
      balance: money,
      currency: z.string(),
      exposure: money.optional(),
      available: money.optional(),
      owed: money.optional(),
    }),
  ),
  inbox: z.lazy(() => z.object({ unread: z.number().int() })),
  chat: z.lazy(() => z.object({ chatId: z.string(), content: z.string(), senderId: z.string() })),
  /** A market changed in the feed (status, in-play, prices); or, to one player, their bets in it changed (`bets: true`). */
  odds: z.lazy(() =>
    z.object({
      marketId: z.string(),
      status: z.string().optional(),
      inplay: z.boolean().optional(),
      ballRunning: z.boolean().optional(),
      version: z.number().optional(),
      bets: z.boolean().optional(),
      /** The API's odds feed went down (false) or came back (true): prices of the market unavailable / live again. */
      prices: z.boolean().optional(),
      /**
       * Match Odds: the market's book in each currency as GET /api/exchange/markets/{id} shows it at `version` (the feed's
       * prices less what was taken, and players' resting orders): a view applies it without asking again.
       */
      books: z.record(z.string(), z.array(pushedRunnerBook)).optional(),
      /** Match Odds: the total matched on the market per currency (as `total_matched` of the market's GET). */
      matched: z.record(z.string(), z.string()).optional(),
      /** BookMaker: each runner's rates per 100 (the event detail's backPrice/layPrice) and suspension, from the feed. */
      rates: z
        .array(
          z.object({ selection_id: z.string(), back_rate: z.number().nullable(), lay_rate: z.number().nullable(), suspended: z.boolean() }),
        )
        .optional(),
      /** Fancy: the row's lines and rates from the feed. */
      fancy: z.object({ no: z.number(), no_rate: z.number(), yes: z.number(), yes_rate: z.number() }).optional(),
    }),
  ),
  /**
   * Staff changed the player's status or upline flags (back office): the session service applies the market block
   * (docs/README.md#spec-6) at once (no reload). Not relayed on the bus as such: the session publishes `market-block`.
   */
  account: z.lazy(() =>
    z.object({
      status: z.string(),
      exchange_market: z.union([z.literal(0), z.literal(1)]),
      cs_market: z.union([z.literal(0), z.literal(1)]),
    }),
  ),
  /** The player's protection changed (a time-out, self-exclusion, reached session limit, birthday, staff check): the new status. */
  protection: protectionStatus,
  /**
   * One of the player's deposits or withdrawals was requested, confirmed or decided (by staff, a second operator of the
   * maker–checker, the gateway): its public id and new status (0 pending, 1 success, 2 failed or rejected). The payment
   * request page stops its countdown on 1 or 2.
   */
  payment: z.lazy(() => z.object({ transaction: z.string(), action: z.enum(['deposit', 'withdraw']), status: z.number().int() })),
  /**
   * Staff published a change of the site's content (back office): every open page reads that part again (the shell's
   * content queries name the topic), so a new promotion, banner or notice shows without a reload. To every stream.
   */
  content: z.lazy(() => z.object({ section: z.enum(CONTENT_SECTIONS) })),
} as const;
export type PushTopic = keyof typeof pushTopics;
/** What a publisher hands over for `topic` (the schema's input: the subscriber parses it). */
export type PushPayload<T extends PushTopic> = z.input<(typeof pushTopics)[T]>;
