import { useId } from 'react';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { theme, useHost, useLocale, type Locale } from '@khela/web';

/** Switches the UI language through the player session (no reload); the session stores it for reloads. */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const { session } = useHost();
  const locale = useLocale();
  const id = useId();
  return (
    <span
      css={css`
        display: inline-flex;
        align-items: center;
        gap: 6px;
      `}
    >
      <label
        htmlFor={id}
        css={
          compact
            ? srOnly
            : css`
                font-size: 13px;
                color: ${theme.color.textMuted};
              `
        }
      >
        {t('language')}
      </label>
      <select
        id={id}
        data-testid="language-picker"
        value={locale}
        onChange={(e) => session.setLocale(e.target.value as Locale)}
        // in English the Bengali font is not fetched just for the word বাংলা in a closed picker: system fonts draw it
        css={css`
          ${locale === 'bn' ? '' : 'font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif !important;'}min-height:40px;
          padding: 4px 8px;
          border-radius: ${theme.radius.sm};
          background: ${theme.color.bg};
          color: ${theme.color.text};
          border: 1px solid ${theme.color.border};
          font: inherit;
          font-size: 14px;
        `}
      >
        <option value="en" lang="en">
          English
        </option>
        <option value="bn" lang="bn">
          বাংলা
        </option>
      </select>
    </span>
  );
}

export const srOnly = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
