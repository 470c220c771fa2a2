// Responsible gambling texts every remote shows: why play or deposits are closed, and the API's limit refusals, in
// the player's language. English keeps the API's own message when it has one (the same words on both sides).
import {
  LINKED_MESSAGES,
  PROTECTION_BLOCK_CODE,
  PROTECTION_CODES,
  type LimitPeriod,
  type Locale,
  type ProtectionBlock,
  type ProtectionCode,
  type ProtectionGate,
  type RiskHoldReason,
  RISK_HOLD_REASON_LABEL,
} from '@khela/contracts';
import { ApiError } from '../api/client';
import { formatDhakaDateTime, formatMoney } from '../format';

/** What an API refusal of the protection service carries beside its message (api/src/protection/service.ts). */
export interface ProtectionRefusalBody {
  code: ProtectionCode;
  message?: string;
  error?: string;
  until?: string | null;
  params?: {
    period?: LimitPeriod;
    limit?: string;
    remaining?: string;
    currency?: string;
    minutes?: number;
    hold_reason?: RiskHoldReason;
    withdrawals?: boolean;
  };
}

const HOLD_REASON_BN: Record<RiskHoldReason, string> = { fraud: 'সন্দেহজনক প্রতারণা', bonus_abuse: 'বোনাসের সন্দেহজনক অপব্যবহার' };

const PERIOD_BN: Record<LimitPeriod, string> = { '24h': '২৪ ঘণ্টার', '7d': '৭ দিনের', '30d': '৩০ দিনের' };
const KIND_BN = { rg_deposit_limit: 'ডিপোজিট', rg_wager_limit: 'বাজি', rg_loss_limit: 'ক্ষতির' } as const;

const bnDigits = (n: number) => String(n).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);

function untilText(until: string | null | undefined, locale: Locale): string {
  if (!until) return locale === 'bn' ? 'স্থায়ীভাবে' : 'permanently';
  const when = `${formatDhakaDateTime(until, locale)} (GMT+6)`;
  return locale === 'bn' ? `${when} পর্যন্ত` : `until ${when}`;
}

/** The Bangla (or, without the API's message, English) text of a protection refusal or closed gate. */
export function protectionText(body: ProtectionRefusalBody, locale: Locale): string {
  const serverText = body.message ?? body.error;
  if (locale === 'en' && serverText) return serverText;
  const p = body.params ?? {};
  const until = untilText(body.until, locale);
  const money = (v?: string) => (v ? formatMoney(v, p.currency ?? 'BDT', locale) : '');
  if (locale === 'bn') {
    switch (body.code) {
      case 'rg_self_excluded':
        // another account of the same person is self-excluded (the API's text for it, rules/linked-accounts.ts)
        if (serverText && serverText === LINKED_MESSAGES.linkedSelfExcluded(body.until ?? null))
          return LINKED_MESSAGES.bn.linkedSelfExcluded(body.until ?? null);
        return `আপনি ${until} স্ব-বর্জনে আছেন। ডিপোজিট, গেম ও বেটিং বন্ধ; আপনি এখনও উইথড্র করতে ও বার্তা পড়তে পারবেন।`;
      case 'rg_timed_out':
        return `আপনি ${until} বিরতিতে আছেন। ডিপোজিট, গেম ও বেটিং বন্ধ; আপনি এখনও উইথড্র করতে ও বার্তা পড়তে পারবেন।`;
      case 'rg_under_age':
        return 'ডিপোজিট বা খেলার জন্য আপনার বয়স কমপক্ষে ১৮ বছর হতে হবে। আমাদের সাপোর্ট টিম আপনার অ্যাকাউন্ট নিয়ে যোগাযোগ করবে।';
      case 'rg_session_limit':
        return `আপনার সেশন সময়সীমা${p.minutes ? ` (${bnDigits(p.minutes)} মিনিট)` : ''} পূর্ণ হয়েছে। গেম ও বেটিং ${until} বন্ধ।`;
      case 'rg_birthday_missing':
        return 'প্রথম ডিপোজিট বা বাজির আগে আপনার প্রোফাইলে জন্মতারিখ যোগ করুন।';
      case 'account_on_hold':
        return `পর্যালোচনার জন্য আপনার অ্যাকাউন্ট হোল্ডে আছে${p.hold_reason ? ` (${HOLD_REASON_BN[p.hold_reason]})` : ''}। ডিপোজিট, গেম ও বেটিং বন্ধ${
          p.withdrawals ? '; আপনি এখনও উইথড্র করতে পারবেন' : ', উইথড্রও বন্ধ'
        }। অনুগ্রহ করে কাস্টমার সাপোর্টের সাথে যোগাযোগ করুন।`;
      case 'rg_deposit_limit':
      case 'rg_wager_limit':
      case 'rg_loss_limit':
        return `এটি আপনার ${p.period ? PERIOD_BN[p.period] : ''} ${KIND_BN[body.code]} সীমা ${money(p.limit)} ছাড়িয়ে যাবে। এখন সর্বোচ্চ ${money(p.remaining)} সম্ভব।`;
    }
  }
  if (serverText) return serverText;
  switch (body.code) {
    case 'rg_self_excluded':
      return `You are self-excluded ${until}. Deposits, games and betting are closed; you can still withdraw and read your messages.`;
    case 'rg_timed_out':
      return `You are taking a time-out ${until}. Deposits, games and betting are closed; you can still withdraw and read your messages.`;
    case 'rg_under_age':
      return 'You must be at least 18 years old to deposit or play. Our support team will contact you about your account.';
    case 'rg_session_limit':
      return `You reached your session time limit. Games and betting are closed ${until}.`;
    case 'rg_birthday_missing':
      return 'Please add your date of birth in your profile before your first deposit or bet.';
    case 'account_on_hold':
      return `Your account is on hold while we review it${p.hold_reason ? ` (${RISK_HOLD_REASON_LABEL[p.hold_reason]})` : ''}. Deposits, games and betting are closed${
        p.withdrawals ? '; you can still withdraw' : ' and so are withdrawals'
      }. Please contact Customer Support.`;
    default:
      return `This would exceed your limit of ${money(p.limit)}. You can use up to ${money(p.remaining)} now.`;
  }
}

/** The text of a closed gate of the session's `protection$` (null when open). */
export function protectionGateText(gate: ProtectionGate, locale: Locale): string | null {
  if (gate.open || !gate.reason) return null;
  return protectionText(
    {
      code: PROTECTION_BLOCK_CODE[gate.reason as ProtectionBlock],
      message: gate.message ?? undefined,
      until: gate.until,
      params: gate.params,
    },
    locale,
  );
}

/** The protection refusal inside an API error, or null when the error is something else. */
export function protectionRefusal(err: unknown): ProtectionRefusalBody | null {
  if (!(err instanceof ApiError)) return null;
  const data = err.data as Partial<ProtectionRefusalBody> | null;
  return data && typeof data.code === 'string' && (PROTECTION_CODES as readonly string[]).includes(data.code)
    ? (data as ProtectionRefusalBody)
    : null;
}
