// A bet's checks against its market, in memory (no database): the side fits the market, the price is on the ladder,
// the market and runner are open, the stake is within the currency's limits and can win a minor unit, and a
// house-priced bet asks the rate (and line) shown now. Used by the per-bet path (bets.ts placeBet) and the market
// writer's batches (writer/batch.ts), so both refuse the same bet with the same text.
import {
  EXCHANGE_MESSAGES as M,
  fromMinor as moneyFromMinor,
  priceIndex,
  stakeCanWin,
  type ExchangeMarketKind,
  type FeedRunner,
} from '@khela/contracts';
import { HttpError } from '../errors';
import { toMinor, type Currency } from '../ledger';
import type { PlaceBetInput } from './bets';
import type { ExchangeConfig } from './config';
import type { Level, Side } from './engine';
import type { MarketRow } from './markets';

export class BetRefused extends HttpError {
  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(status, message, { success: false, ...extra });
  }
}

/** Refuses a bet on a market that is not open for betting now (the texts the bet slip shows). */
export function assertOpen(market: MarketRow, selectionId: string | null): void {
  if (market.status === 'CLOSED') throw new BetRefused(409, M.marketClosed, { code: 'closed' });
  if (market.status === 'INACTIVE') throw new BetRefused(409, M.marketNotOpen, { code: 'inactive' });
  if (market.status === 'SUSPENDED') throw new BetRefused(409, M.marketSuspended, { code: 'suspended' });
  if (market.ballRunning) throw new BetRefused(409, M.ballRunning, { code: 'ball_running' });
  if (selectionId !== null && market.kind !== 'FANCY') {
    const runner = market.runners.find((r) => String(r.selectionId) === selectionId);
    if (!runner) throw new BetRefused(422, M.selectionNotFound, { code: 'selection' });
    if (runner.suspended || runner.status !== 'ACTIVE') throw new BetRefused(409, M.selectionSuspended, { code: 'suspended' });
  }
}

/** A bet that passed the market's checks, in the engine's units. */
export interface CheckedBet {
  selectionId: string;
  side: 'BACK' | 'LAY' | 'YES' | 'NO';
  /** Match Odds: hundredths; BookMaker: 100 + rate; Fancy: the rate. */
  price: number;
  line: number | null;
  stake: number;
  persistence: 'LAPSE' | 'PERSIST';
}

/** BookMaker: the rate shown now for this side (per 100), or null when not offered. */
function bookmakerRate(runner: FeedRunner | undefined, side: 'BACK' | 'LAY'): number | null {
  const rate = side === 'BACK' ? runner?.backRate : runner?.layRate;
  return typeof rate === 'number' && rate > 0 ? rate : null;
}

/** House-priced bets: the asked rate/line must be the one shown now (answers the refusal, or null when it matches). */
export function houseQuoteMismatch(
  market: MarketRow,
  bet: { selectionId: string; side: string; price: number; line: number | null },
): string | null {
  if (market.kind === 'BOOKMAKER') {
    const runner = market.runners.find((r) => String(r.selectionId) === bet.selectionId);
    const rate = bookmakerRate(runner, bet.side as 'BACK' | 'LAY');
    return rate === null || 100 + rate !== bet.price ? M.rateChanged : null;
  }
  const f = market.fancy;
  if (!f) return M.rateChanged;
  const [line, rate] = bet.side === 'YES' ? [f.yes, f.yesRate] : [f.no, f.noRate];
  if (line !== bet.line) return M.lineChanged;
  if (rate !== bet.price) return M.rateChanged;
  return null;
}

/** Stake as minor units within the limits of the currency and market kind (those the market's header shows). */
export function parseStake(stake: string, currency: Currency, kind: ExchangeMarketKind, cfg: ExchangeConfig): number {
  const minor = toMinor(stake);
  const { min, max } = cfg.stakeLimits[currency][kind];
  if (minor < min) throw new BetRefused(422, M.stakeTooSmall(moneyFromMinor(min), currency), { code: 'stake' });
  if (minor > max) throw new BetRefused(422, M.stakeTooLarge(moneyFromMinor(max), currency), { code: 'stake' });
  return Number(minor);
}

/**
 * The market's checks of a bet, in the per-bet path's order after the account's (side, ladder, open, stake, can
 * win, house quote). Throws BetRefused; answers the bet in the engine's units. A cash-out hedge may be below the
 * minimum stake (it closes a position).
 */
export function checkBet(market: MarketRow, currency: Currency, input: PlaceBetInput, cfg: ExchangeConfig, hedge = false): CheckedBet {
  const fancy = input.side === 'YES' || input.side === 'NO';
  if (fancy !== (market.kind === 'FANCY')) throw new BetRefused(422, M.wrongSide, { code: 'side' });
  let selectionId: string;
  let price: number;
  let line: number | null = null;
  if ('line' in input) {
    selectionId = String(market.fancy?.selectionId ?? '');
    if (input.selection_id !== undefined && input.selection_id !== selectionId)
      throw new BetRefused(422, M.selectionNotFound, { code: 'selection' });
    price = input.rate;
    line = input.line;
  } else {
    selectionId = input.selection_id;
    price = Math.round(input.price * 100);
    if (market.kind === 'MATCH_ODDS' && (priceIndex(price) < 0 || Math.abs(input.price * 100 - price) > 1e-6))
      throw new BetRefused(422, M.priceNotOnLadder, { code: 'price' });
  }
  assertOpen(market, fancy ? null : selectionId);
  const stake = hedge ? Number(toMinor(input.stake)) : parseStake(input.stake, currency, market.kind, cfg);
  if (stake <= 0) throw new BetRefused(422, M.stakeCannotWin, { code: 'stake' });
  if (!stakeCanWin(input.side, stake, price)) throw new BetRefused(422, M.stakeCannotWin, { code: 'stake' });
  if (market.kind !== 'MATCH_ODDS') {
    const moved = houseQuoteMismatch(market, { selectionId, side: input.side, price, line });
    if (moved) throw new BetRefused(409, moved, { code: 'price_moved' });
  }
  const persistence = 'persistence' in input && input.persistence ? input.persistence : 'LAPSE';
  return { selectionId, side: input.side, price, line, stake, persistence };
}

/**
 * The feed's offer on one runner less what players took of it at this feed version (`takenOf(houseSide, price)`,
 * minor units), as the engine's house ladder. Pure.
 */
export function houseLadderOf(
  market: MarketRow,
  selectionId: string,
  takenOf: (houseSide: Side, price: number) => number,
  cfg: ExchangeConfig,
): { availableToBack: Level[]; availableToLay: Level[] } {
  const runner = market.runners.find((r) => String(r.selectionId) === selectionId);
  if (!runner || runner.status !== 'ACTIVE' || market.status !== 'OPEN') return { availableToBack: [], availableToLay: [] };
  const levels = (list: { price: number; size: number }[], houseSide: Side): Level[] =>
    list
      .map((l) => {
        const price = Math.round(l.price * 100);
        const size = Math.round(l.size * 100 * cfg.liquidityScale) - takenOf(houseSide, price);
        return [price, size] as Level;
      })
      // the engine refuses an order that cannot win one minor unit; such a crumb is not liquidity
      .filter(([price, size]) => priceIndex(price) >= 0 && size > 0 && size * (price - 100) >= 100);
  // availableToBack: prices a player backs at, where the house lays; availableToLay: the house backs
  return { availableToBack: levels(runner.back, 'LAY'), availableToLay: levels(runner.lay, 'BACK') };
}
