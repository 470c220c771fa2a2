import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { ApiError, DateTime, ErrorText, Modal, NoData, Tabs, formatMoney, theme, Row, Text, PlainList, SectionTitle } from '@khela/web';
import { useTrading, useTradingStore } from './context';
import { betPriceText } from './maths';
import { refusalText } from './refusals';
import type { Bet } from './store';
import { BetEditForm, editable } from './BetEdit';
import '../i18n-orders';

const cancellable = (b: Bet) => (b.status === 'UNMATCHED' || b.status === 'PARTIALLY_MATCHED') && Number(b.unmatched_stake) > 0;

/** A bet row's action (Edit, or Cancel in the danger colour). */
function RowButton(props: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
  danger?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const tone = props.danger ? theme.color.danger : theme.color.text;
  return (
    <button
      type="button"
      data-testid={props.testId}
      disabled={props.disabled}
      onClick={props.onClick}
      aria-label={props.label}
      css={css`
        appearance: none;
        border: 1px solid ${props.danger ? theme.color.danger : theme.color.border};
        background: transparent;
        color: ${tone};
        border-radius: ${theme.radius.sm};
        min-height: 36px;
        padding: 0 10px;
        font: inherit;
        font-size: 13px;
        cursor: pointer;
      `}
    >
      {props.children}
    </button>
  );
}

