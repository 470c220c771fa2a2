import { describe, expect, it } from 'vitest';
import { dhakaDateRange, dhakaDayStart, inDhakaDateRange } from './dhaka-time';

// 2024-05-02 00:30 in Dhaka is 2024-05-01 18:30 UTC: "today" is the Dhaka date, not the UTC one.
const now = new Date('2024-05-01T18:30:00Z');

describe('Dhaka date ranges', () => {
  it('days start at Dhaka midnight', () => {
    expect(dhakaDayStart(now).toISOString()).toBe('2024-05-01T18:00:00.000Z');
    expect(dhakaDayStart(new Date('2024-05-01T17:59:59Z')).toISOString()).toBe('2024-04-30T18:00:00.000Z');
  });
  it('today and yesterday are Dhaka calendar days; last 7 days is now minus 7 days', () => {
    expect(dhakaDateRange('today', now)).toEqual({ from: new Date('2024-05-01T18:00:00Z'), to: null });
    expect(dhakaDateRange('yesterday', now)).toEqual({ from: new Date('2024-04-30T18:00:00Z'), to: new Date('2024-05-01T18:00:00Z') });
    expect(dhakaDateRange('last7', now)).toEqual({ from: new Date('2024-04-24T18:30:00Z'), to: null });
  });
  it('tells whether an instant is inside', () => {
    expect(inDhakaDateRange('2024-05-01T18:10:00Z', 'today', now)).toBe(true);
    expect(inDhakaDateRange('2024-05-01T17:50:00Z', 'today', now)).toBe(false);
    expect(inDhakaDateRange('2024-05-01T17:50:00Z', 'yesterday', now)).toBe(true);
    expect(inDhakaDateRange('2024-05-01T18:00:00Z', 'yesterday', now)).toBe(false);
    expect(inDhakaDateRange('2024-04-24T18:31:00Z', 'last7', now)).toBe(true);
    expect(inDhakaDateRange('2024-04-24T18:29:00Z', 'last7', now)).toBe(false);
  });
});
