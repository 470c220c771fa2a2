import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import type { ExchangeRecord } from '@khela/contracts';
import {
  AsyncState,
  CardButton,
  CardList,
  CardRow,
  Chip,
  ChipRow,
  DateTime,
  formatMoney,
  Modal,
  Muted,
  signedColour,
  theme,
  useServerQuery,
  Row,
} from '@khela/web';
import { exchangeStatusTone, paisa } from './model';

const TONE_COLOR = {
  processing: theme.color.warning,
  won: theme.color.success,
  lost: theme.color.danger,
  neutral: theme.color.textMuted,
} as const;

function ExchangeStatus({ status }: { status: ExchangeRecord['status'] }) {
  const { t } = useTranslation('casino');
  const tone = exchangeStatusTone(status);
  return (
    <span
      data-testid="exchange-status"
      data-tone={tone}
      css={css`
        display: inline-block;
        padding: 2px 8px;
        border-radius: ${theme.radius.pill};
        font-size: 12px;
        font-weight: 700;
        white-space: nowrap;
        border: 1px solid ${TONE_COLOR[tone]};
        color: ${tone === 'neutral' ? theme.color.text : TONE_COLOR[tone]};
      `}
    >
      {t(`records.ex.status.${status}`)}
    </span>
  );
}

const figures = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  font-size: 13px;
  margin-top: 4px;
`;

/** The Exchange tab (docs/README.md#spec-2): the player's exchange bets with All/Today; a row opens "Exchange Record Details". */
export function ExchangeRecords() {
  const { t, i18n } = useTranslation('casino');
  const [quick, setQuick] = useState<'all' | 'today'>('all');
  const [open, setOpen] = useState<ExchangeRecord | null>(null);
  // a bet matched, settled or cancelled moves the balance or the exposure: the list is read again then
  const records = useServerQuery(
    schemas.getExchangeRecord,
    { query: { tab: 'exchange', date: quick } },
    { topics: ['balance'], select: (r) => r.data },
  );

  return (
    <div data-testid="exchange-records">
      <ChipRow>
        {(['all', 'today'] as const).map((k) => (
          <Chip key={k} active={quick === k} onClick={() => setQuick(k)}>
            {t(`records.${k}`)}
          </Chip>
        ))}
      </ChipRow>
      <AsyncState query={records} isEmpty={(list) => list.length === 0} failed={t('records.failed')} testId="exchange-records-error">
        {(list) => (
          <CardList>
            {list.map((r) => (
              <CardRow key={r.transaction_id} data-testid="exchange-record" data-transaction-id={r.transaction_id}>
                <CardButton
                  onClick={() => setOpen(r)}
                  aria-label={t('records.ex.open', { name: `${r.event_name} ${r.selection_name}`, id: r.transaction_id })}
                >
                  <Row as="span" align="start" justify="between">
                    <strong css={{ overflowWrap: 'anywhere' }}>{r.event_name}</strong>
                    <ExchangeStatus status={r.status} />
                  </Row>
                  <Muted css={{ display: 'block', marginTop: 2 }}>
                    {t(`records.ex.betTypes.${r.bet_type}`)} · {r.selection_name}
                    {r.market_name !== r.selection_name && ` · ${r.market_name}`}
                  </Muted>
                  <span css={figures}>
                    <span>
                      {t('records.ex.stake')}:{' '}
                      <strong data-testid="exchange-record-stake">{formatMoney(r.stake, r.currency, i18n.language)}</strong>
                    </span>
                    {r.net_profit_loss !== null && (
                      <span>
                        {t('records.profitLoss')}:{' '}
                        <strong data-testid="exchange-record-pl" css={{ color: signedColour(paisa(r.net_profit_loss)) }}>
                          {formatMoney(r.net_profit_loss, r.currency, i18n.language)}
                        </strong>
                      </span>
                    )}
                    <Muted>
                      <DateTime value={r.created_at} zone />
                    </Muted>
                  </span>
                </CardButton>
              </CardRow>
            ))}
          </CardList>
        )}
      </AsyncState>
      <ExchangeRecordDetails record={open} onClose={() => setOpen(null)} />
    </div>
  );
}

/** Spec 2: "Exchange Record Details" with a toggle between the short view and the full view. */
export function ExchangeRecordDetails({ record, onClose }: { record: ExchangeRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('casino');
  const [full, setFull] = useState(false);
  useEffect(() => setFull(false), [record?.transaction_id]);
  if (!record) return null;
  const r = record;
  const money = (v: string) => formatMoney(v, r.currency, i18n.language);
  const rows: Array<[string, string, string]> = full
    ? [
        ['eventName', t('records.ex.eventName'), r.event_name],
        ['gameType', t('records.ex.gameType'), t(`records.ex.gameTypes.${r.game_type}`)],
        ['marketName', t('records.ex.marketName'), r.market_name],
        ['selectionName', t('records.ex.selectionName'), r.selection_name],
        ['betType', t('records.ex.betType'), t(`records.ex.betTypes.${r.bet_type}`)],
        ['stake', t('records.ex.stake'), money(r.stake)],
        ['potentialProfit', t('records.ex.potentialProfit'), money(r.potential_profit)],
        ['potentialLiability', t('records.ex.potentialLiability'), money(r.potential_liability)],
        ['odds', t('records.ex.odds'), r.odds === null ? '—' : String(r.odds)],
        ['runs', t('records.ex.runs'), r.run === null ? '—' : String(r.run)],
      ]
    : [
        ['eventName', t('records.ex.eventName'), r.event_name],
        ['transactionId', t('records.ex.transactionId'), r.transaction_id],
        ['amount', t('records.ex.amount'), money(r.stake)],
      ];
  return (
    <Modal open title={t('records.ex.detailsTitle')} onClose={onClose}>
      <div data-testid="exchange-record-details" data-view={full ? 'full' : 'short'}>
        <div
          css={css`
            display: flex;
            justify-content: space-between;
            align-items: center;
            gap: 8px;
            margin-bottom: 10px;
          `}
        >
          <ChipRow role="group" aria-label={t('records.ex.view')}>
            <Chip active={!full} onClick={() => setFull(false)}>
              {t('records.ex.short')}
            </Chip>
            <Chip active={full} onClick={() => setFull(true)}>
              {t('records.ex.full')}
            </Chip>
          </ChipRow>
          <ExchangeStatus status={r.status} />
        </div>
        <dl
          css={css`
            margin: 0;
            display: grid;
            grid-template-columns: minmax(110px, auto) 1fr;
            gap: 8px 12px;
            font-size: 14px;
            dt {
              color: ${theme.color.textMuted};
            }
            dd {
              margin: 0;
              font-weight: 600;
              overflow-wrap: anywhere;
              font-variant-numeric: tabular-nums;
            }
            div {
              display: contents;
            }
          `}
        >
          {rows.map(([key, label, value]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd data-testid={`detail-${key}`}>{value}</dd>
            </div>
          ))}
        </dl>
        {r.net_profit_loss !== null && (
          <Muted as="p" css={{ margin: '12px 0 0', display: 'block' }}>
            {t('records.profitLoss')}:{' '}
            <strong data-testid="detail-profitLoss" css={{ color: signedColour(paisa(r.net_profit_loss)) }}>
              {money(r.net_profit_loss)}
            </strong>
            {paisa(r.commission) > 0 && ` (${t('records.ex.commission')} ${money(r.commission)})`}
          </Muted>
        )}
      </div>
    </Modal>
  );
}
