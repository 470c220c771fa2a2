import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { ApiError, DateTime, Modal, NoData, Tabs, formatMoney, theme } from '@khela/web';
import { useTrading, useTradingStore } from './context';
import { betPriceText } from './maths';
import type { Bet } from './store';

const cancellable = (b: Bet) => (b.status === 'UNMATCHED' || b.status === 'PARTIALLY_MATCHED') && Number(b.unmatched_stake) > 0;

function BetRow({ bet, onError }: { bet: Bet; onError: (m: string | null) => void }) {
  const { t, i18n } = useTranslation('exchange');
  const store = useTradingStore();
  const [busy, setBusy] = useState(false);
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
        display: flex;
        gap: 8px;
        align-items: center;
        padding: 8px;
        border-left: 4px solid ${backish ? theme.color.back : theme.color.lay};
        background: ${theme.color.surfaceRaised};
        border-radius: ${theme.radius.sm};
      `}
    >
      <div
        css={css`
          flex: 1;
          min-width: 0;
          font-size: 13px;
        `}
      >
        <div
          css={css`
            font-weight: 700;
          `}
        >
          {t(`odds.${bet.side.toLowerCase()}`)} {bet.selection_name} @ {betPriceText(bet)}
        </div>
        <div
          css={css`
            color: ${theme.color.textMuted};
            font-size: 12px;
          `}
        >
          {bet.event_name} · {bet.market_name}
        </div>
        <div
          css={css`
            font-size: 12px;
            font-variant-numeric: tabular-nums;
          `}
        >
          {t('bets.stake')} {money(bet.stake)}
          {bet.status === 'PARTIALLY_MATCHED' && ` · ${t('bets.matched')} ${money(bet.matched_stake)}`}
          {' · '}
          <span data-testid="open-bet-status">{t(`bets.status.${bet.status}`)}</span>
        </div>
        <div
          css={css`
            font-size: 11px;
            color: ${theme.color.textMuted};
          `}
        >
          <DateTime value={bet.placed_at} zone />
        </div>
      </div>
      {cancellable(bet) && (
        <button
          type="button"
          disabled={busy}
          onClick={() => void cancel()}
          aria-label={`${t('bets.cancel')}: ${bet.selection_name} ${betPriceText(bet)}`}
          css={css`
            appearance: none;
            border: 1px solid ${theme.color.danger};
            background: transparent;
            color: ${theme.color.danger};
            border-radius: ${theme.radius.sm};
            min-height: 36px;
            padding: 0 10px;
            font: inherit;
            font-size: 13px;
            cursor: pointer;
          `}
        >
          {t('bets.cancel')}
        </button>
      )}
    </li>
  );
}

function BetList({ bets, title, onError }: { bets: Bet[]; title: string; onError: (m: string | null) => void }) {
  if (bets.length === 0) return null;
  return (
    <section
      css={css`
        margin-top: 10px;
      `}
    >
      <h3
        css={css`
          margin: 0 0 6px;
          font-size: 13px;
          color: ${theme.color.textMuted};
        `}
      >
        {title}
      </h3>
      <ul
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
          display: flex;
          flex-direction: column;
          gap: 6px;
        `}
      >
        {bets.map((b) => (
          <BetRow key={b.id} bet={b} onError={onError} />
        ))}
      </ul>
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
        {error && (
          <p
            role="alert"
            css={css`
              color: ${theme.color.danger};
              font-size: 13px;
            `}
          >
            {error}
          </p>
        )}
        {openBets === null ? null : bets.length === 0 ? (
          <NoData text={t('bets.none')} />
        ) : (
          <>
            <BetList bets={unmatched} title={t('bets.unmatched')} onError={setError} />
            <BetList bets={matched} title={t('bets.matchedTitle')} onError={setError} />
          </>
        )}
      </div>
    </Modal>
  );
}
