import { Link } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { theme } from '@khela/web';

export function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <div
      data-testid="not-found"
      css={css`
        max-width: 720px;
        margin: 0 auto;
        padding: 32px 16px;
        text-align: center;
        color: ${theme.color.text};
      `}
    >
      <h1>{t('notFound')}</h1>
      <Link to="/">{t('goHome')}</Link>
    </div>
  );
}
