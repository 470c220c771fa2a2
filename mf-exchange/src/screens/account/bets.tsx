import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import type { ExchangeBetView, ExchangeBetStatus } from '@khela/contracts';
import { FactItem, Facts, Money, theme, Row, Caption, Grow } from '@khela/web';
import { DhakaTime, Tag, cardCss, sideColor, type Tone } from './ui';

export const STATUS_TONE: Record<ExchangeBetStatus, Tone> = {
  PENDING: 'warning',
  UNMATCHED: 'warning',
  PARTIALLY_MATCHED: 'warning',
  MATCHED: 'info',
  WON: 'success',
  LOST: 'danger',
  VOID: 'neutral',
  LAPSED: 'neutral',
  CANCELLED: 'neutral',
};

const price = (p: number | null) => (p === null ? '—' : String(p));

/** One exchange bet: side and selection, event and market, its figures, times in Dhaka; `footer` for actions. */
export function BetCard(props: { bet: ExchangeBetView; currency: string; settled?: boolean; footer?: ReactNode }) {
  const { t } = useTranslation('exchange');
  const b = props.bet;
  const fancy = b.market_kind === 'FANCY';
  const zero = (v: string) => v === '0.00' || v === '0';
  return (
    <li data-testid="exchange-bet" data-bet-id={b.id} data-status={b.status} css={cardCss}>
      <Row align="start" justify="between">
        <Grow clip>
          <Row wrap gap={6}>
            <span
              data-testid="bet-side"
              css={css`
                display: inline-block;
                padding: 1px 8px;
                border-radius: ${theme.radius.sm};
                background: ${sideColor(b.side)};
                color: #10202c;
                font-size: 12px;
                font-weight: 700;
              `}
            >
              {t(`acc.bets.side.${b.side}`)}
            </span>
            <strong data-testid="bet-selection">{b.selection_name}</strong>
          </Row>
          <Caption size="sm">
            {b.event_name} · {b.market_name}
            {b.market_name !== t(`acc.bets.kind.${b.market_kind}`) && ` (${t(`acc.bets.kind.${b.market_kind}`)})`}
          </Caption>
        </Grow>
        <Tag tone={STATUS_TONE[b.status]} testId="bet-status">
          {t(`acc.bets.status.${b.status}`)}
        </Tag>
      </Row>
      <Facts>
        {fancy ? (
          <>
            <FactItem label={t('acc.bets.line')}>{price(b.line)}</FactItem>
            <FactItem label={t('acc.bets.rate')}>{price(b.rate)}</FactItem>
          </>
        ) : (
          <FactItem label={b.avg_price !== null ? t('acc.bets.avgOdds') : t('acc.bets.odds')} testId="bet-odds">
            {price(b.avg_price ?? b.price)}
          </FactItem>
        )}
        <FactItem label={t('acc.bets.stake')} testId="bet-stake">
          <Money value={b.stake} currency={props.currency} plain />
        </FactItem>
        {!props.settled && (
          <>
            <FactItem label={t('acc.bets.matched')} testId="bet-matched">
              <Money value={b.matched_stake} currency={props.currency} plain />
              {b.avg_price !== null && !zero(b.matched_stake) && !fancy ? ` @ ${b.avg_price}` : ''}
            </FactItem>
            <FactItem label={t('acc.bets.unmatched')} testId="bet-unmatched">
              <Money value={b.unmatched_stake} currency={props.currency} plain />
              {!zero(b.unmatched_stake) && b.price !== null ? ` @ ${b.price}` : ''}
            </FactItem>
            <FactItem label={t('acc.bets.profit')} testId="bet-profit">
              <Money value={b.potential_profit} currency={props.currency} plain />
            </FactItem>
            <FactItem label={t('acc.bets.liability')} testId="bet-liability">
              <Money value={b.potential_liability} currency={props.currency} plain />
            </FactItem>
          </>
        )}
        {props.settled && (
          <FactItem label={t('acc.bets.pl')} testId="bet-pl">
            <Money value={b.profit_loss ?? '0.00'} currency={props.currency} signed />
          </FactItem>
        )}
        <FactItem label={t('acc.bets.placed')} testId="bet-placed">
          <DhakaTime at={b.placed_at} wrap />
        </FactItem>
        {props.settled && b.settled_at && (
          <FactItem label={t('acc.bets.settled')} testId="bet-settled">
            <DhakaTime at={b.settled_at} wrap />
          </FactItem>
        )}
      </Facts>
      <div
        css={css`
          margin-top: 6px;
          font-size: 11px;
          color: ${theme.color.textMuted};
          overflow-wrap: anywhere;
        `}
      >
        {t('acc.bets.betId')} <span data-testid="bet-id">{b.id}</span>
      </div>
      {b.reason && (
        <p
          css={css`
            margin: 8px 0 0;
            font-size: 12px;
            color: ${theme.color.textMuted};
          `}
        >
          {b.reason}
        </p>
      )}
      {props.footer}
    </li>
  );
}
