import * as schemas from '@khela/contracts';
import { dhakaDateKey } from '@khela/web';

type SportsEvent = schemas.SportsEvent;
export type Sport = schemas.ExchangeSport;
export const SPORTS: readonly Sport[] = ['cricket', 'soccer', 'tennis'];

/** An event of the list with the sport it was fetched under. */
export interface ListedEvent extends SportsEvent {
  sportKey: Sport;
}

/** Spec 4: Ball Running when ball_running is 1, otherwise Suspend when suspended is 1. */
export function rowOverlay(row: {
  suspended?: number | boolean;
  ball_running?: number | boolean;
  unavailable?: boolean;
  closed?: boolean;
}): 'closed' | 'unavailable' | 'ballRunning' | 'suspend' | null {
  // a settled market is over, whatever else is said of it
  if (row.closed) return 'closed';
  // stale prices are never shown as bettable, whatever the stored state says
  if (row.unavailable) return 'unavailable';
  if (Number(row.ball_running) === 1) return 'ballRunning';
  if (Number(row.suspended) === 1) return 'suspend';
  return null;
}

/** Fancy tabs of spec 2 with their tab types 1-6; All (1) shows every row. */
export const FANCY_TABS = [
  { type: 1, key: 'all' },
  { type: 2, key: 'fancy' },
  { type: 3, key: 'ballByBall' },
  { type: 4, key: 'khadda' },
  { type: 5, key: 'lottery' },
  { type: 6, key: 'oddEven' },
] as const;
export type FancyTabKey = (typeof FANCY_TABS)[number]['key'];

export function filterFancy<R extends { type?: number }>(rows: R[], tab: FancyTabKey): R[] {
  const type = FANCY_TABS.find((t) => t.key === tab)!.type;
  if (type === 1) return rows;
  // a row without a type is a plain Fancy line
  return rows.filter((r) => (r.type ?? 2) === type);
}

/** Events grouped under Cricket, Soccer, Tennis (in that order); empty sports are left out. */
export function groupBySport(events: ListedEvent[]): Array<{ sport: Sport; events: ListedEvent[] }> {
  return SPORTS.map((sport) => ({ sport, events: events.filter((e) => e.sportKey === sport) })).filter((g) => g.events.length > 0);
}

export type ListTab = 'inplay' | 'today' | 'tomorrow' | 'result' | 'search';

/** Which events a tab of the in-play page shows. Result has no settled markets yet, so it is always empty. */
export function eventsForTab(events: ListedEvent[], tab: ListTab, now: Date, search = ''): ListedEvent[] {
  const today = dhakaDateKey(now);
  const tomorrow = dhakaDateKey(new Date(now.getTime() + 86_400_000));
  switch (tab) {
    case 'inplay':
      return events.filter((e) => e.inplay);
    case 'today':
      return events.filter((e) => e.inplay || (e.OpenDate ? dhakaDateKey(e.OpenDate) === today : false));
    case 'tomorrow':
      return events.filter((e) => !e.inplay && e.OpenDate && dhakaDateKey(e.OpenDate) === tomorrow);
    case 'result':
      return [];
    case 'search': {
      const q = search.trim().toLowerCase();
      return q ? events.filter((e) => e.Event.toLowerCase().includes(q)) : [];
    }
  }
}

/** The first entry of the bookmaker map (docs/README.md#spec-3). */
export function firstBookmaker<T>(map: Record<string, T> | undefined): T | undefined {
  if (!map) return undefined;
  const k = Object.keys(map)[0];
  return k === undefined ? undefined : map[k];
}

/** The iframe address inside the score board HTML. */
export function scoreFrameSrc(html: string): string | null {
  const src = /<iframe[^>]*\ssrc=["']([^"']+)["']/i.exec(html)?.[1] ?? null;
  return schemas.safeExternalUrl(src) ?? null;
}
