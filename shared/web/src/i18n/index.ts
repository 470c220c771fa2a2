import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@khela/contracts';
import { storage } from '../storage';
import { localDigits } from '../format';
import { commonEn, commonBn } from './common';

export { LOCALES, type Locale } from '@khela/contracts';

/** The language saved by the player session (a UI preference kept beside the spec's keys, docs/README.md#spec-4). */
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
    // every interpolated value passes the formatter (see bengaliFigures below), not only those with a format
    interpolation: { escapeValue: false, alwaysFormat: true },
    initImmediate: false,
    returnNull: false,
  } as Parameters<I18n['init']>[0]);
  bengaliFigures(instance);
  return instance;
}

/**
 * Values the player copies elsewhere keep their Latin digits in Bangla (phone numbers, transaction and account ids,
 * usernames, codes, links): the interpolation keys that name them.
 */
export const LATIN_INTERPOLATION_KEY =
  /phone|msisdn|user|name|trx|transaction|txn|account|number|wallet|code|otp|ref|\bid$|Id$|_id$|email|url|link|href|path/i;
/** A figure the site formats: digits with the signs of amounts, dates, times and percentages (no letters). */
const FIGURE = /^[\s\d.,:%+\-–/()৳×x]*\d[\s\d.,:%+\-–/()৳×x]*$/;

/**
 * Issue 34: in Bangla the figures interpolated into a text ("{{count}}", "{{start}}", "{{percent}}%") use Bengali
 * digits, like the shared formatters' own. Done after i18next's own formatter (its built-in number, currency, date
 * and list formats run as before), on the interpolated value only, never on the translation's text, and never on a
 * value whose key names something copied elsewhere (LATIN_INTERPOLATION_KEY) or that holds letters (an id, a name).
 */
function bengaliFigures(instance: I18n): void {
  type Format = (value: unknown, format: string | undefined, lng: string | undefined, options?: { interpolationkey?: string }) => unknown;
  const interpolator = instance.services.interpolator as unknown as { format: Format };
  const builtIn = interpolator.format;
  interpolator.format = (value, format, lng, options) => {
    const out = builtIn(value, format, lng, options);
    if (lng !== 'bn' || (typeof out !== 'number' && typeof out !== 'string')) return out;
    if (LATIN_INTERPOLATION_KEY.test(options?.interpolationkey ?? '')) return out;
    const text = String(out);
    return typeof out === 'number' || FIGURE.test(text) ? localDigits(text, 'bn') : out;
  };
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
