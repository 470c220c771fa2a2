import { describe, expect, it } from 'vitest';
import {
  dhakaDateKey,
  dhakaClock,
  firstWords,
  formatDhakaDate,
  formatDhakaDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  localDigits,
  maskAccount,
  mmss,
  truncate,
} from './format';

describe('formatting', () => {
  it('shows taka with two decimals, and the player currency for INR/PKR', () => {
    expect(formatMoney('1000.5')).toBe('৳1,000.50');
    expect(formatMoney('2500', 'INR')).toBe('₹2,500.00');
    expect(formatMoney('0')).toBe('৳0.00');
  });

  it("writes the site's currencies exactly as Intl does, without Intl (issue 31: its first formatter is costly)", () => {
    const intl = (v: number, currency: string, locale: string) =>
      new Intl.NumberFormat(locale === 'bn' ? 'bn-BD' : 'en-IN', {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(v);
    // edges: zeros, halves at the third decimal (1.005 is 1.00499... in binary; Intl rounds the shortest decimal),
    // grouping in lakhs and crores, negatives rounding to zero; then a fixed pseudo-random spread of magnitudes
    const values = [0, -0, -0.001, 1, 1.005, 2.675, 0.005, 0.015, 99.995, 999.995, 1234.5, -1234.567, 100000, 12345678.905];
    let seed = 31;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) values.push(Number(((next() - 0.3) * 10 ** (next() * 12)).toFixed(Math.floor(next() * 6))));
    for (const v of values)
      for (const locale of ['en', 'bn'])
        for (const currency of ['BDT', 'INR', 'PKR']) expect(formatMoney(v, currency, locale)).toBe(intl(v, currency, locale));
    // what it does not know goes to Intl
    expect(formatMoney(5, 'USD')).toBe(intl(5, 'USD', 'en'));
    expect(formatMoney(1e15)).toBe(intl(1e15, 'BDT', 'en'));
  });

  it('writes whole numbers exactly as Intl does, without Intl', () => {
    const values = [0, -0, 5, 100, 999, 1000, 12345, 123456, 1234567, -2500, 123456789012, Number.MAX_SAFE_INTEGER];
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 500; i++) values.push(Math.round((next() - 0.3) * 10 ** (next() * 15)));
    for (const v of values)
      for (const locale of ['en', 'bn'])
        expect(formatNumber(v, locale)).toBe(new Intl.NumberFormat(locale === 'bn' ? 'bn-BD' : 'en-IN').format(v));
    // fractions and fixed decimals still go through Intl
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(2, 'en', 2)).toBe('2.00');
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

  it('writes every figure it formats in Bengali digits in bn, never mixed (issue 34 item 2)', () => {
    const d = new Date('2026-11-26T21:33:58Z');
    expect(formatDhakaDateTime(d, 'bn')).toBe('২০২৬-১১-২৭ ০৩:৩৩:৫৮');
    expect(formatDhakaDateTime(d, 'en')).toBe('2026-11-27 03:33:58');
    expect(formatDhakaDate(d, 'bn')).toBe('২০২৬-১১-২৭');
    // the grouping key stays Latin
    expect(dhakaDateKey(d)).toBe('2026-11-27');
    expect(formatMoney('600', 'BDT', 'bn')).toMatch(/^[^0-9]*৬০০\.০০[^0-9]*$/);
    expect(formatPercent(0, 'bn')).toBe('০%');
    expect(formatPercent(59.6, 'en')).toBe('60%');
    expect(formatNumber(1234, 'bn')).toBe('১,২৩৪');
    expect(formatNumber('2.5', 'bn', 2)).toBe('২.৫০');
    expect(mmss(65, 'bn')).toBe('১:০৫');
    expect(localDigits('1.66', 'bn')).toBe('১.৬৬');
    expect(localDigits('01712345678', 'en')).toBe('01712345678');
  });
});
