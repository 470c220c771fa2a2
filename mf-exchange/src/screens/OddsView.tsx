import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { Button, NoData, Spinner, theme, useHost } from '@khela/web';
import { SPORTS, firstBookmaker, scoreFrameSrc, type Sport } from '../logic';
import { oddsClient } from '../odds';
import { usePoll } from '../usePoll';
import { Badge } from '../components/events';
import { BetSlip, type BetPick } from '../components/BetSlip';
import { BookmakerTable, FancyTable, MatchOddsTable } from '../components/markets';

/** Spec 9: event detail every 300 ms; match odds a little slower. Both only while the tab is visible. */
export const EVENT_POLL_MS = 300;
export const MATCH_ODDS_POLL_MS = 1_000;

interface OddsViewState {
  marketId?: string;
  eventId?: string;
  selectedSport?: string;
  previousPath?: string;
}

/** Navigation state first (spec 2), the query string as the fallback so a reload keeps the page. */
export function useOddsTarget() {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as OddsViewState;
  const sportRaw = state.selectedSport ?? params.get('sport') ?? 'cricket';
  return {
    marketId: state.marketId ?? params.get('marketId') ?? '',
    eventId: state.eventId ?? params.get('eventId') ?? '',
    sport: ((SPORTS as readonly string[]).includes(sportRaw) ? sportRaw : 'cricket') as Sport,
    previousPath: state.previousPath ?? '/exchange-inplay',
  };
}

function ScoreFrame({ eventId }: { eventId: string }) {
  const { api } = useHost();
  const { t } = useTranslation('exchange');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    oddsClient(api)
      .scoreBoard(eventId)
      .then((html) => live && setSrc(scoreFrameSrc(html)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, eventId]);
  if (!src) return null;
  // the score board is a third party's page: its scripts run, but in an opaque origin (no allow-same-origin)
  // with no forms, popups or top navigation
  return (
    <iframe
      title={t('odds.liveScore')}
      src={src}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      css={css`
        width: 100%;
        height: 64px;
        border: 0;
        border-radius: ${theme.radius.md};
        display: block;
      `}
    />
  );
}

/** /odds-view: Match Odds, BookMaker and Fancy of one event, live. */
export function OddsView() {
  const { t } = useTranslation('exchange');
  const { api, bus } = useHost();
  const navigate = useNavigate();
  const target = useOddsTarget();
  const [market, setMarket] = useState<schemas.MatchOdds[number] | null>(null);
  const [detail, setDetail] = useState<schemas.EventDetail['data']['items'][string] | null>(null);
  const [missing, setMissing] = useState(false);
  const [pick, setPick] = useState<BetPick | null>(null);

  const loadMarket = async (signal?: AbortSignal) => {
    try {
      const odds = await oddsClient(api).matchOdds(target.marketId, signal);
      setMarket(odds[0] ?? null);
      setMissing(!odds[0]);
    } catch (err) {
      if ((err as { status?: number; statusCode?: number }).statusCode === 404) setMissing(true);
      throw err;
    }
  };
  usePoll(loadMarket, MATCH_ODDS_POLL_MS, target.marketId);
  usePoll(
    async (signal) => {
      const res = await oddsClient(api).eventDetail(target.eventId, signal);
      setDetail(res.data.items[target.eventId] ?? null);
    },
    EVENT_POLL_MS,
    target.eventId,
  );
  // a push on the 'odds' topic for this market refreshes at once
  useEffect(() => {
    const s = bus.on('odds').subscribe(({ marketId }) => {
      if (marketId === target.marketId) void loadMarket().catch(() => undefined);
    });
    return () => s.unsubscribe();
  }, [bus, target.marketId]);

  if (!target.marketId || !target.eventId || missing) {
    return (
      <div
        css={css`
          padding: 16px;
        `}
      >
        <NoData text={t('odds.marketMissing')} />
        <Button variant="secondary" onClick={() => navigate(target.previousPath)}>
          {t('odds.backTo')}
        </Button>
      </div>
    );
  }

  const bookmaker = firstBookmaker(detail?.bookmaker);
  const eventName = market
    ? market.runners
        .filter((r) => r.SelectionName !== 'The Draw')
        .map((r) => r.SelectionName)
        .join(' v ')
    : '';
  return (
    <div
      data-testid="odds-view"
      css={css`
        padding: 8px 12px;
      `}
    >
      <div
        css={css`
          display: flex;
          align-items: center;
          gap: 8px;
          margin-bottom: 8px;
        `}
      >
        <Button variant="ghost" aria-label={t('odds.backTo')} onClick={() => navigate(target.previousPath)}>
          ←
        </Button>
        <div
          css={css`
            flex: 1;
          `}
        >
          <div
            css={css`
              font-size: 12px;
              color: ${theme.color.textMuted};
            `}
          >
            {t(`sport.${target.sport}`)}
          </div>
          <h1
            css={css`
              margin: 0;
              font-size: 17px;
            `}
          >
            {eventName}
          </h1>
        </div>
        {market?.inplay && <Badge tone="inplay">{t('badge.inplay')}</Badge>}
      </div>
      <ScoreFrame eventId={target.eventId} />
      {market ? <MatchOddsTable market={market} onPick={setPick} /> : <Spinner />}
      {bookmaker && bookmaker.runners.length > 0 && <BookmakerTable runners={bookmaker.runners} onPick={setPick} />}
      {detail && <FancyTable rows={detail.fancy2} onPick={setPick} />}
      <BetSlip pick={pick} onClose={() => setPick(null)} />
    </div>
  );
}
