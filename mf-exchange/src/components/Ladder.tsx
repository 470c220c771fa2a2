import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { Panel, Row, localDigits, theme, useHost, visuallyHidden } from '@khela/web';
import '../i18n-trader';
import { useTrading } from '../trading/context';
import { amountToMinor, type BetPick } from '../trading/maths';

type LadderView = schemas.ResponseOf<typeof schemas.exchangeRunnerLadder>;

/** Rows the ladder shows at once (ticks), and how far the arrows move it. */
export const LADDER_ROWS = 21;
export const LADDER_STEP = 5;

/** Prices (hundredths) of the window, highest first: centred between the best back and best lay, moved by `shift` ticks. */
export function ladderWindow(bestBack: number | undefined, bestLay: number | undefined, shift: number, rows = LADDER_ROWS): number[] {
  const ladder = schemas.PRICE_LADDER;
  const ib = bestBack !== undefined ? schemas.priceIndex(bestBack) : -1;
  const il = bestLay !== undefined ? schemas.priceIndex(bestLay) : -1;
  // no offer: around evens (2.0)
  const mid = ib >= 0 && il >= 0 ? Math.round((ib + il) / 2) : ib >= 0 ? ib : il >= 0 ? il : schemas.priceIndex(200);
  let top = mid + Math.floor(rows / 2) + shift;
  top = Math.min(ladder.length - 1, Math.max(rows - 1, top));
  const out: number[] = [];
  for (let i = top; i > top - rows && i >= 0; i--) out.push(ladder[i]!);
  return out;
}

const toHundredths = (price: number) => Math.round(price * 100);

/**
 * The desktop ladder of one Match Odds runner (issue 33): every ladder price in a window around the best prices, what
 * can be backed and laid at each (the runner's whole book: GET …/ladder), the player's own unmatched bets at their
 * price, and a click on a cell opens the slip at that price (one-click betting places at once: the odds view decides).
 */
