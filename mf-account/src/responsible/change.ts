import { useTranslation } from 'react-i18next';
import { PROTECTION_MESSAGES, type ProtectionOverview } from '@khela/contracts';
import { useLocale } from '@khela/web';
import { useRuleText } from '../ui';
import { dhakaWhen } from './text';

/** Every form of the page hands the server's answer up: the page shows it and the session follows it. */
export type Changed = (next: ProtectionOverview) => void;

/** The change's text: the API's own words in English; in Bangla the same from the figures (now, or pending until when). */
export function useChangeText(): (message: string | undefined, pendingIso: string | null) => string | null {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const rule = useRuleText();
  return (message, pendingIso) => {
    if (!message) return null;
    if (locale === 'en') return message;
    if (message === PROTECTION_MESSAGES.limitDecreased) return t('rg.appliesNow');
    if (pendingIso) return t('rg.appliesLater', { when: dhakaWhen(pendingIso, locale) });
    return rule(message);
  };
}
