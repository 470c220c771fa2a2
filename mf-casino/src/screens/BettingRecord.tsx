import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page, Tabs, SectionTitle } from '@khela/web';
import { ProviderBetsTab, useProviderRecordsTabLabel } from './ProviderBets';
import { ExchangeRecords } from './records/ExchangeRecords';
import { SettledRecords } from './records/SettledRecords';

type RecordsTab = 'settled' | 'exchange' | 'sports';

/**
 * Betting Records (docs/README.md#spec-2): the casino's settled rounds, the exchange bets, and the transfer-wallet providers' own
 * bets (issue 30), one tab each (records/).
 */
export function BettingRecord() {
  const { t } = useTranslation('casino');
  // the tab lives in the address (?tab=exchange), so a reload or a shared link keeps it
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: RecordsTab = asked === 'exchange' || asked === 'sports' ? asked : 'settled';
  const setTab = (k: RecordsTab) => setParams(k !== 'settled' ? { tab: k } : {}, { replace: true });
  const sportsLabel = useProviderRecordsTabLabel();
  return (
    <Page data-testid="betting-record">
      <SectionTitle as="h1" size="xxl">
        {t('records.title')}
      </SectionTitle>
      <Tabs
        label={t('records.title')}
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'settled', label: t('records.settled') },
          { key: 'exchange', label: t('records.exchange') },
          { key: 'sports', label: sportsLabel },
        ]}
      />
      {tab === 'settled' ? <SettledRecords /> : tab === 'exchange' ? <ExchangeRecords /> : <ProviderBetsTab />}
    </Page>
  );
}
