import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { ApiError, Button, ErrorText, Modal, formatMoney, formatPercent, theme } from '@khela/web';
import { useTradingStore } from './context';
import { betPriceText } from './maths';
import { refusalText } from './refusals';
import { formButtonCss, useKeyedSend } from './keyed-send';
import '../i18n-orders';

type Quote = {
  value: string;
  hedges: Array<{ selection_id: string; side: 'BACK' | 'LAY'; price: number; stake: string }>;
  /** The position after the hedges, per runner (issue 33). */
  runners?: Array<{ selection_id: string; profit_loss: string }>;
};

/** The shares a partial cash-out offers (issue 33). */
export const CASH_OUT_SHARES = [25, 50, 75, 100] as const;

/**
 * Cash Out of a matched Match Odds or BookMaker position: asks the quote (`POST …/cash-out {}`), shows the value,
 * and takes it with `{ take: true, min_value }` (refused if the value fell since the quote) under one idempotency key.
 * Issue 33: the dialog chooses what to cash out (the whole market or one runner's position: `selection_id`) and how
 * much (25/50/75/100 %: `percent`); each choice asks a new quote, shown with the position it leaves per runner.
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
  const { busy, setBusy, error, setError, send, forget } = useKeyedSend();
  const [selection, setSelection] = useState<string | null>(null);
  const [percent, setPercent] = useState<number>(100);
  /** Runners with a position to green up (from the whole market's quote when the dialog opened). */
  const [candidates, setCandidates] = useState<string[]>([]);
  const asked = useRef(0);
  const money = (v: string) => formatMoney(v, 'BDT', i18n.language);
  const scopeBody = (sel: string | null, pct: number) => ({
    ...(sel ? { selection_id: sel } : {}),
    ...(pct !== 100 ? { percent: pct } : {}),
  });

  const requote = async (sel: string | null, pct: number, first = false) => {
    const n = ++asked.current;
    setSelection(sel);
    setPercent(pct);
    setQuote(null);
    forget();
    // a quote changes nothing (no key of its own); a newer choice's quote replaces it
    setBusy(true);
    setError(null);
    try {
      const q = await store.calls.cashOut(marketId, scopeBody(sel, pct));
      if (n !== asked.current) return;
      setQuote(q);
      if (first) setCandidates(q.hedges.map((h) => h.selection_id));
    } catch (err) {
      if (n !== asked.current) return;
      setError(err instanceof ApiError ? refusalText(err.message, i18n.language) : String(err));
    } finally {
      if (n === asked.current) setBusy(false);
    }
  };

  const ask = async () => {
    setOpen(true);
    setCandidates([]);
    await requote(null, 100, true);
  };

  const take = async () => {
    if (!quote) return;
    const res = await send(
      (key) => store.calls.cashOut(marketId, { take: true, min_value: quote.value, ...scopeBody(selection, percent) }, key),
      (e) => {
        // the value moved: show the new quote to confirm again
        if (!e.network && e.status === 409)
          void store.calls.cashOut(marketId, scopeBody(selection, percent)).then(setQuote, () => undefined);
      },
    );
    if (!res) return;
    const part =
      selection !== null || percent !== 100 ? { percent, name: selection ? (names.get(selection) ?? selection) : null } : undefined;
    store.cashedOut(marketId, res.value, res.bets, part);
    setOpen(false);
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
          <div
            role="group"
            aria-label={t('exchange:orders.cashOutWhat')}
            css={css`
              display: flex;
              flex-wrap: wrap;
              gap: 6px;
              margin: 0 0 8px;
            `}
          >
            <button
              type="button"
              data-testid="cash-out-scope"
              data-selection=""
              aria-pressed={selection === null}
              css={formButtonCss(selection === null, true)}
              onClick={() => void requote(null, percent)}
            >
              {t('exchange:orders.wholeMarket')}
            </button>
            {candidates.length > 1 &&
              candidates.map((id) => (
                <button
                  key={id}
                  type="button"
                  data-testid="cash-out-scope"
                  data-selection={id}
                  aria-pressed={selection === id}
                  css={formButtonCss(selection === id, true)}
                  onClick={() => void requote(id, percent)}
                >
                  {names.get(id) ?? id}
                </button>
              ))}
          </div>
          <div
            role="group"
            aria-label={t('exchange:orders.cashOutShare')}
            css={css`
              display: flex;
              gap: 6px;
              margin: 0 0 10px;
            `}
          >
            {CASH_OUT_SHARES.map((p) => (
              <button
                key={p}
                type="button"
                data-testid="cash-out-percent"
                data-percent={p}
                aria-pressed={percent === p}
                css={formButtonCss(percent === p, true)}
                onClick={() => void requote(selection, p)}
              >
                {formatPercent(p, i18n.language)}
              </button>
            ))}
          </div>
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
                {selection !== null || percent !== 100 ? t('exchange:orders.explainPart') : t('exchange:cashOut.explain')}
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
              {quote.runners && quote.runners.length > 0 && (
                <div
                  css={css`
                    margin-top: 10px;
                    font-size: 13px;
                  `}
                >
                  <div
                    css={css`
                      color: ${theme.color.textMuted};
                      margin-bottom: 4px;
                    `}
                  >
                    {t('exchange:orders.after')}
                  </div>
                  <ul
                    css={css`
                      margin: 0;
                      padding-left: 18px;
                    `}
                  >
                    {quote.runners.map((r) => (
                      <li key={r.selection_id} data-testid="cash-out-after" data-selection={r.selection_id}>
                        {t('exchange:orders.ifWins', { name: names.get(r.selection_id) ?? r.selection_id })}:{' '}
                        <strong
                          css={css`
                            color: ${Number(r.profit_loss) >= 0 ? theme.color.success : theme.color.danger};
                          `}
                        >
                          {money(r.profit_loss)}
                        </strong>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </>
          ) : busy ? (
            <p>{t('common:loading')}</p>
          ) : null}
          {error && <ErrorText testId="cash-out-error">{error}</ErrorText>}
        </div>
      </Modal>
    </>
  );
}
