import { randomBytes, randomInt } from 'node:crypto';

/**
 * A fresh payer's transaction id in the format of the method (shared/contracts/src/rules/payer-trx.ts): bKash
 * 10 letters and digits, Nagad 8, Rocket 10 digits. An agent deposit (the seed's bKash) needs one.
 */
export function newPayerTrx(method: 'bkash' | 'nagad' | 'rocket' = 'bkash'): string {
  if (method === 'rocket') return String(randomInt(1_000_000_000, 9_999_999_999));
  return randomBytes(5)
    .toString('hex')
    .toUpperCase()
    .slice(0, method === 'nagad' ? 8 : 10);
}
