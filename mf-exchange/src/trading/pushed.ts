// The API's `odds` push carries what changed in a market (its status and prices): an open odds view applies it to
// what it shows instead of asking again (issue 26 item 10). Pure functions; OddsView decides when to use them.
import type * as schemas from '@khela/contracts';
import type { EventItem } from '../odds';

export type OddsPush = schemas.PushPayload<'odds'>;
type MarketState = schemas.ResponseOf<typeof schemas.exchangeMarketState>;

/**
 * Whether a push says CLOSED of a market the view shows open, or shows closed without its result yet (the feed closes
 * a market before it results it): the push has the status, not the result (winner or void), which is read.
 */
export function closesMarket(m: MarketState | null, e: OddsPush): boolean {
  return e.status === 'CLOSED' && m !== null && (m.status !== 'CLOSED' || (!m.result && !m.voided));
}

/**
 * The Match Odds view with the pushed book of `currency` applied (status, in-play, ball running, version and each
 * runner's prices), or null when the push carries no book for it: then the view asks the API. A push older than what
 * is shown changes nothing (the view as it is).
 */
export function withPushedBook(m: MarketState, e: OddsPush, currency: string): MarketState | null {
  const book = e.books?.[currency];
  if (!book) return null;
  if (e.version !== undefined && e.version < m.version) return m;
  const runners = new Map(book.map((r) => [r.selection_id, r]));
  return {
    ...m,
    status: (e.status as MarketState['status'] | undefined) ?? m.status,
    inplay: e.inplay ?? m.inplay,
    ball_running: e.ballRunning ?? m.ball_running,
    version: e.version ?? m.version,
    total_matched: e.matched?.[currency] ?? m.total_matched,
    runners: m.runners.map((r) => {
      const p = runners.get(r.selection_id);
      return p ? { ...r, status: p.status, suspended: p.suspended, back: p.back, lay: p.lay } : r;
    }),
  };
}

/**
 * The event detail with a pushed BookMaker or Fancy market's rates, lines and suspension applied (as the odds host
 * shows them: suspended 1 unless the market is open; a closed Fancy row leaves the list), or null when the push is not
 * of a market the detail holds or carries no prices: then the view reads the detail again.
 */
export function withPushedRates(detail: EventItem, e: OddsPush): EventItem | null {
  const suspended = e.status !== undefined ? (e.status === 'OPEN' ? 0 : 1) : undefined;
  const ballRunning = e.ballRunning === undefined ? undefined : e.ballRunning ? 1 : 0;
  if (e.rates && detail.bookmaker[e.marketId]) {
    const rates = new Map(e.rates.map((r) => [r.selection_id, r]));
    const bm = detail.bookmaker[e.marketId]!;
    return {
      ...detail,
      bookmaker: {
        ...detail.bookmaker,
        [e.marketId]: {
          ...bm,
          runners: bm.runners.map((r) => {
            const p = rates.get(r.selectionId ?? '');
            if (!p) return r;
            return {
              ...r,
              backPrice: p.back_rate ?? 0,
              layPrice: p.lay_rate ?? 0,
              suspended: p.suspended || (suspended ?? r.suspended) === 1 ? 1 : 0,
              ball_running: ballRunning ?? r.ball_running,
            };
          }),
        },
      },
    };
  }
  const row = e.fancy ? detail.fancy2.findIndex((r) => r.marketId === e.marketId) : -1;
  if (e.fancy && row >= 0) {
    if (e.status === 'CLOSED') return { ...detail, fancy2: detail.fancy2.filter((_, i) => i !== row) };
    return {
      ...detail,
      fancy2: detail.fancy2.map((r, i) =>
        i === row
          ? {
              ...r,
              no: e.fancy!.no,
              no_rate: e.fancy!.no_rate,
              yes: e.fancy!.yes,
              yes_rate: e.fancy!.yes_rate,
              suspended: suspended ?? r.suspended,
              ball_running: ballRunning ?? r.ball_running,
            }
          : r,
      ),
    };
  }
  return null;
}
