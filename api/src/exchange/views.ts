// Read-only views of the exchange for players: a market as the API sees it, and a player's position in it. SQL only.
import {
  PRICE_LADDER_SIZE,
  fromMinor,
  type PushPayload,
  type ResponseOf,
  type exchangeMarketPosition,
  type exchangeMarketState,
  type exchangeRunnerLadder,
} from '@khela/contracts';
import type { Queryable } from '../db';
import type { ExchangeConfig } from './config';
import { marketDepths } from './bets';
import type { Level } from './engine';
import type { MarketRow } from './markets';
import { loadMarketBets, playerPosition, runnerIds } from './positions';

export function commissionBps(market: MarketRow, cfg: ExchangeConfig): number {
  return market.commissionBps ?? cfg.commissionBps[market.kind];
}

/** A side of a runner's depth as players see it (decimal price, money size). */
const ladder = (levels: readonly Level[]) => levels.map(([p, size]) => ({ price: p / 100, size: fromMinor(size) }));

/** The market with Match Odds depth in `currency`: the feed's offer less what was taken, and players' resting orders. */
export async function marketView(
  q: Queryable,
  market: MarketRow,
  currency: string,
  cfg: ExchangeConfig,
): Promise<ResponseOf<typeof exchangeMarketState>> {
  const depths = market.kind === 'MATCH_ODDS' ? (await marketDepths(q, market, [currency], cfg)).get(currency) : undefined;
  const matched = market.kind === 'MATCH_ODDS' ? (await totalMatched(q, market.marketId)).get(currency) : undefined;
  const runners = [];
  for (const r of market.runners) {
    const id = String(r.selectionId);
    const depth = depths?.get(id);
    runners.push({
      selection_id: id,
      name: r.name,
      status: r.status,
      suspended: r.suspended,
      back: depth ? ladder(depth.availableToBack) : [],
      lay: depth ? ladder(depth.availableToLay) : [],
      back_rate: market.kind === 'BOOKMAKER' ? (r.backRate ?? null) : null,
      lay_rate: market.kind === 'BOOKMAKER' ? (r.layRate ?? null) : null,
    });
  }
  const f = market.fancy;
  return {
    market_id: market.marketId,
    event_id: market.eventId,
    event_name: market.eventName,
    sport: market.sport,
    kind: market.kind,
    name: market.name,
    status: market.status,
    inplay: market.inplay,
    ball_running: market.ballRunning,
    bet_delay: market.inplay ? (cfg.betDelayMs[market.kind] ?? market.betDelayMs) / 1000 : 0,
    version: market.feedVersion,
    commission_percent: commissionBps(market, cfg) / 100,
    runners,
    fancy: f ? { selection_id: String(f.selectionId), type: f.type, no: f.no, no_rate: f.noRate, yes: f.yes, yes_rate: f.yesRate } : null,
    // what the market was settled on (staff's decision or the feed's), else the feed's result as it arrives
    result: shownResult(market),
    voided: market.settledResult ? 'void' in market.settledResult : market.voided,
    ...(market.kind === 'MATCH_ODDS' ? { total_matched: fromMinor(matched ?? 0) } : {}),
  };
}

/**
 * The backers' stakes matched on a market per currency (each matched pair counted once: a fill is one back matched
 * with one lay; fills against the feed's offer count too). Kept as fills are written (exchange_market_book.fills_minor,
 * sql/0930): a read of the market's few book rows, not of its every fill, after each batch of a hot market.
 */
export async function totalMatched(q: Queryable, marketId: string): Promise<Map<string, number>> {
  const r = await q.query<{ currency: string; total: string }>(
    'SELECT currency, sum(fills_minor) AS total FROM exchange_market_book WHERE market_id = $1 GROUP BY currency',
    [marketId],
  );
  return new Map(r.rows.map((x) => [x.currency, Number(x.total)]));
}

