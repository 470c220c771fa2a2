import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { theme } from '@khela/web';

/** Mobile-only branch: the desktop root shows only the coming-soon image. */
export function ComingSoon() {
  const { t } = useTranslation('shell');
  return (
    <main
      data-testid="coming-soon"
      css={css`
        min-height: 100vh;
        display: flex;
        align-items: center;
        justify-content: center;
        background: ${theme.color.bg};
      `}
    >
      <h1
        css={css`
          margin: 0;
        `}
      >
        <img
          src="/coming-soon.svg"
          width={960}
          height={540}
          alt={`${t('comingSoon.title')}. ${t('comingSoon.text')}`}
          css={css`
            max-width: 100vw;
            height: auto;
          `}
        />
      </h1>
    </main>
  );
}
