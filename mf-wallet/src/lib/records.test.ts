import { describe, expect, it } from 'vitest';
import { filterTransactions, groupByDhakaDate, matchesDate, turnoverBonus, turnoverProgress } from './records';

describe('date filters in Asia/Dhaka', () => {
  // 2024-05-02 00:30 in Dhaka is 2024-05-01 18:30 UTC: "today" is the Dhaka date, not the UTC one.
  const now = new Date('2024-05-01T18:30:00Z');
  it('today and yesterday are Dhaka calendar days', () => {
    expect(matchesDate('2024-05-01T18:10:00Z', 'today', now)).toBe(true); // 00:10 on May 2 in Dhaka
    expect(matchesDate('2024-05-01T17:50:00Z', 'today', now)).toBe(false); // 23:50 on May 1 in Dhaka
    expect(matchesDate('2024-05-01T17:50:00Z', 'yesterday', now)).toBe(true);
  });
  it('last 7 days is now minus 7 days', () => {
    expect(matchesDate('2024-04-24T18:31:00Z', 'last7', now)).toBe(true);
    expect(matchesDate('2024-04-24T18:29:00Z', 'last7', now)).toBe(false);
  });
  it('groups by Dhaka date, newest first', () => {
    const g = groupByDhakaDate([{ created_at: '2024-05-01T17:50:00Z' }, { created_at: '2024-05-01T18:10:00Z' }]);
    expect(g.map(([d]) => d)).toEqual(['2024-05-02', '2024-05-01']);
  });
  it('filters by status and type', () => {
    const tx = (key: '0' | '1' | '2', action: 'deposit' | 'withdraw') => ({ key, action, created_at: '2024-05-01T10:00:00Z' }) as never;
    expect(filterTransactions([tx('0', 'deposit'), tx('1', 'withdraw')], { status: '1', type: 'all', date: 'all' })).toHaveLength(1);
    expect(filterTransactions([tx('0', 'deposit'), tx('1', 'withdraw')], { status: 'all', type: 'deposit', date: 'all' })).toHaveLength(1);
  });
});

describe('turnover display', () => {
  it('bonus = required / promotion turnover (or 1), 2 decimals', () => {
    expect(turnoverBonus({ required_turnover: '10500.00', transaction: { promotion: { name: 'x', turnover: 10 } } as never })).toBe(
      '1050.00',
    );
    expect(turnoverBonus({ required_turnover: '1000.00', transaction: { promotion: { name: 'x', turnover: 3 } } as never })).toBe('333.33');
    expect(turnoverBonus({ required_turnover: '700.50', transaction: { promotion: null } as never })).toBe('700.50');
  });
  it('progress fills with what is done; complete is 100', () => {
    expect(turnoverProgress({ status: 'active', required_turnover: '1000.00', remaining_turnover: '250.00' })).toBe(75);
    expect(turnoverProgress({ status: 'complete', required_turnover: '1000.00', remaining_turnover: '0.00' })).toBe(100);
  });
});
