import { describe, expect, it } from 'vitest';
import { LINKED_MESSAGES } from '@khela/contracts';
import { ApiError } from '../api/client';
import { protectionGateText, protectionRefusal, protectionText } from './protection';

const limitRefusal = {
  code: 'rg_deposit_limit' as const,
  message: 'This deposit would exceed your 24-hour deposit limit of BDT 1,000.00. You can deposit up to BDT 200.00 now.',
  params: { period: '24h' as const, limit: '1000.00', remaining: '200.00', currency: 'BDT' },
};

describe('protection texts', () => {
  it("a linked account's self-exclusion says so in Bangla too; the player's own keeps its text", () => {
    const until = '2027-05-20T10:00:00.000Z';
    const linked = { code: 'rg_self_excluded' as const, message: LINKED_MESSAGES.linkedSelfExcluded(until), until };
    expect(protectionText(linked, 'en')).toBe(linked.message);
    expect(protectionText(linked, 'bn')).toBe(LINKED_MESSAGES.bn.linkedSelfExcluded(until));
    const own = { code: 'rg_self_excluded' as const, message: 'You are self-excluded until 20 May 2027.', until };
    expect(protectionText(own, 'bn')).toContain('স্ব-বর্জনে আছেন');
  });

  it("keeps the API's own words in English and says the limit's figures in Bangla", () => {
    expect(protectionText(limitRefusal, 'en')).toBe(limitRefusal.message);
    const bn = protectionText(limitRefusal, 'bn');
    expect(bn).toContain('২৪ ঘণ্টার');
    expect(bn).toContain('ডিপোজিট');
    expect(bn).not.toContain('This deposit');
    // the amounts are the refusal's own, formatted for Bangla
    expect(bn).toMatch(/১,০০০/);
    expect(bn).toMatch(/২০০/);
  });

  it('says a closed gate with its end in Dhaka time, or nothing when open', () => {
    const gate = { open: false, reason: 'time_out' as const, until: '2026-11-24T12:00:00.000Z', message: null };
    // 12:00 UTC is 18:00 in Dhaka
    expect(protectionGateText(gate, 'en')).toMatch(
      /^You are taking a time-out until 2026-11-24 18:00(:00)? \(GMT\+6\)\. Deposits, games and betting are closed; you can still withdraw and read your messages\.$/,
    );
    expect(protectionGateText(gate, 'bn')).toContain('বিরতিতে');
    expect(protectionGateText({ open: true, reason: null, until: null, message: null }, 'en')).toBeNull();
    expect(protectionGateText({ open: false, reason: 'self_exclusion', until: null, message: null }, 'en')).toContain('permanently');
  });

  it('finds a protection refusal inside an API error and nothing in other errors', () => {
    expect(protectionRefusal(new ApiError('x', 422, limitRefusal))?.code).toBe('rg_deposit_limit');
    expect(protectionRefusal(new ApiError('x', 422, { code: 'stake', message: 'Stake too small' }))).toBeNull();
    expect(protectionRefusal(new Error('plain'))).toBeNull();
  });

  it('writes session-limit minutes in Bengali digits', () => {
    expect(protectionText({ code: 'rg_session_limit', until: null, params: { minutes: 60 } }, 'bn')).toContain('৬০ মিনিট');
  });
});
