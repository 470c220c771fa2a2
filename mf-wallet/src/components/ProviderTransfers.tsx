import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  Badge,
  CardList,
  CardRow,
  DateTime,
  Muted,
  formatMoney,
  registerTranslations,
  useBalance,
  useServerQuery,
  Text,
  SectionTitle,
} from '@khela/web';

/*
 * Transaction records, type Transfer (issue 30): money moved to and from the transfer-wallet providers, with the
 * provider's name, the direction, the state (a pending one is still being checked with the provider) and the Dhaka time.
 * Read again whenever the balance changes (the API pushes after each transfer): the query's topic.
 */

const en = {
  title: 'Transfers',
  type: 'Transfer',
  in: 'Main → {{name}}',
  out: '{{name}} → Main',
  state: { pending: 'Checking', confirmed: 'Success', reversed: 'Returned' },
  tz: 'GMT+6',
};
const bn: typeof en = {
  title: 'ট্রান্সফার',
  type: 'ট্রান্সফার',
  in: 'মূল → {{name}}',
  out: '{{name}} → মূল',
  state: { pending: 'যাচাই চলছে', confirmed: 'সফল', reversed: 'ফেরত এসেছে' },
  tz: 'GMT+6',
};
registerTranslations('provider-transfers', { en, bn });

type Row = schemas.ResponseOf<typeof schemas.providerTransfers>['data'][number];

export function ProviderTransfersSection() {
  const { t, i18n } = useTranslation('provider-transfers');
  const balance = useBalance();
  const rows: Row[] | null =
    useServerQuery(schemas.providerTransfers, { query: {} }, { topics: ['balance'], staleTime: 0 }).data?.data ?? null;
  if (!rows || rows.length === 0) return null;
  const currency = balance?.currency ?? 'BDT';
  return (
    <section
      data-testid="provider-transfers"
      css={css`
        margin-top: 16px;
      `}
    >
      <SectionTitle size="lg">
        {t('title')}{' '}
        <Text tone="muted" size="xs">
          ({t('tz')})
        </Text>
      </SectionTitle>
      <CardList>
        {rows.map((r) => (
          <CardRow
            key={r.id}
            data-testid="provider-transfer"
            data-state={r.state}
            data-direction={r.direction}
            css={css`
              display: flex;
              justify-content: space-between;
              gap: 8px;
              font-size: 13px;
            `}
          >
            <span>
              <strong>{t('type')}</strong> · {t(r.direction, { name: r.name })}
              <br />
              <Muted>
                <DateTime value={r.created_at} zone />
              </Muted>
            </span>
            <Text align="right">
              {formatMoney(r.amount, currency, i18n.language)}
              <br />
              <Badge variant="text" tone={r.state === 'confirmed' ? 'success' : r.state === 'pending' ? 'warning' : 'muted'}>
                {t(`state.${r.state}`)}
              </Badge>
            </Text>
          </CardRow>
        ))}
      </CardList>
    </section>
  );
}
