import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { Spinner, theme, useBalance, useHost } from '@khela/web';
import { AccountPage, Fact, LoadError, Money, cardCss, errorText, factsCss, useLoad } from './ui';

/**
 * /exchange-account/balance: balance, exposure and available from the player session (they follow every push),
 * and the Profit & Loss of the last 7 Dhaka days (the server's default range).
 */
export function BalanceOverview() {
  const { t } = useTranslation('exchange');
  const { api, session } = useHost();
  const wallet = useBalance();
  // the figure stored before a reload has no exposure or available: ask the server once
  useEffect(() => {
    if (!wallet || wallet.exposure === null || wallet.available === null) void session.refreshBalance();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);
  const pl = useLoad((signal) => api.call(schemas.exchangeProfitLoss, { query: { group: 'day' }, signal }), [api]);
  const currency = wallet?.currency ?? pl.data?.currency ?? 'BDT';
  const dash = '—';
  return (
    <AccountPage slug="balance">
      <div css={cardCss}>
        <dl
          css={css`
            ${factsCss};
            margin: 0;
            dd {
              font-size: 18px;
            }
          `}
        >
          <Fact label={t('acc.balance.balance')} testId="overview-balance">
            {wallet ? <Money amount={wallet.balance} currency={currency} /> : dash}
          </Fact>
          <Fact label={t('acc.balance.exposure')} testId="overview-exposure">
            {wallet?.exposure != null ? <Money amount={wallet.exposure} currency={currency} /> : dash}
          </Fact>
          <Fact label={t('acc.balance.available')} testId="overview-available">
            {wallet?.available != null ? <Money amount={wallet.available} currency={currency} /> : dash}
          </Fact>
        </dl>
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
        {pl.data ? (
          <>
            <div
              css={css`
                font-size: 12px;
                color: ${theme.color.textMuted};
                margin-top: 2px;
              `}
            >
              {t('acc.pl.range', { from: pl.data.from, to: pl.data.to })}
            </div>
            <dl css={factsCss}>
              <Fact label={t('acc.balance.net')} testId="overview-pl-net">
                <Money amount={pl.data.total.net} currency={pl.data.currency} signed />
              </Fact>
              <Fact label={t('acc.balance.commission')} testId="overview-pl-commission">
                <Money amount={pl.data.total.commission} currency={pl.data.currency} />
              </Fact>
            </dl>
          </>
        ) : pl.error ? (
          <LoadError message={errorText(pl.error, t('acc.loadFailed'))} onRetry={pl.reload} />
        ) : (
          <Spinner />
        )}
        <Link
          to="/exchange-account/profit-loss"
          css={css`
            display: inline-flex;
            align-items: center;
            min-height: 44px;
            color: ${theme.color.brand};
          `}
        >
          {t('acc.balance.seeAll')} ›
        </Link>
      </div>
    </AccountPage>
  );
}
