import { Link } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { theme } from '@khela/web';
import { Icon } from '../layout/icons';

const wrap = css`
  max-width: 720px;
  margin: 0 auto;
  padding: 16px;
  color: ${theme.color.text};
  line-height: 1.6;
`;

/** Side-menu extra "Affiliate" and the footer's affiliate link. */
export function Affiliate() {
  const { t } = useTranslation('shell');
  return (
    <div css={wrap} data-testid="affiliate-page">
      <h1
        css={css`
          display: flex;
          align-items: center;
          gap: 10px;
          font-size: 22px;
        `}
      >
        <Icon name="link" size={26} />
        {t('affiliatePage.title')}
      </h1>
      <p>{t('affiliatePage.text')}</p>
      <Link to="/chat">{t('affiliatePage.cta')}</Link>
    </div>
  );
}

/** Side-menu extra "Brand Ambassador" and the footer's sponsorship link. */
export function Ambassador() {
  const { t } = useTranslation('shell');
  return (
    <div css={wrap} data-testid="ambassador-page">
      <h1
        css={css`
          display: flex;
          align-items: center;
          gap: 10px;
          font-size: 22px;
        `}
      >
        <Icon name="star" size={26} />
        {t('ambassadorPage.title')}
      </h1>
      <p>{t('ambassadorPage.text')}</p>
      <Link to="/promotions">{t('extras.promotions')}</Link>
    </div>
  );
}
