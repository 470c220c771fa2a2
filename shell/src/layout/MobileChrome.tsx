import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { formatMoney, theme, useBalance, useLoggedIn, Spinner, Grow, Text } from '@khela/web';
import { Icon, type IconName } from './icons';
import { SiteLogo } from './SiteLogo';
import { LanguagePicker } from './LanguagePicker';
import { imageUrl, useLogo } from './content';
import { firstScreen } from './first-screen';

export const TOOLBAR_HEIGHT = 60;

const iconButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${theme.radius.md};
  background: transparent;
  color: ${theme.color.text};
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${theme.color.info};
  }
`;

/** Mobile header: menu button, logo, and the balance (player) or Login/Sign up (visitor). */
export function MobileHeader({ onMenu, menuOpen }: { onMenu: () => void; menuOpen: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const loggedIn = useLoggedIn();
  const wallet = useBalance();
  const balance = wallet?.balance ?? null;
  const currency = wallet?.currency ?? 'BDT';
  return (
    <header
      css={[
        firstScreen.mobileHeader,
        css`
          position: sticky;
          top: 0;
          z-index: ${theme.layer.stickyHeader};
        `,
      ]}
    >
      <button
        type="button"
        css={[iconButton, firstScreen.menuButton]}
        aria-label={t('openMenu')}
        aria-expanded={menuOpen}
        onClick={onMenu}
        data-testid="menu-button"
      >
        <Icon name="menu" size={26} />
      </button>
      <SiteLogo mobile />
      <Grow as="span" />
      {loggedIn ? (
        <Link
          to="/account"
          // the name says what the link shows (the amount, and a debt when there is one)
          aria-label={[
            `${t('walletBalance')}: ${balance !== null ? formatMoney(balance, currency, i18n.language) : '…'}`,
            wallet?.owed ? t('owed', { amount: formatMoney(wallet.owed, currency, i18n.language) }) : null,
          ]
            .filter(Boolean)
            .join(', ')}
          data-testid="header-balance"
          css={css`
            color: ${theme.color.brand};
            font-weight: 700;
            text-decoration: none;
            padding: 8px;
            font-size: 15px;
          `}
        >
          {balance !== null ? formatMoney(balance, currency, i18n.language) : '…'}
          {wallet?.owed ? (
            <Text tone="danger" size="xxs" weight={400} block data-testid="header-owed" title={t('owedHint')}>
              {t('owed', { amount: formatMoney(wallet.owed, currency, i18n.language) })}
            </Text>
          ) : null}
        </Link>
      ) : null}
    </header>
  );
}

const barItem = css`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  min-height: 44px;
  color: ${theme.color.textMuted};
  text-decoration: none;
  font-size: 12px;
  &.active {
    color: ${theme.color.brand};
  }
  &:focus-visible {
    outline: 3px solid ${theme.color.info};
    outline-offset: -3px;
  }
`;

const bar = css`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${theme.layer.toolbar};
  height: ${TOOLBAR_HEIGHT}px;
  padding-bottom: env(safe-area-inset-bottom);
  display: flex;
  align-items: stretch;
  background: ${theme.color.surface};
  border-top: 1px solid ${theme.color.border};
