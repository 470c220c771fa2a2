import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  AsyncState,
  DateTime,
  NoData,
  Page,
  PageHeader,
  Tabs,
  formatMoney,
  localDigits,
  formatPercent,
  ProgressBar,
  theme,
  useLocale,
  usePlayer,
  useServerQuery,
  Row,
  Text,
} from '@khela/web';
import type { Turnover } from '@khela/contracts';
import { turnoverBonus, turnoverProgress } from '../lib/records';

/** /turnover-record: Active and Completed tabs of ticket cards with a progress bar, or No Data. */
export function TurnoverRecord() {
  const { t } = useTranslation('wallet');
  const remoteId = usePlayer()?.remoteId || undefined;
  const locale = useLocale();
  const [tab, setTab] = useState<'active' | 'complete'>('active');
  const turnovers = useServerQuery(schemas.getTurnovers, { query: { remote_id: remoteId } }, { select: (r) => r.data });
  const list: Turnover[] | null = turnovers.data ?? null;

  const shown = (list ?? []).filter((x) => x.status === tab);
  return (
    <Page>
      <PageHeader title={t('records.turnoverTitle')} />
      <Tabs
        label={t('records.turnoverTitle')}
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'active', label: t('records.active') },
          { key: 'complete', label: t('records.completed') },
        ]}
      />
      {!list ? (
        <AsyncState query={turnovers} failed={t('records.loadFailed')} testId="turnover-error">
          {() => null}
        </AsyncState>
      ) : shown.length === 0 ? (
        <NoData />
      ) : (
        shown.map((x) => {
          const pct = turnoverProgress(x);
          return (
            <article
              key={x.id}
              data-testid="turnover-ticket"
              css={css`
                background: ${theme.color.surface};
                border: 1px dashed ${theme.color.brand};
                border-radius: ${theme.radius.lg};
                padding: 14px;
                margin-bottom: 12px;
              `}
            >
              <Row as="header" align="stretch" justify="between">
                <strong>{x.transaction.promotion?.name ?? t('records.deposit')}</strong>
                <Text tone="muted" size="xs">
                  <DateTime value={x.created_at} zone testId="turnover-time" />
                </Text>
              </Row>
              <dl
                css={css`
                  display: grid;
                  grid-template-columns: 1fr auto;
                  gap: 4px 12px;
                  margin: 10px 0;
                  font-size: 14px;
                  dd {
                    margin: 0;
                    text-align: right;
                  }
                `}
              >
                <dt>{t('records.bonus')}</dt>
                <dd data-testid="turnover-bonus">{localDigits(turnoverBonus(x), locale)}</dd>
                <dt>{t('records.required')}</dt>
                <dd>{formatMoney(x.required_turnover, 'BDT', locale)}</dd>
                <dt>{t('records.remaining')}</dt>
                <dd>{formatMoney(x.remaining_turnover, 'BDT', locale)}</dd>
              </dl>
              <ProgressBar
                value={pct / 100}
                height={10}
                label={t('records.progress')}
                tone={x.status === 'complete' ? 'success' : 'brand'}
              />
              <p
                css={css`
                  margin: 6px 0 0;
                  font-size: 12px;
                  text-align: right;
                `}
              >
                {x.status === 'complete' ? `${formatPercent(100, locale)} ${t('records.completed')}` : formatPercent(pct, locale)}
              </p>
            </article>
          );
        })
      )}
    </Page>
  );
}
