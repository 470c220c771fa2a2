import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { theme, useBalance, useServerQuery } from '@khela/web';
import { BetCard } from './bets';
import { BETS_PER_PAGE } from './MyBets';
import { ACCOUNT_READ, AccountData, AccountPage, Pager, listCss, pageParam } from './ui';

/** /exchange-account/bets-history: settled bets (WON, LOST, VOID, LAPSED, CANCELLED) with their P&L, newest first, paged. */
export function BetsHistory() {
  const { t } = useTranslation('exchange');
  const currency = useBalance()?.currency ?? 'BDT';
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const bets = useServerQuery(schemas.listExchangeBets, { query: { status: 'settled', page, per_page: BETS_PER_PAGE } }, ACCOUNT_READ);
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
      <AccountData query={bets} isEmpty={(d) => d.data.length === 0}>
        {(data) => (
          <>
            <ul css={listCss}>
              {data.data.map((b) => (
                <BetCard key={b.id} bet={b} currency={currency} settled />
              ))}
            </ul>
            <Pager page={data.page} last={data.last_page} onPage={(p) => setParams({ page: String(p) })} />
          </>
        )}
      </AccountData>
    </AccountPage>
  );
}
