import { describe, expect, it } from 'vitest';
import { transactionKeySchema } from '../schemas/wallet';
import { WALLET_STATUS, walletStatusKey } from './wallet-status';

describe('wallet status', () => {
  it('every status has the key the transaction schema accepts', () => {
    for (const s of Object.values(WALLET_STATUS)) expect(transactionKeySchema.parse(walletStatusKey(s))).toBe(String(s));
    expect([WALLET_STATUS.pending, WALLET_STATUS.approved, WALLET_STATUS.rejected]).toEqual([0, 1, 2]);
  });
});