`;

/** Bottom toolbar of a logged-in player (docs/README.md#spec-2). */
export function BottomToolbar() {
  const { t } = useTranslation('shell');
  const items: Array<{ to: string; label: string; icon: IconName; end?: boolean }> = [
    { to: '/', label: t('home'), icon: 'home', end: true },
    { to: '/promotions', label: t('extras.promotions'), icon: 'gift' },
    { to: '/deposit', label: t('common:deposit'), icon: 'wallet' },
    { to: '/games?type=LIVE', label: t('games'), icon: 'casino' },
    { to: '/account', label: t('account'), icon: 'user' },
  ];
  return (
    <nav aria-label={t('toolbar')} css={bar} data-testid="bottom-toolbar">
      {items.map((i) => (
        <NavLink key={i.to} to={i.to} end={i.end} css={barItem}>
          <Icon name={i.icon} size={22} />
          <span>{i.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

/** Visitor toolbar: language picker, Login and Sign up (docs/README.md#spec-2). */
export function GuestToolbar() {
  const { t } = useTranslation('shell');
  const cta = (primary: boolean) => css`
    flex: 1;
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 44px;
    border-radius: ${theme.radius.md};
    font-weight: 700;
    text-decoration: none;
    background: ${primary ? theme.color.brand : theme.color.surfaceRaised};
    color: ${primary ? theme.color.brandText : theme.color.text};
    border: 1px solid ${primary ? theme.color.brand : theme.color.border};
    &:focus-visible {
      outline: 3px solid ${theme.color.info};
      outline-offset: 2px;
    }
  `;
  return (
    <nav
      aria-label={t('toolbar')}
      css={css`
        ${bar};
        gap: 8px;
        padding: 8px;
        align-items: center;
      `}
      data-testid="guest-toolbar"
    >
      <LanguagePicker compact />
      <Link to="/login" css={cta(false)}>
        {t('common:login')}
      </Link>
      <Link to="/signup" css={cta(true)}>
        {t('common:signup')}
      </Link>
    </nav>
  );
}

/** Draggable round chat button, bottom right; a tap (not a drag) opens /chat. */
export function ChatButton() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [pos, setPos] = useState({ right: 16, bottom: TOOLBAR_HEIGHT + 76 });
  const drag = useRef<{ x: number; y: number; right: number; bottom: number; moved: boolean } | null>(null);
  const size = 52;
  return (
    <button
      type="button"
      aria-label={t('chatHelp')}
      data-testid="chat-button"
      onPointerDown={(e) => {
        drag.current = { x: e.clientX, y: e.clientY, right: pos.right, bottom: pos.bottom, moved: false };
        (e.target as Element).setPointerCapture?.(e.pointerId);
      }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (!d) return;
        const dx = e.clientX - d.x;
        const dy = e.clientY - d.y;
        if (!d.moved && Math.hypot(dx, dy) < 6) return;
        d.moved = true;
        setPos({
          right: Math.min(Math.max(0, d.right - dx), window.innerWidth - size),
          bottom: Math.min(Math.max(0, d.bottom - dy), window.innerHeight - size),
        });
      }}
      onPointerUp={() => {
        const d = drag.current;
        drag.current = null;
        if (d && !d.moved) navigate('/chat');
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          navigate('/chat');
        }
      }}
      css={css`
        position: fixed;
        z-index: ${theme.layer.chatButton};
        right: ${pos.right}px;
        bottom: ${pos.bottom}px;
        width: ${size}px;
        height: ${size}px;
        border-radius: 50%;
        border: 0;
        background: ${theme.color.accent};
        color: #fff;
        box-shadow: 0 4px 14px rgba(0, 0, 0, 0.45);
        cursor: grab;
        touch-action: none;
        display: flex;
        align-items: center;
        justify-content: center;
        &:focus-visible {
          outline: 3px solid ${theme.color.info};
          outline-offset: 2px;
        }
      `}
    >
      <Icon name="chat" size={26} />
    </button>
  );
}

/** docs/README.md#spec-9: the scroll-to-top button appears after scrolling over 300 px. */
export const SCROLL_TOP_AFTER_PX = 300;
/** Above the page, below the sheets and dialogs pages open over it (the bet slip, z-index 20). */
export const SCROLL_TOP_Z = theme.layer.scrollTop;

export function ScrollTopButton({ bottom }: { bottom: number }) {
  const { t } = useTranslation('shell');
  const [show, setShow] = useState(false);
  useEffect(() => {
    const on = () => setShow(window.scrollY > SCROLL_TOP_AFTER_PX);
    on();
    window.addEventListener('scroll', on, { passive: true });
    return () => window.removeEventListener('scroll', on);
  }, []);
  if (!show) return null;
  return (
    <button
      type="button"
      aria-label={t('scrollTop')}
      data-testid="scroll-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      css={css`
        position: fixed;
        /* under a page's own bottom sheets (the exchange's bet slip is 20): it never covers "Place bet" */
        z-index: ${SCROLL_TOP_Z};
        right: 20px;
        bottom: ${bottom}px;
        width: 44px;
        height: 44px;
        border-radius: 50%;
        border: 1px solid ${theme.color.border};
        background: ${theme.color.surfaceRaised};
        color: ${theme.color.text};
        cursor: pointer;
        display: flex;
        align-items: center;
        justify-content: center;
        &:focus-visible {
          outline: 3px solid ${theme.color.info};
        }
      `}
    >
      <Icon name="up" size={22} />
    </button>
  );
}

/** Splash while the site settings load: the loader_logo image, or a three-dot loader without one. */
export function Splash() {
  const logo = useLogo();
  const [imageFailed, setImageFailed] = useState(false);
  const src = imageUrl(logo.data?.loader_logo);
  return (
    <div
      data-testid="splash"
      css={css`
        position: fixed;
        inset: 0;
        z-index: ${theme.layer.splash};
        display: flex;
        align-items: center;
        justify-content: center;
        background: ${theme.color.bg};
      `}
    >
      {src && !imageFailed ? (
        <img
          src={src}
          alt=""
          width={160}
          height={160}
          onError={() => setImageFailed(true)}
          css={css`
            object-fit: contain;
          `}
        />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
