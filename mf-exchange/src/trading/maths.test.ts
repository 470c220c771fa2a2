import { describe, expect, it } from 'vitest';
import { BET_CASES, type BetCase } from '@khela/contracts/exchange-maths.cases';
import { betPriceText, minorToAmount, projectPosition, slipFigures, snapPrice, stakeToMinor, stepLadder } from './maths';

describe('bet slip maths (docs/exchange-rules.md: S stake, P price)', () => {
  it('back: profit S(P−1), liability S; lay mirrored; rounded down to the paisa', () => {
    expect(slipFigures({ kind: 'MATCH_ODDS', side: 'back', price: 2.5 }, 100_00)).toEqual({ profit: 150_00, liability: 100_00 });
    expect(slipFigures({ kind: 'MATCH_ODDS', side: 'lay', price: 2.5 }, 100_00)).toEqual({ profit: 100_00, liability: 150_00 });
    // 33.33 at 1.07: 2.3331 → 2.33 both ways (the lay's liability is the back's profit: zero-sum)
    expect(slipFigures({ kind: 'MATCH_ODDS', side: 'back', price: 1.07 }, 33_33)).toEqual({ profit: 2_33, liability: 33_33 });
    expect(slipFigures({ kind: 'MATCH_ODDS', side: 'lay', price: 1.07 }, 33_33)).toEqual({ profit: 33_33, liability: 2_33 });
  });

  it('BookMaker: a rate R per 100 is the price 1 + R/100', () => {
    expect(slipFigures({ kind: 'BOOKMAKER', side: 'back', price: 45 }, 200_00)).toEqual({ profit: 90_00, liability: 200_00 });
    expect(slipFigures({ kind: 'BOOKMAKER', side: 'lay', price: 152 }, 100_00)).toEqual({ profit: 100_00, liability: 152_00 });
  });

  it('Fancy: YES wins S·rate/100 (down) and loses S; NO wins S and loses S·rate/100 (up)', () => {
    expect(slipFigures({ kind: 'FANCY', side: 'yes', price: 49, rate: 90 }, 100_00)).toEqual({ profit: 90_00, liability: 100_00 });
    expect(slipFigures({ kind: 'FANCY', side: 'no', price: 48, rate: 110 }, 100_00)).toEqual({ profit: 100_00, liability: 110_00 });
    expect(slipFigures({ kind: 'FANCY', side: 'yes', price: 49, rate: 90 }, 1_01)).toEqual({ profit: 90, liability: 1_01 });
    expect(slipFigures({ kind: 'FANCY', side: 'no', price: 48, rate: 90 }, 1_01)).toEqual({ profit: 1_01, liability: 91 });
  });

  it('steps the price along the 350-price ladder and snaps a typed price to it', () => {
    expect(stepLadder(2, 1)).toBe(2.02);
    expect(stepLadder(2, -1)).toBe(1.99);
    expect(stepLadder(3.95, 1)).toBe(4);
    expect(stepLadder(4, 1)).toBe(4.1);
    expect(stepLadder(1.01, -1)).toBe(1.01);
    expect(stepLadder(1000, 1)).toBe(1000);
    // off the ladder: first to the ladder price on the side stepped from
    expect(stepLadder(2.03, 1)).toBe(2.04);
    expect(stepLadder(2.03, -1)).toBe(2.02);
    expect(snapPrice(2.03, 'back')).toBe(2.02);
    expect(snapPrice(2.03, 'lay')).toBe(2.04);
    expect(snapPrice(4.13, 'back')).toBe(4.1);
    expect(snapPrice(0.5, 'back')).toBe(1.01);
    expect(snapPrice(5000, 'lay')).toBe(1000);
    expect(snapPrice(2.5, 'lay')).toBe(2.5);
  });

  it('reads stakes to paisa and back', () => {
    expect(stakeToMinor('150')).toBe(150_00);
    expect(stakeToMinor('150.5')).toBe(150_50);
    expect(stakeToMinor('150.05')).toBe(150_05);
    expect(stakeToMinor('150.')).toBe(150_00);
    expect(stakeToMinor('1.234')).toBeNull();
    expect(stakeToMinor('abc')).toBeNull();
    expect(minorToAmount(150_50)).toBe('150.50');
    expect(minorToAmount(-5)).toBe('-0.05');
  });

  it("projects the runners' P&L with the slip's bet matched", () => {
    const now = [
      { selectionId: 'a', profitLoss: 150_00 },
      { selectionId: 'b', profitLoss: -100_00 },
    ];
    const back = projectPosition(now, { kind: 'MATCH_ODDS', side: 'back', price: 3, selectionId: 'b' }, 50_00);
    expect(Object.fromEntries(back)).toEqual({ a: 100_00, b: 0 });
    const lay = projectPosition(now, { kind: 'MATCH_ODDS', side: 'lay', price: 2, selectionId: 'a' }, 100_00);
    expect(Object.fromEntries(lay)).toEqual({ a: 50_00, b: 0 });
  });

  it('shows a bet price as decimal odds, a BookMaker rate or a Fancy line (rate)', () => {
    expect(betPriceText({ market_kind: 'MATCH_ODDS', price: 2.5, avg_price: 2.52, line: null, rate: null })).toBe('2.52');
    expect(betPriceText({ market_kind: 'BOOKMAKER', price: 1.45, avg_price: null, line: null, rate: null })).toBe('45');
    expect(betPriceText({ market_kind: 'FANCY', price: null, avg_price: null, line: 49, rate: 90 })).toBe('49 (90)');
  });
});

describe('the shared table of cases (@khela/contracts exchange-maths.cases) through the slip', () => {
  // the slip's own terms: lower-case sides, a decimal price, a BookMaker rate as shown, a Fancy line and rate
  const pickOf = (c: BetCase) => ({
    kind: c.kind,
    side: c.side.toLowerCase() as 'back' | 'lay' | 'yes' | 'no',
    price: c.kind === 'MATCH_ODDS' ? c.price / 100 : c.kind === 'BOOKMAKER' ? c.price - 100 : 50,
    rate: c.kind === 'FANCY' ? c.price : undefined,
  });

  it.each(BET_CASES)('$name', (c) => {
    expect(slipFigures(pickOf(c), c.stake)).toEqual({ profit: c.profit, liability: c.liability });
  });

  it.each(BET_CASES.filter((c) => c.kind !== 'FANCY'))('projected on a flat position: $name', (c) => {
    const p = pickOf(c);
    const after = projectPosition(
      [
        { selectionId: 'x', profitLoss: 0 },
        { selectionId: 'y', profitLoss: 0 },
      ],
      { ...p, selectionId: 'x' },
      c.stake,
    );
    expect(Object.fromEntries(after)).toEqual(
      c.side === 'BACK' ? { x: c.profit, y: 0 - c.liability } : { x: 0 - c.liability, y: c.profit },
    );
  });
});
