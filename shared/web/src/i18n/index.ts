import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@khela/contracts';
import { storage } from '../storage';
import { commonEn, commonBn } from './common';

export { LOCALES, type Locale } from '@khela/contracts';

/** The language saved by the player session (a UI preference kept beside the spec-4 keys). */
export function savedLocale(): Locale {
  const saved = storage.get('locale');
  return (LOCALES as readonly string[]).includes(saved ?? '') ? (saved as Locale) : 'en';
}

function create(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: savedLocale(),
    fallbackLng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: commonEn }, bn: { common: commonBn } },
    interpolation: { escapeValue: false },
    initImmediate: false,
    returnNull: false,
  } as Parameters<I18n['init']>[0]);
  return instance;
}

/**
 * The page's single i18next instance: @khela/web is a Module Federation singleton, so every app
 * shares this module. Its language follows the player session's `locale$` (the session switches it);
 * apps change the language through `useHost().session.setLocale`.
 */
export const i18n: I18n = create();

type Dict = { [key: string]: string | Dict };

/** Each remote adds its own namespace of texts; English uses the spec's exact wording. */
export function registerTranslations(ns: string, resources: { en: Dict; bn: Dict }): void {
  i18n.addResourceBundle('en', ns, resources.en, true, true);
  i18n.addResourceBundle('bn', ns, resources.bn, true, true);
}
