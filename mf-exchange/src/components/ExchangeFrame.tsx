import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDropPlayerStateOnLogout } from '../state';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import {
  Button,
  Modal,
  NoData,
  ProviderWalletsButton,
  formatMoney,
  mq,
  protectionGateText,
  theme,
  useBalance,
  useHost,
  useHydrated,
  useLocale,
  useMarketBlock,
  useProtection,
  Text,
} from '@khela/web';
import { TradingProvider, useTrading } from '../trading/context';
import { BetsPanel } from '../trading/BetsPanel';
import { MessageBox } from '../trading/MessageBox';
import { NoticeBell } from '../trading/NoticeBell';
import { HeaderButton } from './HeaderButton';

// plain glyphs every system font has (headless and low-end phones lack emoji fonts)
const NAV = [
  { to: '/exchange', key: 'home', icon: '⌂' },
  { to: '/exchange-inplay', key: 'inplay', icon: '◉' },
  { to: '/exchange-sports', key: 'sports', icon: '◎' },
  { to: '/exchange-multi', key: 'multi', icon: '☷' },
  { to: '/exchange-account', key: 'account', icon: '☺' },
] as const;

/** The exchange menu's ways back to the site (a phone shows the exchange full screen, without the site's header). */
const SITE_LINKS = [
  { to: '/', key: 'home' },
  { to: '/games?type=LIVE', key: 'casino' },
  { to: '/deposit', key: 'deposit' },
  { to: '/account', key: 'account' },
] as const;

const menuItemCss = css`
  display: block;
  width: 100%;
  margin: 0 0 8px;
  text-align: left;
`;

/** The event the odds view shows (the Bets panel's "this market"), else null. */
function useShownEvent(): string | null {
  const location = useLocation();
  const [params] = useSearchParams();
  if (location.pathname !== '/odds-view') return null;
  return (location.state as { eventId?: string } | null)?.eventId ?? params.get('eventId');
}

/**
 * Header (Bets, Main balance, Exposure, refresh, the bet-matched message box), the exchange's bottom nav, and the
 * upline block; the player's bets (TradingProvider) for every screen inside.
 */
