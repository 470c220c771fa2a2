import { describe, expect, it } from 'vitest';
import {
  BET_CASES,
  CASH_OUT_SHARE_CASES,
  COMMISSION_CASES,
  FANCY_CASES,
  HEDGE_CASES,
  POSITION_CASES,
  POTENTIAL_CASES,
} from './exchange-maths.cases';
import {
  backProfit,
  betFigures,
  betLiabilityMinor,
  betPotential,
  cashOutShare,
  commissionMinor,
  exchangePosition,
  fancyBetPl,
  fancyExposure,
  fancyPosition,
  greenUpSide,
  greenUpStake,
  runnerBetPl,
  runnerOutcome,
  runnerPl,
  stakeCanWin,
  RunnerPositionTally,
  type RunnerBet,
} from './exchange-maths';

describe('exchange maths: the shared table of cases', () => {
  it.each(BET_CASES)('bet: $name', (c) => {
    expect(betFigures(c.side, c.stake, c.price)).toEqual({ profit: c.profit, liability: c.liability });
    expect(betLiabilityMinor(c.side, c.stake, c.price)).toBe(c.liability);
    expect(stakeCanWin(c.side, c.stake, c.price)).toBe(c.canWin);
  });

  it.each(POTENTIAL_CASES)('bet view: $name', (c) => {
    expect(betPotential(c)).toEqual({ profit: c.profit, liability: c.liability });
  });

  it.each(POSITION_CASES)('position: $name', (c) => {
    const pos = exchangePosition(c.runners, c.matched, c.unmatched);
    expect(Object.fromEntries(pos.pl)).toEqual(c.pl);
    expect(Object.fromEntries(pos.worst)).toEqual(c.worst);
    expect(pos.exposure).toBe(c.exposure);
    // each runner's P&L is the sum of every matched bet's own P&L at that winner
    for (const r of c.runners) expect(c.matched.reduce((s, b) => s + runnerBetPl(b, r), 0)).toBe(c.pl[r]);
  });

  it.each(POSITION_CASES)('position kept as it changes (RunnerPositionTally): $name', (c) => {
    const tally = new RunnerPositionTally(c.runners);
    for (const b of c.matched) tally.addMatched(b);
    c.unmatched.forEach((b, i) => tally.setOpen(i, b));
    const pos = tally.position();
    expect(Object.fromEntries(pos.pl)).toEqual(c.pl);
    expect(Object.fromEntries(pos.worst)).toEqual(c.worst);
    expect(pos.exposure).toBe(c.exposure);
    // the open orders as orders still to place give the same, and taking each away again gives the matched P&L
    const matchedOnly = new RunnerPositionTally(c.runners);
    for (const b of c.matched) matchedOnly.addMatched(b);
    expect(matchedOnly.exposure(c.unmatched)).toBe(c.exposure);
    c.unmatched.forEach((_, i) => tally.setOpen(i, null));
    expect(Object.fromEntries(tally.worst())).toEqual(c.pl);
  });

  it.each(FANCY_CASES)('Fancy: $name', (c) => {
    const pos = fancyExposure(c.matched, c.pending);
    expect(pos.table).toEqual(c.table);
    expect(pos.exposure).toBe(c.exposure);
    expect(fancyPosition(c.matched).table).toEqual(c.table);
  });

  it.each(HEDGE_CASES)('green-up: $name', (c) => {
    const outcome = runnerOutcome(c.bets, c.runner);
    const stake = greenUpStake(outcome, c.price, c.percent);
    const side = greenUpSide(outcome);
    expect(stake > 0 && side ? { side, stake } : null).toEqual(c.hedge);
    const hedges: RunnerBet[] = c.hedge ? [{ selectionId: c.runner, price: c.price, ...c.hedge }] : [];
    expect(Object.fromEntries(runnerPl(c.runners, [...c.bets, ...hedges]))).toEqual(c.after);
  });

  it.each(CASH_OUT_SHARE_CASES)('partial cash-out value: $percent% of $value', (c) => {
    expect(cashOutShare(c.value, c.percent)).toBe(c.share);
  });

  it.each(COMMISSION_CASES)('commission on $gross at $bps bps', (c) => {
    expect(commissionMinor(c.gross, c.bps)).toBe(c.commission);
  });
});

