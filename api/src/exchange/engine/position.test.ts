import { describe, expect, it } from 'vitest';
import { BET_CASES, COMMISSION_CASES, FANCY_CASES, POSITION_CASES } from '@khela/contracts/exchange-maths.cases';
import {
  backProfit,
  bookmakerPrice,
  exchangePosition,
  fancyBetPl,
  fancyPosition,
  minProfitOk,
  runnerPl,
  settle,
  type ExchangeBet,
  type FancyBet,
} from './position';

const R = ['A', 'B', 'C'];
const bet = (side: 'BACK' | 'LAY', selectionId: string, price: number, stake: number, playerId = 'p1'): ExchangeBet => ({
  playerId,
  selectionId,
  side,
  price,
  stake,
});

/**
 * The domain notes' formula, literally (docs/exchange-rules.md#exposure-and-liability):
 * pl[r] = backs on r S(P-1) - lays on r S(P-1) + lays on others S - backs on others S.
 */
function domainPl(runners: string[], bets: ExchangeBet[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of runners) {
    let pl = 0;
    for (const b of bets) {
      const p = Math.floor((b.stake * (b.price - 100)) / 100);
      if (b.selectionId === r) pl += b.side === 'BACK' ? p : -p;
      else pl += b.side === 'LAY' ? b.stake : -b.stake;
    }
    out[r] = pl;
  }
  return out;
}
const domainExposure = (pl: Record<string, number>) => Math.max(0, -Math.min(...Object.values(pl))) || 0; // no -0

