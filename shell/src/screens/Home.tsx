import { useTranslation } from 'react-i18next';
import { Page } from '@khela/shared';

export function Home() {
  const { t } = useTranslation('shell');
  return (
    <Page data-testid="home">
      <h1>{t('home')}</h1>
    </Page>
  );
}
