/**
 * The exchange's money maths, in one place (issue 28 item 7): what a bet wins and risks, a position's P&L per runner
 * and its exposure, the Fancy run table, the green-up hedge, commission. Used by the API's engine (matching,
 * positions, settlement, cash-out), its bet views, the protection checks, the back office's market page and the
 * bet slip. Pure and in integers: money in minor units (paisa), decimal prices in hundredths (a BookMaker rate R is
 * the price 100 + R), Fancy rates per 100. Formulas: docs/exchange-rules.md. The table of cases
 * every caller's tests run is exchange-maths.cases.ts (`@khela/contracts/exchange-maths.cases`).
 *
 * Rounding:
 *   - Match Odds and BookMaker: a back's profit S*(P-1) is rounded DOWN to the minor unit, and the layer's liability
 *     on that same bet is the SAME rounded amount, so every matched pair is exactly zero-sum (what one side wins the
 *     other loses, to the paisa). Rounding down favours the layer, which for house-priced BookMaker and the feed's
 *     liquidity is the house. A stake whose profit rounds to 0 is refused (stakeCanWin).
 *   - Fancy (always against the house): the player's winnings are rounded DOWN (YES: S*r/100) and the player's
 *     losses rounded UP (NO: S*r/100), both in the house's favour. Stakes are exact.
 *   - Commission: floor(net winnings * rate), so it never exceeds the stated rate.
 *
 * Exposure (Match Odds, BookMaker): pl[r] is the player's profit if runner r wins, from matched bets:
 *   pl[r] = sum backs on r of S(P-1) - sum lays on r of S(P-1) + sum lays on other runners of S - sum backs on
 *   other runners of S. Unmatched orders count "at their worst": each unmatched remainder adds, for every outcome,
 *   its loss in that outcome and never its win (an unmatched back of S on r adds -S to every other runner's outcome
 *   and 0 to r's; an unmatched lay of S at P on r adds -S(P-1) to r's outcome and 0 to the others'), so an unmatched
 *   order can never lower exposure and a matched hedge can. exposure = max(0, -min over r of worst[r]).
 * Exposure (Fancy): the P&L at every run value around the lines, worst loss held; a bet still in the delay adds its
 * whole possible loss (betLiabilityMinor).
 */

export type RunnerSide = 'BACK' | 'LAY';
export type FancyBetSide = 'YES' | 'NO';
export type ExchangeBetSide = RunnerSide | FancyBetSide;

/** A back or lay on a runner (matched, or an unmatched remainder with stake = what remains). */
export interface RunnerBet {
  selectionId: string;
  side: RunnerSide;
  /** Hundredths: a ladder price for Match Odds, 100 + R for a BookMaker rate R. */
  price: number;
  /** Backer's stake, minor units. */
  stake: number;
}

/** A matched Fancy bet. */
export interface FancyRunBet {
  side: FancyBetSide;
  /** The line of the side taken (YES line for YES, NO line for NO), compared with the settling value. */
  line: number;
  /** Rate per 100 of the side taken. */
  rate: number;
  stake: number;
}

function check(out: bigint): number {
  const n = Number(out);
  if (!Number.isSafeInteger(n)) throw new RangeError('amount out of range');
  return n;
}

/** a*b/d rounded down (towards minus infinity) or up, exactly (d > 0). */
function mulDiv(a: number, b: number, d: number, up: boolean): number {
  const n = BigInt(a) * BigInt(b);
  const dd = BigInt(d);
  let q = n / dd; // truncates towards zero
  const exact = q * dd === n;
  if (!exact && n < 0n && !up) q -= 1n;
  if (!exact && n > 0n && up) q += 1n;
  return check(q);
}

/** S*(P-1) rounded down: a back's profit and the matching lay's liability. */
export function backProfit(stake: number, price: number): number {
  if (price <= 100) throw new RangeError(`price ${price} must be above 1.00`);
  return mulDiv(stake, price - 100, 100, false);
}

/** A lay's liability: the same amount as the matching back's profit (zero-sum). */
export const layLiability = backProfit;

