import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { Chip, DateTime, Input, NoData, Spinner, Tabs, useServerQuery, Text, Caption, Grow } from '@khela/web';
import { SPORTS, eventsForTab, type ListTab, type ListedEvent, type Sport } from '../logic';
import { GroupedEvents, LoadingOverlay, SportGroup, SportRow, useSportsEvents } from '../components/events';
import { Tag } from './account/ui';
import '../i18n-account';

const TABS: ListTab[] = ['inplay', 'today', 'tomorrow', 'result', 'search'];

/** The list part of the in-play page, separate from data loading so it can be tested with fixtures. */
export function EventsBoard(props: { events: ListedEvent[] | null; error: boolean; now?: Date; initialTab?: ListTab }) {
  const { t } = useTranslation('exchange');
  // the tab lives in the address (?tab=result), so a reload or the desktop/phone switch keeps it
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as ListTab | null;
  const tab: ListTab = asked && TABS.includes(asked) ? asked : (props.initialTab ?? 'inplay');
  const setTab = (k: ListTab) => setParams(k === 'inplay' ? {} : { tab: k }, { replace: true });
  const [search, setSearch] = useState('');
  const shown = props.events ? eventsForTab(props.events, tab, props.now ?? new Date(), search) : [];
  return (
    <div>
      <Tabs label={t('tabs.label')} value={tab} onChange={setTab} tabs={TABS.map((k) => ({ key: k, label: t(`tabs.${k}`) }))} />
      {tab === 'search' && (
        <div
          css={css`
            padding: 0 12px 12px;
          `}
        >
          <Input
            type="search"
            aria-label={t('tabs.search')}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoFocus
          />
        </div>
      )}
      {tab === 'result' ? (
        <ResultsBoard />
      ) : props.events === null && !props.error ? (
        <LoadingOverlay text={tab === 'inplay' ? t('loadingInplay') : t('loadingEvents')} />
      ) : props.error && props.events === null ? (
        <NoData text={t('loadFailed')} />
      ) : shown.length === 0 ? (
        <NoData />
      ) : (
        <GroupedEvents events={shown} />
      )}
    </div>
  );
}

/** /exchange-inplay */
export function InPlay() {
  const { events, error } = useSportsEvents();
  return (
    <div data-testid="exchange-inplay">
      <EventsBoard events={events} error={error} />
    </div>
  );
}

export type ExchangeResult = schemas.ResponseOf<typeof schemas.exchangeResults>['data'][number];
export const RESULTS_POLL_MS = 30_000;

/** In-Play → Result: settled Match Odds markets with their winners (void shown as Void), grouped by sport, newest first. */
export function ResultsBoard() {
  const { t } = useTranslation('exchange');
  const [sport, setSport] = useState<Sport | 'all'>('all');
  // read again every RESULTS_POLL_MS while the page is visible; a failed read keeps the results shown
  const read = useServerQuery(schemas.exchangeResults, { query: sport === 'all' ? {} : { sport } }, { refetchInterval: RESULTS_POLL_MS });
  const results = read.data?.data ?? null;
  const groups = SPORTS.map((s) => ({ sport: s, rows: (results ?? []).filter((r) => r.sport === s) })).filter((g) => g.rows.length > 0);
  return (
    <div data-testid="exchange-results">
      <div
        role="group"
        aria-label={t('results.sportFilter')}
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 6px;
          padding: 0 12px 10px;
        `}
      >
        {(['all', ...SPORTS] as const).map((s) => (
          <Chip key={s} active={sport === s} onClick={() => setSport(s)}>
            {s === 'all' ? t('results.all') : t(`sport.${s}`)}
          </Chip>
        ))}
      </div>
      {results === null ? (
        read.error ? (
          <NoData text={t('results.failed')} />
        ) : (
          <Spinner />
        )
      ) : groups.length === 0 ? (
        <NoData />
      ) : (
        groups.map((g) => (
          <SportGroup key={g.sport} sport={g.sport} idPrefix="result">
            {g.rows.map((r) => (
              <SportRow key={r.market_id} data-testid="exchange-result" data-market-id={r.market_id}>
                <Grow clip>
                  <Text as="div" weight={600} breakAnywhere>
                    {r.event_name}
                  </Text>
                  <Caption>
                    {r.market_name} · {t('results.settledAt')} <DateTime value={r.settled_at} zone />
                  </Caption>
                </Grow>
                {r.voided || r.winner === null ? (
                  <Tag tone="neutral" testId="result-outcome">
                    {t('results.void')}
                  </Tag>
                ) : (
                  <div
                    data-testid="result-outcome"
                    css={css`
                      text-align: right;
                      flex-shrink: 0;
                      max-width: 45%;
                    `}
                  >
                    <Text as="div" tone="muted" size="xxs">
                      {t('results.winner')}
                    </Text>
                    <Text as="strong" tone="success" breakAnywhere>
                      {r.winner}
                    </Text>
                  </div>
                )}
              </SportRow>
            ))}
          </SportGroup>
        ))
      )}
    </div>
  );
}