export function Ladder({
  marketId,
  selectionId,
  name,
  refreshKey,
  onPick,
  onClose,
}: {
  marketId: string;
  selectionId: string;
  name: string;
  /** Changes whenever the market's book may have changed (its version, pushed prices, the player's bets). */
  refreshKey: string;
  onPick: (p: BetPick) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('exchange');
  const { api } = useHost();
  const { openBets } = useTrading();
  const [view, setView] = useState<LadderView | null>(null);
  const [shift, setShift] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    api
      .call(schemas.exchangeRunnerLadder, {
        token: 'exchange',
        params: { marketId },
        query: { selection_id: selectionId },
        signal: ctl.signal,
      })
      .then(setView, () => undefined);
    return () => ctl.abort();
  }, [api, marketId, selectionId, refreshKey]);
  useEffect(() => setShift(0), [selectionId]);

  // the player's unmatched stakes here by side and price (hundredths → paisa)
  const mine = useMemo(() => {
    const out = { BACK: new Map<number, number>(), LAY: new Map<number, number>() };
    for (const b of openBets ?? []) {
      if (b.market_id !== marketId || b.selection_id !== selectionId || b.price === null) continue;
      if (b.side !== 'BACK' && b.side !== 'LAY') continue;
      const left = amountToMinor(b.unmatched_stake);
      if (left <= 0 || b.status === 'PENDING') continue;
      const p = toHundredths(b.price);
      out[b.side].set(p, (out[b.side].get(p) ?? 0) + left);
    }
    return out;
  }, [openBets, marketId, selectionId]);

  const back = useMemo(() => new Map((view?.back ?? []).map((l) => [toHundredths(l.price), Number(l.size)])), [view]);
  const lay = useMemo(() => new Map((view?.lay ?? []).map((l) => [toHundredths(l.price), Number(l.size)])), [view]);
  const bestBack = view?.back[0] ? toHundredths(view.back[0].price) : undefined;
  const bestLay = view?.lay[0] ? toHundredths(view.lay[0].price) : undefined;
  const rows = ladderWindow(bestBack, bestLay, shift);
  const digits = (v: number | string) => localDigits(v, i18n.language);
  const pick = (side: 'back' | 'lay', price: number) =>
    onPick({ kind: 'MATCH_ODDS', marketId, marketName: t('odds.matchOdds'), selectionId, selection: name, side, price: price / 100 });

  return (
    <Panel
      testId="ladder"
      label={t('ladder.title', { runner: name })}
      only="desktop"
      title={<span css={{ flex: 1 }}>{t('ladder.title', { runner: name })}</span>}
      actions={
        <Row as="span">
          <button type="button" css={navCss} onClick={() => setShift((s) => s + LADDER_STEP)} aria-label={t('ladder.higher')}>
            ▲
          </button>
          <button type="button" css={navCss} onClick={() => setShift((s) => s - LADDER_STEP)} aria-label={t('ladder.lower')}>
            ▼
          </button>
          <button type="button" css={navCss} onClick={onClose} aria-label={t('ladder.close')}>
            ✕
          </button>
        </Row>
      }
    >
      <p css={{ margin: 0, padding: '4px 12px', fontSize: 12, color: theme.color.textMuted }}>
        {view ? t('ladder.hint') : t('ladder.loading')}
      </p>
      <table
        css={css`
          width: 100%;
          border-collapse: collapse;
          font-variant-numeric: tabular-nums;
          font-size: 13px;
          th {
            font-size: 12px;
            font-weight: 600;
            color: ${theme.color.textMuted};
            padding: 4px;
          }
          td {
            padding: 1px 2px;
            text-align: center;
            border-top: 1px solid ${theme.color.border};
          }
        `}
      >
        <thead>
          <tr>
            <th scope="col">{t('ladder.mine')}</th>
            <th scope="col">{t('ladder.back')}</th>
            <th scope="col">{t('ladder.odds')}</th>
            <th scope="col">{t('ladder.lay')}</th>
            <th scope="col">{t('ladder.mine')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => {
            const b = back.get(p);
            const l = lay.get(p);
            const myBack = mine.BACK.get(p);
            const myLay = mine.LAY.get(p);
            const price = p / 100;
            return (
              <tr key={p} data-testid="ladder-row" data-price={price}>
                <td data-testid="ladder-mine-back" css={mineCss}>
                  {myBack ? digits(myBack / 100) : ''}
                </td>
                <td css={{ width: '28%' }}>
                  <button
                    type="button"
                    data-testid="ladder-back"
                    css={[cellCss, b ? backFill : backEmpty, p === bestBack && bestCss]}
                    onClick={() => pick('back', p)}
                  >
                    <span css={visuallyHidden}>{t('ladder.backAt', { runner: name, price: digits(price) })} </span>
                    {b ? digits(Math.floor(b)) : ''}
                  </button>
                </td>
                <td
                  css={css`
                    font-weight: 700;
                    background: ${theme.color.surfaceRaised};
                    width: 16%;
                  `}
                >
                  {digits(price)}
                </td>
                <td css={{ width: '28%' }}>
                  <button
                    type="button"
                    data-testid="ladder-lay"
                    css={[cellCss, l ? layFill : layEmpty, p === bestLay && bestCss]}
                    onClick={() => pick('lay', p)}
                  >
                    <span css={visuallyHidden}>{t('ladder.layAt', { runner: name, price: digits(price) })} </span>
                    {l ? digits(Math.floor(l)) : ''}
                  </button>
                </td>
                <td data-testid="ladder-mine-lay" css={mineCss}>
                  {myLay ? digits(myLay / 100) : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Panel>
  );
}

const navCss = css`
  background: none;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  color: ${theme.color.text};
  font: inherit;
  min-width: 32px;
  min-height: 28px;
  cursor: pointer;
`;
const cellCss = css`
  width: 100%;
  min-height: 24px;
  border: 0;
  border-radius: 2px;
  font: inherit;
  color: #111;
  cursor: pointer;
`;
const backFill = css`
  background: ${theme.color.back};
  font-weight: 600;
`;
const backEmpty = css`
  background: rgba(114, 187, 239, 0.18);
`;
const layFill = css`
  background: ${theme.color.lay};
  font-weight: 600;
`;
const layEmpty = css`
  background: rgba(250, 169, 186, 0.18);
`;
const bestCss = css`
  outline: 2px solid ${theme.color.text};
  outline-offset: -2px;
`;
const mineCss = css`
  width: 14%;
  color: ${theme.color.warning};
  font-weight: 700;
`;