/** Decimal price in hundredths of a BookMaker rate R (integer, per 100): 45 -> 145. */
export function bookmakerPrice(rate: number): number {
  if (!Number.isSafeInteger(rate) || rate <= 0) throw new RangeError(`BookMaker rate ${rate} must be a positive integer`);
  return 100 + rate;
}

/** A stake that cannot pay at least one minor unit is refused (docs/exchange-rules.md). */
export function minProfitOk(stake: number, price: number): boolean {
  return backProfit(stake, price) >= 1;
}

/** What a YES at `rate` wins: S*rate/100 rounded down (the house's favour). */
export const fancyYesWin = (stake: number, rate: number): number => mulDiv(stake, rate, 100, false);

/** What a NO at `rate` loses: S*rate/100 rounded up (the house's favour). */
export const fancyNoLoss = (stake: number, rate: number): number => mulDiv(stake, rate, 100, true);

/**
 * What a bet of `stake` wins (profit) and risks (liability), in minor units. `price` is the price in hundredths for
 * BACK and LAY (BookMaker: 100 + R), the rate per 100 for YES and NO. Total: a price not above 1.00 gives what the
 * formula gives (a slip that has no price yet), it does not throw.
 */
export function betFigures(side: ExchangeBetSide, stake: number, price: number): { profit: number; liability: number } {
  switch (side) {
    case 'YES':
      return { profit: fancyYesWin(stake, price), liability: stake };
    case 'NO':
      return { profit: stake, liability: fancyNoLoss(stake, price) };
    case 'BACK':
      return { profit: mulDiv(stake, price - 100, 100, false), liability: stake };
    case 'LAY':
      return { profit: stake, liability: mulDiv(stake, price - 100, 100, false) };
  }
}

/**
 * An exchange bet's liability (what it puts at risk, the wager of the protection checks, a PENDING Fancy bet's
 * hold): a back's or YES's stake, a lay's S*(P-1) rounded down (price in hundredths, BookMaker as 100 + rate), a
 * NO's S*rate/100 rounded up.
 */
export function betLiabilityMinor(side: ExchangeBetSide, stakeMinor: number, price: number): number {
  return betFigures(side, stakeMinor, price).liability;
}

/**
 * Whether a stake can win at least one minor unit (else the bet is refused): a back or lay needs S*(P-1) >= 1 paisa
 * (and a price above 1.00), a Fancy bet S*rate/100 >= 1 paisa (its smaller side).
 */
export function stakeCanWin(side: ExchangeBetSide, stake: number, price: number): boolean {
  if (side === 'YES' || side === 'NO') return fancyYesWin(stake, price) >= 1;
  return price > 100 && backProfit(stake, price) >= 1;
}

/**
 * The profit of a matched back from its matched stake and matched value (the sum of stake*price over its fills,
 * price in hundredths): floor((value - 100*stake) / 100), S*(P-1) at the average price rounded down once.
 */
export function matchedBackProfit(matchedStake: number, matchedValue: number): number {
  return mulDiv(matchedValue - 100 * matchedStake, 1, 100, false);
}

/**
 * What a bet wins and risks, as its views show it: on its matched part (Match Odds and BookMaker at the matched
 * value, matchedBackProfit), or on its whole stake at the asked price while nothing is matched.
 */
export function betPotential(bet: {
  side: ExchangeBetSide;
  /** Hundredths (BACK, LAY) or the rate (YES, NO). */
  price: number;
  stake: number;
  matched: number;
  /** Sum of stake*price of the fills (hundredths); unused for Fancy. */
  matchedValue: number;
}): { profit: number; liability: number } {
  const useMatched = bet.matched > 0;
  const stake = useMatched ? bet.matched : bet.stake;
  if (bet.side === 'YES' || bet.side === 'NO') return betFigures(bet.side, stake, bet.price);
  const win = useMatched ? matchedBackProfit(stake, bet.matchedValue) : backProfit(stake, bet.price);
  return bet.side === 'BACK' ? { profit: win, liability: stake } : { profit: stake, liability: win };
}