describe('Match Odds position and exposure', () => {
  it("back and lay combined: per-runner P&L and exposure equal the domain notes' formula (worked example)", () => {
    // back A 10.00 at 3.0 (wins 20.00), lay B 5.00 at 4.0 (liability 15.00)
    const bets = [bet('BACK', 'A', 300, 1000), bet('LAY', 'B', 400, 500)];
    const pos = exchangePosition(R, bets);
    expect(Object.fromEntries(pos.pl)).toEqual({ A: 2500, B: -2500, C: -500 });
    expect(pos.exposure).toBe(2500);
    expect(Object.fromEntries(pos.pl)).toEqual(domainPl(R, bets));
    expect(pos.exposure).toBe(domainExposure(domainPl(R, bets)));
  });

  it("equals the domain notes' formula on random mixed positions", () => {
    let s = 7;
    const rnd = (n: number) => ((s = (s * 1103515245 + 12345) % 2 ** 31), s % n);
    const prices = [101, 150, 200, 250, 300, 410, 1000, 5500, 100000];
    for (let t = 0; t < 200; t++) {
      const bets: ExchangeBet[] = [];
      for (let i = 0, n = 1 + rnd(6); i < n; i++)
        bets.push(bet(rnd(2) ? 'BACK' : 'LAY', R[rnd(3)]!, prices[rnd(prices.length)]!, 1 + rnd(100000)));
      const pos = exchangePosition(R, bets);
      expect(Object.fromEntries(pos.pl)).toEqual(domainPl(R, bets));
      expect(pos.exposure).toBe(domainExposure(domainPl(R, bets)));
    }
  });

  it('a hedge lowers exposure; a green-up locks the same profit on every runner', () => {
    const back = bet('BACK', 'A', 300, 1000);
    expect(exchangePosition(R, [back]).exposure).toBe(1000);
    const hedged = exchangePosition(R, [back, bet('LAY', 'A', 250, 1000)]);
    expect(hedged.exposure).toBe(0);
    expect(Object.fromEntries(hedged.pl)).toEqual({ A: 500, B: 0, C: 0 });
    // green-up: lay S_b * P_b / P_l = 1000 * 3 / 2.5 = 1200; locked profit S_l - S_b = 200 whatever wins
    const green = exchangePosition(R, [back, bet('LAY', 'A', 250, 1200)]);
    expect(Object.fromEntries(green.pl)).toEqual({ A: 200, B: 200, C: 200 });
    expect(green.exposure).toBe(0);
  });

  it('unmatched orders count at their worst: they add their losses and never their wins', () => {
    const back = bet('BACK', 'A', 300, 1000);
    // an unmatched lay on A would hedge if matched, but until then it only adds its liability on A
    const pos = exchangePosition(R, [back], [bet('LAY', 'A', 250, 1000)]);
    expect(Object.fromEntries(pos.worst)).toEqual({ A: 2000 - 1500, B: -1000, C: -1000 });
    expect(pos.exposure).toBe(1000);
    // an unmatched back on B adds its stake as a loss on A and C
    const pos2 = exchangePosition(R, [back], [bet('BACK', 'B', 200, 700)]);
    expect(Object.fromEntries(pos2.worst)).toEqual({ A: 2000 - 700, B: -1000, C: -1700 });
    expect(pos2.exposure).toBe(1700);
    // alone: an unmatched back's exposure is its stake, an unmatched lay's its liability
    expect(exchangePosition(R, [], [bet('BACK', 'A', 300, 1000)]).exposure).toBe(1000);
    expect(exchangePosition(R, [], [bet('LAY', 'A', 300, 1000)]).exposure).toBe(2000);
  });

  it('rounds S(P-1) down to the paisa, the same amount for backer and layer (zero-sum)', () => {
    expect(backProfit(333, 101)).toBe(3); // 3.33
    expect(backProfit(999, 155)).toBe(549); // 549.45
    expect(backProfit(10_000_000_000, 100000)).toBe(9_990_000_000_000);
    const bets = [bet('BACK', 'A', 155, 999, 'p1'), bet('LAY', 'A', 155, 999, 'p2')];
    const p1 = runnerPl(R, bets.slice(0, 1));
    const p2 = runnerPl(R, bets.slice(1));
    for (const r of R) expect(p1.get(r)! + p2.get(r)!).toBe(0);
    expect(minProfitOk(50, 101)).toBe(false); // 0.5 paisa cannot be paid
    expect(minProfitOk(100, 101)).toBe(true);
  });

  it('BookMaker: a rate R per 100 is price 1 + R/100, same P&L as Match Odds', () => {
    expect(bookmakerPrice(45)).toBe(145);
    const pos = exchangePosition(['X', 'Y'], [bet('BACK', 'X', bookmakerPrice(45), 10000), bet('LAY', 'Y', bookmakerPrice(80), 2000)]);
    // back X 100.00 at 45: wins 45.00 ; lay Y 20.00 at 80: liability 16.00
    expect(Object.fromEntries(pos.pl)).toEqual({ X: 4500 + 2000, Y: -10000 - 1600 });
    expect(pos.exposure).toBe(11600);
    expect(() => bookmakerPrice(0)).toThrow();
  });
});

