import { EXCHANGE_MESSAGES } from '@khela/contracts';
import { formatMoney } from '@khela/web';

type Fixed = { [K in keyof typeof EXCHANGE_MESSAGES as (typeof EXCHANGE_MESSAGES)[K] extends string ? K : never]: string };

/** The API's refusals of a bet or cash-out in Bangla; English is the API's own text (contracts EXCHANGE_MESSAGES). */
const BN: Partial<Fixed> = {
  marketNotFound: 'এই মার্কেটটি পাওয়া যাচ্ছে না।',
  selectionNotFound: 'এই নির্বাচনটি মার্কেটে নেই।',
  marketSuspended: 'মার্কেটটি স্থগিত। আপনার বেট নেওয়া হয়নি।',
  selectionSuspended: 'এই নির্বাচনটি স্থগিত। আপনার বেট নেওয়া হয়নি।',
  ballRunning: 'বল চলছে: বল ডেড না হওয়া পর্যন্ত বেট নেওয়া হয় না।',
  marketClosed: 'এই মার্কেটটি বন্ধ।',
  marketNotOpen: 'এই মার্কেটে এখনো বেট নেওয়া শুরু হয়নি।',
  pricesUnavailable: 'এই মুহূর্তে দর পাওয়া যাচ্ছে না। একটু পরে আবার চেষ্টা করুন।',
  marketBusy: 'এই মার্কেটে এখন খুব ভিড়। আপনার বেট নেওয়া হয়নি: একটু পরে আবার চেষ্টা করুন।',
  priceNotOnLadder: 'এটি এক্সচেঞ্জের বৈধ দর নয়।',
  rateChanged: 'রেট বদলে গেছে। নতুন রেট দেখে আবার বেট করুন।',
  lineChanged: 'লাইন বদলে গেছে। নতুন লাইন দেখে আবার বেট করুন।',
  wrongSide: 'এই মার্কেটে ব্যাক বা লে, ফ্যান্সি সারিতে হ্যাঁ বা না বেট করুন।',
  sideInvalid: 'সাইড হতে হবে ব্যাক বা লে (ম্যাচ অডস, বুকমেকার) অথবা হ্যাঁ বা না (ফ্যান্সি)।',
  stakeNotAmount: 'স্টেক হতে হবে একটি পরিমাণ, যেমন ১০০ বা ১০০.৫০।',
  stakeNotPositive: 'স্টেক ০-এর বেশি হতে হবে।',
  stakeDecimals: 'স্টেকে দশমিকের পরে সর্বোচ্চ ২টি অঙ্ক থাকতে পারে।',
  priceRange: 'অডস হতে হবে ১.০১ থেকে ১০০০-এর মধ্যে।',
  fancyNeedsLine: 'লাইন হতে হবে ফ্যান্সি সারির রানের পূর্ণ সংখ্যা: হ্যাঁ ও না ফ্যান্সি বেট (ম্যাচ অডস ও বুকমেকারে ব্যাক বা লে করুন)।',
  rateRange: 'রেট হতে হবে ১ থেকে ১০০০০-এর মধ্যে একটি পূর্ণ সংখ্যা।',
  marketIdInvalid: 'মার্কেট হতে হবে একটি মার্কেটের আইডি।',
  selectionInvalid: 'নির্বাচন হতে হবে মার্কেটের একটি রানারের আইডি।',
  stakeCannotWin: 'এই দরে এত কম স্টেকে কিছু জেতা যায় না।',
  insufficientAvailable: 'এই বেটের জন্য যথেষ্ট ব্যবহারযোগ্য ব্যালেন্স নেই।',
  exchangeBlocked: 'আপনার নির্বাচিত বিভাগ "এক্সচেঞ্জ" আপনার আপলাইন বন্ধ রেখেছে। সহায়তার জন্য কাস্টমার সাপোর্টে যোগাযোগ করুন।',
  nothingToCancel: 'এই বেটে বাতিল করার মতো কিছু বাকি নেই।',
  nothingToCashOut: 'এই মার্কেটে ক্যাশ আউট করার মতো কোনো মিলে যাওয়া পজিশন নেই।',
  cashOutUnavailable: 'এই মুহূর্তে এই মার্কেটে ক্যাশ আউট করা যাচ্ছে না।',
  cashOutValueChanged: 'ক্যাশ আউটের পরিমাণ বদলে গেছে। নতুন পরিমাণ দেখে নিন।',
  nothingToEdit: 'এই বেটে সম্পাদনা করার মতো কোনো না মেলা অংশ নেই।',
  editPending: 'এই বেটটি বেট বিলম্বে আছে, এখনো সম্পাদনা করা যাবে না।',
  editUnchanged: 'এই বেট সম্পাদনা করতে অডস বা স্টেক বদলান।',
  cashOutSelection: 'এই নির্বাচনে ক্যাশ আউট করার মতো কোনো পজিশন নেই।',
  editIdempotencyKeyRequired: 'বেট সম্পাদনার অনুরোধে Idempotency-Key হেডার লাগবে।',
};

const STAKE_LIMIT = /^The (minimum|maximum) stake is (\d+(?:\.\d{1,2})?) ([A-Z]{3})\.$/;
const LIABILITY_LIMIT = /^This bet would take your liability on this market over your limit of (\d+(?:\.\d{1,2})?) ([A-Z]{3})\.$/;

/** An API refusal in the player's language: Bangla when the text is one the contracts know, else as the API said it. */
export function refusalText(message: string, locale: string): string {
  if (!locale.startsWith('bn')) return message;
  const limit = STAKE_LIMIT.exec(message);
  if (limit) {
    const amount = formatMoney(limit[2]!, limit[3]!, locale);
    return limit[1] === 'minimum' ? `সর্বনিম্ন স্টেক ${amount}।` : `সর্বোচ্চ স্টেক ${amount}।`;
  }
  const liability = LIABILITY_LIMIT.exec(message);
  if (liability) return `এই বেটে এই মার্কেটে আপনার দায় আপনার সীমা ${formatMoney(liability[1]!, liability[2]!, locale)} ছাড়িয়ে যেত।`;
  const key = (Object.keys(BN) as Array<keyof Fixed>).find((k) => EXCHANGE_MESSAGES[k] === message);
  return key ? BN[key]! : message;
}
