/**
 * The payer's transaction id (the TrxID/TxnID of the bKash, Nagad or Rocket payment a player made to deposit): one
 * rule for the deposit form, the make-payment form and the API, so the player hears the same words before sending
 * as the server would answer.
 *
 * One id proves one payment, so it is first brought to one spelling and only then checked and compared:
 * Unicode NFKC (full-width "８Ｎ７" is "8N7"), format characters (\p{Cf}: zero-width space U+200B, joiners, the
 * byte-order mark, bidi marks) and all white space removed (ids have none; a pasted "8N7A 6B5C4D" is the same id),
 * Bengali digits as ASCII digits, upper case. `8N7A6B5C4D` and `8n7a6b5c4d\u200B` are then the same id, and the
 * uniqueness check (api/src/wallet/payer-trx.ts, index wallet_transactions_payer_trx_once) sees it once.
 *
 * Then each method's own format (payment_methods.code), from the receipts players get by SMS and in the apps:
 * - bKash TrxID: 10 letters and digits, e.g. 8N7A6B5C4D;
 * - Nagad TxnID: 8 letters and digits, e.g. 71M4PZ3K;
 * - Rocket (Dutch-Bangla) TxnId: 10 digits, e.g. 3421558943.
 * Any other method: the spec's rule (at least 7 characters; at most 64), letters and digits only. A look-alike
 * letter of another script (Cyrillic А for Latin A) is refused by every format, so it can never pass as another id.
 */
import { TRANSACTION_ID_MAX, TRANSACTION_ID_MIN } from '../schemas/wallet';

/** A text in both languages of the site. */
export interface PayerTrxText {
  en: string;
  bn: string;
}

/** One spelling of a payer's transaction id (see the module comment). */
export function normalizePayerTrx(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{White_Space}]/gu, '')
    .replace(/[\u09E6-\u09EF]/g, (d) => String(d.charCodeAt(0) - 0x09e6))
    .toUpperCase();
}

export interface PayerTrxFormat {
  pattern: RegExp;
  example: string;
  message: PayerTrxText;
}

/** Each payment method's own format, by payment_methods.code. */
export const PAYER_TRX_FORMATS: Readonly<Record<string, PayerTrxFormat>> = {
  bkash: {
    pattern: /^[0-9A-Z]{10}$/,
    example: '8N7A6B5C4D',
    message: {
      en: 'A bKash transaction ID (TrxID) has 10 letters and digits, e.g. 8N7A6B5C4D.',
      bn: 'বিকাশ ট্রানজেকশন আইডি (TrxID) ১০টি অক্ষর ও সংখ্যার হয়, যেমন 8N7A6B5C4D।',
    },
  },
  nagad: {
    pattern: /^[0-9A-Z]{8}$/,
    example: '71M4PZ3K',
    message: {
      en: 'A Nagad transaction ID (TxnID) has 8 letters and digits, e.g. 71M4PZ3K.',
      bn: 'নগদ ট্রানজেকশন আইডি (TxnID) ৮টি অক্ষর ও সংখ্যার হয়, যেমন 71M4PZ3K।',
    },
  },
  rocket: {
    pattern: /^[0-9]{10}$/,
    example: '3421558943',
    message: {
      en: 'A Rocket transaction ID (TxnId) has 10 digits, e.g. 3421558943.',
      bn: 'রকেট ট্রানজেকশন আইডি (TxnId) ১০ সংখ্যার হয়, যেমন 3421558943।',
    },
  },
};

/** The texts of the other refusals; `short` is the spec's (section 5: "at least 7 characters", in Bengali on make-payment). */
export const PAYER_TRX_MESSAGES = {
  required: {
    en: "Please enter the transaction ID of your payment: the agent's statement is matched by it.",
    bn: 'অনুগ্রহ করে আপনার পেমেন্টের ট্রানজেকশন আইডি দিন: এজেন্টের স্টেটমেন্ট এটি দিয়ে মেলানো হয়।',
  },
  short: {
    en: 'The transaction ID must be at least 7 characters.',
    bn: 'ট্রানজেকশন আইডি কমপক্ষে ৭ অক্ষরের হতে হবে।',
  },
  chars: {
    en: `The transaction ID can only contain letters and digits (at most ${TRANSACTION_ID_MAX}).`,
    bn: `ট্রানজেকশন আইডিতে শুধু অক্ষর ও সংখ্যা থাকতে পারে (সর্বোচ্চ ${TRANSACTION_ID_MAX}টি)।`,
  },
} as const satisfies Record<string, PayerTrxText>;

export type PayerTrxProblem = 'required' | 'short' | 'chars' | 'format';

export type PayerTrxCheck =
  /** `value` is the normalised id ('' when none was given and none is required). */
  { ok: true; value: string } | { ok: false; value: string; problem: PayerTrxProblem; message: PayerTrxText };

/** The method's own format, or null (the generic rule applies). */
export function payerTrxFormat(methodCode: string | null | undefined): PayerTrxFormat | null {
  return (methodCode && PAYER_TRX_FORMATS[methodCode.toLowerCase()]) || null;
}

/**
 * Normalises `raw` and checks it: present when `required` (an agent deposit: agents' statements are matched by it),
 * then the method's format (`method` is payment_methods.code), or the generic rule without one.
 */
export function checkPayerTrx(raw: string | null | undefined, opts: { method?: string | null; required?: boolean } = {}): PayerTrxCheck {
  const value = normalizePayerTrx(raw ?? '');
  if (!value) return opts.required ? { ok: false, value, problem: 'required', message: PAYER_TRX_MESSAGES.required } : { ok: true, value };
  const format = payerTrxFormat(opts.method);
  if (format) return format.pattern.test(value) ? { ok: true, value } : { ok: false, value, problem: 'format', message: format.message };
  if (value.length < TRANSACTION_ID_MIN) return { ok: false, value, problem: 'short', message: PAYER_TRX_MESSAGES.short };
  if (value.length > TRANSACTION_ID_MAX || !/^[0-9A-Z]+$/.test(value)) {
    return { ok: false, value, problem: 'chars', message: PAYER_TRX_MESSAGES.chars };
  }
  return { ok: true, value };
}