/** One Match Odds runner's whole book in `currency` (the desktop ladder): every price with an offer, best first. */
export async function ladderView(
  q: Queryable,
  market: MarketRow,
  selectionId: string,
  currency: string,
  cfg: ExchangeConfig,
): Promise<ResponseOf<typeof exchangeRunnerLadder> | null> {
  if (market.kind !== 'MATCH_ODDS' || !market.runners.some((r) => String(r.selectionId) === selectionId)) return null;
  const depth = (await marketDepths(q, market, [currency], cfg, PRICE_LADDER_SIZE, selectionId)).get(currency)?.get(selectionId);
  return {
    market_id: market.marketId,
    selection_id: selectionId,
    version: market.feedVersion,
    back: depth ? ladder(depth.availableToBack) : [],
    lay: depth ? ladder(depth.availableToLay) : [],
  };
}

/** The currencies a market's pushed book is computed in (one per wallet currency). */
const BOOK_CURRENCIES = ['BDT', 'INR', 'PKR'] as const;

/**
 * What the `odds` push says of a market after it changed: its status and, so a view need not ask again, its prices:
 * a Match Odds book per currency, BookMaker rates, a Fancy row's lines. Read in one go from the row just read.
 */
export async function pushedMarket(q: Queryable, market: MarketRow, cfg: ExchangeConfig): Promise<PushPayload<'odds'>> {
  const base = {
    marketId: market.marketId,
    status: market.status,
    inplay: market.inplay,
    ballRunning: market.ballRunning,
    version: market.feedVersion,
  };
  if (market.kind === 'FANCY') {
    const f = market.fancy;
    return f ? { ...base, fancy: { no: f.no, no_rate: f.noRate, yes: f.yes, yes_rate: f.yesRate } } : base;
  }
  if (market.kind === 'BOOKMAKER')
    return {
      ...base,
      rates: market.runners.map((r) => ({
        selection_id: String(r.selectionId),
        back_rate: r.backRate ?? null,
        lay_rate: r.layRate ?? null,
        suspended: r.suspended,
      })),
    };
  const depths = await marketDepths(q, market, BOOK_CURRENCIES, cfg);
  const matched = await totalMatched(q, market.marketId);
  const books: Record<string, NonNullable<PushPayload<'odds'>['books']>[string]> = {};
  for (const [currency, runners] of depths)
    books[currency] = market.runners.map((r) => {
      const d = runners.get(String(r.selectionId));
      return {
        selection_id: String(r.selectionId),
        status: r.status,
        suspended: r.suspended,
        back: d ? ladder(d.availableToBack) : [],
        lay: d ? ladder(d.availableToLay) : [],
      };
    });
  return { ...base, books, matched: Object.fromEntries(BOOK_CURRENCIES.map((c) => [c, fromMinor(matched.get(c) ?? 0)])) };
}

/** The result players are shown: the one the market was settled on, else the feed's (null when void or none yet). */
function shownResult(market: MarketRow): { winner?: string; runs?: number } | null {
  const settled = market.settledResult;
  if (settled) return 'void' in settled ? null : 'winner' in settled ? { winner: settled.winner } : { runs: settled.runs };
  if (market.voided || !market.result) return null;
  return {
    ...(market.result.winner !== undefined ? { winner: String(market.result.winner) } : {}),
    ...(market.result.runs !== undefined ? { runs: market.result.runs } : {}),
  };
}

/** Profit per runner (or per settling value for Fancy) and the exposure of one player in a market. */
export async function positionView(
  q: Queryable,
  market: MarketRow,
  playerId: number,
  currency: string,
): Promise<ResponseOf<typeof exchangeMarketPosition>> {
  const pos = playerPosition(market, playerId, await loadMarketBets(q, market.marketId, [playerId]));
  const names = new Map(market.runners.map((r) => [String(r.selectionId), r.name]));
  return {
    market_id: market.marketId,
    kind: market.kind,
    currency,
    runners:
      market.kind === 'FANCY'
        ? []
        : runnerIds(market).map((id) => ({
            selection_id: id,
            selection_name: names.get(id) ?? '',
            profit_loss: fromMinor(pos.pl.get(id) ?? 0),
            worst: fromMinor(pos.worst.get(id) ?? 0),
          })),
    runs: pos.table.map((t) => ({ runs: t.runs, profit_loss: fromMinor(t.pl) })),
    // a settled market holds nothing: its figures were paid (settlement.ts)
    exposure: fromMinor(market.settledResult ? 0 : pos.exposure),
  };
}
