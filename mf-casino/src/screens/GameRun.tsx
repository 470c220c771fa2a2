import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import {
  Button,
  ErrorText,
  formatMoney,
  mq,
  NoData,
  Page,
  protectionGateText,
  theme,
  useBalance,
  useLocale,
  useProtection,
} from '@khela/web';
import { safeExternalUrl } from '@khela/contracts';
import { isGameRunState } from '../lib/launch';

/** Where Close leads (docs/README.md#spec-2): the games list with the originating params, or / without them. */
export function closeTarget(state: unknown): string {
  if (!isGameRunState(state) || !state.from) return '/';
  const search = state.from.search ?? '';
  return search && search !== '?' ? `/games${search.startsWith('?') ? search : `?${search}`}` : '/';
}

/**
 * The game frame's sandbox. The provider's page runs its own scripts, which is safe only while it is on
 * another origin: scripts plus allow-same-origin on our own origin could lift the sandbox and reach the
 * player's token. So a same-origin (or non-http(s)) address gets no scripts; no top navigation, no popups.
 */
export function gameFrame(url: string, pageOrigin: string): { src: string; sandbox: string } | null {
  const src = safeExternalUrl(url);
  if (!src) return null;
  return new URL(src).origin === pageOrigin ? { src, sandbox: '' } : { src, sandbox: 'allow-scripts allow-same-origin allow-forms' };
}

/**
 * docs/README.md#spec-2: the provider's game page in a sandboxed frame; the frame address arrives in navigation state. The frame
 * stays in the page's flow (no fixed position, no z-index): the shell's reality check, on the body, covers it.
 */
export function GameRun() {
  const { t } = useTranslation('casino');
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state;
  const close = () => navigate(closeTarget(state));
  // the shell hides its header around the game on phones: the frame's own bar carries the pushed balance
  const wallet = useBalance();
  const balance = wallet?.balance ?? null;
  const currency = wallet?.currency ?? 'BDT';
  const { i18n } = useTranslation();
  // responsible gambling: a time-out, self-exclusion or reached session limit closes an open game at once
  const play = useProtection()?.play;
  const locale = useLocale();
  const closedText = play ? protectionGateText(play, locale) : null;

  const frame = isGameRunState(state) ? gameFrame(state.url, window.location.origin) : null;
  if (closedText) {
    return (
      <Page data-testid="gamerun-closed">
        <ErrorText tone="warning" testId="rg-gamerun-closed">
          {closedText}
        </ErrorText>
        <Button block onClick={close}>
          {t('closeGame')}
        </Button>
      </Page>
    );
  }
  if (!isGameRunState(state) || !frame) {
    return (
      <Page data-testid="gamerun-empty">
        <NoData text={t('noGame')} />
        <Button block onClick={close}>
          {t('closeGame')}
        </Button>
      </Page>
    );
  }

  return (
    <div
      data-testid="gamerun"
      css={css`
        display: flex;
        flex-direction: column;
        height: calc(100vh - 56px);
        height: calc(100dvh - 56px);
        background: #000;
        ${mq.desktop} {
          height: calc(100vh - 140px);
          min-height: 560px;
        }
      `}
    >
      <div
        css={css`
          display: flex;
          align-items: center;
          gap: 8px;
          padding: 6px 10px;
          background: ${theme.color.surface};
        `}
      >
        <strong
          css={css`
            flex: 1;
            overflow: hidden;
            text-overflow: ellipsis;
            white-space: nowrap;
          `}
        >
          {state.gameName}
        </strong>
        {balance !== null && (
          <span
            data-testid="gamerun-balance"
            aria-live="polite"
            aria-label={t('common:balance')}
            css={css`
              color: ${theme.color.brand};
              font-weight: 700;
              ${mq.desktop} {
                display: none;
              }
            `}
          >
            {formatMoney(balance, currency, i18n.language)}
          </span>
        )}
        <Button
          variant="secondary"
          onClick={close}
          css={css`
            min-height: 36px;
            padding: 6px 14px;
          `}
        >
          {t('closeGame')}
        </Button>
      </div>
      <iframe
        title={state.gameName || t('gameFrame')}
        src={frame.src}
        // see gameFrame(): scripts only while the provider is on another origin
        sandbox={frame.sandbox}
        referrerPolicy="no-referrer"
        allow="autoplay; fullscreen"
        css={css`
          flex: 1;
          width: 100%;
          border: 0;
          background: #12081f;
        `}
      />
    </div>
  );
}
