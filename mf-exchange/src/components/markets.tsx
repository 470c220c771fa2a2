import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { NoData, Tabs, theme } from '@khela/web';
import { FANCY_TABS, filterFancy, rowOverlay, type FancyTabKey } from '../logic';
import type { BetPick } from './BetSlip';

const cell = css`
  min-width: 64px;
  padding: 4px 2px;
  border: 0;
  border-radius: ${theme.radius.sm};
  text-align: center;
  cursor: pointer;
  font: inherit;
  color: #111;
  line-height: 1.2;
`;
const backCss = css`
  ${cell};
  background: ${theme.color.back};
`;
const layCss = css`
  ${cell};
  background: ${theme.color.lay};
`;

export function MarketCard({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section
      data-testid={testId}
      css={css`
        margin: 12px 0;
        background: ${theme.color.surface};
        border: 1px solid ${theme.color.border};
        border-radius: ${theme.radius.md};
        overflow: hidden;
      `}
    >
      <h2
        css={css`
          margin: 0;
          padding: 8px 12px;
          font-size: 14px;
          background: ${theme.color.surfaceRaised};
          display: flex;
          justify-content: space-between;
          align-items: center;
        `}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function PriceButton(props: {
  kind: 'back' | 'lay';
  price: number | undefined;
  size?: number | string;
  label: string;
  onClick: () => void;
}) {
  if (props.price === undefined || !Number.isFinite(props.price)) {
    return (
      <span
        css={css`
          ${props.kind === 'back' ? backCss : layCss};
          opacity: 0.5;
          cursor: default;
        `}
      >
        -
      </span>
    );
  }
  return (
    <button type="button" aria-label={props.label} css={props.kind === 'back' ? backCss : layCss} onClick={props.onClick}>
      <strong
        css={css`
          display: block;
        `}
      >
        {props.price}
      </strong>
      {props.size !== undefined && <small>{props.size}</small>}
    </button>
  );
}

/** The overlay a row shows over its prices: Ball Running beats Suspend (spec 4). */
export function RowOverlay({ row }: { row: { suspended?: number; ball_running?: number } }) {
  const { t } = useTranslation('exchange');
  const overlay = rowOverlay(row);
  if (!overlay) return null;
  return (
    <div
      data-testid="row-overlay"
      css={css`
        position: absolute;
        inset: 0;
        display: flex;
        align-items: center;
        justify-content: center;
        background: rgba(0, 0, 0, 0.72);
        color: ${overlay === 'ballRunning' ? theme.color.warning : theme.color.danger};
        font-weight: 700;
        text-transform: uppercase;
        font-size: 13px;
      `}
    >
      {t(`odds.${overlay}`)}
    </div>
  );
}

const rowCss = css`
  display: flex;
  align-items: center;
  gap: 6px;
  padding: 6px 12px;
  border-top: 1px solid ${theme.color.border};
`;
const headCss = css`
  ${rowCss};
  font-size: 12px;
  color: ${theme.color.textMuted};
  border-top: 0;
`;

export function MatchOddsTable({ market, onPick }: { market: schemas.MatchOdds[number]; onPick: (p: BetPick) => void }) {
  const { t } = useTranslation('exchange');
  const title = t('odds.matchOdds');
  return (
    <MarketCard testId="match-odds" title={title}>
      <div css={headCss}>
        <span
          css={css`
            flex: 1;
          `}
        />
        <span
          css={css`
            min-width: 64px;
            text-align: center;
          `}
        >
          {t('odds.back')}
        </span>
        <span
          css={css`
            min-width: 64px;
            text-align: center;
          `}
        >
          {t('odds.lay')}
        </span>
      </div>
      {market.runners.map((r) => {
        const back = r.ex.availableToBack[0];
        const lay = r.ex.availableToLay[0];
        return (
          <div key={r.SelectionName} css={rowCss} data-testid="match-odds-runner">
            <span
              css={css`
                flex: 1;
                font-weight: 600;
              `}
            >
              {r.SelectionName}
            </span>
            <PriceButton
              kind="back"
              price={back?.price}
              size={back?.size}
              label={`${t('odds.back')} ${r.SelectionName} ${back?.price}`}
              onClick={() => back && onPick({ market: title, selection: r.SelectionName, side: 'back', price: back.price })}
            />
            <PriceButton
              kind="lay"
              price={lay?.price}
              size={lay?.size}
              label={`${t('odds.lay')} ${r.SelectionName} ${lay?.price}`}
              onClick={() => lay && onPick({ market: title, selection: r.SelectionName, side: 'lay', price: lay.price })}
            />
          </div>
        );
      })}
    </MarketCard>
  );
}

export function BookmakerTable({ runners, onPick }: { runners: schemas.BookmakerRunner[]; onPick: (p: BetPick) => void }) {
  const { t } = useTranslation('exchange');
  const title = t('odds.bookmaker');
  return (
    <MarketCard testId="bookmaker" title={title}>
      {runners.map((r) => (
        <div
          key={r.runner}
          css={css`
            ${rowCss};
            position: relative;
          `}
          data-testid="bookmaker-runner"
        >
          <span
            css={css`
              flex: 1;
              font-weight: 600;
            `}
          >
            {r.runner}
          </span>
          <PriceButton
            kind="back"
            price={r.backPrice}
            label={`${t('odds.back')} ${r.runner} ${r.backPrice}`}
            onClick={() => onPick({ market: title, selection: r.runner, side: 'back', price: r.backPrice })}
          />
          <PriceButton
            kind="lay"
            price={r.layPrice}
            label={`${t('odds.lay')} ${r.runner} ${r.layPrice}`}
            onClick={() => onPick({ market: title, selection: r.runner, side: 'lay', price: r.layPrice })}
          />
          <RowOverlay row={r} />
        </div>
      ))}
    </MarketCard>
  );
}

export function FancyTable({ rows, onPick }: { rows: schemas.FancyRow[]; onPick: (p: BetPick) => void }) {
  const { t } = useTranslation('exchange');
  const [tab, setTab] = useState<FancyTabKey>('all');
  const shown = filterFancy(rows, tab);
  const title = t('odds.fancyBet');
  return (
    <MarketCard
      testId="fancy"
      title={
        <>
          <span>{title}</span>
          <span
            title={t('odds.fancyInfoText')}
            css={css`
              font-size: 11px;
              color: ${theme.color.textMuted};
              font-weight: 400;
            `}
          >
            {t('odds.fancyInfo')}: {t('odds.fancyInfoText')}
          </span>
        </>
      }
    >
      <Tabs
        label={title}
        value={tab}
        onChange={setTab}
        tabs={FANCY_TABS.map((f) => ({ key: f.key, label: t(`odds.fancyTabs.${f.key}`) }))}
      />
      {shown.length === 0 ? (
        <NoData text={t('odds.noFancy')} />
      ) : (
        <>
          <div css={headCss}>
            <span
              css={css`
                flex: 1;
              `}
            />
            <span
              css={css`
                min-width: 64px;
                text-align: center;
              `}
            >
              {t('odds.no')}
            </span>
            <span
              css={css`
                min-width: 64px;
                text-align: center;
              `}
            >
              {t('odds.yes')}
            </span>
          </div>
          {shown.map((r) => (
            <div
              key={r.title}
              css={css`
                ${rowCss};
                position: relative;
              `}
              data-testid="fancy-row"
            >
              <span
                css={css`
                  flex: 1;
                `}
              >
                {r.title}
              </span>
              <PriceButton
                kind="lay"
                price={r.no}
                size={r.no_rate}
                label={`${t('odds.no')} ${r.title} ${r.no}`}
                onClick={() => onPick({ market: title, selection: r.title, side: 'no', price: r.no })}
              />
              <PriceButton
                kind="back"
                price={r.yes}
                size={r.yes_rate}
                label={`${t('odds.yes')} ${r.title} ${r.yes}`}
                onClick={() => onPick({ market: title, selection: r.title, side: 'yes', price: r.yes })}
              />
              <RowOverlay row={r} />
            </div>
          ))}
        </>
      )}
    </MarketCard>
  );
}
