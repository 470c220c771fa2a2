import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { formatMoney, theme, useBalance, usePlayer } from '@khela/web';

const ITEMS = ['myProfile', 'balanceOverview', 'myBets', 'betsHistory', 'profitLoss', 'activityLog'] as const;

/** /exchange-account: the exchange's account menu (its links are not wired yet, as in the spec). */
export function ExchangeAccount() {
  const { t } = useTranslation(['exchange', 'common']);
  const wallet = useBalance();
  const username = usePlayer()?.username ?? '';
  return (
    <div
      data-testid="exchange-account"
      css={css`
        padding: 12px;
      `}
    >
      <div
        css={css`
          padding: 12px;
          border-radius: ${theme.radius.md};
          background: ${theme.color.surface};
          border: 1px solid ${theme.color.border};
          margin-bottom: 12px;
        `}
      >
        <div
          css={css`
            font-weight: 700;
            font-size: 16px;
          `}
          data-testid="exchange-account-username"
        >
          {username}
        </div>
        <div
          css={css`
            font-size: 13px;
            color: ${theme.color.textMuted};
            margin-top: 4px;
          `}
        >
          {t('exchange:account.timeZone')}: <strong>{t('common:gmt6')}</strong>
        </div>
      </div>
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
        {ITEMS.map((k) => (
          <li
            key={k}
            css={css`
              display: flex;
              justify-content: space-between;
              align-items: center;
              padding: 14px 12px;
              background: ${theme.color.surface};
              border-bottom: 1px solid ${theme.color.border};
              &:last-child {
                border-bottom: 0;
              }
            `}
          >
            <span>{t(`exchange:account.${k}`)}</span>
            <span
              css={css`
                font-size: 12px;
                color: ${theme.color.textMuted};
              `}
            >
              {k === 'balanceOverview' && wallet !== null ? formatMoney(wallet.balance) : t('exchange:account.soon')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
