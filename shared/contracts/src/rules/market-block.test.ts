import { describe, expect, it } from 'vitest';
import { marketBlock } from './market-block';

describe('marketBlock (docs/README.md#spec-6)', () => {
  it('blocks a section only when its flag is 0 and the status is not active', () => {
    expect(marketBlock({ exchange_market: 0, cs_market: 0, status: 'active' })).toEqual({ exchange: false, casino: false });
    expect(marketBlock({ exchange_market: 0, cs_market: 1, status: 'suspended' })).toEqual({ exchange: true, casino: false });
    expect(marketBlock({ exchange_market: 1, cs_market: 0, status: 'suspended' })).toEqual({ exchange: false, casino: true });
    expect(marketBlock({ exchange_market: 1, cs_market: 1, status: 'suspended' })).toEqual({ exchange: false, casino: false });
  });
});
