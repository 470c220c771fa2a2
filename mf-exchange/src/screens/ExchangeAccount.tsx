import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { formatMoney, theme, useBalance, usePlayer, Text } from '@khela/web';
import { ACCOUNT_PAGES, TimeZoneLabel, pageCss } from './account/ui';

/** /exchange-account: the exchange's account menu; each item opens its page (/exchange-account/{page}). */
export function ExchangeAccount() {
  const { t, i18n } = useTranslation(['exchange', 'common']);
  const wallet = useBalance();
  const username = usePlayer()?.username ?? '';
  return (
    <div data-testid="exchange-account" css={pageCss}>
      <div
        css={css`
          padding: 12px;
          border-radius: ${theme.radius.md};
          background: ${theme.color.surface};
          border: 1px solid ${theme.color.border};
          margin: 4px 0 12px;
        `}
      >
        <Text as="div" size="lg" weight={700} data-testid="exchange-account-username">
          {username}
        </Text>
        <div
          css={css`
            margin-top: 4px;
          `}
        >
          <TimeZoneLabel />
        </div>
      </div>
      <nav aria-label={t('exchange:acc.menuLabel')}>
        <ul
          css={css`
            list-style: none;
            margin: 0;
            padding: 0;
            border-radius: ${theme.radius.md};
            overflow: hidden;
            border: 1px solid ${theme.color.border};
          `}
        >
          {ACCOUNT_PAGES.map(({ slug, key }) => (
            <li
              key={slug}
              css={css`
                border-bottom: 1px solid ${theme.color.border};
                &:last-child {
                  border-bottom: 0;
                }
              `}
            >
              <Link
                to={`/exchange-account/${slug}`}
                data-testid={`exchange-account-link-${slug}`}
                css={css`
                  display: flex;
                  justify-content: space-between;
                  align-items: center;
                  gap: 8px;
                  min-height: 48px;
                  padding: 0 12px;
                  background: ${theme.color.surface};
                  color: ${theme.color.text};
                  text-decoration: none;
                  &:hover,
                  &:focus-visible {
                    background: ${theme.color.surfaceRaised};
                  }
                `}
              >
                <span>{t(`exchange:account.${key}`)}</span>
                <span
                  css={css`
                    display: inline-flex;
                    align-items: center;
                    gap: 8px;
                    font-size: 13px;
                    color: ${theme.color.textMuted};
                  `}
                >
                  {slug === 'balance' && wallet !== null && (
                    <span data-testid="exchange-account-balance">
                      {formatMoney(wallet.balance, wallet.currency ?? 'BDT', i18n.language)}
                    </span>
                  )}
                  <Text size="xxl" aria-hidden>
                    ›
                  </Text>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
