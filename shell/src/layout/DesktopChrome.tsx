import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { ProviderWalletsButton, dhakaClock, formatMoney, theme, useBalance, useLoggedIn, Grow, Text, visuallyHidden } from '@khela/web';
import { SiteLogo } from './SiteLogo';
import { LanguagePicker } from './LanguagePicker';
import { useGeneral } from './content';
import { supportLinks } from './support';
import { Icon } from './icons';
import { firstScreen } from './first-screen';

/** A live GMT+6 clock computed in Asia/Dhaka whatever the browser's zone. */
export function DhakaClock() {
  const { t, i18n } = useTranslation('shell');
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <Text figures data-testid="dhaka-clock">
      <span css={visuallyHidden}>{t('gmt6Clock')}: </span>
      {/* the server's render of the page shows the second it was rendered: the browser's own time replaces it */}
      <time suppressHydrationWarning>{dhakaClock(now, i18n.language)}</time> (GMT+6)
    </Text>
  );
}

const topLink = css`
  color: ${theme.color.textMuted};
  text-decoration: none;
  font-size: 13px;
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 4px 2px;
  &:hover,
  &:focus-visible {
    color: ${theme.color.brand};
  }
`;
const pill = (primary: boolean) => css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 0 14px;
  border-radius: ${theme.radius.pill};
  font-weight: 700;
  font-size: 14px;
  text-decoration: none;
  border: 1px solid ${primary ? theme.color.brand : theme.color.border};
  background: ${primary ? theme.color.brand : 'transparent'};
  color: ${primary ? theme.color.brandText : theme.color.text};
  &:focus-visible {
    outline: 3px solid ${theme.color.info};
    outline-offset: 2px;
  }
`;

/** Desktop top bar (docs/README.md#spec-1): clock, language/currency, support links, balance, Deposit, Member Center, Log out. */
export function DesktopTopBar() {
  const { t, i18n } = useTranslation('shell');
  const loggedIn = useLoggedIn();
  const wallet = useBalance();
  const balance = wallet?.balance ?? null;
  const currency = wallet?.currency ?? 'BDT';
  const general = useGeneral().data;
  return (
    <div css={firstScreen.desktopBar} data-testid="desktop-topbar">
      <div
        css={[
          firstScreen.desktopTopRow,
          css`
            font-size: 13px;
            color: ${theme.color.textMuted};
          `,
        ]}
      >
        <DhakaClock />
        <span data-testid="lang-currency">
          {t('langCurrency', { language: i18n.language === 'bn' ? t('bangla') : t('english'), currency })}
        </span>
        <ul
          css={css`
            list-style: none;
            display: flex;
            gap: 12px;
            margin: 0;
            padding: 0;
          `}
          aria-label={t('support')}
        >
          <li>
            <Link to="/chat" css={topLink}>
              <Icon name="chat" size={14} />
              {t('extras.liveChat')}
            </Link>
          </li>
          {supportLinks(general).map((l) => (
            <li key={l.key}>
              <a href={l.href} css={topLink} target={l.key === 'email' ? undefined : '_blank'} rel="noopener noreferrer">
                <Icon name={l.key === 'email' ? 'mail' : l.key === 'telegram' ? 'send' : 'phone'} size={14} />
                {t(`footer.${l.key}`)}
              </a>
            </li>
          ))}
        </ul>
        <Grow as="span" />
        <LanguagePicker compact />
      </div>
      <div css={firstScreen.desktopHeader}>
        <div css={firstScreen.desktopHeaderRow}>
          <SiteLogo />
          <Grow as="span" />
          {loggedIn ? (
            <>
              <span
                css={css`
                  display: flex;
                  flex-direction: column;
                  align-items: flex-end;
                  line-height: 1.2;
                `}
              >
                <Text tone="muted" size="xs">
                  {t('walletBalance')}
                </Text>
                <Text as="strong" tone="brand" size="lg" data-testid="topbar-balance" aria-live="polite">
                  {balance !== null ? formatMoney(balance, currency, i18n.language) : '…'}
                </Text>
                {wallet?.owed ? (
                  <Text tone="danger" size="xs" data-testid="topbar-owed" title={t('owedHint')}>
                    {t('owed', { amount: formatMoney(wallet.owed, currency, i18n.language) })}
                  </Text>
                ) : null}
              </span>
              {/* transfer-wallet providers' balances with Recall and Recall All (issue 30) */}
              <ProviderWalletsButton testIdPrefix="topbar-" />
              <Link to="/deposit" css={pill(true)}>
                <Icon name="wallet" size={16} />
                {t('common:deposit')}
              </Link>
              <Link to="/account" css={pill(false)}>
                <Icon name="user" size={16} />
                {t('memberCenter')}
              </Link>
              <Link to="/player/logout" css={pill(false)} data-testid="desktop-logout">
                <Icon name="logout" size={16} />
                {t('common:logout')}
              </Link>
            </>
          ) : (
            <>
              <Link to="/login" css={pill(false)}>
                {t('common:login')}
              </Link>
              <Link to="/page/guest/register.jsp" css={pill(true)}>
                {t('register')}
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** Desktop nav (docs/README.md#spec-2): every link leads to a screen; aliases are resolved by the shell's routes. */
export const DESKTOP_NAV: ReadonlyArray<{ to: string; key: string }> = [
  { to: '/', key: 'cat.home' },
  { to: '/player/playGame?t=sport&v=CRICKET', key: 'cat.sports' },
  { to: '/casino', key: 'cat.casino' },
  { to: '/slot', key: 'cat.slot' },
  { to: '/table', key: 'cat.table' },
  { to: '/crash', key: 'cat.crash' },
  { to: '/fishing', key: 'cat.fishing' },
  { to: '/arcade', key: 'cat.arcade' },
  { to: '/lottery', key: 'cat.lottery' },
  { to: '/promotions', key: 'extras.promotions' },
  { to: '/vip', key: 'extras.vip' },
  { to: '/referral', key: 'extras.referral' },
  { to: '/page/site/component/appDownload.jsp', key: 'extras.appDownload' },
];

export function DesktopNav() {
  const { t } = useTranslation('shell');
  return (
    <nav aria-label={t('mainNav')} css={firstScreen.desktopNav} data-testid="desktop-nav">
      {/* one row at every width and in both languages (scrolls sideways when narrow), so the nav's height
          never changes when the Bengali font arrives and the early paint in index.html can match it */}
      <ul
        css={[
          firstScreen.desktopNavRow,
          css`
            list-style: none;
            display: flex;
            flex-wrap: nowrap;
            overflow-x: auto;
            scrollbar-width: none;
            &::-webkit-scrollbar {
              display: none;
            }
          `,
        ]}
      >
        {DESKTOP_NAV.map((n) => (
          <li
            key={n.to}
            css={css`
              flex: none;
            `}
          >
            <NavLink
              to={n.to}
              end
              css={css`
                display: inline-flex;
                align-items: center;
                min-height: 44px;
                padding: 0 12px;
                color: ${theme.color.text};
                text-decoration: none;
                font-weight: 600;
                font-size: 14px;
                white-space: nowrap;
                &.active {
                  color: ${theme.color.brand};
                  box-shadow: inset 0 -3px 0 ${theme.color.brand};
                }
                &:hover,
                &:focus-visible {
                  color: ${theme.color.brand};
                }
                &:focus-visible {
                  outline: 3px solid ${theme.color.info};
                  outline-offset: -3px;
                }
              `}
            >
              {t(n.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
