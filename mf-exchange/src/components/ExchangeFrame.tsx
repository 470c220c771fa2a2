import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { Button, Modal, formatMoney, storage, theme, useBalance, useHost, useLoggedIn } from '@khela/web';

// plain glyphs every system font has (headless and low-end phones lack emoji fonts)
const NAV = [
  { to: '/exchange', key: 'home', icon: '⌂' },
  { to: '/exchange-inplay', key: 'inplay', icon: '◉' },
  { to: '/exchange-sports', key: 'sports', icon: '◎' },
  { to: '/exchange-multi', key: 'multi', icon: '☷' },
  { to: '/exchange-account', key: 'account', icon: '☺' },
] as const;

/** Spec 6: the exchange is blocked when exchange_market is 0 and status is not active. */
export function isExchangeBlocked(flags: { exchange_market: number; status: string }): boolean {
  return flags.exchange_market === 0 && flags.status !== 'active';
}

function useExchangeBlocked(): boolean {
  const { api } = useHost();
  const loggedIn = useLoggedIn();
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (!loggedIn) return setBlocked(false);
    let live = true;
    api
      .call(schemas.getMarketBlock)
      .then((f) => live && setBlocked(isExchangeBlocked(f)))
      .catch((err) => console.warn('[exchange] market block check failed', err));
    return () => {
      live = false;
    };
  }, [api, loggedIn]);
  return blocked;
}

/** Header (Main balance, Exposure, refresh), the exchange's bottom nav, and the upline block. */
export function ExchangeFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['exchange', 'common']);
  const { api, bus } = useHost();
  const balance = useBalance();
  const blocked = useExchangeBlocked();
  const [popupOpen, setPopupOpen] = useState(true);
  const [refreshing, setRefreshing] = useState(false);
  const navigate = useNavigate();

  const refresh = async () => {
    setRefreshing(true);
    try {
      const res = await api.call(schemas.balance);
      storage.set('balance', res.balance);
      bus.publish('balance', { balance: res.balance, currency: res.currency });
    } catch (err) {
      console.warn('[exchange] balance refresh failed', err);
    } finally {
      // the spinning icon stays for the spec's 500 ms even on a fast answer
      setTimeout(() => setRefreshing(false), 500);
    }
  };

  return (
    <div data-testid="exchange-frame" css={css`min-height:100%;padding-bottom:72px;`}>
      <header
        css={css`display:flex;align-items:center;justify-content:space-between;gap:8px;padding:10px 12px;
          background:${theme.color.surfaceRaised};border-bottom:1px solid ${theme.color.border};position:sticky;top:0;z-index:5;`}
      >
        <strong css={css`font-size:16px;`}>{t('exchange:title')}</strong>
        <div css={css`display:flex;align-items:center;gap:10px;font-size:13px;`}>
          <div>
            <span css={css`color:${theme.color.textMuted};`}>{t('exchange:header.main')} </span>
            <strong data-testid="exchange-balance">{balance === null ? '—' : formatMoney(balance)}</strong>
          </div>
          <div>
            <span css={css`color:${theme.color.textMuted};`}>{t('exchange:header.exposure')} </span>
            <strong data-testid="exchange-exposure" css={css`color:${theme.color.danger};`}>0.00</strong>
          </div>
          <button
            type="button"
            aria-label={t('exchange:header.refresh')}
            onClick={() => void refresh()}
            disabled={refreshing}
            css={css`appearance:none;border:0;background:${theme.color.brand};color:${theme.color.brandText};border-radius:50%;
              width:32px;height:32px;cursor:pointer;font-size:16px;
              ${refreshing ? 'animation: khela-spin .5s linear infinite;' : ''}
              @keyframes khela-spin { to { transform: rotate(360deg); } }`}
          >
            ↻
          </button>
        </div>
      </header>

      {blocked ? (
        <>
          <div role="status" css={css`padding:40px 16px;text-align:center;color:${theme.color.textMuted};`}>
            {t('common:marketBlocked', { section: t('exchange:blockedSection') })}
          </div>
          <Modal open={popupOpen} title={t('common:message')} onClose={() => setPopupOpen(false)} footer={
            <Button onClick={() => { setPopupOpen(false); navigate('/'); }}>{t('common:close')}</Button>
          }>
            <p data-testid="exchange-blocked">{t('common:marketBlocked', { section: t('exchange:blockedSection') })}</p>
          </Modal>
        </>
      ) : (
        children
      )}

      <nav
        aria-label={t('exchange:nav.label')}
        css={css`position:fixed;left:0;right:0;bottom:0;display:flex;background:${theme.color.surface};
          border-top:1px solid ${theme.color.border};z-index:6;`}
      >
        {NAV.map((n) => (
          <NavLink
            key={n.to}
            to={n.to}
            end
            css={css`flex:1;display:flex;flex-direction:column;align-items:center;gap:2px;padding:8px 2px;min-height:56px;
              font-size:11px;text-decoration:none;color:${theme.color.textMuted};
              &.active { color:${theme.color.brand}; }`}
          >
            <span aria-hidden css={css`font-size:18px;`}>{n.icon}</span>
            {t(`exchange:nav.${n.key}`)}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
