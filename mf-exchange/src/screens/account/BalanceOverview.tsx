import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { FactItem, Facts, Money, theme, useBalance, useHost, useServerQuery, Caption, textLink } from '@khela/web';
import { ACCOUNT_READ, AccountData, AccountPage, cardCss } from './ui';

/**
 * /exchange-account/balance: balance, exposure and available from the player session (they follow every push),
 * and the Profit & Loss of the last 7 Dhaka days (the server's default range).
 */
export function BalanceOverview() {
  const { t } = useTranslation('exchange');
  const { session } = useHost();
  const wallet = useBalance();
  // the figure stored before a reload has no exposure or available: ask the server once
  useEffect(() => {
    if (!wallet || wallet.exposure === null || wallet.available === null) void session.refreshBalance();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);
  const pl = useServerQuery(schemas.exchangeProfitLoss, { query: { group: 'day' } }, ACCOUNT_READ);
  const currency = wallet?.currency ?? pl.data?.currency ?? 'BDT';
  const dash = '—';
  return (
    <AccountPage slug="balance">
      <div css={cardCss}>
        <Facts
          css={css`
            margin: 0;
            dd {
              font-size: 18px;
            }
          `}
        >
          <FactItem label={t('acc.balance.balance')} testId="overview-balance">
            {wallet ? <Money value={wallet.balance} currency={currency} plain /> : dash}
          </FactItem>
          <FactItem label={t('acc.balance.exposure')} testId="overview-exposure">
            {wallet?.exposure != null ? <Money value={wallet.exposure} currency={currency} plain /> : dash}
          </FactItem>
          <FactItem label={t('acc.balance.available')} testId="overview-available">
            {wallet?.available != null ? <Money value={wallet.available} currency={currency} plain /> : dash}
          </FactItem>
        </Facts>
        <p
          css={css`
            font-size: 12px;
            color: ${theme.color.textMuted};
            margin: 10px 0 0;
          `}
        >
          {t('acc.balance.note')}
        </p>
      </div>
      <div
        css={css`
          ${cardCss};
          margin-top: 10px;
        `}
        data-testid="overview-pl"
      >
        <h2
          css={css`
            font-size: 15px;
            margin: 0;
          `}
        >
          {t('acc.balance.pl7')}
        </h2>
        <AccountData query={pl}>
          {(data) => (
            <>
              <Caption>{t('acc.pl.range', { from: data.from, to: data.to })}</Caption>
              <Facts>
                <FactItem label={t('acc.balance.net')} testId="overview-pl-net">
                  <Money value={data.total.net} currency={data.currency} signed />
                </FactItem>
                <FactItem label={t('acc.balance.commission')} testId="overview-pl-commission">
                  <Money value={data.total.commission} currency={data.currency} plain />
                </FactItem>
              </Facts>
            </>
          )}
        </AccountData>
        <Link to="/exchange-account/profit-loss" css={textLink}>
          {t('acc.balance.seeAll')} ›
        </Link>
      </div>
    </AccountPage>
  );
}