/** One back's or lay's P&L when `winner` wins (S(P-1) rounded down, as runnerPl). */
export function runnerBetPl(b: RunnerBet, winner: string): number {
  const profit = backProfit(b.stake, b.price);
  if (b.side === 'BACK') return b.selectionId === winner ? profit : -b.stake;
  return b.selectionId === winner ? -profit : b.stake;
}

/** Profit if each runner wins, from matched bets (all bets given are counted; filter by player first). */
export function runnerPl(runners: readonly string[], bets: readonly RunnerBet[]): Map<string, number> {
  // pl[x] = (sum of every bet's outcome when its runner loses) + sum over bets on x of (win - lose)
  let base = 0;
  const delta = new Map<string, number>(runners.map((r) => [r, 0]));
  for (const b of bets) {
    const d = delta.get(b.selectionId);
    if (d === undefined) throw new RangeError(`selection ${b.selectionId} is not a runner of this market`);
    const profit = backProfit(b.stake, b.price);
    const win = b.side === 'BACK' ? profit : -profit;
    const lose = b.side === 'BACK' ? -b.stake : b.stake;
    base += lose;
    delta.set(b.selectionId, d + win - lose);
  }
  const out = new Map<string, number>();
  for (const r of runners) out.set(r, base + delta.get(r)!);
  return out;
}

export interface RunnerPosition {
  /** Profit (negative: loss) if each runner wins, matched bets only. */
  pl: Map<string, number>;
  /** pl with unmatched orders counted at their worst. */
  worst: Map<string, number>;
  /** max(0, -min over runners of worst). */
  exposure: number;
}

/** One player's position in a Match Odds or BookMaker market: matched bets plus unmatched remainders (stake = remaining). */
export function exchangePosition(
  runners: readonly string[],
  matched: readonly RunnerBet[],
  unmatched: readonly RunnerBet[] = [],
): RunnerPosition {
  const pl = runnerPl(runners, matched);
  const worst = new Map(pl);
  for (const u of unmatched) {
    if (!worst.has(u.selectionId)) throw new RangeError(`selection ${u.selectionId} is not a runner of this market`);
    if (u.side === 'BACK') {
      for (const r of runners) if (r !== u.selectionId) worst.set(r, worst.get(r)! - u.stake);
    } else {
      worst.set(u.selectionId, worst.get(u.selectionId)! - backProfit(u.stake, u.price));
    }
  }
  return { pl, worst, exposure: exposureOfWorst(worst) };
}

/** A position's exposure from its worst P&L per runner: max(0, -min over runners). */
function exposureOfWorst(worst: ReadonlyMap<string, number>): number {
  let min = 0;
  for (const v of worst.values()) if (v < min) min = v;
  return min < 0 ? -min : 0;
}

/**
 * A Match Odds or BookMaker position kept up to date as it changes (issue 28: the market writer's positions): the
 * same pl, worst and exposure as exchangePosition over every matched part and open order, but a fill or an order's
 * change costs O(1) and a read O(runners), where exchangePosition's cost grows with the player's history in the
 * market (a hot market's players hold hundreds of bets). Both are the sums exchangePosition's comment gives, kept
 * per runner in runnerPl's form: pl[r] = base + delta[r].
 */
export class RunnerPositionTally {
  /** Matched: the sum of every bet's outcome when its runner loses, and per runner its bets' (win - lose). */
  private matchedBase = 0;
  private readonly matchedDelta: Map<string, number>;
  /** Open orders at their worst, the same way. */
  private openBase = 0;
  private readonly openDelta: Map<string, number>;
  /** The open order each key (a bet id) counts now. */
  private readonly open = new Map<number, RunnerBet>();

  constructor(readonly runners: readonly string[]) {
    this.matchedDelta = new Map(runners.map((r) => [r, 0]));
    this.openDelta = new Map(runners.map((r) => [r, 0]));
  }

  private runner(selectionId: string): void {
    if (!this.matchedDelta.has(selectionId)) throw new RangeError(`selection ${selectionId} is not a runner of this market`);
  }

  /** A matched part (one fill seen from the player's bet, or a matched BookMaker bet). */
  addMatched(b: RunnerBet): void {
    this.runner(b.selectionId);
    const profit = backProfit(b.stake, b.price);
    const win = b.side === 'BACK' ? profit : -profit;
    const lose = b.side === 'BACK' ? -b.stake : b.stake;
    this.matchedBase += lose;
    this.matchedDelta.set(b.selectionId, this.matchedDelta.get(b.selectionId)! + win - lose);
  }

