// Read-only views of the exchange for players: a market as the API sees it, and a player's position in it. SQL only.
import { fromMinor, type ResponseOf, type exchangeMarketPosition, type exchangeMarketState } from '@khela/contracts';
import type { Queryable } from '../db';
import type { ExchangeConfig } from './config';
import { loadBook } from './bets';
import type { MarketRow } from './markets';
import { loadMarketBets, playerPosition, runnerIds } from './positions';

export function commissionBps(market: MarketRow, cfg: ExchangeConfig): number {
  return market.commissionBps ?? cfg.commissionBps[market.kind];
}

/** The market with Match Odds depth in `currency`: the feed's offer less what was taken, and players' resting orders. */
export async function marketView(
  q: Queryable,
  market: MarketRow,
  currency: string,
  cfg: ExchangeConfig,
): Promise<ResponseOf<typeof exchangeMarketState>> {
  const runners = [];
  for (const r of market.runners) {
    const id = String(r.selectionId);
    let back: { price: number; size: string }[] = [];
    let lay: { price: number; size: string }[] = [];
    if (market.kind === 'MATCH_ODDS') {
      const depth = (await loadBook(q, market, currency, id, ['BACK', 'LAY'], cfg, false)).depth(id, 3);
      back = depth.availableToBack.map(([p, s]) => ({ price: p / 100, size: fromMinor(s) }));
      lay = depth.availableToLay.map(([p, s]) => ({ price: p / 100, size: fromMinor(s) }));
    }
    runners.push({
      selection_id: id,
      name: r.name,
      status: r.status,
      suspended: r.suspended,
      back,
      lay,
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
  };
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