describe('Fancy', () => {
  const yes = (line: number, rate: number, stake: number, playerId = 'p1'): FancyBet => ({ playerId, side: 'YES', line, rate, stake });
  const no = (line: number, rate: number, stake: number, playerId = 'p1'): FancyBet => ({ playerId, side: 'NO', line, rate, stake });

  it('YES wins S*r/100 at or above its line, else loses S; NO wins S below its line, else loses S*r/100', () => {
    expect(fancyBetPl(yes(52, 90, 1000), 51)).toBe(-1000);
    expect(fancyBetPl(yes(52, 90, 1000), 52)).toBe(900);
    expect(fancyBetPl(no(50, 110, 1000), 49)).toBe(1000);
    expect(fancyBetPl(no(50, 110, 1000), 50)).toBe(-1100);
  });

  it('P&L across run values: between the NO and YES lines both sides lose', () => {
    const pos = fancyPosition([no(50, 110, 1000), yes(52, 90, 1000)]);
    expect(pos.table).toEqual([
      { runs: 49, pl: 0 },
      { runs: 50, pl: -2100 },
      { runs: 51, pl: -2100 },
      { runs: 52, pl: -200 },
    ]);
    expect(pos.exposure).toBe(2100);
  });

  it('several bets on one row: the table covers every run value where P&L can change', () => {
    const bets = [yes(40, 100, 500), yes(45, 100, 500), no(43, 100, 1000)];
    const pos = fancyPosition(bets);
    expect(pos.table[0]).toEqual({ runs: 39, pl: -500 - 500 + 1000 });
    // the exposure is the worst loss of any run value, checked by brute force over 0..200
    let worst = 0;
    for (let runs = 0; runs <= 200; runs++) {
      let pl = 0;
      for (const b of bets) pl += fancyBetPl(b, runs);
      worst = Math.min(worst, pl);
    }
    expect(pos.exposure).toBe(worst < 0 ? -worst : 0);
    expect(pos.exposure).toBe(1000); // runs 43, 44: YES 40 +500, YES 45 -500, NO 43 -1000
    expect(fancyPosition([]).exposure).toBe(0);
  });

  it("rounds a player's Fancy winnings down and losses up", () => {
    expect(fancyBetPl(yes(30, 85, 333), 30)).toBe(283); // 283.05
    expect(fancyBetPl(no(30, 85, 333), 30)).toBe(-284);
  });

  it('settles on the runs; no commission on Fancy', () => {
    const bets = [yes(52, 90, 1000, 'p1'), no(50, 110, 1000, 'p2')];
    expect(settle({ id: 'f', kind: 'FANCY' }, bets, { runs: 55 })).toEqual([
      { playerId: 'p1', gross: 900, commission: 0, net: 900 },
      { playerId: 'p2', gross: -1100, commission: 0, net: -1100 },
    ]);
    expect(settle({ id: 'f', kind: 'FANCY' }, bets, { runs: 51 }).map((s) => s.net)).toEqual([-1000, -1100]);
    expect(settle({ id: 'f', kind: 'FANCY' }, bets, { void: true }).map((s) => s.net)).toEqual([0, 0]);
    expect(() => settle({ id: 'f', kind: 'FANCY' }, bets, { winner: 'A' })).toThrow();
  });
});

describe('settlement and commission', () => {
  const mo = { id: 'm', kind: 'MATCH_ODDS' as const, runners: R };

  it('commission (5% by default) only on the net winnings of a player in the market', () => {
    const bets = [
      bet('BACK', 'A', 300, 1000, 'p1'),
      bet('LAY', 'A', 300, 1000, 'p2'),
      bet('BACK', 'B', 300, 1000, 'p1'),
      bet('LAY', 'B', 300, 1000, 'p2'),
    ];
    expect(settle(mo, bets, { winner: 'A' })).toEqual([
      // p1 won 20.00 on A and lost 10.00 on B: commission on the net 10.00 only
      { playerId: 'p1', gross: 1000, commission: 50, net: 950 },
      { playerId: 'p2', gross: -1000, commission: 0, net: -1000 },
    ]);
    expect(settle(mo, bets, { winner: 'C' })).toEqual([
      { playerId: 'p1', gross: -2000, commission: 0, net: -2000 },
      { playerId: 'p2', gross: 2000, commission: 100, net: 1900 },
    ]);
  });

  it('rounds commission down, takes the market rate, and none on BookMaker by default', () => {
    const bets = [bet('BACK', 'A', 101, 3300, 'p1')]; // wins 33
    expect(settle(mo, bets, { winner: 'A' })[0]).toEqual({ playerId: 'p1', gross: 33, commission: 1, net: 32 }); // 1.65
    expect(settle({ ...mo, commissionBps: 200 }, bets, { winner: 'A' })[0]!.commission).toBe(0); // 0.66
    expect(settle({ id: 'b', kind: 'BOOKMAKER', runners: R }, [bet('BACK', 'A', 145, 10000)], { winner: 'A' })[0]).toEqual({
      playerId: 'p1',
      gross: 4500,
      commission: 0,
      net: 4500,
    });
  });

  it('void returns every stake: nobody wins, loses or pays commission', () => {
    const bets = [bet('BACK', 'A', 300, 1000, 'p1'), bet('LAY', 'A', 300, 1000, 'p2')];
    expect(settle(mo, bets, { void: true })).toEqual([
      { playerId: 'p1', gross: 0, commission: 0, net: 0 },
      { playerId: 'p2', gross: 0, commission: 0, net: 0 },
    ]);
  });

  it('refuses a winner that is not a runner, or runs for Match Odds', () => {
    expect(() => settle(mo, [], { winner: 'Z' })).not.toThrow(); // nobody to settle
    expect(() => settle(mo, [bet('BACK', 'A', 300, 1000)], { winner: 'Z' })).toThrow();
    expect(() => settle(mo, [bet('BACK', 'A', 300, 1000)], { runs: 5 })).toThrow();
  });
});

