import '@khela/web/test/mock-shared';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_MESSAGES as M } from '@khela/contracts';
import { refusalText } from './refusals';

describe("the API's refusals in the player's language", () => {
  it('keeps the API text in English', () => {
    expect(refusalText(M.stakeNotPositive, 'en')).toBe('Stake must be more than 0.');
    expect(refusalText(M.stakeTooLarge('25000.00', 'BDT'), 'en')).toBe('The maximum stake is 25000.00 BDT.');
  });

  it('says every fixed refusal a player can meet in Bangla, and the stake limits with the amount', () => {
    const fixed = Object.entries(M).filter(
      ([k, v]) =>
        typeof v === 'string' &&
        !['idempotencyKeyRequired', 'betNotFound', 'lapsedSuspended', 'lapsedPriceMoved', 'lapsedInPlay'].includes(k),
    );
    for (const [key, text] of fixed) expect(refusalText(text as string, 'bn'), key).not.toBe(text);
    expect(refusalText(M.stakeNotPositive, 'bn')).toBe('স্টেক ০-এর বেশি হতে হবে।');
    expect(refusalText(M.stakeTooLarge('25000.00', 'BDT'), 'bn')).toBe('সর্বোচ্চ স্টেক ২৫,০০০.০০৳।');
    expect(refusalText(M.stakeTooSmall('100.00', 'BDT'), 'bn')).toMatch(/^সর্বনিম্ন স্টেক /);
    expect(refusalText(M.liabilityLimit('1000.00', 'BDT'), 'bn')).toBe('এই বেটে এই মার্কেটে আপনার দায় আপনার সীমা ১,০০০.০০৳ ছাড়িয়ে যেত।');
  });

  it('leaves a text it does not know as the API said it', () => {
    expect(refusalText('Something new from the API.', 'bn')).toBe('Something new from the API.');
  });
});
