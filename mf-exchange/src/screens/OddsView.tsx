import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  ApiError,
  Button,
  Dot,
  NoData,
  Spinner,
  formatMoney,
  mq,
  theme,
  useBalance,
  useHost,
  useHydrated,
  useLoggedIn,
  usePageQueryClient,
  Grow,
  Text,
  Heading,
} from '@khela/web';
import { SPORTS, firstBookmaker, scoreFrameSrc, type Sport } from '../logic';
import { oddsClient, type EventItem } from '../odds';
import { Badge } from '../components/events';
import { BetSlip, type BetPick, type SlipDraft } from '../components/BetSlip';
import { BookmakerTable, FancyTable, MatchOddsTable, type FancyBook, type MatchOddsMarket, type RunnerBook } from '../components/markets';
import { useTrading, useTradingStore } from '../trading/context';
import { useLiveQuery } from '../trading/live';
import { amountToMinor, projectPosition } from '../trading/maths';
import { runnerPl } from '../trading/market-position';
import { CashOutButton } from '../trading/CashOut';
import { closesMarket, withPushedBook, withPushedRates } from '../trading/pushed';
import { Ladder } from '../components/Ladder';
import { OneClickBar } from '../components/OneClick';
import type { OneClick } from '../components/BetSlip';
import { useExchangeSettings } from '../trading/settings';

/** The query key of the market the page shows: read by the render server's prefetch too (ssr.ts, issue 31). */
export const marketKey = (marketId: string) => ['exchange', 'market', marketId] as const;

/** Spec 9: event detail every 300 ms and the match odds every second, only while the push stream is down. */
export const EVENT_POLL_MS = 300;
export const MATCH_ODDS_POLL_MS = 1_000;
/** With the stream up, a market's pushes refetch its prices at most this often (what a phone can paint). */
export const PUSH_REFRESH_MS = 1_000;

interface OddsViewState {
  marketId?: string;
  eventId?: string;
  selectedSport?: string;
  previousPath?: string;
}

/** Navigation state first (docs/README.md#spec-2), the query string as the fallback so a reload keeps the page. */
export function useOddsTarget() {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as OddsViewState;
  const sportRaw = state.selectedSport ?? params.get('sport') ?? 'cricket';
  return {
    marketId: state.marketId ?? params.get('marketId') ?? '',
    eventId: state.eventId ?? params.get('eventId') ?? '',
    sport: ((SPORTS as readonly string[]).includes(sportRaw) ? sportRaw : 'cricket') as Sport,
    previousPath: state.previousPath ?? '/exchange-inplay',
  };
}

type MarketState = schemas.ResponseOf<typeof schemas.exchangeMarketState>;
type Position = schemas.ResponseOf<typeof schemas.exchangeMarketPosition>;

/** The API's view of a Match Odds market (its book: the feed's offer and players' resting orders) as the table's shape. */
export function toMatchOdds(m: MarketState): MatchOddsMarket {
  return {
    marketId: m.market_id,
    inplay: m.inplay,
    status: m.status,
    overlay:
      m.status === 'CLOSED'
        ? 'closed'
        : m.prices_available === false
          ? 'unavailable'
          : m.status === 'SUSPENDED'
            ? 'suspend'
            : m.ball_running
              ? 'ballRunning'
              : null,
    runners: m.runners.map((r) => ({
      selectionId: r.selection_id,
      SelectionName: r.name,
      suspended: r.suspended,
      ex: {
        availableToBack: r.back.map((l) => ({ price: l.price, size: Number(l.size) })),
        availableToLay: r.lay.map((l) => ({ price: l.price, size: Number(l.size) })),
      },
    })),
  };
}

const unavailableCss = css`
  margin: 0;
  padding: 10px 12px;
  border-radius: ${theme.radius.md};
  background: rgba(220, 38, 38, 0.15);
  color: ${theme.color.danger};
  font-weight: 700;
  text-align: center;
`;

/** The score frame's height: its room is kept from the server's first paint on (no layout shift when it comes). */
const SCORE_FRAME_PX = 64;

