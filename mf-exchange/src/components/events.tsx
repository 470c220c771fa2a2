import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import styled from '@emotion/styled';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { DateTime, theme, useHost, useServerData, PlainList, Text } from '@khela/web';
import { groupBySport, type ListedEvent, type Sport } from '../logic';
import { oddsClient } from '../odds';
import { pinStore, usePins } from '../state';

export const EVENTS_POLL_MS = 15_000;

/**
 * Every event of the three sports as server state: read when a list opens (the cached list shown meanwhile) and every
 * 15 s while the page is visible; a failed read keeps the last list and says so.
 */
export function useSportsEvents() {
  const { api } = useHost();
  const read = useServerData(['exchange', 'sports-events'], () => oddsClient(api).sportsEvents(), {
    refetchInterval: EVENTS_POLL_MS,
    staleTime: 0,
    public: true,
  });
  const events = read.data ?? null;
  const error = Boolean(read.error);
  return { events, error, loading: events === null && !error };
}

/** Full-area overlay while a list loads ("Loading events..." / "Loading in-play events..."). */
export function LoadingOverlay({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="exchange-loading"
      css={css`
        display: flex;
        flex-direction: column;
        align-items: center;
        justify-content: center;
        gap: 12px;
        min-height: 40vh;
        color: ${theme.color.textMuted};
      `}
    >
      <span
        css={css`
          width: 28px;
          height: 28px;
          border-radius: 50%;
          border: 3px solid ${theme.color.border};
          border-top-color: ${theme.color.brand};
          animation: khela-spin 0.8s linear infinite;
          @keyframes khela-spin {
            to {
              transform: rotate(360deg);
            }
          }
        `}
      />
      {text}
    </div>
  );
}

export function Badge({ children, tone }: { children: string; tone: 'fancy' | 'bookmaker' | 'inplay' }) {
  const bg = tone === 'fancy' ? '#0e7c66' : tone === 'bookmaker' ? '#1d4ed8' : theme.color.success;
  return (
    <span
      css={css`
        display: inline-block;
        padding: 1px 6px;
        border-radius: ${theme.radius.sm};
        font-size: 11px;
        font-weight: 700;
        background: ${bg};
        /* dark text on the light in-play green (white on it fails contrast: 2.3:1) */
        color: ${tone === 'inplay' ? '#0b1f12' : '#fff'};
      `}
    >
      {children}
    </span>
  );
}

/** Opens the odds view; the ids go in the query too, so a reload of /odds-view still works. */
export function useOpenEvent() {
  const navigate = useNavigate();
  const location = useLocation();
  return (e: ListedEvent) => {
    const q = new URLSearchParams({ marketId: e.MarketId, eventId: e.EventId, sport: e.sportKey });
    navigate(`/odds-view?${q}`, {
      state: { marketId: e.MarketId, eventId: e.EventId, selectedSport: e.sportKey, previousPath: location.pathname + location.search },
    });
  };
}

export function EventRow({ event }: { event: ListedEvent }) {
  const { t } = useTranslation('exchange');
  const pins = usePins();
  const open = useOpenEvent();
  const pinned = pins.some((p) => p.marketId === event.MarketId);
  return (
    <SportRow data-testid="exchange-event">
      <button
        type="button"
        onClick={() => open(event)}
        css={css`
          flex: 1;
          text-align: left;
          appearance: none;
          border: 0;
          background: none;
          color: ${theme.color.text};
          font: inherit;
          cursor: pointer;
          padding: 0;
          min-height: 44px;
        `}
      >
        <Text as="div" weight={600}>
          {event.Event}
        </Text>
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            gap: 4px;
            align-items: center;
            margin-top: 4px;
            font-size: 12px;
            color: ${theme.color.textMuted};
          `}
        >
          {event.inplay ? (
            <Badge tone="inplay">{t('badge.inplay')}</Badge>
          ) : (
            event.OpenDate && <DateTime value={event.OpenDate} zone testId="event-start" />
          )}
          {event.Fancy && <Badge tone="fancy">{t('badge.fancy')}</Badge>}
          {event.Bookmaker && <Badge tone="bookmaker">{t('badge.bookmaker')}</Badge>}
        </div>
      </button>
      <button
        type="button"
        aria-pressed={pinned}
        aria-label={`${pinned ? t('unpin') : t('pin')}: ${event.Event}`}
        onClick={() => pinStore.toggle({ eventId: event.EventId, marketId: event.MarketId, name: event.Event, sport: event.sportKey })}
        css={css`
          appearance: none;
          border: 1px solid ${theme.color.border};
          border-radius: 50%;
          width: 36px;
          height: 36px;
          cursor: pointer;
          background: ${pinned ? theme.color.brand : 'transparent'};
          color: ${pinned ? theme.color.brandText : theme.color.textMuted};
          font-size: 16px;
        `}
      >
        <svg aria-hidden width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
          <path d="M16 3l5 5-3 1-4 4 1 5-2 2-4-4-5 5-1-1 5-5-4-4 2-2 5 1 4-4z" />
        </svg>
      </button>
    </SportRow>
  );
}

/**
 * One sport's block of a list (the events of In-Play and Sports, the settled markets of Result): its name on the green
 * band, then its rows (each an <li>). `idPrefix` names the section and its heading (`sport-cricket`, `result-cricket`).
 */
export function SportGroup({ sport, idPrefix, children }: { sport: Sport; idPrefix: string; children: ReactNode }) {
  const { t } = useTranslation('exchange');
  const id = `${idPrefix}-${sport}`;
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2
        id={id}
        css={css`
          margin: 0;
          padding: 8px 12px;
          font-size: 14px;
          background: ${theme.color.accent};
          color: #fff;
        `}
      >
        {t(`sport.${sport}`)}
      </h2>
      <PlainList>{children}</PlainList>
    </section>
  );
}

/** A row of a SportGroup: what it is on the left, a figure or an action on the right. */
export const SportRow = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 10px 12px;
  border-bottom: 1px solid ${theme.color.border};
`;

/** Events grouped under Cricket, Soccer, Tennis. */
export function GroupedEvents({ events }: { events: ListedEvent[] }) {
  return (
    <div>
      {groupBySport(events).map((g) => (
        <SportGroup key={g.sport} sport={g.sport} idPrefix="sport">
          {g.events.map((e) => (
            <EventRow key={e.MarketId} event={e} />
          ))}
        </SportGroup>
      ))}
    </div>
  );
}