  /**
   * An open order's worst outcome (exchangePosition's unmatched loop) in runnerPl's form: `base` on every runner and
   * `delta` more on its own. A back of S loses S whichever other runner wins: -S on every runner, +S back on its own.
   */
  private static openEffect(b: RunnerBet): { base: number; delta: number } {
    return b.side === 'BACK' ? { base: -b.stake, delta: b.stake } : { base: 0, delta: -backProfit(b.stake, b.price) };
  }

  /**
   * What an open order (`key`: its bet id) counts now: its unmatched remainder, or its whole stake while it waits the
   * bet delay; null (or a stake of 0) when nothing of it is open any more. Replaces what the key counted before.
   */
  setOpen(key: number, b: RunnerBet | null): void {
    const was = this.open.get(key);
    const now = b && b.stake > 0 ? b : null;
    if (now) this.runner(now.selectionId);
    const count = (o: RunnerBet, sign: 1 | -1) => {
      const e = RunnerPositionTally.openEffect(o);
      this.openBase += sign * e.base;
      this.openDelta.set(o.selectionId, this.openDelta.get(o.selectionId)! + sign * e.delta);
    };
    if (was) count(was, -1);
    if (now) {
      count(now, 1);
      this.open.set(key, { ...now });
    } else this.open.delete(key);
  }

  /** Profit if each runner wins, matched bets only. */
  pl(): Map<string, number> {
    return new Map(this.runners.map((r) => [r, this.matchedBase + this.matchedDelta.get(r)!]));
  }

  /**
   * pl with the open orders at their worst; with `adds` (orders not placed yet, at their worst) and without the open
   * order `without` (an edit's old bet): what the position would be, nothing kept.
   */
  worst(adds: readonly RunnerBet[] = [], without: number | null = null): Map<string, number> {
    let base = this.matchedBase + this.openBase;
    const delta = new Map(this.runners.map((r) => [r, this.matchedDelta.get(r)! + this.openDelta.get(r)!]));
    const count = (o: RunnerBet, sign: 1 | -1) => {
      const e = RunnerPositionTally.openEffect(o);
      base += sign * e.base;
      delta.set(o.selectionId, delta.get(o.selectionId)! + sign * e.delta);
    };
    const gone = without === null ? undefined : this.open.get(without);
    if (gone) count(gone, -1);
    for (const b of adds) {
      this.runner(b.selectionId);
      count(b, 1);
    }
    return new Map(this.runners.map((r) => [r, base + delta.get(r)!]));
  }

  /** max(0, -min over runners of worst), as exchangePosition's. */
  exposure(adds: readonly RunnerBet[] = [], without: number | null = null): number {
    return exposureOfWorst(this.worst(adds, without));
  }

  position(): RunnerPosition {
    const worst = this.worst();
    return { pl: this.pl(), worst, exposure: exposureOfWorst(worst) };
  }
}

/** Whether a Fancy bet wins on the settling value: YES when it reaches the YES line, NO when it stays below the NO line. */
export const fancyWins = (side: FancyBetSide, line: number, value: number): boolean => (side === 'YES' ? value >= line : value < line);

/** A Fancy bet's profit (negative: loss) when the innings ends on `runs` (the settling value). */
export function fancyBetPl(b: FancyRunBet, runs: number): number {
  if (b.side === 'YES') return fancyWins('YES', b.line, runs) ? fancyYesWin(b.stake, b.rate) : -b.stake;
  return fancyWins('NO', b.line, runs) ? b.stake : -fancyNoLoss(b.stake, b.rate);
}

export function fancyPl(bets: readonly FancyRunBet[], runs: number): number {
  let s = 0;
  for (const b of bets) s += fancyBetPl(b, runs);
  return s;
}

export interface FancyRunPosition {
  /**
   * Profit per run value from one below the lowest line to the highest line. The P&L only changes at a line, so
   * every run value below the table equals its first row and every one above equals its last: the table is complete.
   */
  table: { runs: number; pl: number }[];
  exposure: number;
}

