import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { NoData, theme } from '@khela/web';
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
          <Link
            key={s}
            to={`/exchange-sports?sport=${s}`}
            css={css`
              display: block;
              padding: 12px 8px;
              border-radius: ${theme.radius.md};
              background: ${theme.color.surface};
              border: 1px solid ${theme.color.border};
              text-decoration: none;
              color: ${theme.color.text};
              text-align: center;
            `}
          >
            <div
              css={css`
                font-weight: 700;
              `}
            >
              {t(`sport.${s}`)}
            </div>
            <div
              css={css`
                font-size: 12px;
                color: ${theme.color.textMuted};
              `}
            >
              {t('home.events', { count: (events ?? []).filter((e) => e.sportKey === s).length })}
            </div>
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
