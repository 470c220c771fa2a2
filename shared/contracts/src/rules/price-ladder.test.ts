import { describe, expect, it } from 'vitest';
import {
  PRICE_LADDER,
  MAX_PRICE,
  MIN_PRICE,
  formatPrice,
  isValidPrice,
  parsePrice,
  priceIndex,
  snapToLadder,
  tickDown,
  tickUp,
} from './price-ladder';

describe('price ladder', () => {
  it('has the 350 Betfair prices from 1.01 to 1000, ascending', () => {
    expect(PRICE_LADDER).toHaveLength(350);
    expect(PRICE_LADDER[0]).toBe(MIN_PRICE);
    expect(PRICE_LADDER[349]).toBe(MAX_PRICE);
    for (let i = 1; i < PRICE_LADDER.length; i++) expect(PRICE_LADDER[i]!).toBeGreaterThan(PRICE_LADDER[i - 1]!);
  });

  it('steps by the right tick in every band', () => {
    const cases: [number, number][] = [
      [101, 102],
      [199, 200],
      [200, 202],
      [298, 300],
      [300, 305],
      [395, 400],
      [400, 410],
      [590, 600],
      [600, 620],
      [980, 1000],
      [1000, 1050],
      [1950, 2000],
      [2000, 2100],
      [2900, 3000],
      [3000, 3200],
      [4800, 5000],
      [5000, 5500],
      [9500, 10000],
      [10000, 11000],
      [99000, 100000],
    ];
    for (const [p, next] of cases) {
      expect(tickUp(p)).toBe(next);
      expect(tickDown(next)).toBe(p);
    }
    expect(tickUp(100000)).toBeUndefined();
    expect(tickDown(101)).toBeUndefined();
    expect(tickUp(200, 3)).toBe(206);
    expect(tickUp(201)).toBeUndefined(); // 2.01 is not a price
  });

  it('validates prices, off-ladder prices refused', () => {
    expect(isValidPrice(250)).toBe(true);
    expect(isValidPrice(201)).toBe(false);
    expect(isValidPrice(303)).toBe(false);
    expect(isValidPrice(100)).toBe(false);
    expect(isValidPrice(100010)).toBe(false);
    expect(priceIndex(101)).toBe(0);
    expect(priceIndex(200)).toBe(99);
    expect(priceIndex(201)).toBe(-1);
  });

  it('parses decimal prices exactly and formats them back', () => {
    expect(parsePrice('1.01')).toBe(101);
    expect(parsePrice(2.5)).toBe(250);
    expect(parsePrice('1000')).toBe(100000);
    expect(parsePrice(1.1)).toBe(110);
    expect(parsePrice('2.505')).toBeUndefined();
    expect(parsePrice('abc')).toBeUndefined();
    expect(parsePrice(-2)).toBeUndefined();
    for (const p of PRICE_LADDER) expect(parsePrice(formatPrice(p))).toBe(p);
    expect(formatPrice(250)).toBe('2.5');
    expect(formatPrice(1000)).toBe('10');
  });

  it('snaps any price to the ladder', () => {
    expect(snapToLadder(201, 'down')).toBe(200);
    expect(snapToLadder(201, 'up')).toBe(202);
    expect(snapToLadder(250, 'up')).toBe(250);
    expect(snapToLadder(50, 'down')).toBe(101);
    expect(snapToLadder(200000, 'up')).toBe(100000);
  });
});
