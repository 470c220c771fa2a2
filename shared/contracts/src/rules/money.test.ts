import { describe, expect, it } from 'vitest';
import { InvalidMoney, fromMinor, toMinor } from './money';

describe('money maths in paisa', () => {
  it('parses decimal strings exactly', () => {
    expect(toMinor('1000.50')).toBe(100050n);
    expect(toMinor('0.5')).toBe(50n);
    expect(toMinor(' 7 ')).toBe(700n);
    expect(toMinor('-20.10')).toBe(-2010n);
  });
  it('refuses what is not an amount with at most two places', () => {
    for (const bad of ['1.005', 'abc', '', '1e3', '1,000']) expect(() => toMinor(bad)).toThrow(InvalidMoney);
  });
  it('formats paisa back to the API shape', () => {
    expect(fromMinor(100050n)).toBe('1000.50');
    expect(fromMinor(-2010n)).toBe('-20.10');
    expect(fromMinor(5)).toBe('0.05');
    expect(fromMinor(0n)).toBe('0.00');
  });
});
