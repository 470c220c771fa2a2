import { Link } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { NarrowPage, PageTitle } from '@khela/web';
import { Icon } from '../layout/icons';

const wrap = css`
  line-height: 1.6;
`;

/** Side-menu extra "Affiliate" and the footer's affiliate link. */
export function Affiliate() {
  const { t } = useTranslation('shell');
  return (
    <NarrowPage css={wrap} data-testid="affiliate-page">
      <PageTitle>
        <Icon name="link" size={26} />
        {t('affiliatePage.title')}
      </PageTitle>
      <p>{t('affiliatePage.text')}</p>
      <Link to="/chat">{t('affiliatePage.cta')}</Link>
    </NarrowPage>
  );
}

/** Side-menu extra "Brand Ambassador" and the footer's sponsorship link. */
export function Ambassador() {
  const { t } = useTranslation('shell');
  return (
    <NarrowPage css={wrap} data-testid="ambassador-page">
      <PageTitle>
        <Icon name="star" size={26} />
        {t('ambassadorPage.title')}
      </PageTitle>
      <p>{t('ambassadorPage.text')}</p>
      <Link to="/promotions">{t('extras.promotions')}</Link>
    </NarrowPage>
  );
}
