import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { Button, ErrorText, mq, theme, useHost, useProtection, Row } from '@khela/web';
import { useWelcomeShowing } from './welcome';

/** The player's Responsible gaming page (mf-account). */
export const RESPONSIBLE_GAMING_PATH = '/responsible-gaming';

/**
 * The home page only, where a sign-up lands: a panel over other pages would sit on their own buttons, and the pages
 * that matter carry the offer in their content (the account page and the deposit page, before the first deposit).
 */
const SHOWN_ON = '/';

/**
 * Responsible gambling: limits offered after sign-up and before the first deposit. While the session's protection
 * status says `limits_offer` (no limit set, offer not skipped, nothing deposited), a small panel offers to set
 * deposit limits, once the sign-up welcome popup is closed. Skip tells the API (the offer stays skipped on every
 * device); the Responsible gaming page stays reachable from the account and the footer.
 */
export function LimitsOffer({ bottom = 16 }: { bottom?: number }) {
  const { t } = useTranslation('shell');
  const { session, navigate } = useHost();
  const protection = useProtection();
  const welcomeShowing = useWelcomeShowing();
  const { pathname } = useLocation();
  // the session (by its log-in time) whose offer was skipped here: hidden at once, whatever the refresh brings
  const [skippedFor, setSkippedFor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const sessionKey = protection?.session_started_at ?? '';

  // the welcome popup of a sign-up goes first: on the home page until it is closed
  const welcomePending = welcomeShowing || (pathname === '/' && session.popupPending('welcome'));
  if (!protection?.limits_offer || welcomePending || skippedFor === sessionKey || pathname !== SHOWN_ON) return null;

  const skip = async () => {
    setSkippedFor(sessionKey);
    setFailed(false);
    try {
      await session.skipLimitsOffer();
    } catch (err) {
      console.warn('[limits offer] skip failed', err);
      setSkippedFor(null);
      setFailed(true);
    }
  };

  return (
    <aside
      data-testid="rg-signup-offer"
      aria-labelledby="rg-signup-offer-title"
      css={css`
        position: fixed;
        left: 12px;
        right: 12px;
        bottom: ${bottom}px;
        z-index: ${theme.layer.offer};
        background: ${theme.color.surfaceRaised};
        color: ${theme.color.text};
        border: 1px solid ${theme.color.border};
        border-left: 4px solid ${theme.color.brand};
        border-radius: ${theme.radius.md};
        padding: 12px 14px;
        box-shadow: 0 8px 28px rgba(0, 0, 0, 0.45);
        ${mq.desktop} {
          left: auto;
          right: 24px;
          width: 380px;
        }
      `}
    >
      <h2
        id="rg-signup-offer-title"
        css={css`
          margin: 0 0 4px;
          font-size: 15px;
        `}
      >
        {t('rg.offerTitle')}
      </h2>
      <p
        css={css`
          margin: 0 0 10px;
          font-size: 13px;
          color: ${theme.color.textMuted};
        `}
      >
        {t('rg.offerText')}
      </p>
      {failed && <ErrorText>{t('rg.offerFailed')}</ErrorText>}
      <Row align="stretch">
        <Button grow data-testid="rg-signup-offer-set" onClick={() => navigate(RESPONSIBLE_GAMING_PATH)}>
          {t('rg.offerSet')}
        </Button>
        <Button data-testid="rg-signup-offer-skip" variant="secondary" onClick={() => void skip()}>
          {t('rg.offerSkip')}
        </Button>
      </Row>
    </aside>
  );
}
