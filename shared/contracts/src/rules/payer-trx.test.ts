import { describe, expect, it } from 'vitest';
import { checkPayerTrx, normalizePayerTrx, PAYER_TRX_FORMATS, PAYER_TRX_MESSAGES } from './payer-trx';

// Issue 27 item 3: an id and the same id with an invisible character are one id.
describe('normalizePayerTrx', () => {
  it('removes format characters and white space, folds width and case, reads Bengali digits', () => {
    expect(normalizePayerTrx('8N7A6B5C4D\u200B')).toBe('8N7A6B5C4D');
    expect(normalizePayerTrx('\uFEFF8n7a\u200D6b5c\u20604d\u00AD')).toBe('8N7A6B5C4D');
    expect(normalizePayerTrx(' 8N7A 6B5C4D\t\n')).toBe('8N7A6B5C4D');
    expect(normalizePayerTrx('８Ｎ７Ａ６Ｂ５Ｃ４Ｄ')).toBe('8N7A6B5C4D'); // full width (NFKC)
    expect(normalizePayerTrx('\u202E8N7A6B5C4D\u202C')).toBe('8N7A6B5C4D'); // bidi override
    expect(normalizePayerTrx('৩৪২১৫৫৮৯৪৩')).toBe('3421558943');
    expect(normalizePayerTrx('8N7A6B5C4D\u00A0')).toBe('8N7A6B5C4D'); // no-break space
  });
});

describe('checkPayerTrx', () => {
  it("checks each method's own format on the normalised id", () => {
    expect(checkPayerTrx('8n7a6b5c4d\u200b', { method: 'bkash' })).toEqual({ ok: true, value: '8N7A6B5C4D' });
    expect(checkPayerTrx('8N7A6B5C4', { method: 'bkash' })).toMatchObject({
      ok: false,
      problem: 'format',
      message: PAYER_TRX_FORMATS.bkash!.message,
    });
    expect(checkPayerTrx('8N7A-6B5C4D', { method: 'bkash' })).toMatchObject({ ok: false, problem: 'format' });
    expect(checkPayerTrx('71m4pz3k', { method: 'nagad' })).toEqual({ ok: true, value: '71M4PZ3K' });
    expect(checkPayerTrx('8N7A6B5C4D', { method: 'nagad' })).toMatchObject({ ok: false, problem: 'format' });
    expect(checkPayerTrx('3421558943', { method: 'rocket' })).toEqual({ ok: true, value: '3421558943' });
    expect(checkPayerTrx('342155894A', { method: 'rocket' })).toMatchObject({ ok: false, problem: 'format' });
    expect(checkPayerTrx('8N7A6B5C4D', { method: 'BKASH' }).ok).toBe(true);
  });

  it('refuses a look-alike letter of another script', () => {
    expect(checkPayerTrx('8N7\u04106B5C4D', { method: 'bkash' }).ok).toBe(false); // Cyrillic А
    expect(checkPayerTrx('8N7\u04106B5C4D').ok).toBe(false);
  });

  it('without a known method: the spec rule (at least 7), letters and digits only', () => {
    expect(checkPayerTrx('ABC12')).toMatchObject({ ok: false, problem: 'short', message: PAYER_TRX_MESSAGES.short });
    expect(checkPayerTrx('ABC12\u200B\u200B\u200B')).toMatchObject({ ok: false, problem: 'short' }); // invisible padding does not count
    expect(checkPayerTrx('TRX-7654321')).toMatchObject({ ok: false, problem: 'chars' });
    expect(checkPayerTrx('A'.repeat(65))).toMatchObject({ ok: false, problem: 'chars' });
    expect(checkPayerTrx('trx7654321', { method: 'upay' })).toEqual({ ok: true, value: 'TRX7654321' });
  });

  it('required for agent deposits; otherwise empty is allowed', () => {
    expect(checkPayerTrx(' \u200B ', { method: 'bkash', required: true })).toMatchObject({
      ok: false,
      problem: 'required',
      message: PAYER_TRX_MESSAGES.required,
    });
    expect(checkPayerTrx(undefined, { method: 'nagad' })).toEqual({ ok: true, value: '' });
  });

  it('every text has English and Bangla', () => {
    for (const t of [...Object.values(PAYER_TRX_MESSAGES), ...Object.values(PAYER_TRX_FORMATS).map((f) => f.message)]) {
      expect(t.en.length).toBeGreaterThan(10);
      expect(t.bn).toMatch(/[\u0980-\u09FF]/);
    }
  });
});
