import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Page, Tabs, visuallyHidden } from '@khela/web';
import { Deposit } from './Deposit';
import { Withdraw } from './Withdraw';

/** /deposit and /withdrawal are the two tabs of one funds screen (docs/README.md#spec-2). */
export function Funds() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const tab = useLocation().pathname.startsWith('/withdrawal') ? 'withdrawal' : 'deposit';
  return (
    <Page>
      {/* the page's heading for screen readers: the tabs below say the same to the eye */}
      <h1 css={visuallyHidden}>{tab === 'deposit' ? t('deposit') : t('withdrawal')}</h1>
      <Tabs
        label={t('funds')}
        tabs={[
          { key: 'deposit', label: t('deposit') },
          { key: 'withdrawal', label: t('withdrawal') },
        ]}
        value={tab}
        onChange={(k) => navigate(`/${k}`)}
      />
      {tab === 'deposit' ? <Deposit key="deposit" /> : <Withdraw key="withdrawal" />}
    </Page>
  );
}
