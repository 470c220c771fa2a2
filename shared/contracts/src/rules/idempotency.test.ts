import { describe, expect, it } from 'vitest';
import { idempotencyKeyOf, newIdempotencyKey } from './idempotency';

describe('idempotency keys', () => {
  it('reads the header: trimmed, first of many, blank is none', () => {
    expect(idempotencyKeyOf(' k-1 ')).toBe('k-1');
    expect(idempotencyKeyOf(['a', 'b'])).toBe('a');
    expect(idempotencyKeyOf('  ')).toBeUndefined();
    expect(idempotencyKeyOf(undefined)).toBeUndefined();
  });
  it('makes a different key per attempt', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
