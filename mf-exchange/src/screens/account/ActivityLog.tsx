import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { DateTime, useServerQuery, Row, Text, Caption } from '@khela/web';
import { ACCOUNT_READ, AccountData, AccountPage, Pager, Tag, cardCss, listCss, pageParam, type Tone } from './ui';

const KIND_TONE: Record<(typeof schemas.EXCHANGE_ACTIVITY_KINDS)[number], Tone> = {
  login: 'neutral',
  bet: 'info',
  cancel: 'warning',
  cash_out: 'info',
  lapse: 'neutral',
  settled: 'neutral',
};

/** /exchange-account/activity-log: log-ins, bets, cancels, cash-outs and settlements, newest first, paged. */
export function ActivityLog() {
  const { t } = useTranslation('exchange');
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const activity = useServerQuery(schemas.exchangeActivity, { query: { page } }, ACCOUNT_READ);
  return (
    <AccountPage slug="activity-log">
      <AccountData query={activity} isEmpty={(d) => d.data.length === 0}>
        {(data) => (
          <>
            <ul css={listCss}>
              {data.data.map((a, i) => (
                <li
                  key={`${a.at}-${a.kind}-${i}`}
                  data-testid="activity-row"
                  data-kind={a.kind}
                  css={css`
                    ${cardCss};
                    padding: 10px 12px;
                  `}
                >
                  <Row justify="between">
                    <Tag tone={KIND_TONE[a.kind]}>{t(`acc.activity.kind.${a.kind}`)}</Tag>
                    <Text tone="muted" size="xs">
                      <DateTime value={a.at} zone testId="activity-time" />
                    </Text>
                  </Row>
                  <div
                    data-testid="activity-detail"
                    css={css`
                      margin-top: 6px;
                      font-size: 14px;
                      overflow-wrap: anywhere;
                    `}
                  >
                    {a.detail}
                  </div>
                  {a.bet_id && <Caption>{t('acc.activity.betId', { id: a.bet_id })}</Caption>}
                </li>
              ))}
            </ul>
            <Pager page={data.page} last={data.last_page} onPage={(p) => setParams({ page: String(p) })} />
          </>
        )}
      </AccountData>
    </AccountPage>
  );
}