function BetRow({ bet, onError }: { bet: Bet; onError: (m: string | null) => void }) {
  const { t, i18n } = useTranslation('exchange');
  const store = useTradingStore();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const backish = bet.side === 'BACK' || bet.side === 'YES';
  const money = (v: string) => formatMoney(v, 'BDT', i18n.language);
  const cancel = async () => {
    setBusy(true);
    onError(null);
    try {
      await store.cancel(bet.id);
    } catch (err) {
      onError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li
      data-testid="open-bet"
      data-status={bet.status}
      css={css`
        padding: 8px;
        border-left: 4px solid ${backish ? theme.color.back : theme.color.lay};
        background: ${theme.color.surfaceRaised};
        border-radius: ${theme.radius.sm};
      `}
    >
      <Row>
        <div
          css={css`
            flex: 1;
            min-width: 0;
            font-size: 13px;
          `}
        >
          <Text as="div" weight={700}>
            {t(`odds.${bet.side.toLowerCase()}`)} {bet.selection_name} @ {betPriceText(bet)}
          </Text>
          <Text as="div" tone="muted" size="xs">
            {bet.event_name} · {bet.market_name}
          </Text>
          <Text as="div" size="xs" figures>
            {t('bets.stake')} {money(bet.stake)}
            {bet.status === 'PARTIALLY_MATCHED' && ` · ${t('bets.matched')} ${money(bet.matched_stake)}`}
            {Number(bet.unmatched_stake) > 0 && bet.unmatched_stake !== bet.stake && bet.status !== 'PENDING' && (
              <span data-testid="open-bet-unmatched">{` · ${t('bets.unmatched')} ${money(bet.unmatched_stake)}`}</span>
            )}
            {' · '}
            <span data-testid="open-bet-status">{t(`bets.status.${bet.status}`)}</span>
          </Text>
          <Text as="div" tone="muted" size="xxs">
            <DateTime value={bet.placed_at} zone />
          </Text>
        </div>
        {editable(bet) && !editing && (
          <RowButton
            testId="open-bet-edit"
            onClick={() => setEditing(true)}
            label={`${t('orders.edit')}: ${bet.selection_name} ${betPriceText(bet)}`}
          >
            {t('orders.edit')}
          </RowButton>
        )}
        {cancellable(bet) && (
          <RowButton
            danger
            disabled={busy}
            onClick={() => void cancel()}
            label={`${t('bets.cancel')}: ${bet.selection_name} ${betPriceText(bet)}`}
          >
            {t('bets.cancel')}
          </RowButton>
        )}
      </Row>
      {editing && (
        <BetEditForm
          bet={bet}
          save={(id, body, key) => store.edit(id, body, key)}
          onDone={() => setEditing(false)}
          onClose={() => setEditing(false)}
        />
      )}
    </li>
  );
}

const cancelAllCss = css`
  appearance: none;
  border: 1px solid ${theme.color.danger};
  background: transparent;
  color: ${theme.color.danger};
  border-radius: ${theme.radius.sm};
  min-height: 32px;
  padding: 0 10px;
  font: inherit;
  font-size: 12px;
  cursor: pointer;
  &:disabled {
    opacity: 0.6;
  }
`;

/** Cancel all unmatched in one market (`marketId`) or everywhere (none): the store says each cancel. */
function CancelAllButton({
  marketId,
  label,
  text,
  onError,
  testId,
}: {
  marketId?: string;
  label: string;
  text: string;
  onError: (m: string | null) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation('exchange');
  const store = useTradingStore();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    onError(null);
    try {
      await store.cancelAll(marketId);
    } catch (err) {
      onError(err instanceof ApiError ? refusalText(err.message, i18n.language) : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" data-testid={testId} aria-label={label} disabled={busy} onClick={() => void run()} css={cancelAllCss}>
      {busy ? t('orders.cancelling') : text}
    </button>
  );
}

function BetList({
  bets,
  title,
  onError,
  perMarket = false,
}: {
  bets: Bet[];
  title: string;
  onError: (m: string | null) => void;
  /** Unmatched bets: grouped by market, each market with its Cancel all. */
  perMarket?: boolean;
}) {
  const { t } = useTranslation('exchange');
  if (bets.length === 0) return null;
  const markets = perMarket ? [...new Map(bets.map((b) => [b.market_id, b])).values()] : [null];
  return (
    <section
      css={css`
        margin-top: 10px;
      `}
    >
      <SectionTitle as="h3" size="sm" tone="muted">
        {title}
      </SectionTitle>
      {markets.map((m) => {
        const mine = m ? bets.filter((b) => b.market_id === m.market_id) : bets;
        const cancellableHere = m !== null && mine.some(cancellable);
        return (
          <div key={m?.market_id ?? 'all'} data-testid={m ? 'open-bets-market' : undefined} data-market={m?.market_id}>
            {m && (
              <div
                css={css`
                  display: flex;
                  justify-content: space-between;
                  align-items: center;
                  gap: 8px;
                  margin: 6px 0 4px;
                  font-size: 12px;
                  color: ${theme.color.textMuted};
                `}
              >
                <span>
                  {m.event_name} · {m.market_name}
                </span>
                {cancellableHere && (
                  <CancelAllButton
                    marketId={m.market_id}
                    testId="cancel-all-market"
                    label={t('orders.cancelAllMarketLabel', { market: `${m.event_name} · ${m.market_name}` })}
                    text={t('orders.cancelAllMarket')}
                    onError={onError}
                  />
                )}
              </div>
            )}
            <PlainList gap={6}>
              {mine.map((b) => (
                <BetRow key={b.id} bet={b} onError={onError} />
              ))}
            </PlainList>
          </div>
        );
      })}
    </section>
  );
}

/** The header's Bets panel: the player's open bets on this event's markets or on all markets; unmatched ones cancel. */
export function BetsPanel({ open, onClose, eventId }: { open: boolean; onClose: () => void; eventId: string | null }) {
  const { t } = useTranslation('exchange');
  const { openBets } = useTrading();
  const [scope, setScope] = useState<'this' | 'all'>(eventId ? 'this' : 'all');
  const [error, setError] = useState<string | null>(null);
  const effective = eventId ? scope : 'all';
  const bets = (openBets ?? []).filter((b) => effective === 'all' || b.event_id === eventId);
  const unmatched = bets.filter((b) => b.status === 'PENDING' || Number(b.unmatched_stake) > 0);
  const matched = bets.filter((b) => !unmatched.includes(b));
  return (
    <Modal open={open} title={t('bets.title')} onClose={onClose}>
      <div data-testid="bets-panel">
        {eventId && (
          <Tabs
            label={t('bets.title')}
            value={effective}
            onChange={setScope}
            tabs={[
              { key: 'this', label: t('bets.thisMarket') },
              { key: 'all', label: t('bets.allMarkets') },
            ]}
          />
        )}
        {error && <ErrorText>{error}</ErrorText>}
        {openBets === null ? null : bets.length === 0 ? (
          <NoData text={t('bets.none')} />
        ) : (
          <>
            <BetList bets={unmatched} title={t('bets.unmatched')} onError={setError} perMarket />
            {(openBets ?? []).some(cancellable) && (
              <div
                css={css`
                  margin-top: 8px;
                  display: flex;
                  justify-content: flex-end;
                `}
              >
                <CancelAllButton
                  testId="cancel-all-everywhere"
                  label={t('orders.cancelAllEverywhere')}
                  text={t('orders.cancelAllEverywhere')}
                  onError={setError}
                />
              </div>
            )}
            <BetList bets={matched} title={t('bets.matchedTitle')} onError={setError} />
          </>
        )}
      </div>
    </Modal>
  );
}
