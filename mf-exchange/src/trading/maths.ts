import {
  MAX_PRICE,
  MIN_PRICE,
  betFigures,
  bookmakerRateToPrice,
  isValidPrice,
  snapToLadder,
  stepPrice,
  type ExchangeBetSide,
  type ExchangeBetView,
} from '@khela/contracts';

/**
 * The bet slip's arithmetic, in integers: stakes in paisa, decimal prices in hundredths, rates per 100.
 * Formulas: docs/exchange-rules.md#exposure-and-liability; the money maths is @khela/contracts rules/exchange-maths.ts: a
 * back's profit and a lay's liability S(P−1) round down to the paisa; Fancy winnings round down, Fancy losses up.
 */

export type MarketKind = ExchangeBetView['market_kind'];
export type Side = 'back' | 'lay' | 'yes' | 'no';

/** What a price click picked: everything the slip shows and the API needs. */
export interface BetPick {
  kind: MarketKind;
  marketId: string;
  marketName: string;
  selectionId: string;
  selection: string;
  side: Side;
  /** Match Odds: the decimal price; BookMaker: the rate per 100 as shown; Fancy: the line of the side taken. */
  price: number;
  /** Fancy: the rate per 100 of the side taken. */
  rate?: number;
}

/** "150" or "150.5" or "150.55" (major units) to paisa; null when it is not such an amount. */
export function stakeToMinor(input: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(input.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || 0);
}

/** Paisa to the API's exact decimal string: 15050 -> "150.50". */
export function minorToAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const a = Math.abs(minor);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** A decimal price to hundredths (2.5 -> 250), exactly for two-decimal prices. */
export const toHundredths = (price: number) => Math.round(price * 100);

/**
 * Profit if the bet wins and liability if it loses, in paisa, for a stake in paisa: the exchange's one money maths
 * (`betFigures` of @khela/contracts, the API's own). BookMaker: the rate R is the price 1 + R/100; Fancy: the rate.
 */
export function slipFigures(
  pick: Pick<BetPick, 'kind' | 'side' | 'price' | 'rate'>,
  stakeMinor: number,
): { profit: number; liability: number } {
  const side = pick.side.toUpperCase() as ExchangeBetSide;
  const p =
    pick.kind === 'FANCY'
      ? (pick.rate ?? 0)
      : pick.kind === 'BOOKMAKER'
        ? toHundredths(bookmakerRateToPrice(pick.price))
        : toHundredths(pick.price);
  // integers only (a price being typed may be no number yet): nothing to show rather than a thrown render
  if (!Number.isSafeInteger(p) || !Number.isSafeInteger(stakeMinor)) return { profit: 0, liability: 0 };
  return betFigures(side, stakeMinor, p);
}

/** One tick up or down the 350-price ladder from a decimal price (snapped first); stays put at the ends. */
export function stepLadder(price: number, ticks: 1 | -1): number {
  const h = toHundredths(price);
  const on = isValidPrice(h) ? h : snapToLadder(h, ticks > 0 ? 'down' : 'up');
  const next = stepPrice(on, ticks) ?? on;
  return next / 100;
}

/** A typed price to the nearest ladder price (a tie goes to the side that matches sooner: down for a back, up for a lay). */
export function snapPrice(price: number, side: 'back' | 'lay'): number {
  if (!Number.isFinite(price) || price <= 0) return MIN_PRICE / 100;
  const h = Math.min(MAX_PRICE, Math.max(MIN_PRICE, Math.round(price * 100)));
  if (isValidPrice(h)) return h / 100;
  const down = snapToLadder(h, 'down');
  const up = snapToLadder(h, 'up');
  const pick = h - down < up - h ? down : up - h < h - down ? up : side === 'back' ? down : up;
  return pick / 100;
}

/**
 * A Match Odds or BookMaker position after this bet: the profit per runner if it wins (paisa), from the matched
 * position now (`runners`, the API's profit_loss strings) plus the slip's bet, assumed matched.
 */
export function projectPosition(
  runners: Array<{ selectionId: string; profitLoss: number }>,
  pick: Pick<BetPick, 'kind' | 'side' | 'price' | 'selectionId'>,
  stakeMinor: number,
): Map<string, number> {
  const { profit, liability } = slipFigures({ ...pick, rate: undefined }, stakeMinor);
  const out = new Map<string, number>();
  for (const r of runners) {
    const mine = r.selectionId === pick.selectionId;
    const delta = pick.side === 'back' ? (mine ? profit : -liability) : mine ? -liability : profit;
    out.set(r.selectionId, r.profitLoss + delta);
  }
  return out;
}

/** How a bet's price reads on screen: decimal odds, a BookMaker rate, or a Fancy "line (rate)". */
export function betPriceText(bet: Pick<ExchangeBetView, 'market_kind' | 'price' | 'avg_price' | 'line' | 'rate'>): string {
  if (bet.market_kind === 'FANCY') return `${bet.line ?? ''} (${bet.rate ?? ''})`;
  const p = bet.avg_price ?? bet.price;
  if (p === null) return '';
  if (bet.market_kind === 'BOOKMAKER') return String(Math.round((p - 1) * 100));
  return String(p);
}

/** Amount strings of the API ("-12.50") to paisa. */
export function amountToMinor(amount: string): number {
  const neg = amount.startsWith('-');
  const v = stakeToMinor(neg ? amount.slice(1) : amount) ?? 0;
  return neg ? -v : v;
}
