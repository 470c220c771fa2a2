import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Button, Card, theme } from '@khela/web';
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
    <div
      data-testid="app-download"
      css={css`
        max-width: 720px;
        margin: 0 auto;
        padding: 16px;
        color: ${theme.color.text};
      `}
    >
      <h1
        css={css`
          display: flex;
          align-items: center;
          gap: 10px;
          font-size: 22px;
        `}
      >
        <Icon name="download" size={28} />
        {t('appDownload.title')}
      </h1>
      <p>{t('appDownload.text')}</p>
      <Card
        css={css`
          display: flex;
          flex-direction: column;
          gap: 10px;
        `}
      >
        <p
          css={css`
            margin: 0;
          `}
        >
          {t('appDownload.android')}
        </p>
        <p
          css={css`
            margin: 0;
          `}
        >
          {t('appDownload.ios')}
        </p>
        {prompt && <Button onClick={() => void prompt.prompt()}>{t('appDownload.install')}</Button>}
      </Card>
      <p>
        <Link to="/">{t('appDownload.playNow')}</Link>
      </p>
    </div>
  );
}
