import * as schemas from '@khela/contracts';
import { ApiError } from '@khela/web';
import type { TFunction } from 'i18next';
import '../i18n-trader';

/**
 * A refused settings change in the reader's language: the API's known texts (contracts EXCHANGE_SETTINGS_MESSAGES)
 * by their key in `trader.refusal.*`, another server text as it is, a network failure as "could not be saved".
 */
export function settingsRefusalText(e: unknown, lang: string, t: TFunction): string {
  if (!(e instanceof ApiError) || e.network || e.status >= 500) return t('exchange:trader.settingFailed');
  const key = (Object.keys(schemas.EXCHANGE_SETTINGS_MESSAGES) as Array<keyof typeof schemas.EXCHANGE_SETTINGS_MESSAGES>).find((k) =>
    e.message.includes(schemas.EXCHANGE_SETTINGS_MESSAGES[k]),
  );
  if (key) return lang === 'bn' ? t(`exchange:trader.refusal.${key}`) : schemas.EXCHANGE_SETTINGS_MESSAGES[key];
  return e.message || t('exchange:trader.settingFailed');
}