describe('exchange maths: properties', () => {
  let s = 11;
  const rnd = (n: number) => ((s = (s * 1103515245 + 12345) % 2 ** 31), s % n);
  const prices = [101, 107, 150, 155, 200, 250, 300, 410, 1000, 5500, 100000];

  it('a matched back and its lay are zero-sum on every runner, to the paisa', () => {
    const R = ['A', 'B', 'C'];
    for (let t = 0; t < 300; t++) {
      const sel = R[rnd(3)]!;
      const price = prices[rnd(prices.length)]!;
      const stake = 1 + rnd(10_000_000);
      const back = runnerPl(R, [{ selectionId: sel, side: 'BACK', price, stake }]);
      const lay = runnerPl(R, [{ selectionId: sel, side: 'LAY', price, stake }]);
      for (const r of R) expect(back.get(r)! + lay.get(r)!).toBe(0);
      // a back's profit is the lay's liability
      expect(betFigures('BACK', stake, price).profit).toBe(betFigures('LAY', stake, price).liability);
    }
  });

  it('equals the formula of the domain notes (docs/exchange-rules.md) literally on random positions (floats where they are exact)', () => {
    const R = ['A', 'B', 'C'];
    for (let t = 0; t < 200; t++) {
      const bets: RunnerBet[] = [];
      for (let i = 0, n = 1 + rnd(6); i < n; i++)
        bets.push({ side: rnd(2) ? 'BACK' : 'LAY', selectionId: R[rnd(3)]!, price: prices[rnd(prices.length)]!, stake: 1 + rnd(100_000) });
      const pl = runnerPl(R, bets);
      for (const r of R) {
        let want = 0;
        for (const b of bets) {
          const p = Math.floor((b.stake * (b.price - 100)) / 100);
          if (b.selectionId === r) want += b.side === 'BACK' ? p : -p;
          else want += b.side === 'LAY' ? b.stake : -b.stake;
        }
        expect(pl.get(r)).toBe(want);
      }
    }
  });

  it('a position kept as it changes equals the position computed from every bet, after any sequence of changes', () => {
    const R = ['A', 'B', 'C'];
    for (let t = 0; t < 200; t++) {
      const tally = new RunnerPositionTally(R);
      const matched: RunnerBet[] = [];
      const open = new Map<number, RunnerBet>();
      const order = (): RunnerBet => ({
        side: rnd(2) ? 'BACK' : 'LAY',
        selectionId: R[rnd(3)]!,
        price: prices[rnd(prices.length)]!,
        stake: 1 + rnd(100_000),
      });
      for (let step = 0, n = 1 + rnd(40); step < n; step++) {
        const key = rnd(8);
        const was = open.get(key);
        const what = rnd(4);
        if (what === 0) {
          // a fill: part of an open order moves to matched (what a match does to a resting order)
          if (!was) continue;
          const part = 1 + rnd(was.stake);
          const rest = { ...was, stake: was.stake - part };
          matched.push({ ...was, stake: part });
          tally.addMatched({ ...was, stake: part });
          if (rest.stake > 0) open.set(key, rest);
          else open.delete(key);
          tally.setOpen(key, rest);
        } else if (what === 1) {
          open.delete(key);
          tally.setOpen(key, null);
        } else {
          const b = order();
          open.set(key, b);
          tally.setOpen(key, b);
        }
        const want = exchangePosition(R, matched, [...open.values()]);
        const got = tally.position();
        expect(got.pl).toEqual(want.pl);
        expect(got.worst).toEqual(want.worst);
        expect(got.exposure).toBe(want.exposure);
        // a what-if: one more order, one open order taken away, nothing kept
        const extra = order();
        const without = rnd(8);
        expect(tally.exposure([extra], without)).toBe(
          exchangePosition(R, matched, [...[...open].filter(([k]) => k !== without).map(([, b]) => b), extra]).exposure,
        );
        expect(tally.position().exposure).toBe(want.exposure);
      }
    }
  });

  it('Fancy: winnings round down, losses up; the table is the brute force over every value', () => {
    for (let t = 0; t < 100; t++) {
      const bets = Array.from({ length: 1 + rnd(4) }, () => ({
        side: rnd(2) ? ('YES' as const) : ('NO' as const),
        line: 20 + rnd(15),
        rate: 1 + rnd(200),
        stake: 1 + rnd(100_000),
      }));
      for (const b of bets) {
        const exact = (b.stake * b.rate) / 100;
        expect(fancyBetPl(b, b.side === 'YES' ? b.line : b.line - 1)).toBe(b.side === 'YES' ? Math.floor(exact) : b.stake);
        expect(fancyBetPl(b, b.side === 'YES' ? b.line - 1 : b.line)).toBe(b.side === 'YES' ? -b.stake : -Math.ceil(exact));
      }
      let worst = 0;
      for (let runs = 0; runs <= 100; runs++)
        worst = Math.min(
          worst,
          bets.reduce((a, b) => a + fancyBetPl(b, runs), 0),
        );
      expect(fancyPosition(bets).exposure).toBe(-worst);
    }
  });

  it('refuses what cannot be a price, and amounts past the safe integers', () => {
    expect(() => backProfit(100, 100)).toThrow(RangeError);
    expect(stakeCanWin('BACK', 100_00, 100)).toBe(false);
    expect(() => backProfit(Number.MAX_SAFE_INTEGER, 100_000)).toThrow(RangeError);
    const tally = new RunnerPositionTally(['A', 'B']);
    expect(() => tally.addMatched({ selectionId: 'C', side: 'BACK', price: 200, stake: 1_00 })).toThrow(RangeError);
    expect(() => tally.setOpen(1, { selectionId: 'C', side: 'LAY', price: 200, stake: 1_00 })).toThrow(RangeError);
    expect(() => tally.exposure([{ selectionId: 'C', side: 'LAY', price: 200, stake: 1_00 }])).toThrow(RangeError);
  });
});