describe('the shared table of cases (@khela/contracts exchange-maths.cases) through the engine', () => {
  const withPlayer = <T extends object>(b: T, playerId = 'p1') => ({ ...b, playerId });

  it.each(BET_CASES.filter((c) => c.side === 'BACK' || c.side === 'LAY'))('bet: $name', (c) => {
    // one bet alone: its runner's P&L is what it wins (back) or loses (lay), the other runner's the opposite side
    const pos = exchangePosition(['X', 'Y'], [bet(c.side as 'BACK' | 'LAY', 'X', c.price, c.stake)]);
    expect(Object.fromEntries(pos.pl)).toEqual(
      c.side === 'BACK' ? { X: c.profit, Y: 0 - c.liability } : { X: 0 - c.liability, Y: c.profit },
    );
    expect(pos.exposure).toBe(c.liability);
    expect(minProfitOk(c.stake, c.price)).toBe(c.canWin);
  });

  it.each(BET_CASES.filter((c) => c.side === 'YES' || c.side === 'NO'))('Fancy bet: $name', (c) => {
    const b: FancyBet = { playerId: 'p1', side: c.side as 'YES' | 'NO', line: 50, rate: c.price, stake: c.stake };
    expect(fancyBetPl(b, c.side === 'YES' ? 50 : 49)).toBe(c.profit);
    expect(fancyBetPl(b, c.side === 'YES' ? 49 : 50)).toBe(0 - c.liability);
  });

  it.each(POSITION_CASES)('position: $name', (c) => {
    const pos = exchangePosition(
      c.runners,
      c.matched.map((b) => withPlayer(b)),
      c.unmatched.map((b) => withPlayer(b)),
    );
    expect(Object.fromEntries(pos.pl)).toEqual(c.pl);
    expect(Object.fromEntries(pos.worst)).toEqual(c.worst);
    expect(pos.exposure).toBe(c.exposure);
    // settled without commission on each runner: the gross is that runner's P&L
    const market = { id: 'm', kind: c.kind, runners: c.runners, commissionBps: 0 };
    for (const winner of c.runners) {
      const settled = settle(
        market,
        c.matched.map((b) => withPlayer(b)),
        { winner },
      );
      expect(settled[0]?.gross ?? 0).toBe(c.pl[winner]);
    }
  });

  it.each(FANCY_CASES.filter((c) => c.pending.length === 0))('Fancy: $name', (c) => {
    const pos = fancyPosition(c.matched.map((b) => withPlayer(b)));
    expect(pos.table).toEqual(c.table);
    expect(pos.exposure).toBe(c.exposure);
  });

  it.each(COMMISSION_CASES.filter((c) => c.gross !== 0))('commission on $gross at $bps bps', (c) => {
    // a back that wins exactly `gross` (at 2.00 the profit is the stake) or loses it
    const bets = [bet('BACK', 'A', 200, Math.abs(c.gross))];
    const winner = c.gross > 0 ? 'A' : 'B';
    expect(settle({ id: 'm', kind: 'MATCH_ODDS', runners: R, commissionBps: c.bps }, bets, { winner })[0]).toEqual({
      playerId: 'p1',
      gross: c.gross,
      commission: c.commission,
      net: c.gross - c.commission,
    });
  });
});
