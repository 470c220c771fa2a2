import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@khela/shared';

export function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <Page>
      <h1>{t('notFound')}</h1>
      <Link to="/">{t('goHome')}</Link>
    </Page>
  );
}