const ScoreFrame = memo(function ScoreFrame({ eventId }: { eventId: string }) {
  const { api } = useHost();
  const { t } = useTranslation('exchange');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    oddsClient(api)
      .scoreBoard(eventId)
      .then((html) => {
        if (!live) return;
        const url = scoreFrameSrc(html);
        setSrc(url);
        setFailed(!url);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api, eventId]);
  // an event without a score board gives its room back (the one shift left, and only then)
  if (failed) return null;
  // the score board is a third party's page: its scripts run, but in an opaque origin (no allow-same-origin)
  // with no forms, popups or top navigation
  return (
    <div
      data-testid="score-frame"
      css={css`
        height: ${SCORE_FRAME_PX}px;
        border-radius: ${theme.radius.md};
        background: ${theme.color.surface};
        overflow: hidden;
      `}
    >
      {src && (
        <iframe
          title={t('odds.liveScore')}
          src={src}
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          css={css`
            width: 100%;
            height: ${SCORE_FRAME_PX}px;
            border: 0;
            display: block;
          `}
        />
      )}
    </div>
  );
});

/**
 * The live stream of the odds host, opened on demand: a video frame is the heaviest thing a phone could load here,
 * so nothing of it is fetched until the player asks. Sandboxed like the score frame (its own opaque origin).
 */
const StreamFrame = memo(function StreamFrame({ eventId }: { eventId: string }) {
  const { api } = useHost();
  const { t } = useTranslation('exchange');
  const [open, setOpen] = useState(false);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    oddsClient(api)
      .streamUrl(eventId)
      .then((u) => live && setSrc(schemas.safeExternalUrl(u) ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, eventId, open]);
  return (
    <div
      css={css`
        margin: 8px 0;
      `}
    >
      <button
        type="button"
        aria-expanded={open}
        data-testid="stream-toggle"
        onClick={() => setOpen((o) => !o)}
        css={css`
          appearance: none;
          display: inline-flex;
          align-items: center;
          gap: 6px;
          border: 1px solid ${theme.color.border};
          background: ${theme.color.surface};
          color: ${theme.color.text};
          border-radius: ${theme.radius.pill};
          min-height: 32px;
          padding: 0 12px;
          font: inherit;
          font-size: 13px;
          cursor: pointer;
        `}
      >
        <Dot aria-hidden colour={open ? theme.color.textMuted : '#e11d48'} />
        {open ? t('odds.hideStream') : t('odds.liveStream')}
      </button>
      {open && src && (
        <iframe
          data-testid="live-stream"
          title={t('odds.liveStream')}
          src={src}
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          allow="autoplay; fullscreen"
          css={css`
            display: block;
            width: 100%;
            aspect-ratio: 16 / 9;
            max-height: 360px;
            margin-top: 8px;
            border: 0;
            border-radius: ${theme.radius.md};
            background: #000;
          `}
        />
      )}
    </div>
  );
});

/**
 * The player's positions in this event's markets where they have open bets: fetched when those bets change
 * (their market's version in the trading store moves: own bets, the per-player push, cancel, cash out).
 */
