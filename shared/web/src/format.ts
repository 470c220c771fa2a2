/** Money and time formatting for players in Bangladesh: taka sign, GMT+6 whatever the browser's zone. */
export const DHAKA_TZ = 'Asia/Dhaka';
export type Currency = 'BDT' | 'INR' | 'PKR';

function intlLocale(locale: string): string {
  return locale === 'bn' ? 'bn-BD' : 'en-IN';
}

/** "1000.5" -> "৳1,000.50" (or ₹ / Rs for INR / PKR). Accepts the API's exact decimal strings. */
export function formatMoney(amount: string | number, currency: Currency | string = 'BDT', locale = 'en'): string {
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return String(amount);
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(n);
}

const parts = (d: Date, opts: Intl.DateTimeFormatOptions, locale: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { timeZone: DHAKA_TZ, ...opts }).format(d);

/** "2026-11-21 23:40:05" in Dhaka time. */
export function formatDhakaDateTime(input: string | number | Date, locale = 'en'): string {
  const d = new Date(input);
  return `${dhakaDateKey(d)} ${parts(d, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }, locale)}`;
}

/** Calendar date in Dhaka as YYYY-MM-DD: the key records are grouped by. */
export function dhakaDateKey(input: string | number | Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DHAKA_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(input),
  );
}

/** Clock text for the desktop top bar, e.g. "23:40:05". */
export function dhakaClock(now: Date, locale = 'en'): string {
  return parts(now, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }, locale);
}

/** Seconds to m:ss (code resend countdown). */
export function mmss(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
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
