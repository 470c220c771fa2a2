import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { theme, Text } from '@khela/web';
import { LanguagePicker } from '../layout/LanguagePicker';

/** docs/README.md#spec-1: shown instead of the site while general setting site_status is 0. */
export function Maintenance({ supportMail }: { supportMail: string | null }) {
  const { t } = useTranslation('shell');
  return (
    <main
      data-testid="maintenance"
      css={css`
        min-height: 100vh;
        display: flex;
        flex-direction: column;
        align-items: center;
        justify-content: center;
        gap: 16px;
        padding: 24px;
        text-align: center;
        color: ${theme.color.text};
        background: ${theme.color.bg};
      `}
    >
      <svg width="120" height="120" viewBox="0 0 24 24" aria-hidden="true" fill={theme.color.brand}>
        <path d="M22.7 19l-9.1-9.1c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3L9 6 6 9 1.6 4.7C.4 7.1.9 10.1 2.9 12.1c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1.1-1.4z" />
      </svg>
      <h1
        css={css`
          font-size: 26px;
          margin: 0;
          max-width: 560px;
        `}
      >
        {t('maintenance.title')}
      </h1>
      <p
        css={css`
          margin: 0;
          color: ${theme.color.textMuted};
          max-width: 480px;
        `}
      >
        {t('maintenance.text')}
      </p>
      {supportMail && (
        <Text as="p">
          <a href={`mailto:${supportMail}`}>{t('maintenance.contact', { mail: supportMail })}</a>
        </Text>
      )}
      <LanguagePicker />
    </main>
  );
}
