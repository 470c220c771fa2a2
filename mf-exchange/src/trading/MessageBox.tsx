import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { EXCHANGE_MESSAGES, fromMinor, toMinor } from '@khela/contracts';
import { IconButton, formatMoney, formatPercent, theme } from '@khela/web';
import '../i18n-orders';
import { useTrading, useTradingStore } from './context';
import { betPriceText } from './maths';
import type { BetMessage } from './store';

/** How long a message stays before it goes by itself. */
export const MESSAGE_MS = 15_000;

const TONE: Record<BetMessage['kind'], string> = {
  matched: theme.color.success,
  partial: theme.color.info,
  unmatched: theme.color.warning,
  lapsed: theme.color.danger,
  cancelled: theme.color.textMuted,
  won: theme.color.success,
  lost: theme.color.danger,
  void: theme.color.textMuted,
  cashOut: theme.color.success,
  cashingOut: theme.color.info,
  cashOutFailed: theme.color.danger,
};

const REASON_KEYS: Record<string, string> = {
  [EXCHANGE_MESSAGES.lapsedSuspended]: 'lapsedSuspended',
  [EXCHANGE_MESSAGES.lapsedPriceMoved]: 'lapsedPriceMoved',
  [EXCHANGE_MESSAGES.lapsedInPlay]: 'lapsedInPlay',
};

export function useMessageText() {
  const { t, i18n } = useTranslation('exchange');
  return (m: BetMessage): string => {
    // a partial or one runner's cash-out locks only that part: it says so (issue 33)
    if (m.kind === 'cashOut' && m.part)
      return t('orders.cashOutPart', {
        value: formatMoney(m.value ?? '0', 'BDT', i18n.language),
        share: formatPercent(m.part.percent, i18n.language),
        what: m.part.name ?? t('orders.wholeMarket'),
      });
    if (m.kind === 'cashOut' || m.kind === 'cashingOut')
      return t(`messages.${m.kind}`, { value: formatMoney(m.value ?? '0', 'BDT', i18n.language) });
    const b = m.bet!;
    const money = (v: string) => formatMoney(v, 'BDT', i18n.language);
    return t(`messages.${m.kind}`, {
      side: t(`odds.${b.side.toLowerCase()}`),
      selection: b.selection_name,
      market: b.market_name,
      price: betPriceText(b),
      // a cancel says what was cancelled: the stake less what had matched (a partly matched bet keeps its matched part)
      stake: money(m.kind === 'cancelled' ? fromMinor(toMinor(b.stake) - toMinor(b.matched_stake)) : b.stake),
      matched: money(b.matched_stake),
      // the API's reasons in the player's language when known, else as the API said them
      reason: b.reason
        ? REASON_KEYS[b.reason]
          ? t(`messages.reasons.${REASON_KEYS[b.reason]}`)
          : b.reason
        : m.kind === 'cashOutFailed'
          ? t('messages.reasons.hedgeUnmatched')
          : '',
      profit: money((b.profit_loss ?? '0').replace(/^-/, '')),
    });
  };
}

/** The header's bet-matched message box: what happened to the player's bets, newest first. */
export function MessageBox() {
  const { t } = useTranslation(['exchange', 'common']);
  const store = useTradingStore();
  const { messages } = useTrading();
  const text = useMessageText();
  useEffect(() => {
    if (messages.length === 0) return;
    const timers = messages
      .filter((m) => !store.lasting(m))
      .map((m) => setTimeout(() => store.dismiss(m.id), Math.max(0, m.at + MESSAGE_MS - Date.now())));
    return () => timers.forEach(clearTimeout);
  }, [messages, store]);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={t('exchange:messages.label')}
      data-testid="bet-messages"
      css={css`
        position: sticky;
        top: 53px;
        z-index: 4;
        display: flex;
        flex-direction: column;
        gap: 4px;
        padding: ${messages.length ? '6px 8px' : '0'};
      `}
    >
      {messages.map((m) => (
        <div
          key={m.id}
          data-testid="bet-message"
          data-kind={m.kind}
          css={css`
            display: flex;
            align-items: center;
            gap: 8px;
            padding: 4px 4px 4px 10px;
            border-radius: ${theme.radius.sm};
            background: ${theme.color.surfaceRaised};
            border-left: 4px solid ${TONE[m.kind]};
            box-shadow: 0 2px 10px rgba(0, 0, 0, 0.4);
            font-size: 13px;
            line-height: 1.3;
          `}
        >
          <span
            css={css`
              flex: 1;
              min-width: 0;
              overflow-wrap: anywhere;
            `}
          >
            {text(m)}
          </span>
          <IconButton type="button" size={32} aria-label={t('common:close')} onClick={() => store.dismiss(m.id)}>
            ✕
          </IconButton>
        </div>
      ))}
    </div>
  );
}