export function ExchangeFrame({ children }: { children: ReactNode }) {
  return (
    <TradingProvider>
      <Frame>{children}</Frame>
    </TradingProvider>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation(['exchange', 'common']);
  // the host's navigate leaves the exchange for the site's other apps
  const { session, navigate: leave } = useHost();
  const wallet = useBalance();
  const { openBets } = useTrading();
  // spec 6: the session's decision, fetched once per login by the shell; it stays live when the fact changes
  const blocked = useMarketBlock().exchange;
  // responsible gambling: play closed (time-out, self-exclusion, session limit); cash-out and cancels stay open
  const protection = useProtection();
  const locale = useLocale();
  const closedText = protection ? protectionGateText(protection.play, locale) : null;
  useDropPlayerStateOnLogout();
  const [popupOpen, setPopupOpen] = useState(true);
  useEffect(() => {
    if (blocked) setPopupOpen(true);
  }, [blocked]);
  const [refreshing, setRefreshing] = useState(false);
  const [betsOpen, setBetsOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const shownEvent = useShownEvent();
  const navigate = useNavigate();
  const currency = wallet?.currency ?? 'BDT';
  const exposure = wallet?.exposure ?? '0.00';

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

  const hydrated = useHydrated();
  // The screen in a Suspense boundary of its own (issue 31): hydrating the server's markup, React hydrates the frame
  // first and the boundary's content afterwards in a pass of its own that yields to the browser every few ms (the
  // odds view's market was one long task with the frame). The element is kept between the frame's renders (the
  // player's figures and `hydrated` re-render it right away): a boundary that got new props before it hydrated would
  // be hydrated at once, in one piece. A tap on it before then makes React hydrate it first and replay the tap.
  const screen = useMemo(() => <Suspense fallback={null}>{children}</Suspense>, [children]);

  return (
    // a fieldset (styled as a plain box) so that, while it is the server's markup not hydrated yet (issue 31: the
    // render server's /odds-view), every control inside is disabled: a tap then waits for the page to answer rather
    // than being lost (a price button looks the same disabled)
    <fieldset
      disabled={!hydrated}
      data-testid="exchange-frame"
      css={css`
        border: 0;
        margin: 0;
        padding: 0 0 72px;
        min-width: 0;
        min-height: 100%;
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
            ${mq.mobile} {
              display: none;
            }
          `}
        >
          {t('exchange:title')}
        </strong>
        {/* on a phone the exchange is full screen (no site header): its menu leads back to the site and logs out */}
        <HeaderButton
          type="button"
          glyph
          mobileOnly
          data-testid="exchange-menu-button"
          aria-label={t('exchange:menu.open')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          ☰
        </HeaderButton>
        <NoticeBell />
        <HeaderButton type="button" data-testid="bets-button" onClick={() => setBetsOpen(true)}>
          {t('exchange:header.bets')}
          <span
            data-testid="bets-count"
            css={css`
              min-width: 20px;
              padding: 0 5px;
              border-radius: ${theme.radius.pill};
              background: ${(openBets?.length ?? 0) > 0 ? theme.color.brand : theme.color.surfaceRaised};
              color: ${(openBets?.length ?? 0) > 0 ? theme.color.brandText : theme.color.textMuted};
              font-size: 12px;
              text-align: center;
            `}
          >
            {openBets?.length ?? 0}
          </span>
        </HeaderButton>
        <div
          css={css`
            display: flex;
            align-items: center;
            gap: 10px;
            font-size: 13px;
            margin-left: auto;
          `}
        >
          <div
            css={css`
              display: flex;
              gap: 2px 12px;
              ${mq.mobile} {
                flex-direction: column;
                align-items: flex-end;
                font-size: 12px;
              }
            `}
          >
            <div>
              <Text tone="muted">{t('exchange:header.main')} </Text>
              {/* Betfair's reading: Main is what can be bet now (available); the balance is it plus the exposure held */}
              <strong
                data-testid="exchange-balance"
                title={wallet ? `${t('exchange:header.balance')} ${formatMoney(wallet.balance, currency, i18n.language)}` : undefined}
              >
                {wallet === null ? '—' : formatMoney(wallet.available ?? wallet.balance, currency, i18n.language)}
              </strong>
            </div>
            <div>
              <Text tone="muted">{t('exchange:header.exposure')} </Text>
              <strong
                data-testid="exchange-exposure"
                data-value={exposure}
                css={css`
                  color: ${Number(exposure) > 0 ? theme.color.danger : theme.color.text};
                `}
              >
                {wallet === null ? '—' : formatMoney(exposure, currency, i18n.language)}
              </strong>
            </div>
          </div>
          {/* the extra wallets: transfer-wallet providers with Recall and Recall All (issue 30) */}
          <ProviderWalletsButton />
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
      {closedText && (
        <div
          role="status"
          data-testid="rg-exchange-closed"
          data-reason={protection?.play.reason ?? undefined}
          css={css`
            margin: 8px 12px 0;
            padding: 8px 12px;
            border-radius: ${theme.radius.md};
            background: #3a2a07;
            color: #ffe2a3;
            border-left: 4px solid ${theme.color.warning};
            font-size: 13px;
          `}
        >
          <Text as="p">{closedText}</Text>
          <p
            css={css`
              margin: 4px 0 0;
              opacity: 0.85;
            `}
          >
            {t('exchange:closedNote')}
          </p>
        </div>
      )}
      <Modal open={menuOpen} title={t('exchange:menu.title')} onClose={() => setMenuOpen(false)}>
        <nav aria-label={t('exchange:menu.title')} data-testid="exchange-menu">
          {SITE_LINKS.map((l) => (
            <Button
              key={l.to}
              variant="secondary"
              onClick={() => {
                setMenuOpen(false);
                leave(l.to);
              }}
              css={menuItemCss}
            >
              {t(`exchange:menu.${l.key}`)}
            </Button>
          ))}
          <Button
            variant="secondary"
            data-testid="exchange-logout"
            onClick={() => {
              setMenuOpen(false);
              // spec 4: the exchange-side logout clears local storage (the language stays) and goes home
              session.logout('exchange');
              leave('/');
            }}
            css={menuItemCss}
          >
            {t('exchange:menu.logout')}
          </Button>
        </nav>
      </Modal>
      <MessageBox />
      <BetsPanel key={`${betsOpen}-${shownEvent}`} open={betsOpen} onClose={() => setBetsOpen(false)} eventId={shownEvent} />

      {blocked ? (
        <>
          <NoData text={t('common:marketBlocked', { section: t('exchange:blockedSection') })} />
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
        screen
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
            <Text size="xl" aria-hidden>
              {n.icon}
            </Text>
            {t(`exchange:nav.${n.key}`)}
          </NavLink>
        ))}
      </nav>
    </fieldset>
  );
}
