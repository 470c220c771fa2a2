import { useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useDropPlayerStateOnLogout } from '../state';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { Button, Modal, formatMoney, theme, useBalance, useHost, useMarketBlock } from '@khela/web';

// plain glyphs every system font has (headless and low-end phones lack emoji fonts)
const NAV = [
  { to: '/exchange', key: 'home', icon: '⌂' },
  { to: '/exchange-inplay', key: 'inplay', icon: '◉' },
  { to: '/exchange-sports', key: 'sports', icon: '◎' },
  { to: '/exchange-multi', key: 'multi', icon: '☷' },
  { to: '/exchange-account', key: 'account', icon: '☺' },
] as const;

/** Header (Main balance, Exposure, refresh), the exchange's bottom nav, and the upline block. */
export function ExchangeFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['exchange', 'common']);
  const { session } = useHost();
  const wallet = useBalance();
  // spec 6: the session's decision, fetched once per login by the shell
  const blocked = useMarketBlock().exchange;
  useDropPlayerStateOnLogout();
  const [popupOpen, setPopupOpen] = useState(true);
  const [refreshing, setRefreshing] = useState(false);
  const navigate = useNavigate();

  const refresh = async () => {
    setRefreshing(true);
    try {
      // the session fetches the figure and every app (the shell's header too) shows it
      await session.refreshBalance();
    } finally {
      // the spinning icon stays for the spec's 500 ms even on a fast answer
      setTimeout(() => setRefreshing(false), 500);
    }
  };

  return (
    <div
      data-testid="exchange-frame"
      css={css`
        min-height: 100%;
        padding-bottom: 72px;
      `}
    >
      <header
        css={css`
          display: flex;
          align-items: center;
          justify-content: space-between;
          gap: 8px;
          padding: 10px 12px;
          background: ${theme.color.surfaceRaised};
          border-bottom: 1px solid ${theme.color.border};
          position: sticky;
          top: 0;
          z-index: 5;
        `}
      >
        <strong
          css={css`
            font-size: 16px;
          `}
        >
          {t('exchange:title')}
        </strong>
        <div
          css={css`
            display: flex;
            align-items: center;
            gap: 10px;
            font-size: 13px;
          `}
        >
          <div>
            <span
              css={css`
                color: ${theme.color.textMuted};
              `}
            >
              {t('exchange:header.main')}{' '}
            </span>
            <strong data-testid="exchange-balance">{wallet === null ? '—' : formatMoney(wallet.balance)}</strong>
          </div>
          <div>
            <span
              css={css`
                color: ${theme.color.textMuted};
              `}
            >
              {t('exchange:header.exposure')}{' '}
            </span>
            <strong
              data-testid="exchange-exposure"
              css={css`
                color: ${theme.color.danger};
              `}
            >
              {wallet?.exposure ?? '0.00'}
            </strong>
          </div>
          <button
            type="button"
            aria-label={t('exchange:header.refresh')}
            onClick={() => void refresh()}
            disabled={refreshing}
            css={css`
              appearance: none;
              border: 0;
              background: ${theme.color.brand};
              color: ${theme.color.brandText};
              border-radius: 50%;
              width: 32px;
              height: 32px;
              cursor: pointer;
              font-size: 16px;
              ${refreshing ? 'animation: khela-spin .5s linear infinite;' : ''}
              @keyframes khela-spin {
                to {
                  transform: rotate(360deg);
                }
              }
            `}
          >
            ↻
          </button>
        </div>
      </header>

      {blocked ? (
        <>
          <div
            role="status"
            css={css`
              padding: 40px 16px;
              text-align: center;
              color: ${theme.color.textMuted};
            `}
          >
            {t('common:marketBlocked', { section: t('exchange:blockedSection') })}
          </div>
          <Modal
            open={popupOpen}
            title={t('common:message')}
            onClose={() => setPopupOpen(false)}
            footer={
              <Button
                onClick={() => {
                  setPopupOpen(false);
                  navigate('/');
                }}
              >
                {t('common:close')}
              </Button>
            }
          >
            <p data-testid="exchange-blocked">{t('common:marketBlocked', { section: t('exchange:blockedSection') })}</p>
          </Modal>
        </>
      ) : (
        children
      )}

      <nav
        aria-label={t('exchange:nav.label')}
        css={css`
          position: fixed;
          left: 0;
          right: 0;
          bottom: 0;
          display: flex;
          background: ${theme.color.surface};
          border-top: 1px solid ${theme.color.border};
          z-index: 6;
        `}
      >
        {NAV.map((n) => (
          <NavLink
            key={n.to}
            to={n.to}
            end
            css={css`
              flex: 1;
              display: flex;
              flex-direction: column;
              align-items: center;
              gap: 2px;
              padding: 8px 2px;
              min-height: 56px;
              font-size: 11px;
              text-decoration: none;
              color: ${theme.color.textMuted};
              &.active {
                color: ${theme.color.brand};
              }
            `}
          >
            <span
              aria-hidden
              css={css`
                font-size: 18px;
              `}
            >
              {n.icon}
            </span>
            {t(`exchange:nav.${n.key}`)}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
