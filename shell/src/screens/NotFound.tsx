import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NarrowPage } from '@khela/web';

export function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <NarrowPage centred data-testid="not-found">
      <h1>{t('notFound')}</h1>
      <Link to="/">{t('goHome')}</Link>
    </NarrowPage>
  );
}
