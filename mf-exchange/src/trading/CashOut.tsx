import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { ApiError, Button, Modal, formatMoney, theme } from '@khela/web';
import { useTradingStore } from './context';
import { betPriceText } from './maths';
import { refusalText } from './refusals';

type Quote = { value: string; hedges: Array<{ selection_id: string; side: 'BACK' | 'LAY'; price: number; stake: string }> };

/**
 * Cash Out of a matched Match Odds or BookMaker position: asks the quote (`POST …/cash-out {}`), shows the value,
 * and takes it with `{ take: true, min_value }` (refused if the value fell since the quote) under one idempotency key.
 */
export function CashOutButton({
  marketId,
  names,
  kind = 'MATCH_ODDS',
}: {
  marketId: string;
  names: ReadonlyMap<string, string>;
  /** BookMaker hedges are shown at the rate the page shows (106), not the price (2.06). */
  kind?: 'MATCH_ODDS' | 'BOOKMAKER';
}) {
  const { t, i18n } = useTranslation(['exchange', 'common']);
  const store = useTradingStore();
  const [open, setOpen] = useState(false);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keyRef = useRef<string | null>(null);
  const money = (v: string) => formatMoney(v, 'BDT', i18n.language);

  const ask = async () => {
    setOpen(true);
    setBusy(true);
    setError(null);
    setQuote(null);
    keyRef.current = null;
    try {
      setQuote(await store.calls.cashOut(marketId, {}));
    } catch (err) {
      setError(err instanceof ApiError ? refusalText(err.message, i18n.language) : String(err));
    } finally {
      setBusy(false);
    }
  };

  const take = async () => {
    if (!quote) return;
    keyRef.current ??= schemas.newIdempotencyKey();
    setBusy(true);
    setError(null);
    try {
      const res = await store.calls.cashOut(marketId, { take: true, min_value: quote.value }, keyRef.current);
      keyRef.current = null;
      store.cashedOut(marketId, res.value, res.bets);
      setOpen(false);
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (!e?.network) keyRef.current = null;
      setError(e ? refusalText(e.message, i18n.language) : String(err));
      // the value moved: show the new quote to confirm again
      if (e && !e.network && e.status === 409) void store.calls.cashOut(marketId, {}).then(setQuote, () => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        data-testid="cash-out"
        onClick={() => void ask()}
        css={css`
          appearance: none;
          border: 0;
          border-radius: ${theme.radius.sm};
          background: ${theme.color.brand};
          color: ${theme.color.brandText};
          font: inherit;
          font-size: 12px;
          font-weight: 700;
          min-height: 28px;
          padding: 0 10px;
          cursor: pointer;
        `}
      >
        {t('exchange:cashOut.button')}
      </button>
      <Modal
        open={open}
        title={t('exchange:cashOut.title')}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('exchange:betSlip.cancel')}
            </Button>
            <Button data-testid="cash-out-confirm" disabled={!quote || busy} onClick={() => void take()}>
              {busy && quote ? t('exchange:cashOut.taking') : t('exchange:cashOut.confirm')}
            </Button>
          </>
        }
      >
        <div data-testid="cash-out-dialog">
          {quote ? (
            <>
              <p
                css={css`
                  margin: 0 0 8px;
                `}
              >
                {t('exchange:cashOut.value')}{' '}
                <strong
                  data-testid="cash-out-value"
                  css={css`
                    color: ${Number(quote.value) >= 0 ? theme.color.success : theme.color.danger};
                    font-size: 18px;
                  `}
                >
                  {money(quote.value)}
                </strong>
              </p>
              <p
                css={css`
                  margin: 0 0 8px;
                  font-size: 13px;
                  color: ${theme.color.textMuted};
                `}
              >
                {t('exchange:cashOut.explain')}
              </p>
              <ul
                css={css`
                  margin: 0;
                  padding-left: 18px;
                  font-size: 13px;
                `}
              >
                {quote.hedges.map((h) => (
                  <li key={`${h.selection_id}-${h.side}`}>
                    {t(`exchange:odds.${h.side.toLowerCase()}`)} {names.get(h.selection_id) ?? h.selection_id} @{' '}
                    {betPriceText({ market_kind: kind, price: h.price, avg_price: null, line: null, rate: null })} · {money(h.stake)}
                  </li>
                ))}
              </ul>
            </>
          ) : busy ? (
            <p>{t('common:loading')}</p>
          ) : null}
          {error && (
            <p
              role="alert"
              data-testid="cash-out-error"
              css={css`
                color: ${theme.color.danger};
                font-size: 13px;
              `}
            >
              {error}
            </p>
          )}
        </div>
      </Modal>
    </>
  );
}
