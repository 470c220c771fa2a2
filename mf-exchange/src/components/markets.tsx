import { memo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { Modal, NoData, Panel, Tabs, formatMoney, localDigits, mq, theme, useBalance, visuallyHidden, Grow, Row, Text } from '@khela/web';
import '../i18n-trader';
import { FANCY_TABS, filterFancy, rowOverlay, type FancyTabKey } from '../logic';
import type { BookmakerRunner, FancyRow } from '../odds';
import type { BetPick } from '../trading/maths';

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

/** A market's stake limits per bet in the player's currency: the same table the API enforces. */
export function StakeLimits({ kind }: { kind: schemas.ExchangeMarketKind }) {
  const { t, i18n } = useTranslation('exchange');
  const shown = useBalance()?.currency;
  const currency = shown && shown in schemas.EXCHANGE_STAKE_LIMITS ? (shown as keyof typeof schemas.EXCHANGE_STAKE_LIMITS) : 'BDT';
  const { min, max } = schemas.EXCHANGE_STAKE_LIMITS[currency][kind];
  return (
    <Text tone="muted" size="xxs" weight={400} block data-testid="stake-limits">
      {t('odds.stakeLimits', { min: formatMoney(min, currency, i18n.language), max: formatMoney(max, currency, i18n.language) })}
    </Text>
  );
}

/**
 * The market kind's rules (contracts' marketRules: what the engine and settlement do), in the reader's language. The
 * button is on every market of the odds view, the rules only when opened: built at every render they were part of the
 * page's hydration (issue 31's profile of /odds-view at 4x: ~15 ms of its long tasks).
 */
export function RulesButton({ kind, market }: { kind: schemas.ExchangeMarketKind; market: string }) {
  const { t } = useTranslation('exchange');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid={`rules-${kind}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        css={css`
          background: none;
          border: 1px solid ${theme.color.border};
          border-radius: ${theme.radius.sm};
          color: ${theme.color.textMuted};
          font: inherit;
          font-size: ${theme.fontSize.xs};
          padding: 2px 8px;
          min-height: 28px;
          cursor: pointer;
        `}
      >
        {t('odds.rules')}
      </button>
      <Modal open={open} title={t('odds.rulesOf', { market })} onClose={() => setOpen(false)}>
        <RulesText kind={kind} />
      </Modal>
    </>
  );
}

function RulesText({ kind }: { kind: schemas.ExchangeMarketKind }) {
  const { i18n } = useTranslation('exchange');
  const sections = schemas.marketRules(kind, i18n.language === 'bn' ? 'bn' : 'en');
  return (
    <div data-testid={`rules-text-${kind}`} css={{ maxHeight: '60vh', overflowY: 'auto', lineHeight: 1.5 }}>
      {sections.map((s) => (
        <section key={s.title}>
          <h3 css={{ fontSize: theme.fontSize.md, margin: '12px 0 4px' }}>{s.title}</h3>
          <ul css={{ margin: 0, paddingLeft: 18 }}>
            {s.points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function MarketCard({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Panel title={title} testId={testId}>
      {children}
    </Panel>
  );
}

function PriceButton(props: {
  kind: 'back' | 'lay';
  price: number | undefined;
  size?: number | string;
  /** The side and the runner ("Back Bangladesh"), read before the price and size. */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** A deeper price of the depth (2 or 3): lighter and smaller; none = the best price. */
  level?: number;
  testId?: string;
}) {
  // odds and sizes are figures the site formats: Bengali digits in bn (issue 34 item 2)
  const { i18n } = useTranslation();
  const deep = props.level !== undefined && props.level > 1 ? deepCss : undefined;
  if (props.price === undefined || !Number.isFinite(props.price) || props.price <= 0) {
    return (
      <span
        aria-hidden={deep ? true : undefined}
        css={css`
          ${props.kind === 'back' ? backCss : layCss};
          opacity: 0.5;
          cursor: default;
          ${deep};
        `}
      >
        -
      </span>
    );
  }
  // the name is what the button shows, after the side and runner a screen reader needs ("Back Bangladesh 2.5 6986"):
  // the visible price and size are part of it, as they read
  return (
    <button
      type="button"
      disabled={props.disabled}
      data-testid={props.testId}
      data-level={props.level}
      css={css`
        ${props.kind === 'back' ? backCss : layCss};
        &:disabled {
          cursor: default;
        }
        ${deep};
      `}
      onClick={props.onClick}
    >
      <span css={visuallyHidden}>{props.label} </span>
      <Text as="strong" block>
        {localDigits(props.price, i18n.language)}
      </Text>
      {props.size !== undefined && (
        <>
          {' '}
          <small>{localDigits(props.size, i18n.language)}</small>
        </>
      )}
    </button>
  );
}

/** A deeper price (levels 2 and 3 of the depth): Betfair's paler shade, smaller figures. */
const deepCss = css`
  background-image: linear-gradient(rgba(255, 255, 255, 0.45), rgba(255, 255, 255, 0.45));
  font-size: 12px;
  min-width: 56px;
`;

/** The overlay a row shows over its prices: Ball Running beats Suspend (docs/README.md#spec-4). */
export function RowOverlay({
  row,
}: {
  row: { suspended?: number | boolean; ball_running?: number | boolean; unavailable?: boolean; closed?: boolean };
}) {
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
const colHead = css`
  min-width: 64px;
  text-align: center;
`;

/** A profit (green) or loss (red) in paisa, e.g. the player's P&L if a runner wins. */
export function Pl({ minor, testId, prefix }: { minor: number; testId?: string; prefix?: string }) {
  const { i18n } = useTranslation();
  const tone = minor > 0 ? theme.color.success : minor < 0 ? theme.color.danger : theme.color.textMuted;
  return (
    <span
      data-testid={testId}
      css={css`
        color: ${tone};
        font-size: 12px;
        font-weight: 600;
        font-variant-numeric: tabular-nums;
      `}
    >
      {prefix}
      {formatMoney(minor / 100, 'BDT', i18n.language)}
    </span>
  );
}

/** Per runner: the player's P&L if it wins now, and what it would be with the slip's bet (paisa). */
export interface RunnerBook {
  now?: Map<string, number>;
  withSlip?: Map<string, number>;
}

function RunnerName({ name, id, book }: { name: string; id: string | undefined; book?: RunnerBook }) {
  const now = id !== undefined ? book?.now?.get(id) : undefined;
  const next = id !== undefined ? book?.withSlip?.get(id) : undefined;
  return (
    <span
      css={css`
        flex: 1;
        min-width: 0;
        display: flex;
        flex-direction: column;
      `}
    >
      <Text weight={600} breakAnywhere>
        {name}
      </Text>
      {(now !== undefined || next !== undefined) && (
        <Row as="span" gap={6} align="baseline">
          {now !== undefined && <Pl minor={now} testId="runner-pl" />}
          {next !== undefined && <Pl minor={next} testId="runner-pl-next" prefix="» " />}
        </Row>
      )}
    </span>
  );
}

/** A Match Odds market: the odds host's shape, with what the API adds (runner suspended, market overlay). */
export type MatchOddsMarket = Omit<schemas.MatchOdds[number], 'runners'> & {
  runners: Array<schemas.MatchOdds[number]['runners'][number] & { suspended?: boolean }>;
  /** The whole market is covered: CLOSED (settled), SUSPENDED, ball running, or the feed down. */
  overlay?: 'closed' | 'suspend' | 'ballRunning' | 'unavailable' | null;
};

/** Sizes are shown whole (the API sends exact amounts, the feed whole numbers). */
const sizeText = (size: number | string | undefined) => (size === undefined ? undefined : Math.floor(Number(size)));

/**
 * Memoised: the odds view re-renders on every push of the event (BookMaker and Fancy rates too); this table only when
 * its market, the player's book on it or the open ladder changed.
 */
export const MatchOddsTable = memo(function MatchOddsTable({
  market,
  onPick,
  book,
  action,
  depth = false,
  totalMatched,
  onLadder,
  ladderOf,
}: {
  market: MatchOddsMarket;
  onPick: (p: BetPick) => void;
  book?: RunnerBook;
  /** The card's header action (Cash Out). */
  action?: ReactNode;
  /**
   * Three back and three lay prices per runner (the odds view): on desktop in six columns, on a phone the best price
   * as always and the two deeper ones on a line below once "Show depth" is on.
   */
  depth?: boolean;
  /** The total matched on the market (money string, the viewer's currency). */
  totalMatched?: string;
  /** Desktop: a runner's Ladder button opens its ladder. */
  onLadder?: (r: { selectionId: string; name: string }) => void;
  /** The runner whose ladder is open. */
  ladderOf?: string | null;
}) {
  const { t, i18n } = useTranslation('exchange');
  const currency = useBalance()?.currency ?? 'BDT';
  const [expanded, setExpanded] = useState(false);
  const title = t('odds.matchOdds');
  const sideWord = { back: t('ladder.back').toLowerCase(), lay: t('ladder.lay').toLowerCase() };
  const pick = (r: MatchOddsMarket['runners'][number], side: 'back' | 'lay', price: number) =>
    onPick({
      kind: 'MATCH_ODDS',
      marketId: market.marketId ?? '',
      marketName: title,
      selectionId: r.selectionId === undefined ? '' : String(r.selectionId),
      selection: r.SelectionName,
      side,
      price,
    });
  // deeper levels: hidden on a phone until asked (display: none also takes them out of the accessibility tree)
  const deepShown = css`
    ${mq.mobile} {
      display: ${expanded ? 'flex' : 'none'};
    }
  `;
  return (
    <MarketCard
      testId="match-odds"
      title={
        <>
          <span>
            {title}
            <StakeLimits kind="MATCH_ODDS" />
            {totalMatched !== undefined && (
              <Text tone="muted" size="xxs" weight={400} block data-testid="total-matched">
                {t('depth.matched', { amount: formatMoney(Number(totalMatched), currency, i18n.language) })}
              </Text>
            )}
            <RulesButton kind="MATCH_ODDS" market={title} />
          </span>
          <Row as="span" gap={6}>
            {depth && (
              <button
                type="button"
                data-testid="depth-toggle"
                aria-expanded={expanded}
                onClick={() => setExpanded((e) => !e)}
                css={css`
                  ${smallButtonCss};
                  ${mq.desktop} {
                    display: none;
                  }
                `}
              >
                {expanded ? t('depth.hide') : t('depth.show')}
              </button>
            )}
            {action}
          </Row>
        </>
      }
    >
      <div css={headCss}>
        <Grow as="span" />
        {depth ? (
          <>
            <span css={[colHead, depthHead]}>{t('odds.back')}</span>
            <span css={[colHead, depthHead]}>{t('odds.lay')}</span>
            {onLadder && <span css={ladderColCss} />}
          </>
        ) : (
          <>
            <span css={colHead}>{t('odds.back')}</span>
            <span css={colHead}>{t('odds.lay')}</span>
          </>
        )}
      </div>
      <div
        css={css`
          position: relative;
        `}
      >
        {market.runners.map((r) => {
          const backs = r.ex.availableToBack;
          const lays = r.ex.availableToLay;
          const back = backs[0];
          const lay = lays[0];
          const id = r.selectionId === undefined ? '' : String(r.selectionId);
          const deeper = (side: 'back' | 'lay', level: number) => {
            const l = (side === 'back' ? backs : lays)[level - 1];
            return (
              <PriceButton
                key={`${side}${level}`}
                kind={side}
                level={level}
                testId={`depth-${side}-${level}`}
                price={l?.price}
                size={sizeText(l?.size)}
                label={t('depth.level', {
                  n: localDigits(level, i18n.language),
                  side: sideWord[side],
                  runner: r.SelectionName,
                })}
                onClick={() => l && pick(r, side, l.price)}
              />
            );
          };
          return (
            <div
              key={r.SelectionName}
              css={css`
                ${rowCss};
                position: relative;
                ${depth ? depthRowCss : ''};
              `}
              data-testid="match-odds-runner"
            >
              <RunnerName name={r.SelectionName} id={r.selectionId === undefined ? undefined : String(r.selectionId)} book={book} />
              {depth && expanded && <span aria-hidden css={lineBreakCss} />}
              {depth && (
                <span css={[deepGroupCss, deepShown]} data-testid="depth-back">
                  {deeper('back', 3)}
                  {deeper('back', 2)}
                </span>
              )}
              <PriceButton
                kind="back"
                price={back?.price}
                size={sizeText(back?.size)}
                label={`${t('odds.back')} ${r.SelectionName}`}
                onClick={() => back && pick(r, 'back', back.price)}
              />
              <PriceButton
                kind="lay"
                price={lay?.price}
                size={sizeText(lay?.size)}
                label={`${t('odds.lay')} ${r.SelectionName}`}
                onClick={() => lay && pick(r, 'lay', lay.price)}
              />
              {depth && (
                <span css={[deepGroupCss, deepLayCss, deepShown]} data-testid="depth-lay">
                  {deeper('lay', 2)}
                  {deeper('lay', 3)}
                </span>
              )}
              {onLadder && (
                <button
                  type="button"
                  data-testid="ladder-open"
                  aria-label={t('ladder.open', { runner: r.SelectionName })}
                  aria-pressed={ladderOf === id}
                  onClick={() => onLadder({ selectionId: id, name: r.SelectionName })}
                  css={css`
                    ${smallButtonCss};
                    ${ladderColCss};
                    ${mq.mobile} {
                      display: none;
                    }
                  `}
                >
                  ☰
                </button>
              )}
              {!market.overlay && r.suspended && <RowOverlay row={{ suspended: 1 }} />}
            </div>
          );
        })}
        {market.overlay && (
          <RowOverlay
            row={
              market.overlay === 'closed'
                ? { closed: true }
                : market.overlay === 'unavailable'
                  ? { unavailable: true }
                  : market.overlay === 'ballRunning'
                    ? { ball_running: 1 }
                    : { suspended: 1 }
            }
          />
        )}
      </div>
    </MarketCard>
  );
});

const smallButtonCss = css`
  background: none;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  color: ${theme.color.textMuted};
  font: inherit;
  font-size: ${theme.fontSize.xs};
  padding: 2px 8px;
  min-height: 28px;
  cursor: pointer;
  &[aria-pressed='true'] {
    color: ${theme.color.text};
    border-color: ${theme.color.text};
  }
`;
const ladderColCss = css`
  width: 36px;
  flex: none;
  ${mq.mobile} {
    display: none;
  }
`;
/** Desktop: each side's column head spans its three prices. */
const depthHead = css`
  ${mq.desktop} {
    min-width: calc(56px * 2 + 64px + 12px);
  }
`;
/** A phone: the deeper prices wrap onto their own line under the runner, backs left and lays right. */
const depthRowCss = css`
  ${mq.mobile} {
    flex-wrap: wrap;
  }
`;
/** A phone with the depth shown: the deeper prices start a line of their own under the runner. */
const lineBreakCss = css`
  display: none;
  ${mq.mobile} {
    display: block;
    order: 4;
    flex-basis: 100%;
    height: 0;
  }
`;
const deepGroupCss = css`
  display: contents;
  ${mq.mobile} {
    order: 5;
    gap: 6px;
    flex: 1 1 calc(50% - 3px);
    justify-content: flex-end;
  }
`;
const deepLayCss = css`
  ${mq.mobile} {
    order: 6;
    justify-content: flex-start;
  }
`;

export function BookmakerTable({
  runners,
  onPick,
  marketId = '',
  book,
  action,
}: {
  runners: BookmakerRunner[];
  onPick: (p: BetPick) => void;
  marketId?: string;
  book?: RunnerBook;
  action?: ReactNode;
}) {
  const { t } = useTranslation('exchange');
  const title = t('odds.bookmaker');
  const pick = (r: BookmakerRunner, side: 'back' | 'lay', price: number) =>
    onPick({ kind: 'BOOKMAKER', marketId, marketName: title, selectionId: r.selectionId ?? '', selection: r.runner, side, price });
  return (
    <MarketCard
      testId="bookmaker"
      title={
        <>
          <span>
            {title}
            <StakeLimits kind="BOOKMAKER" />
            <RulesButton kind="BOOKMAKER" market={title} />
          </span>
          {action}
        </>
      }
    >
      {runners.map((r) => (
        <div
          key={r.runner}
          css={css`
            ${rowCss};
            position: relative;
          `}
          data-testid="bookmaker-runner"
        >
          <RunnerName name={r.runner} id={r.selectionId} book={book} />
          <PriceButton
            kind="back"
            price={r.backPrice}
            label={`${t('odds.back')} ${r.runner}`}
            onClick={() => pick(r, 'back', r.backPrice)}
          />
          <PriceButton kind="lay" price={r.layPrice} label={`${t('odds.lay')} ${r.runner}`} onClick={() => pick(r, 'lay', r.layPrice)} />
          <RowOverlay row={r} />
        </div>
      ))}
    </MarketCard>
  );
}

/** A Fancy row's position: the player's exposure and profit per settling value (the API's `runs` table). */
export interface FancyBook {
  exposure: string;
  runs: Array<{ runs: number; profit_loss: string }>;
}

function FancyBookButton({ title, book }: { title: string; book: FancyBook }) {
  const { t, i18n } = useTranslation(['exchange', 'common']);
  const [open, setOpen] = useState(false);
  const exposure = Number(book.exposure);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="fancy-book"
        aria-label={`${t('exchange:position.book')}: ${title}`}
        css={css`
          appearance: none;
          border: 1px solid ${theme.color.border};
          background: ${theme.color.surfaceRaised};
          color: ${exposure > 0 ? theme.color.danger : theme.color.textMuted};
          border-radius: ${theme.radius.sm};
          font: inherit;
          font-size: 11px;
          padding: 2px 6px;
          cursor: pointer;
          align-self: flex-start;
        `}
      >
        {t('exchange:position.book')} {exposure > 0 ? `−${formatMoney(exposure, 'BDT', i18n.language)}` : ''}
      </button>
      <Modal open={open} title={`${t('exchange:position.book')}: ${title}`} onClose={() => setOpen(false)}>
        <table
          data-testid="fancy-book-table"
          css={css`
            width: 100%;
            border-collapse: collapse;
            font-size: 14px;
            td,
            th {
              padding: 6px 8px;
              border-bottom: 1px solid ${theme.color.border};
              text-align: right;
            }
            th:first-of-type,
            td:first-of-type {
              text-align: left;
            }
          `}
        >
          <thead>
            <tr>
              <th>{t('exchange:position.runs')}</th>
              <th>{t('exchange:position.profitLoss')}</th>
            </tr>
          </thead>
          <tbody>
            {book.runs.map((r, i) => (
              <tr key={r.runs}>
                <td>
                  {i === 0 ? '≤ ' : i === book.runs.length - 1 ? '≥ ' : ''}
                  {r.runs}
                </td>
                <td>
                  <Pl minor={Math.round(Number(r.profit_loss) * 100)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Modal>
    </>
  );
}

export function FancyTable({
  rows,
  onPick,
  books,
  live,
}: {
  rows: FancyRow[];
  onPick: (p: BetPick) => void;
  /** The player's book per Fancy market (row) where they have bets. */
  books?: ReadonlyMap<string, FancyBook>;
  /** Overlays pushed since the rows were read (ball running starts before the next read). */
  live?: ReadonlyMap<string, { suspended: number; ball_running: number }>;
}) {
  const { t } = useTranslation('exchange');
  const [tab, setTab] = useState<FancyTabKey>('all');
  const shown = filterFancy(rows, tab);
  const title = t('odds.fancyBet');
  const pick = (r: FancyRow, side: 'yes' | 'no') =>
    onPick({
      kind: 'FANCY',
      marketId: r.marketId ?? '',
      marketName: title,
      selectionId: r.selectionId ?? '',
      selection: r.title,
      side,
      price: side === 'yes' ? r.yes : r.no,
      rate: side === 'yes' ? r.yes_rate : r.no_rate,
    });
  return (
    <MarketCard
      testId="fancy"
      title={
        <span>
          {title}
          <StakeLimits kind="FANCY" />
          <RulesButton kind="FANCY" market={title} />
        </span>
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
            <Grow as="span" />
            <span css={colHead}>{t('odds.no')}</span>
            <span css={colHead}>{t('odds.yes')}</span>
          </div>
          {shown.map((r) => {
            const book = r.marketId ? books?.get(r.marketId) : undefined;
            const pushed = r.marketId ? live?.get(r.marketId) : undefined;
            return (
              <div
                key={r.marketId ?? r.title}
                css={css`
                  ${rowCss};
                  position: relative;
                `}
                data-testid="fancy-row"
              >
                <span
                  css={css`
                    flex: 1;
                    min-width: 0;
                    display: flex;
                    flex-direction: column;
                    gap: 2px;
                  `}
                >
                  <Text breakAnywhere>{r.title}</Text>
                  {book && <FancyBookButton title={r.title} book={book} />}
                </span>
                <PriceButton kind="lay" price={r.no} size={r.no_rate} label={`${t('odds.no')} ${r.title}`} onClick={() => pick(r, 'no')} />
                <PriceButton
                  kind="back"
                  price={r.yes}
                  size={r.yes_rate}
                  label={`${t('odds.yes')} ${r.title}`}
                  onClick={() => pick(r, 'yes')}
                />
                <RowOverlay row={pushed ? { ...r, ...pushed } : r} />
              </div>
            );
          })}
        </>
      )}
    </MarketCard>
  );
}
