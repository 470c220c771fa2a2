/** Money and time formatting for players in Bangladesh: taka sign, GMT+6 whatever the browser's zone. */
export const DHAKA_TZ = 'Asia/Dhaka';
export type Currency = 'BDT' | 'INR' | 'PKR';

function intlLocale(locale: string): string {
  return locale === 'bn' ? 'bn-BD' : 'en-IN';
}

/**
 * One formatter per locale and options, made on first use: building an `Intl` formatter (its locale data, a currency's
 * symbols) costs far more than formatting with it, and a page formats hundreds of figures (issue 31: at a phone's 4x
 * CPU slowdown `new Intl.NumberFormat` per call was ~150 ms of the odds view's hydration).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let f = formatters.get(key) as F | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
}

/** "1234567" -> "12,34,567": the last three digits, then pairs (lakhs, crores), as en-IN and bn-BD group. */
function indianGrouping(int: string): string {
  return int.length > 3 ? `${int.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${int.slice(-3)}` : int;
}

/** The narrow symbols of the site's currencies, as `Intl` writes them in en-IN and bn-BD. */
const MONEY_SYMBOL: Record<string, string> = { BDT: '৳', INR: '₹', PKR: 'Rs' };

/**
 * What `Intl.NumberFormat` (en-IN or bn-BD, the currency's narrow symbol, two decimals) writes for the site's own
 * currencies, without `Intl`: the first Intl formatter of a page loads the ICU locale and currency data, which took
 * 150-600 ms of a phone's main thread at 4x CPU slowdown on the odds view (issue 31), and these figures are most of what
 * a page formats. The shortest decimal of the number rounded half away from zero (Intl's halfExpand), Indian grouping
 * (12,34,567.89), the symbol before the figure in English and after it in Bangla (with Bengali digits), a minus for
 * any negative (and -0). Null outside what it knows (another currency, tiny or huge figures): Intl then.
 * format.test.ts holds it to Intl's output.
 */
function quickMoney(n: number, currency: string, locale: string): string | null {
  const symbol = MONEY_SYMBOL[currency];
  const abs = Math.abs(n);
  if (!symbol || abs >= 1e13 || (abs !== 0 && abs < 1e-6)) return null;
  const [whole = '0', fraction = ''] = String(abs).split('.');
  let cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (fraction.length > 2 && fraction.charCodeAt(2) >= 53) cents += 1;
  const digits = String(cents).padStart(3, '0');
  const figure = `${indianGrouping(digits.slice(0, -2))}.${digits.slice(-2)}`;
  const minus = n < 0 || Object.is(n, -0) ? '-' : '';
  if (locale === 'bn') return `${minus}${localDigits(figure, 'bn')}${currency === 'PKR' ? `\u00a0${symbol}` : symbol}`;
  return `${minus}${symbol}${currency === 'PKR' ? '\u00a0' : ''}${figure}`;
}

/** "1000.5" -> "৳1,000.50" (or ₹ / Rs for INR / PKR). Accepts the API's exact decimal strings. */
export function formatMoney(amount: string | number, currency: Currency | string = 'BDT', locale = 'en'): string {
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return String(amount);
  const quick = quickMoney(n, currency, locale);
  if (quick !== null) return quick;
  return cached(
    `money|${locale}|${currency}`,
    () =>
      new Intl.NumberFormat(intlLocale(locale), {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  ).format(n);
}

const parts = (d: Date, opts: Intl.DateTimeFormatOptions, locale: string) =>
  cached(
    `date|${locale}|${JSON.stringify(opts)}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { timeZone: DHAKA_TZ, ...opts }),
  ).format(d);

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/**
 * The figures of a text the site formatted, in the reader's digits: Bengali in bn, as they are otherwise. Only for
 * figures the site formats (money, odds, dates, times, percentages, counts): what a player copies elsewhere (phone
 * numbers, transaction ids, usernames, account numbers) stays in Latin digits and never goes through here.
 */
export function localDigits(text: string | number, locale = 'en'): string {
  const s = String(text);
  return locale === 'bn' ? s.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!) : s;
}

/** A count or plain figure in the reader's digits and grouping ("1,234" / "১,২৩৪"); `decimals` fixes the fraction. */
export function formatNumber(value: number | string, locale = 'en', decimals?: number): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  // a whole number (a count, a stake preset) without Intl, as quickMoney above: the bet slip's six presets were the
  // page's first Intl formatter, ~140 ms of a tap on a price at 4x CPU (issue 31: INP). format.test.ts holds it to Intl.
  if (decimals === undefined && Number.isSafeInteger(n)) {
    const minus = n < 0 || Object.is(n, -0) ? '-' : '';
    return localDigits(`${minus}${indianGrouping(String(Math.abs(n)))}`, locale);
  }
  return cached(
    `number|${locale}|${decimals ?? ''}`,
    () =>
      new Intl.NumberFormat(intlLocale(locale), {
        ...(decimals !== undefined ? { minimumFractionDigits: decimals, maximumFractionDigits: decimals } : {}),
      }),
  ).format(n);
}

/** A whole percentage in the reader's digits ("60%" / "৬০%"). */
export function formatPercent(value: number, locale = 'en'): string {
  return `${localDigits(Math.round(value), locale)}%`;
}

/** "2026-11-21 23:40:05" in Dhaka time (Bengali digits throughout in bn). */
export function formatDhakaDateTime(input: string | number | Date, locale = 'en'): string {
  const d = new Date(input);
  return `${formatDhakaDate(d, locale)} ${parts(d, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }, locale)}`;
}

/** The Dhaka calendar date as shown ("2026-11-22" / "২০২৬-১১-২২"); dhakaDateKey is the Latin key records group by. */
export function formatDhakaDate(input: string | number | Date, locale = 'en'): string {
  return localDigits(dhakaDateKey(input), locale);
}

/** Calendar date in Dhaka as YYYY-MM-DD: the key records are grouped by. */
export function dhakaDateKey(input: string | number | Date): string {
  return cached(
    'dateKey',
    () => new Intl.DateTimeFormat('en-CA', { timeZone: DHAKA_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(new Date(input));
}

/** Clock text for the desktop top bar, e.g. "23:40:05". */
export function dhakaClock(now: Date, locale = 'en'): string {
  return parts(now, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }, locale);
}

/** Seconds to m:ss (code resend countdown), in the reader's digits. */
export function mmss(totalSeconds: number, locale = 'en'): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return localDigits(`${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`, locale);
}

/** First `n` words followed by an ellipsis when cut (inbox and promotion previews). */
export function firstWords(text: string, n: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > n ? `${words.slice(0, n).join(' ')}...` : words.join(' ');
}

/** Cut to `n` characters plus an ellipsis (game names over 15 characters). */
export function truncate(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}...` : text;
}

/** Masked account number: first two and last two digits shown. */
export function maskAccount(value: string): string {
  if (value.length <= 4) return value;
  return `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`;
}
