import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { protectionGateText, theme, useIsMobile, useLocale, useProtection } from '@khela/web';

/**
 * Responsible gambling: while play is closed for the player (risk hold, time-out, self-exclusion, session-time limit,
 * under age), a slim notice under the top bar on every page says why and until when. On phones it is one line; a tap
 * shows the whole text.
 */
export function PlayClosedBanner() {
  const { t } = useTranslation('shell');
  const protection = useProtection();
  const locale = useLocale();
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(false);
  // a missing birthday is asked for where the player stakes or deposits (the game, the slip, the deposit page), not
  // on every page; a risk hold is said everywhere (log-in works, the player is told why)
  const text = protection && protection.play.reason !== 'birthday_missing' ? protectionGateText(protection.play, locale) : null;
  if (!text) return null;

  const line = css`
    display: block;
    width: 100%;
    margin: 0;
    padding: 6px 12px;
    font: inherit;
    font-size: 13px;
    line-height: 1.4;
    text-align: left;
    color: inherit;
    background: transparent;
    border: 0;
  `;
  return (
    <div
      role="status"
      data-testid="rg-play-closed"
      data-reason={protection?.play.reason ?? undefined}
      css={css`
        background: #3a2a07;
        color: #ffe2a3;
        border-bottom: 1px solid ${theme.color.warning};
      `}
    >
      {isMobile ? (
        <button
          type="button"
          aria-expanded={expanded}
          title={expanded ? undefined : t('rg.showMore')}
          onClick={() => setExpanded((e) => !e)}
          css={css`
            ${line};
            cursor: pointer;
            ${
              expanded
                ? ''
                : `white-space: nowrap;
                 overflow: hidden;
                 text-overflow: ellipsis;`
            }
          `}
        >
          {text}
        </button>
      ) : (
        <p
          css={css`
            ${line};
            max-width: 1200px;
            margin: 0 auto;
            text-align: center;
          `}
        >
          {text}
        </p>
      )}
    </div>
  );
}
