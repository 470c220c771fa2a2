// Texts of the Responsible gaming page that depend on the player's language: Dhaka times, counts and the API's
// answers (English keeps the API's own words; Bangla says the same from the figures the answer carries).
import { useTranslation } from 'react-i18next';
import { ApiError, formatNumber, protectionRefusal, protectionText, useLocale } from '@khela/web';
import { formatDhaka, type Locale } from '@khela/contracts';
import { useRuleText } from '../ui';

/** "24 Nov 2026, 18:05" (English, as the API writes it) or "২৪ নভে, ২০২৬, ১৮:০৫" in Dhaka time; without "(GMT+6)". */
export function dhakaWhen(iso: string, locale: string): string {
  if (locale !== 'bn') return formatDhaka(iso);
  return new Intl.DateTimeFormat('bn-BD', {
    timeZone: 'Asia/Dhaka',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** A whole number in the player's digits. */
export function count(n: number, locale: string): string {
  return formatNumber(n, locale);
}

/** The text of a failed call: a protection refusal in the player's language, a field error, or the API's message. */
export function useErrorText(): (err: unknown) => string {
  const { t } = useTranslation('account');
  const locale = useLocale() as Locale;
  const rule = useRuleText();
  return (err) => {
    const refusal = protectionRefusal(err);
    if (refusal) return protectionText(refusal, locale);
    if (err instanceof ApiError) {
      if (err.network) return t('common:networkError');
      const field = err.fieldErrors && Object.values(err.fieldErrors)[0]?.[0];
      return rule(field || err.message) || t('common:unexpectedError');
    }
    return (err as Error)?.message || t('common:unexpectedError');
  };
}
