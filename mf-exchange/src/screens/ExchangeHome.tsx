import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { NoData, linkCard, Text } from '@khela/web';
import { SPORTS } from '../logic';
import { GroupedEvents, LoadingOverlay, useSportsEvents } from '../components/events';

/** /exchange: one tile per sport with its event count, then what is in play now. */
export function ExchangeHome() {
  const { t } = useTranslation('exchange');
  const { events, error, loading } = useSportsEvents();
  const inplay = (events ?? []).filter((e) => e.inplay);
  return (
    <div data-testid="exchange-home">
      <div
        css={css`
          display: grid;
          grid-template-columns: repeat(3, 1fr);
          gap: 8px;
          padding: 12px;
        `}
      >
        {SPORTS.map((s) => (
          <Link key={s} to={`/exchange-sports?sport=${s}`} css={[linkCard, tileCss]}>
            <Text as="div" weight={700}>
              {t(`sport.${s}`)}
            </Text>
            <Text as="div" tone="muted" size="xs">
              {t('home.events', { count: (events ?? []).filter((e) => e.sportKey === s).length })}
            </Text>
          </Link>
        ))}
      </div>
      <div
        css={css`
          display: flex;
          justify-content: space-between;
          align-items: center;
          padding: 4px 12px;
        `}
      >
        <h2
          css={css`
            font-size: 15px;
            margin: 8px 0;
          `}
        >
          {t('home.inplayNow')}
        </h2>
        <Link to="/exchange-inplay">{t('home.viewAll')}</Link>
      </div>
      {loading ? (
        <LoadingOverlay text={t('loadingInplay')} />
      ) : error && !events ? (
        <NoData text={t('loadFailed')} />
      ) : inplay.length ? (
        <GroupedEvents events={inplay} />
      ) : (
        <NoData />
      )}
    </div>
  );
}

/** A sport's tile: its name and count centred, narrower sides than a card's. */
const tileCss = css`
  padding: 12px 8px;
  text-align: center;
`;
