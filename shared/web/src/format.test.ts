import { describe, expect, it } from 'vitest';
import { dhakaDateKey, dhakaClock, firstWords, formatMoney, maskAccount, mmss, truncate } from './format';

describe('formatting', () => {
  it('shows taka with two decimals, and the player currency for INR/PKR', () => {
    expect(formatMoney('1000.5')).toBe('৳1,000.50');
    expect(formatMoney('2500', 'INR')).toBe('₹2,500.00');
    expect(formatMoney('0')).toBe('৳0.00');
  });

  it('computes dates and clock in Asia/Dhaka whatever the machine zone', () => {
    // 2026-11-21 19:30 UTC is 2026-11-22 01:30 in Dhaka
    const d = new Date('2026-11-21T19:30:00Z');
    expect(dhakaDateKey(d)).toBe('2026-11-22');
    expect(dhakaClock(d)).toBe('01:30:00');
  });

  it('formats the resend countdown as m:ss', () => {
    expect(mmss(300)).toBe('5:00');
    expect(mmss(65)).toBe('1:05');
    expect(mmss(-3)).toBe('0:00');
  });

  it('cuts previews and names as the spec says', () => {
    expect(firstWords('one two three four five six', 5)).toBe('one two three four five...');
    expect(firstWords('one two', 5)).toBe('one two');
    expect(truncate('Sweet Bonanza Christmas', 15)).toBe('Sweet Bonanza C...');
    expect(truncate('Aviator', 15)).toBe('Aviator');
  });

  it('masks account numbers to the first two and last two digits', () => {
    expect(maskAccount('01712345678')).toBe('01*******78');
    expect(maskAccount('1234')).toBe('1234');
  });
});
