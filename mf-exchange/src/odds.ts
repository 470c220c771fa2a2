import { ofetch } from 'ofetch';
import * as schemas from '@khela/contracts';
import { type ApiClient } from '@khela/web';
import { z } from 'zod';
import { SPORTS, type ListedEvent } from './logic';

/**
 * Client of the exchange odds host (docs/README.md#spec-7): its base URL comes from GET /api/exchange-hub,
 * asked once per session; responses are checked with the shared zod schemas.
 */
export interface OddsClient {
  sportsEvents(): Promise<ListedEvent[]>;
  matchOdds(marketId: string, signal?: AbortSignal): Promise<schemas.MatchOdds>;
  eventDetail(eventId: string, signal?: AbortSignal): Promise<EventDetail>;
  scoreBoard(eventId: string): Promise<string>;
  /** The odds host's live stream page of an event (a frame address). */
  streamUrl(eventId: string): Promise<string>;
}

/*
 * The event detail with the ids a bet needs: each Fancy row is a market of its own (`marketId`, `selectionId`) and
 * each BookMaker runner has a `selectionId` (the map's key is the BookMaker market). Feeds without them show the
 * prices but cannot take bets on them.
 */
const id = z.union([z.string(), z.number()]).transform(String).optional();
export const fancyRowWithIds = schemas.fancyRowSchema.extend({ marketId: id, selectionId: id });
export const bookmakerRunnerWithIds = schemas.bookmakerRunnerSchema.extend({ selectionId: id });
export type FancyRow = z.infer<typeof fancyRowWithIds>;
export type BookmakerRunner = z.infer<typeof bookmakerRunnerWithIds>;
const eventDetailWithIds = z.object({
  data: z.object({
    items: z.record(
      z.string(),
      z.object({
        fancy2: z.array(fancyRowWithIds).optional().default([]),
        bookmaker: z
          .record(z.string(), z.object({ runners: z.array(bookmakerRunnerWithIds) }))
          .optional()
          .default({}),
      }),
    ),
  }),
});
export type EventDetail = z.infer<typeof eventDetailWithIds>;
export type EventItem = EventDetail['data']['items'][string];

let base: Promise<string> | null = null;

/** Forgets the odds host (logout: the next player asks again with their own token). */
export function resetOddsBase(): void {
  base = null;
}

function oddsBase(api: ApiClient): Promise<string> {
  if (!base) {
    base = api.call(schemas.exchangeHub).then((r) => r.data.odds_url.replace(/\/$/, ''));
    base.catch(() => (base = null));
  }
  return base;
}

async function getJson<S extends z.ZodType>(url: string, schema: S, signal?: AbortSignal): Promise<z.output<S>> {
  const raw = await ofetch(url, { signal, retry: 0, headers: { Accept: 'application/json' } });
  return schema.parse(raw);
}

export function oddsClient(api: ApiClient): OddsClient {
  return {
    async sportsEvents() {
      const root = await oddsBase(api);
      const lists = await Promise.all(
        SPORTS.map(async (sport) => {
          const items = await getJson(`${root}/api/sports-events/${sport}`, schemas.sportsEventsSchema);
          return items.map((e) => ({ ...e, sportKey: sport }));
        }),
      );
      return lists.flat();
    },
    async matchOdds(marketId, signal) {
      return getJson(`${await oddsBase(api)}/api/match-odds/${encodeURIComponent(marketId)}`, schemas.matchOddsSchema, signal);
    },
    async eventDetail(eventId, signal) {
      return getJson(`${await oddsBase(api)}/api/event/${encodeURIComponent(eventId)}`, eventDetailWithIds, signal);
    },
    async streamUrl(eventId) {
      return `${await oddsBase(api)}/live/${encodeURIComponent(eventId)}`;
    },
    async scoreBoard(eventId) {
      return ofetch(`${await oddsBase(api)}/api/score/board/${encodeURIComponent(eventId)}`, { responseType: 'text', retry: 0 });
    },
  };
}
