import { afterEach, describe, expect, it } from 'vitest';
import { i18n, registerTranslations } from './index';

/* Issue 34: figures interpolated into Bangla texts in Bengali digits; what a player copies elsewhere stays Latin. */

registerTranslations('digits-test', {
  en: {
    period: '{{start}} to {{end}}',
    turnover: '{{percent}}% of {{target}} done',
    bets: '{{count}} bets',
    sent: 'Code sent to {{phone}} for {{username}}',
    trx: 'Transaction {{trx}} of {{amount}}',
    formatted: 'Total {{value, number}}',
  },
  bn: {
    period: '{{start}} থেকে {{end}}',
    turnover: '{{target}}-এর {{percent}}% সম্পন্ন',
    bets: '{{count}}টি বেট',
    sent: '{{username}}-এর জন্য {{phone}} নম্বরে কোড পাঠানো হয়েছে',
    trx: 'লেনদেন {{trx}}, {{amount}}',
    formatted: 'মোট {{value, number}}',
  },
});

const t = (key: string, opts: Record<string, unknown>) => i18n.t(`digits-test:${key}`, opts);

afterEach(() => void i18n.changeLanguage('en'));

describe('figures interpolated into translated texts', () => {
  it('in Bangla: counts, dates, amounts and percentages in Bengali digits', async () => {
    await i18n.changeLanguage('bn');
    expect(t('period', { start: '2024-01-01', end: '2030-12-31' })).toBe('২০২৪-০১-০১ থেকে ২০৩০-১২-৩১');
    expect(t('turnover', { percent: 0, target: '600.00' })).toBe('৬০০.০০-এর ০% সম্পন্ন');
    expect(t('bets', { count: 12 })).toBe('১২টি বেট');
  });

  it('in Bangla: phone numbers, usernames and transaction ids keep their Latin digits', async () => {
    await i18n.changeLanguage('bn');
    expect(t('sent', { phone: '01712345678', username: 'demo1234' })).toBe('demo1234-এর জন্য 01712345678 নম্বরে কোড পাঠানো হয়েছে');
    expect(t('trx', { trx: '8N7A2K9Q', amount: '1,000.00' })).toBe('লেনদেন 8N7A2K9Q, ১,০০০.০০');
  });

  it("keeps i18next's own formatters working (number format in the reader's locale)", async () => {
    await i18n.changeLanguage('bn');
    expect(t('formatted', { value: 1234 })).toBe(
      `মোট ${new Intl.NumberFormat('bn').format(1234).replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!)}`,
    );
    await i18n.changeLanguage('en');
    expect(t('formatted', { value: 1234 })).toBe('Total 1,234');
  });

  it('in English nothing changes', async () => {
    await i18n.changeLanguage('en');
    expect(t('period', { start: '2024-01-01', end: '2030-12-31' })).toBe('2024-01-01 to 2030-12-31');
    expect(t('bets', { count: 12 })).toBe('12 bets');
  });
});
