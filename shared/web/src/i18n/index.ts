import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bus } from '../bus';
import { storage } from '../storage';
import { commonEn, commonBn } from './common';

export type Locale = 'en' | 'bn';
export const LOCALES: readonly Locale[] = ['en', 'bn'];

export function initialLocale(): Locale {
  const saved = storage.get('locale');
  return saved === 'bn' || saved === 'en' ? saved : 'en';
}

function create(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: initialLocale(),
    fallbackLng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: commonEn }, bn: { common: commonBn } },
    interpolation: { escapeValue: false },
    initImmediate: false,
    returnNull: false,
  } as Parameters<I18n['init']>[0]);
  // the bus is the single source of the UI language: any remote or the shell may switch it
  bus.on('locale').subscribe(({ locale }) => {
    storage.set('locale', locale);
    if (instance.language !== locale) void instance.changeLanguage(locale);
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  });
  return instance;
}

/** The page's single i18next instance (shared singleton through Module Federation). */
export const i18n: I18n =
  ((globalThis as Record<string, unknown>).__KHELA_I18N__ as I18n | undefined) ??
  ((globalThis as Record<string, unknown>).__KHELA_I18N__ = create());

type Dict = { [key: string]: string | Dict };

/** Each remote adds its own namespace of texts; English uses the spec's exact wording. */
export function registerTranslations(ns: string, resources: { en: Dict; bn: Dict }): void {
  i18n.addResourceBundle('en', ns, resources.en, true, true);
  i18n.addResourceBundle('bn', ns, resources.bn, true, true);
}

export function setLocale(locale: Locale): void {
  bus.publish('locale', { locale });
}