export function fancyPosition(bets: readonly FancyRunBet[]): FancyRunPosition {
  if (bets.length === 0) return { table: [], exposure: 0 };
  let lo = Infinity;
  let hi = -Infinity;
  for (const b of bets) {
    if (!Number.isSafeInteger(b.line) || b.line < 0) throw new RangeError(`line ${b.line} must be a whole number of runs`);
    lo = Math.min(lo, b.line);
    hi = Math.max(hi, b.line);
  }
  const table: { runs: number; pl: number }[] = [];
  let min = 0;
  for (let runs = Math.max(0, lo - 1); runs <= hi; runs++) {
    const pl = fancyPl(bets, runs);
    table.push({ runs, pl });
    if (pl < min) min = pl;
  }
  return { table, exposure: min < 0 ? -min : 0 };
}

/**
 * A Fancy position's exposure with bets still in the delay: the matched bets' worst loss plus, for each PENDING
 * bet, its whole possible loss (it is not matched yet: it can only add).
 */
export function fancyExposure(matched: readonly FancyRunBet[], pending: readonly FancyRunBet[] = []): FancyRunPosition {
  const pos = fancyPosition(matched);
  let add = 0;
  for (const b of pending) add += betLiabilityMinor(b.side, b.stake, b.rate);
  return { table: pos.table, exposure: pos.exposure + add };
}

/** A runner's own bets: the player's P&L from them if it wins (`win`) and if it loses (`lose`). */
export function runnerOutcome(bets: readonly RunnerBet[], runner: string): { win: number; lose: number } {
  let win = 0;
  let lose = 0;
  for (const b of bets) {
    if (b.selectionId !== runner) continue;
    const profit = backProfit(b.stake, b.price);
    win += b.side === 'BACK' ? profit : -profit;
    lose += b.side === 'BACK' ? -b.stake : b.stake;
  }
  return { win, lose };
}

/** The side a runner's hedge takes: lay what wins more if the runner wins, back what wins more if it loses; null: flat. */
export function greenUpSide(outcome: { win: number; lose: number }): RunnerSide | null {
  return outcome.win === outcome.lose ? null : outcome.win > outcome.lose ? 'LAY' : 'BACK';
}

/**
 * The stake of the hedge that greens up a runner at `price` (hundredths): lay x at p: w - x(p-1) = l + x, so
 * x = (w - l)/p; back y at p: y = (l - w)/p; rounded half up to the minor unit. 0 when the runner is flat or the
 * hedge could not win a minor unit (no hedge). docs/exchange-rules.md (cash-out): after backing S_b at P_b, lay S_b*P_b/P_l.
 */
export function greenUpStake(outcome: { win: number; lose: number }, price: number, percent = 100): number {
  const diff = Math.abs(outcome.win - outcome.lose);
  if (diff === 0) return 0;
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new RangeError('percent must be a whole number from 1 to 100');
  // round(diff*100/price * percent/100) = round(diff*percent/price) half up, exactly: floor((2*diff*percent + price) / (2*price))
  const stake = mulDiv(2 * diff * percent + price, 1, 2 * price, false);
  return stake > 0 && price > 100 && backProfit(stake, price) >= 1 ? stake : 0;
}

/**
 * A partial cash-out (issue 33): hedging `percent` of a runner's position is the green-up stake times percent/100
 * (greenUpStake's third argument), which leaves (100 - percent)% of the gap between the runner's win and lose
 * outcomes open, to the paisa of the hedge's rounding. Its quoted value is that share of the whole cash-out's value,
 * rounded down (a loss rounds further from zero): what the hedged part locks whatever wins.
 */
export function cashOutShare(value: number, percent: number): number {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new RangeError('percent must be a whole number from 1 to 100');
  return mulDiv(value, percent, 100, false);
}

/** Commission on a player's net winnings in a market: floor(gross * bps / 10000), none on a loss. */
export function commissionMinor(gross: number, bps: number): number {
  return gross > 0 ? mulDiv(gross, bps, 10_000, false) : 0;
}