function usePositions(eventId: string): ReadonlyMap<string, Position> {
  const { openBets, marketVersions } = useTrading();
  const store = useTradingStore();
  const [positions, setPositions] = useState<ReadonlyMap<string, Position>>(new Map());
  const marketIds = useMemo(
    () => [...new Set((openBets ?? []).filter((b) => b.event_id === eventId).map((b) => b.market_id))].sort(),
    [openBets, eventId],
  );
  const fetched = useRef(new Map<string, number>());
  const versionsKey = marketIds.map((m) => `${m}:${marketVersions[m] ?? 0}`).join(',');
  useEffect(() => {
    let live = true;
    const want = new Set(marketIds);
    for (const m of [...fetched.current.keys()]) if (!want.has(m)) fetched.current.delete(m);
    setPositions((prev) => {
      const next = new Map([...prev].filter(([m]) => want.has(m)));
      return next.size === prev.size ? prev : next;
    });
    for (const m of marketIds) {
      const v = marketVersions[m] ?? 0;
      if (fetched.current.get(m) === v) continue;
      fetched.current.set(m, v);
      store.calls.position(m).then(
        (p) => live && setPositions((prev) => new Map(prev).set(m, p)),
        () => fetched.current.delete(m),
      );
    }
    return () => {
      live = false;
    };
    // versionsKey names every market and its version: nothing else is news here
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [versionsKey]);
  return positions;
}

/** The runner P&L now and with the slip's bet, for a Match Odds or BookMaker table. */
function runnerBook(
  marketId: string | undefined,
  runnerIds: string[],
  position: Position | undefined,
  draft: SlipDraft | null,
): RunnerBook | undefined {
  const now = runnerPl(position);
  let withSlip: Map<string, number> | undefined;
  if (draft && marketId && draft.pick.marketId === marketId && draft.stakeMinor > 0 && draft.pick.kind !== 'FANCY') {
    withSlip = projectPosition(
      runnerIds.map((id) => ({ selectionId: id, profitLoss: now?.get(id) ?? 0 })),
      { ...draft.pick, price: draft.price },
      draft.stakeMinor,
    );
  }
  return now || withSlip ? { now, withSlip } : undefined;
}

/**
 * A settled market: Closed, its winner (or Void), and the player's result on it (the sum of their settled bets'
 * profit and loss; none when they had no bet). Read once when the market is seen closed.
 */
export function MarketClosed({ market }: { market: MarketState }) {
  const { t, i18n } = useTranslation('exchange');
  const store = useTradingStore();
  const loggedIn = useLoggedIn();
  const currency = useBalance()?.currency ?? 'BDT';
  const [mine, setMine] = useState<{ count: number; minor: number } | null>(null);
  const { market_id: marketId, version } = market;
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    store.calls
      .list({ status: 'all', market_id: marketId, per_page: 50 })
      .then((res) => {
        if (!live) return;
        const settled = res.data.filter((b) => b.profit_loss !== null && ['WON', 'LOST', 'VOID'].includes(b.status));
        setMine({ count: settled.length, minor: settled.reduce((sum, b) => sum + amountToMinor(b.profit_loss!), 0) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [loggedIn, store, marketId, version]);
  const winner = market.result?.winner ? market.runners.find((r) => r.selection_id === market.result!.winner)?.name : undefined;
  const outcome = market.voided ? t('closed.void') : winner ? t('closed.winner', { name: winner }) : t('closed.pending');
  return (
    <section
      data-testid="market-closed"
      aria-label={t('closed.title')}
      css={css`
        margin: 8px 0;
        padding: 10px 12px;
        border-radius: ${theme.radius.md};
        background: ${theme.color.surfaceRaised};
        border-left: 4px solid ${theme.color.textMuted};
      `}
    >
      <strong data-testid="market-closed-outcome">
        {t('closed.title')} · {outcome}
      </strong>
      {loggedIn && mine && (
        <p
          data-testid="market-closed-mine"
          css={css`
            margin: 4px 0 0;
            font-size: 14px;
          `}
        >
          {mine.count === 0
            ? t('closed.noBets')
            : // commission is on net winnings: a winning result is shown before it (Profit & Loss shows it taken)
              t(mine.minor > 0 && market.commission_percent > 0 ? 'closed.yoursGross' : 'closed.yours', {
                amount: formatMoney(mine.minor / 100, currency, i18n.language),
                percent: market.commission_percent,
              })}
        </p>
      )}
    </section>
  );
}

/**
 * The one-click bar's room (a logged-in player's, once their settings are read): kept from the server's first paint
 * on, since /odds-view is a player's page, so the prices below do not move when the bar comes (issue 31: CLS).
 */
const OneClickSlot = memo(function OneClickSlot({ loggedIn }: { loggedIn: boolean }) {
  const hydrated = useHydrated();
  if (hydrated && !loggedIn) return null;
  return <OneClickBar placeholder={!hydrated} />;
});

/** BookMaker and Fancy of the event detail, with the player's positions there and the slip's projection. */
const DetailMarkets = memo(function DetailMarkets({
  detail,
  pushed,
  feedDown,
  positions,
  draft,
  bookmakerMatched,
  onPick,
}: {
  detail: EventItem | null;
  pushed: ReadonlyMap<string, { suspended: number; ball_running: number; at: number }>;
  feedDown: boolean;
  positions: ReadonlyMap<string, Position>;
  draft: SlipDraft | null;
  bookmakerMatched: boolean;
  onPick: (p: BetPick) => void;
}): ReactNode {
  if (!detail) return null;
  const bookmakerId = Object.keys(detail.bookmaker)[0];
  const bookmaker = firstBookmaker(detail.bookmaker);
  const bmPushed = bookmakerId ? pushed.get(bookmakerId) : undefined;
  // while the API's feed is down every row says "Prices unavailable" over its (stale) prices
  const bmRunners = bookmaker?.runners.map((r) => ({
    ...(bmPushed
      ? { ...r, suspended: Math.max(r.suspended, bmPushed.suspended), ball_running: Math.max(r.ball_running, bmPushed.ball_running) }
      : r),
    unavailable: feedDown,
  }));
  const fancyRows = feedDown ? detail.fancy2.map((r) => ({ ...r, unavailable: true })) : detail.fancy2;
  const bmNames = new Map((bookmaker?.runners ?? []).map((r) => [r.selectionId ?? '', r.runner]));
  const fancyBooks = new Map<string, FancyBook>();
  for (const [m, p] of positions) if (p.kind === 'FANCY') fancyBooks.set(m, { exposure: p.exposure, runs: p.runs });
  return (
    <>
      {bookmaker && bmRunners && bmRunners.length > 0 && (
        <BookmakerTable
          runners={bmRunners}
          marketId={bookmakerId}
          onPick={onPick}
          book={runnerBook(
            bookmakerId,
            bookmaker.runners.map((r) => r.selectionId ?? ''),
            bookmakerId ? positions.get(bookmakerId) : undefined,
            draft,
          )}
          action={bookmakerId && bookmakerMatched ? <CashOutButton marketId={bookmakerId} names={bmNames} kind="BOOKMAKER" /> : undefined}
        />
      )}
      <FancyTable rows={fancyRows} onPick={onPick} books={fancyBooks} live={pushed} />
    </>
  );
});

/** /odds-view: Match Odds, BookMaker and Fancy of one event, live, with the player's positions and the bet slip. */
export function OddsView() {
  const { t } = useTranslation('exchange');
  const { api, bus } = useHost();
  const navigate = useNavigate();
  const target = useOddsTarget();
  const store = useTradingStore();
  const { openBets, marketVersions } = useTrading();
  const [pick, setPick] = useState<BetPick | null>(null);
  const [draft, setDraft] = useState<SlipDraft | null>(null);
  // overlays pushed for Fancy rows and the BookMaker since the detail was read
  const [pushed, setPushed] = useState<ReadonlyMap<string, { suspended: number; ball_running: number; at: number }>>(new Map());
  // the API's odds feed is down: no price here is live, none can be picked (the API refuses bets meanwhile)
  // (as the market in the page's cache says at first: the render server's read, so the server's page says it too)
  const client = usePageQueryClient();
  const [feedDown, setFeedDown] = useState(() => client.getQueryData<MarketState>(marketKey(target.marketId))?.prices_available === false);
  // the desktop ladder's runner, and one-click betting (a price click places at once with the stake chosen in advance)
  const [ladder, setLadder] = useState<{ selectionId: string; name: string } | null>(null);
  const [oneClick, setOneClick] = useState<OneClick | null>(null);
  const oneClicks = useRef(0);
  const loggedInNow = useRef(false);
  const { settings } = useExchangeSettings();
  // one function for the page's life (what it reads is in a ref): the tables below are memoised on their props
  const pickState = useRef({ feedDown, settings });
  pickState.current = { feedDown, settings };
  const pickLive = useCallback((p: BetPick) => {
    const { feedDown: down, settings: set } = pickState.current;
    if (down) return;
    const stake = loggedInNow.current && set.one_click ? set.one_click_stake : null;
    setOneClick(stake ? { stakeMinor: stake * 100, n: ++oneClicks.current } : null);
    setPick(p);
  }, []);
  const onLadder = useCallback(
    (r: { selectionId: string; name: string }) => setLadder((cur) => (cur?.selectionId === r.selectionId ? null : r)),
    [],
  );

  // the market and the event detail are queries of the page's cache, kept live by the pushes below (useLiveQuery)
  const marketLive = useLiveQuery(
    marketKey(target.marketId),
    async (signal) => {
      const m = await store.calls.market(target.marketId, signal);
      setFeedDown(m.prices_available === false);
      return m;
    },
    { pollMs: MATCH_ODDS_POLL_MS, minMs: PUSH_REFRESH_MS, enabled: Boolean(target.marketId) },
  );
  const detailLive = useLiveQuery<EventItem | null>(
    ['exchange', 'event-detail', target.eventId],
    async (signal) => {
      const startedAt = Date.now();
      const res = await oddsClient(api).eventDetail(target.eventId, signal);
      // what was pushed before this read is in it now
      setPushed((prev) => (prev.size ? new Map([...prev].filter(([, v]) => v.at > startedAt)) : prev));
      return res.data.items[target.eventId] ?? null;
    },
    { pollMs: EVENT_POLL_MS, minMs: PUSH_REFRESH_MS, enabled: Boolean(target.eventId) },
  );
  const market = marketLive.query.data ?? null;
  const detail = detailLive.query.data ?? null;
  const marketError = marketLive.query.error;
  const missing = marketError instanceof ApiError && marketError.status === 404;

  const detailMarkets = useMemo(() => {
    const ids = new Set<string>();
    if (detail) {
      for (const k of Object.keys(detail.bookmaker)) ids.add(k);
      for (const r of detail.fancy2) if (r.marketId) ids.add(r.marketId);
    }
    return ids;
  }, [detail]);

  // the API's `odds` push: a shown market changed (status, in-play, ball running, prices). It carries the new prices
  // (trading/pushed.ts), applied as they come; a push without them (or for a market not shown yet) → refetch, throttled
  const version = market?.version;
  const wallet = useBalance();
  const loggedIn = useLoggedIn();
  loggedInNow.current = loggedIn;
  // the book of the player's currency (a visitor sees the API's BDT book); unknown while the balance loads: ask
  const currency = wallet?.currency ?? (loggedIn ? null : 'BDT');
  const refs = useRef({ version, detailMarkets, target, marketLive, detailLive, market, detail, currency });
  refs.current = { version, detailMarkets, target, marketLive, detailLive, market, detail, currency };
  useEffect(() => {
    const s = bus.on('odds').subscribe((e) => {
      const r = refs.current;
      if (e.prices !== undefined) {
        setFeedDown(!e.prices);
        if (e.prices && e.marketId === r.target.marketId) r.marketLive.refresh();
        return;
      }
      if (e.bets) {
        // the player's bets here changed (matched, rested, cancelled): the trading store refetches them and the
        // positions follow; the book changed with them, so the prices are read again too
        if (e.marketId === r.target.marketId) r.marketLive.refresh();
        return;
      }
      if (e.marketId === r.target.marketId) {
        const next = r.market && r.currency ? withPushedBook(r.market, e, r.currency) : null;
        if (next) r.marketLive.set(next);
        // a push that closes the market is shown at once but carries no result: the winner (or the void) is read
        if (closesMarket(r.market, e) || (!next && (e.version === undefined || r.version === undefined || e.version > r.version)))
          r.marketLive.refresh();
        return;
      }
      const rated = r.detail ? withPushedRates(r.detail, e) : null;
      if (rated) {
        r.detailLive.set(rated);
        // what this push says replaces an earlier push's suspension overlay
        setPushed((prev) => (prev.has(e.marketId) ? new Map([...prev].filter(([id]) => id !== e.marketId)) : prev));
        return;
      }
      if (r.detailMarkets.has(e.marketId) || (r.target.eventId && e.marketId.startsWith(`${r.target.eventId}-`))) {
        if (e.status !== undefined || e.ballRunning !== undefined) {
          const flags = { suspended: e.status && e.status !== 'OPEN' ? 1 : 0, ball_running: e.ballRunning ? 1 : 0, at: Date.now() };
          setPushed((prev) => new Map(prev).set(e.marketId, flags));
        }
        r.detailLive.refresh();
      }
    });
    return () => s.unsubscribe();
  }, [bus]);

  const positions = usePositions(target.eventId);
  const matchedIn = (marketId: string | undefined) =>
    Boolean(marketId) && (openBets ?? []).some((b) => b.market_id === marketId && Number(b.matched_stake) > 0);
  const moMatched = matchedIn(target.marketId);
  const moTable = useMemo(
    () => (market ? toMatchOdds(feedDown ? { ...market, prices_available: false } : market) : null),
    [market, feedDown],
  );
  // the slip's projection on the rows ("if matched") follows in a deferred render: a tap on a price paints the slip
  // first, and a keystroke in its stake does not wait for every row (issue 31: INP)
  const draftShown = useDeferredValue(draft);
  const moBook = useMemo(
    () => runnerBook(market?.market_id, market?.runners.map((r) => r.selection_id) ?? [], positions.get(target.marketId), draftShown),
    [market, positions, target.marketId, draftShown],
  );
  const moAction = useMemo(
    () =>
      moMatched ? (
        <CashOutButton marketId={target.marketId} names={new Map((market?.runners ?? []).map((r) => [r.selection_id, r.name]))} />
      ) : undefined,
    [moMatched, target.marketId, market],
  );
  // BookMaker and Fancy (the odds host's event detail, read after hydration and pushed every few seconds) render in
  // a deferred pass: React renders them in slices between which the page answers (issue 31: their first render, ~30
  // rows with their styles, was one long task), while Match Odds, above them, follows its pushes at once
  const detailShown = useDeferredValue(detail);
  const pushedShown = useDeferredValue(pushed);
  const bookmakerMatched = matchedIn(detailShown ? Object.keys(detailShown.bookmaker)[0] : undefined);

  if (!target.marketId || !target.eventId || missing) {
    return (
      <div
        css={css`
          padding: 16px;
        `}
      >
        <NoData text={t('odds.marketMissing')} />
        <Button variant="secondary" onClick={() => navigate(target.previousPath)}>
          {t('odds.backTo')}
        </Button>
      </div>
    );
  }

  return (
    <div
      data-testid="odds-view"
      css={css`
        padding: 8px 12px;
        padding-bottom: ${pick ? '420px' : '8px'};
        max-width: 960px;
        margin: 0 auto;
        ${mq.desktop} {
          padding-bottom: 8px;
          /* the slip docks on the right: the prices stay in view beside it */
          ${pick ? 'margin: 0 420px 0 max(12px, calc(50% - 480px));' : ''}
        }
      `}
    >
      <div
        css={css`
          display: flex;
          align-items: center;
          gap: 8px;
          margin-bottom: 8px;
        `}
      >
        <Button variant="ghost" aria-label={t('odds.backTo')} onClick={() => navigate(target.previousPath)}>
          ←
        </Button>
        <Grow clip>
          <Text as="div" tone="muted" size="xs">
            {t(`sport.${target.sport}`)}
          </Text>
          <Heading as="h1" size="title">
            {market?.event_name ?? ''}
          </Heading>
        </Grow>
        {market?.inplay && market.status !== 'CLOSED' && <Badge tone="inplay">{t('badge.inplay')}</Badge>}
      </div>
      <StreamFrame eventId={target.eventId} />
      <ScoreFrame eventId={target.eventId} />
      {feedDown && (
        <p role="status" data-testid="prices-unavailable" css={unavailableCss}>
          {t('odds.unavailable')}
        </p>
      )}
      {market?.status === 'CLOSED' && <MarketClosed market={market} />}
      {market?.status !== 'CLOSED' && <OneClickSlot loggedIn={loggedIn} />}
      {moTable ? (
        <MatchOddsTable
          market={moTable}
          onPick={pickLive}
          depth
          totalMatched={market?.total_matched}
          onLadder={onLadder}
          ladderOf={ladder?.selectionId ?? null}
          book={moBook}
          action={moAction}
        />
      ) : (
        <Spinner />
      )}
      {ladder && market && market.status !== 'CLOSED' && (
        <Ladder
          marketId={market.market_id}
          selectionId={ladder.selectionId}
          name={ladder.name}
          // the book changed: a new version, other prices pushed, or the player's own bets
          refreshKey={`${market.version}|${JSON.stringify(market.runners.find((r) => r.selection_id === ladder.selectionId) ?? null)}|${
            marketVersions[market.market_id] ?? 0
          }`}
          onPick={pickLive}
          onClose={() => setLadder(null)}
        />
      )}
      <DetailMarkets
        detail={detailShown}
        pushed={pushedShown}
        feedDown={feedDown}
        positions={positions}
        draft={draftShown}
        bookmakerMatched={bookmakerMatched}
        onPick={pickLive}
      />
      <BetSlip
        pick={pick}
        onClose={() => setPick(null)}
        onDraft={setDraft}
        oneClick={oneClick}
        inplay={pick?.marketId === market?.market_id ? Boolean(market?.inplay) : false}
      />
    </div>
  );
}
