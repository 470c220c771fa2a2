import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { NoData, Spinner, theme, useBalance, useHost } from '@khela/web';
import { BetCard } from './bets';
import { BETS_PER_PAGE } from './MyBets';
import { AccountPage, LoadError, Pager, errorText, listCss, pageParam, useLoad } from './ui';

/** /exchange-account/bets-history: settled bets (WON, LOST, VOID, LAPSED, CANCELLED) with their P&L, newest first, paged. */
export function BetsHistory() {
  const { t } = useTranslation('exchange');
  const { api } = useHost();
  const currency = useBalance()?.currency ?? 'BDT';
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const { data, error, reload } = useLoad(
    (signal) => api.call(schemas.listExchangeBets, { query: { status: 'settled', page, per_page: BETS_PER_PAGE }, signal }),
    [api, page],
  );
  return (
    <AccountPage slug="bets-history">
      <p
        css={css`
          margin: 0 0 10px;
          font-size: 12px;
          color: ${theme.color.textMuted};
        `}
      >
        {t('acc.bets.historyNote')}
      </p>
      {data ? (
        data.data.length === 0 ? (
          <NoData />
        ) : (
          <>
            <ul css={listCss}>
              {data.data.map((b) => (
                <BetCard key={b.id} bet={b} currency={currency} settled />
              ))}
            </ul>
            <Pager page={data.page} last={data.last_page} onPage={(p) => setParams({ page: String(p) })} />
          </>
        )
      ) : error ? (
        <LoadError message={errorText(error, t('acc.loadFailed'))} onRetry={reload} />
      ) : (
        <Spinner />
      )}
    </AccountPage>
  );
}
