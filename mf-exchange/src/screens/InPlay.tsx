import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { Input, NoData, Tabs } from '@khela/web';
import { eventsForTab, type ListTab, type ListedEvent } from '../logic';
import { GroupedEvents, LoadingOverlay, useSportsEvents } from '../components/events';

const TABS: ListTab[] = ['inplay', 'today', 'tomorrow', 'result', 'search'];

/** The list part of the in-play page, separate from data loading so it can be tested with fixtures. */
export function EventsBoard(props: { events: ListedEvent[] | null; error: boolean; now?: Date; initialTab?: ListTab }) {
  const { t } = useTranslation('exchange');
  const [tab, setTab] = useState<ListTab>(props.initialTab ?? 'inplay');
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
      {props.events === null && !props.error ? (
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
