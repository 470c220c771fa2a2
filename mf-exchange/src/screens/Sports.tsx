import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NoData, Tabs } from '@khela/web';
import { SPORTS, type Sport } from '../logic';
import { GroupedEvents, LoadingOverlay, useSportsEvents } from '../components/events';

/** /exchange-sports?sport=cricket: every event of one sport. */
export function Sports() {
  const { t } = useTranslation('exchange');
  const [params, setParams] = useSearchParams();
  const sport = (SPORTS as readonly string[]).includes(params.get('sport') ?? '') ? (params.get('sport') as Sport) : 'cricket';
  const { events, error, loading } = useSportsEvents();
  const shown = (events ?? []).filter((e) => e.sportKey === sport);
  return (
    <div data-testid="exchange-sports">
      <Tabs
        label={t('nav.sports')}
        value={sport}
        onChange={(s) => setParams({ sport: s }, { replace: true })}
        tabs={SPORTS.map((s) => ({ key: s, label: t(`sport.${s}`) }))}
      />
      {loading ? (
        <LoadingOverlay text={t('loadingEvents')} />
      ) : error && !events ? (
        <NoData text={t('loadFailed')} />
      ) : shown.length ? (
        <GroupedEvents events={shown} />
      ) : (
        <NoData />
      )}
    </div>
  );
}
