import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { ErrorText, theme, Row, Text } from '@khela/web';
import { minorToAmount, stakeToMinor, stepLadder, toHundredths } from './maths';
import { formButtonCss, useKeyedSend } from './keyed-send';
import type { Bet } from './store';
import '../i18n-orders';

/** Only a Match Odds bet out of its delay with an unmatched part can be edited (the API's rule, issue 33). */
export const editable = (b: Bet) =>
  b.market_kind === 'MATCH_ODDS' && (b.status === 'UNMATCHED' || b.status === 'PARTIALLY_MATCHED') && Number(b.unmatched_stake) > 0;

const inputCss = css`
  width: 100%;
  min-height: 36px;
  box-sizing: border-box;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  font: inherit;
  font-size: 14px;
  padding: 0 8px;
  font-variant-numeric: tabular-nums;
`;
const stepCss = css`
  appearance: none;
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surfaceRaised};
  color: ${theme.color.text};
  border-radius: ${theme.radius.sm};
  min-width: 36px;
  min-height: 36px;
  font: inherit;
  cursor: pointer;
`;
/**
 * The inline editor of an unmatched bet: its odds (typed or stepped along the ladder) and its unmatched stake. Says
 * what the change does before it is sent (a lower stake keeps the bet's place in the queue; anything else is a new
 * bet at the back of the queue). One idempotency key per edit, kept across a retry after a network failure.
 */
export function BetEditForm({
  bet,
  save,
  onDone,
  onClose,
}: {
  bet: Bet;
  save: (id: string, body: { price?: number; stake?: string }, key: string) => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('exchange');
  const [price, setPrice] = useState(String(bet.price ?? ''));
  const [stake, setStake] = useState(bet.unmatched_stake);
  const { busy, error, setError, send } = useKeyedSend();

  const priceNum = Number(price);
  const priceChanged = Number.isFinite(priceNum) && toHundredths(priceNum) !== toHundredths(bet.price ?? 0);
  const stakeMinor = stakeToMinor(stake);
  const nowMinor = stakeToMinor(bet.unmatched_stake) ?? 0;
  const stakeChanged = stakeMinor !== null && stakeMinor !== nowMinor;
  const changed = priceChanged || stakeChanged;
  const keepsPlace = !priceChanged && stakeChanged && stakeMinor! < nowMinor;

  const submit = async () => {
    if (!changed || stakeMinor === null || !Number.isFinite(priceNum)) {
      setError(t('orders.unchanged'));
      return;
    }
    const body = { ...(priceChanged ? { price: priceNum } : {}), ...(stakeChanged ? { stake: minorToAmount(stakeMinor) } : {}) };
    const saved = await send(async (key) => {
      await save(bet.id, body, key);
      return true;
    });
    if (saved) onDone();
  };

  return (
    <form
      data-testid="bet-edit"
      aria-label={t('orders.editTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      css={css`
        display: grid;
        gap: 8px;
        margin-top: 8px;
        padding: 8px;
        border-radius: ${theme.radius.sm};
        background: ${theme.color.surface};
        font-size: 13px;
      `}
    >
      <div
        css={css`
          display: grid;
          grid-template-columns: 1fr 1fr;
          gap: 8px;
        `}
      >
        <label>
          {t('orders.price')}
          <span
            css={css`
              display: flex;
              gap: 4px;
              margin-top: 4px;
            `}
          >
            <button
              type="button"
              css={stepCss}
              aria-label={t('orders.priceDown')}
              onClick={() => setPrice(String(stepLadder(Number(price) || (bet.price ?? 2), -1)))}
            >
              −
            </button>
            <input
              data-testid="bet-edit-price"
              css={inputCss}
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
            <button
              type="button"
              css={stepCss}
              aria-label={t('orders.priceUp')}
              onClick={() => setPrice(String(stepLadder(Number(price) || (bet.price ?? 2), 1)))}
            >
              +
            </button>
          </span>
        </label>
        <label>
          {t('orders.stake')}
          <input
            data-testid="bet-edit-stake"
            css={[
              inputCss,
              css`
                margin-top: 4px;
              `,
            ]}
            inputMode="decimal"
            value={stake}
            onChange={(e) => setStake(e.target.value)}
          />
        </label>
      </div>
      {changed && (
        <Text as="p" tone="muted" size="xs" data-testid="bet-edit-note">
          {keepsPlace ? t('orders.keepsPlace') : t('orders.backOfQueue')}
        </Text>
      )}
      {error && (
        <ErrorText
          testId="bet-edit-error"
          css={css`
            margin: 0;
          `}
        >
          {error}
        </ErrorText>
      )}
      <Row align="stretch" justify="end">
        <button type="button" css={formButtonCss(false)} onClick={onClose}>
          {t('orders.close')}
        </button>
        <button type="submit" data-testid="bet-edit-save" css={formButtonCss(true)} disabled={busy || !changed}>
          {busy ? t('orders.saving') : t('orders.save')}
        </button>
      </Row>
    </form>
  );
}
