import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, NarrowPage, PageTitle, Stack, Text } from '@khela/web';
import { Icon } from '../layout/icons';

interface InstallPrompt extends Event {
  prompt: () => Promise<void>;
}

/** /page/site/component/appDownload.jsp: how to put the site on the home screen (no store app exists). */
export function AppDownload() {
  const { t } = useTranslation('shell');
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);
  useEffect(() => {
    const on = (e: Event) => {
      e.preventDefault();
      setPrompt(e as InstallPrompt);
    };
    window.addEventListener('beforeinstallprompt', on);
    return () => window.removeEventListener('beforeinstallprompt', on);
  }, []);
  return (
    <NarrowPage data-testid="app-download">
      <PageTitle>
        <Icon name="download" size={28} />
        {t('appDownload.title')}
      </PageTitle>
      <p>{t('appDownload.text')}</p>
      <Stack as={Card} gap={10}>
        <Text as="p">{t('appDownload.android')}</Text>
        <Text as="p">{t('appDownload.ios')}</Text>
        {prompt && <Button onClick={() => void prompt.prompt()}>{t('appDownload.install')}</Button>}
      </Stack>
      <p>
        <Link to="/">{t('appDownload.playNow')}</Link>
      </p>
    </NarrowPage>
  );
}
