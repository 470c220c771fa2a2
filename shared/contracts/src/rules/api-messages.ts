// The one catalogue of the API's player-facing messages in English and Bangla (issue 34 item 2). The API answers every
// `message` (errors, validation, successes) and the inbox texts in the language of the request's Accept-Language
// (api/src/http/locale.ts); the English stays the spec's exact text (docs/README.md#spec-8), written once in the contracts'
// message objects and referenced from here. The staff console's texts stay English and are not listed.
//
// An entry's English may hold `{name}` placeholders (a message with parameters): the value found there is put into the
// Bangla, itself translated when the catalogue knows it, else with Bengali digits, except the names in LATIN (what a
// player copies elsewhere: ids, usernames, transaction ids, phone numbers stay in Latin digits). `{amount|money:currency}`
// in the Bangla writes an amount with its currency as the site's formatter does in bn (Intl bn-BD: "১,০০০.০০৳").
import { CHALLENGE_MESSAGES } from '../schemas/challenge';
import { EXCHANGE_SETTINGS_MESSAGES } from '../schemas/exchange-trader';
import { IDENTITY_MESSAGES } from '../schemas/identity';
import { KYC_MESSAGES } from '../schemas/kyc';
import { WALLET_MESSAGES } from '../schemas/wallet';
import { DEBT_MESSAGES } from './debt';
import { EXCHANGE_MESSAGES } from './exchange';
import { PAYER_TRX_MESSAGES } from './payer-trx';
import { PROTECTION_MESSAGES } from './protection';

export type MessageLocale = 'en' | 'bn';
export interface CatalogueEntry {
  en: string;
  bn: string;
}

const e = (en: string, bn: string): CatalogueEntry => ({ en, bn });

/** Placeholders whose value stays as sent (copied elsewhere by the player, or a name). */
export const LATIN_PLACEHOLDERS = new Set(['id', 'username', 'trx', 'phone', 'name', 'market', 'type', 'action', 'reference', 'path']);

export const API_MESSAGES: readonly CatalogueEntry[] = [
  // ---- generic answers (http/, core/) ----
  e('An unexpected error occurred', 'একটি অপ্রত্যাশিত ত্রুটি ঘটেছে'),
  e('The given data was invalid.', 'দেওয়া তথ্য সঠিক নয়।'),
  e('Invalid value.', 'মানটি সঠিক নয়।'),
  e('Unauthenticated.', 'আপনি লগ ইন করা নেই।'),
  e('Forbidden', 'অনুমতি নেই'),
  e('Not found', 'পাওয়া যায়নি'),
  e('Not found.', 'পাওয়া যায়নি।'),
  e('Too many requests. Please slow down and try again shortly.', 'অনেক বেশি অনুরোধ। একটু ধীরে, কিছুক্ষণ পরে আবার চেষ্টা করুন।'),
  e(
    'Too many live connections from your network. Please try again in a minute.',
    'আপনার নেটওয়ার্ক থেকে অনেক বেশি লাইভ সংযোগ। এক মিনিট পরে আবার চেষ্টা করুন।',
  ),
  e('Idempotency-Key is too long.', 'Idempotency-Key খুব দীর্ঘ।'),
  e('This request was already processed with different details.', 'এই অনুরোধটি আগেই অন্য তথ্য দিয়ে সম্পন্ন হয়েছে।'),
  e('This request is still being processed. Please wait.', 'এই অনুরোধটি এখনও প্রক্রিয়াধীন। অনুগ্রহ করে অপেক্ষা করুন।'),
  e('Unknown player', 'অজানা প্লেয়ার'),
  e('Player not found', 'প্লেয়ার পাওয়া যায়নি'),
  e('Database unavailable', 'ডাটাবেস এখন পাওয়া যাচ্ছে না'),
  e('This token is only valid on the exchange. Please log in.', 'এই টোকেন শুধু এক্সচেঞ্জে বৈধ। অনুগ্রহ করে লগ ইন করুন।'),
  e('Amount must be a decimal with at most 2 places', 'পরিমাণ দশমিকের পর সর্বোচ্চ ২ ঘরের সংখ্যা হতে হবে'),
  e('The amount must be more than zero.', 'পরিমাণ শূন্যের বেশি হতে হবে।'),
  e('Send multipart/form-data.', 'multipart/form-data পাঠান।'),
  e(CHALLENGE_MESSAGES.required, 'এই অনুরোধটি একজন মানুষের কাছ থেকে এসেছে কি না আমরা যাচাই করছি, অনুগ্রহ করে অপেক্ষা করে আবার চেষ্টা করুন।'),
  e(CHALLENGE_MESSAGES.invalid, 'যাচাইয়ের মেয়াদ শেষ বা এটি আগেই ব্যবহৃত হয়েছে। অনুগ্রহ করে আবার চেষ্টা করুন।'),

  // ---- spec 5: log-in, sign-up, password, forgot/reset, VIP, claim ----
  e(IDENTITY_MESSAGES.usernameRequired, 'ইউজারনেম আবশ্যক'),
  e(IDENTITY_MESSAGES.usernameInvalid, 'ভুল ইউজারনেম (শুধু অক্ষর ও সংখ্যা)'),
  e(IDENTITY_MESSAGES.passwordRequired, 'পাসওয়ার্ড আবশ্যক'),
  e(IDENTITY_MESSAGES.passwordMin, 'পাসওয়ার্ড কমপক্ষে ৮ অক্ষরের হতে হবে'),
  e(IDENTITY_MESSAGES.signupUsername, 'ইউজারনেম ৮ থেকে ১৬ অক্ষরের মধ্যে হতে হবে'),
  e(IDENTITY_MESSAGES.signupPhone, 'ভুল ফোন নম্বর (১০-১৫ সংখ্যা)'),
  e(IDENTITY_MESSAGES.signupPasswordChars, 'পাসওয়ার্ডে শুধু অক্ষর ও সংখ্যা থাকতে পারে (কোনো বিশেষ চিহ্ন নয়)'),
  e(IDENTITY_MESSAGES.confirmRequired, 'পাসওয়ার্ড নিশ্চিত করা আবশ্যক'),
  e(IDENTITY_MESSAGES.passwordsMismatch, 'পাসওয়ার্ড মেলেনি'),
  e(IDENTITY_MESSAGES.step1Required, 'অনুগ্রহ করে সব ঘর পূরণ করুন।'),
  e(IDENTITY_MESSAGES.step1Mismatch, 'পাসওয়ার্ড মেলেনি।'),
  e(IDENTITY_MESSAGES.step2Required, 'অনুগ্রহ করে ধাপ ২-এর সব ঘর পূরণ করুন।'),
  e(IDENTITY_MESSAGES.ageRequired, 'আপনার বয়স ১৮ বছর তা নিশ্চিত করতে হবে।'),
  e(IDENTITY_MESSAGES.newPasswordRule, 'নতুন পাসওয়ার্ডে অন্তত একটি সংখ্যা ও একটি অক্ষর থাকতে হবে এবং এটি ৮ অক্ষরের হতে হবে।'),
  e(IDENTITY_MESSAGES.currentPasswordRequired, 'অনুগ্রহ করে আপনার বর্তমান পাসওয়ার্ড লিখুন।'),
  e(IDENTITY_MESSAGES.confirmNewRequired, 'অনুগ্রহ করে নতুন পাসওয়ার্ড নিশ্চিত করুন।'),
  e(IDENTITY_MESSAGES.emailRequired, 'অনুগ্রহ করে আপনার ইমেইল ঠিকানা লিখুন।'),
  e(IDENTITY_MESSAGES.forgotUsernameRequired, 'অনুগ্রহ করে আপনার ইউজারনেম লিখুন।'),
  e(IDENTITY_MESSAGES.phoneRequired, 'অনুগ্রহ করে আপনার ফোন নম্বর লিখুন।'),
  e(IDENTITY_MESSAGES.otpRequired, 'অনুগ্রহ করে OTP লিখুন।'),
  e(IDENTITY_MESSAGES.otpFormat, 'OTP অবশ্যই ৬ সংখ্যার হতে হবে।'),
  e(IDENTITY_MESSAGES.vipNotEnough, 'পর্যাপ্ত পয়েন্ট নেই। রূপান্তরের জন্য ন্যূনতম VP থাকতে হবে।'),
  e(IDENTITY_MESSAGES.vipMinimum, 'ন্যূনতম VP প্রয়োজন: ১০'),
  e(IDENTITY_MESSAGES.claimMinimum, 'সব দাবি করতে আপনার কমপক্ষে ১০ প্রয়োজন।'),
  e(IDENTITY_MESSAGES.invalidCredentials, 'ভুল ইউজারনেম বা পাসওয়ার্ড'),
  e(IDENTITY_MESSAGES.usernameTaken, 'এই ইউজারনেমটি ইতিমধ্যে নেওয়া হয়েছে।'),
  e('Please enter a valid date.', 'অনুগ্রহ করে একটি সঠিক তারিখ দিন।'),
  e('Please enter a valid email address.', 'অনুগ্রহ করে একটি সঠিক ইমেইল ঠিকানা দিন।'),
  e('Send either a phone or an email.', 'একটি ফোন নম্বর অথবা একটি ইমেইল পাঠান।'),
  e('Your account is disabled. Please contact customer support.', 'আপনার অ্যাকাউন্ট নিষ্ক্রিয়। অনুগ্রহ করে কাস্টমার সাপোর্টে যোগাযোগ করুন।'),
  e('Login successful', 'লগ ইন সফল হয়েছে'),
  e('Logged out.', 'লগ আউট হয়েছে।'),
  e('Registration Successful!', 'নিবন্ধন সফল হয়েছে!'),
  e('Password changed successfully. Please login with your new password.', 'পাসওয়ার্ড সফলভাবে পরিবর্তন হয়েছে। নতুন পাসওয়ার্ড দিয়ে লগ ইন করুন।'),
  e('Password reset successfully. Please login with your new password.', 'পাসওয়ার্ড সফলভাবে রিসেট হয়েছে। নতুন পাসওয়ার্ড দিয়ে লগ ইন করুন।'),
  e('OTP sent successfully. Please check your {channel}.', 'OTP সফলভাবে পাঠানো হয়েছে। অনুগ্রহ করে আপনার {channel} দেখুন।'),
  e('email', 'ইমেইল'),
  e('sms', 'এসএমএস'),
  e('Failed to send OTP. Please try again.', 'OTP পাঠানো যায়নি। অনুগ্রহ করে আবার চেষ্টা করুন।'),
  e('Bonus Claimed successfully.', 'বোনাস সফলভাবে দাবি করা হয়েছে।'),
  e('Failed to claim bonus. Please try again.', 'বোনাস দাবি করা যায়নি। অনুগ্রহ করে আবার চেষ্টা করুন।'),
  e('Date of birth saved.', 'জন্মতারিখ সংরক্ষিত হয়েছে।'),
  e('Phone number added. Verify it with the code we send.', 'ফোন নম্বর যোগ হয়েছে। আমাদের পাঠানো কোড দিয়ে এটি যাচাই করুন।'),
  e('Verification code sent to your phone.', 'যাচাই কোড আপনার ফোনে পাঠানো হয়েছে।'),
  e('Verification code sent to your email.', 'যাচাই কোড আপনার ইমেইলে পাঠানো হয়েছে।'),
  e('Your phone number has been verified.', 'আপনার ফোন নম্বর যাচাই হয়েছে।'),
  e('Your email has been verified.', 'আপনার ইমেইল যাচাই হয়েছে।'),
  e('Your phone number is already verified.', 'আপনার ফোন নম্বর ইতিমধ্যে যাচাই করা।'),
  e('This is not your registered phone number.', 'এটি আপনার নিবন্ধিত ফোন নম্বর নয়।'),
  e('Your email is already verified.', 'আপনার ইমেইল ইতিমধ্যে যাচাই করা।'),
  e('This email is already used by another account.', 'এই ইমেইল অন্য একটি অ্যাকাউন্টে ব্যবহৃত হচ্ছে।'),
  e('Add this phone number first.', 'আগে এই ফোন নম্বরটি যোগ করুন।'),
  e('This phone number is already verified.', 'এই ফোন নম্বরটি ইতিমধ্যে যাচাই করা।'),
  e('This phone number is already verified on another account.', 'এই ফোন নম্বরটি অন্য একটি অ্যাকাউন্টে যাচাই করা আছে।'),
  e('Message not found', 'বার্তা পাওয়া যায়নি'),
  e('Message marked as read.', 'বার্তাটি পড়া হয়েছে বলে চিহ্নিত।'),
  e('Message deleted.', 'বার্তা মুছে ফেলা হয়েছে।'),
  e('Chat not found', 'চ্যাট পাওয়া যায়নি'),
  e('The content field is required.', 'বার্তার ঘরটি আবশ্যক।'),

  // ---- identity checks (KYC) ----
  e(KYC_MESSAGES.fileType, 'JPEG, PNG বা WebP ছবি আপলোড করুন।'),
  e(KYC_MESSAGES.fileSize('{mb}' as unknown as number), 'ছবিটি খুব বড় (সর্বোচ্চ {mb} MB)।'),
  e(KYC_MESSAGES.unreadable, 'এই ছবিটি পড়া যায়নি। আবার তুলুন বা অন্য ফাইল বেছে নিন।'),
  e(KYC_MESSAGES.verified, 'আপনার পরিচয় ইতিমধ্যে যাচাই করা হয়েছে।'),
  e(KYC_MESSAGES.noFile, 'আপলোড করতে একটি ছবি বেছে নিন।'),
  e(KYC_MESSAGES.kycRequired, 'এই উইথড্রর আগে আপনার পরিচয় যাচাই করুন: প্রোফাইলে আপনার এনআইডি (দুই পাশ) ও একটি সেলফি আপলোড করুন।'),

  // ---- spec 8: deposit, withdraw, make-payment ----
  e(WALLET_MESSAGES.phoneNotVerified, 'অনুগ্রহ করে আগে আপনার ফোন নম্বর যাচাই করুন।'),
  e(WALLET_MESSAGES.depositPending, 'আপনার একটি ডিপোজিট অনুরোধ অপেক্ষমাণ। আরেকটি ডিপোজিট করার আগে সেটি প্রক্রিয়া হওয়া পর্যন্ত অপেক্ষা করুন।'),
  e(WALLET_MESSAGES.withdrawPending, 'আপনার একটি উইথড্র অনুরোধ অপেক্ষমাণ। আরেকটি উইথড্র করার আগে সেটি প্রক্রিয়া হওয়া পর্যন্ত অপেক্ষা করুন।'),
  e(WALLET_MESSAGES.depositAmountRequired, 'অনুগ্রহ করে পরিমাণ লিখুন।'),
  e(WALLET_MESSAGES.depositMethodRequired, 'অনুগ্রহ করে একটি সঠিক পেমেন্ট পদ্ধতি বেছে নিন।'),
  e(WALLET_MESSAGES.depositChannelRequired, 'অনুগ্রহ করে একটি ডিপোজিট চ্যানেল বেছে নিন।'),
  e(WALLET_MESSAGES.depositError, 'একটি ত্রুটি ঘটেছে। অনুগ্রহ করে আবার চেষ্টা করুন।'),
  e(WALLET_MESSAGES.withdrawAmountRequired, 'পরিমাণ আবশ্যক।'),
  e(WALLET_MESSAGES.withdrawAccountRequired, 'অ্যাকাউন্ট নম্বর আবশ্যক।'),
  e(WALLET_MESSAGES.withdrawMethodRequired, 'অনুগ্রহ করে আপনার পেমেন্ট পদ্ধতি বেছে নিন।'),
  e(WALLET_MESSAGES.turnoverIncomplete, 'অনুগ্রহ করে আপনার টার্নওভার পূর্ণ করে আবার চেষ্টা করুন।'),
  e(WALLET_MESSAGES.dobMissing, 'উইথড্র করার আগে আপনার প্রোফাইলে জন্মতারিখ দিন।'),
  e(WALLET_MESSAGES.withdrawUnknown, 'একটি অজানা ত্রুটি ঘটেছে।'),
  e(WALLET_MESSAGES.withdrawSuccess, 'উইথড্র সফল হয়েছে!'),
  e(WALLET_MESSAGES.noWithdrawMethods, 'কোনো উইথড্র পদ্ধতি নেই। পরে আবার চেষ্টা করুন।'),
  e(WALLET_MESSAGES.depositRange, 'ডিপোজিটের পরিমাণ ১০০ থেকে ২৫,০০০-এর মধ্যে হতে হবে।'),
  e(WALLET_MESSAGES.withdrawRange, 'উইথড্রর পরিমাণ ৫০০ থেকে ২৫,০০০-এর মধ্যে হতে হবে।'),
  e(WALLET_MESSAGES.insufficientBalance, 'পর্যাপ্ত ব্যালেন্স নেই।'),
  e(WALLET_MESSAGES.depositSubmitted, 'আপনার ডিপোজিট অনুরোধ জমা হয়েছে। আমাদের টিম এটি যাচাই করছে।'),
  e(WALLET_MESSAGES.trxReused, 'এই ট্রানজেকশন আইডি আগেই ব্যবহৃত হয়েছে।'),
  e(PAYER_TRX_MESSAGES.required.en, PAYER_TRX_MESSAGES.required.bn),
  e(PAYER_TRX_MESSAGES.short.en, PAYER_TRX_MESSAGES.short.bn),
  e(PAYER_TRX_MESSAGES.chars.en, PAYER_TRX_MESSAGES.chars.bn.replace('64', '৬৪')),
  e('Please select an 11-digit phone number.', 'অনুগ্রহ করে ১১ সংখ্যার একটি ফোন নম্বর বেছে নিন।'),
  e(
    'Please enter the deposit reference shown when you made the deposit, or log in.',
    'ডিপোজিট করার সময় দেখানো রেফারেন্সটি লিখুন, অথবা লগ ইন করুন।',
  ),
  e('No pending deposit matches this reference and phone number.', 'এই রেফারেন্স ও ফোন নম্বরের সাথে মেলে এমন কোনো অপেক্ষমাণ ডিপোজিট নেই।'),
  e('Receipts must be JPG, PNG, WEBP or GIF images.', 'রসিদ অবশ্যই JPG, PNG, WEBP বা GIF ছবি হতে হবে।'),
  e('Each receipt must be at most 5 MB.', 'প্রতিটি রসিদ সর্বোচ্চ ৫ MB হতে পারে।'),
  e('At most {count} receipts can be uploaded.', 'সর্বোচ্চ {count}টি রসিদ আপলোড করা যায়।'),
  e('Deposit confirmation submitted successfully.', 'ডিপোজিট নিশ্চিতকরণ সফলভাবে জমা হয়েছে।'),
  e('Submission failed', 'জমা দেওয়া যায়নি'),
  e('Unknown transaction', 'অজানা লেনদেন'),
  e('Unknown payment', 'অজানা পেমেন্ট'),
  e('Amount mismatch', 'পরিমাণ মেলেনি'),
  e('Payment created', 'পেমেন্ট তৈরি হয়েছে'),
  e('The selected promotion is not available.', 'বেছে নেওয়া প্রোমোশনটি এখন পাওয়া যাচ্ছে না।'),
  e('This request was already {state}.', 'এই অনুরোধটি আগেই {state} হয়েছে।'),
  e('approved', 'অনুমোদিত'),
  e('rejected', 'বাতিল'),

  // ---- content, casino, transfer wallets ----
  e('Promotion not found', 'প্রোমোশন পাওয়া যায়নি'),
  e('Unknown game type: {type}', 'অজানা গেমের ধরন: {type}'),
  e('The type field is required.', 'ধরনের ঘরটি আবশ্যক।'),
  e('The system field is required.', 'সিস্টেমের ঘরটি আবশ্যক।'),
  e('The system field must be a JSON list of platforms.', 'সিস্টেমের ঘরটি প্ল্যাটফর্মের একটি JSON তালিকা হতে হবে।'),
  e('Game not found', 'গেম পাওয়া যায়নি'),
  e('The gameCode field is required.', 'gameCode ঘরটি আবশ্যক।'),
  e('The gameType field is required.', 'gameType ঘরটি আবশ্যক।'),
  e('The platform field is required.', 'platform ঘরটি আবশ্যক।'),
  e('The date filter "all" is for the Exchange tab.', '"all" তারিখ ফিল্টারটি শুধু এক্সচেঞ্জ ট্যাবের জন্য।'),
  e('User not logged in', 'ব্যবহারকারী লগ ইন করা নেই'),
  e(
    'Your selected section "{section}" is currently blocked by Your Upline. Please Contact Customer Support for further assistance.',
    'আপনার নির্বাচিত বিভাগ "{section}" আপনার আপলাইন বন্ধ রেখেছে। সহায়তার জন্য কাস্টমার সাপোর্টে যোগাযোগ করুন।',
  ),
  e('Exchange', 'এক্সচেঞ্জ'),
  e('Unknown provider', 'অজানা প্রোভাইডার'),
  e(
    'This game plays from its own wallet: open it from the games list and choose how much to move in.',
    'এই গেমটি নিজের ওয়ালেট থেকে খেলা হয়: গেমের তালিকা থেকে খুলুন এবং কত টাকা সেখানে নেবেন তা বেছে নিন।',
  ),
  e('Unknown transfer', 'অজানা ট্রান্সফার'),
  e('This transfer is already resolved.', 'এই ট্রান্সফারটি আগেই নিষ্পন্ন হয়েছে।'),
  e(
    'Query the provider first: a transfer is resolved only by its answer.',
    'আগে প্রোভাইডারকে জিজ্ঞাসা করুন: ট্রান্সফার শুধু তার উত্তরেই নিষ্পন্ন হয়।',
  ),
  e('The provider answered an amount that is not money.', 'প্রোভাইডার এমন একটি পরিমাণ দিয়েছে যা টাকার অঙ্ক নয়।'),
  e(
    '{name} has not confirmed yet. Your money is safe and will be settled as soon as {name} answers.',
    '{name} এখনও নিশ্চিত করেনি। আপনার টাকা নিরাপদ, {name} উত্তর দিলেই নিষ্পত্তি হবে।',
  ),
  e(
    '{name} is not answering. Your money stays in your {name} wallet; try again later.',
    '{name} উত্তর দিচ্ছে না। আপনার টাকা আপনার {name} ওয়ালেটেই আছে; পরে আবার চেষ্টা করুন।',
  ),
  e(
    '{name} refused the transfer (its balance changed). Your money stays in your {name} wallet.',
    '{name} ট্রান্সফারটি ফিরিয়ে দিয়েছে (এর ব্যালেন্স বদলেছে)। আপনার টাকা আপনার {name} ওয়ালেটেই আছে।',
  ),
  e('A transfer with {name} is already in progress. Please wait a moment.', '{name}-এর সাথে একটি ট্রান্সফার ইতিমধ্যে চলছে। একটু অপেক্ষা করুন।'),
  e(
    'This is more than your {kind} limit allows now (at most {room}). Choose a smaller amount.',
    'এটি আপনার {kind} সীমা এখন যা অনুমতি দেয় তার চেয়ে বেশি (সর্বোচ্চ {room})। কম পরিমাণ বেছে নিন।',
  ),
  e('wager', 'বাজির'),
  e('loss', 'ক্ষতির'),

  // ---- responsible gambling ----
  e(
    'You are self-excluded {until}. Deposits, games and betting are closed; you can still withdraw and read your messages.',
    'আপনি {until} স্ব-বর্জনে আছেন। ডিপোজিট, গেম ও বেটিং বন্ধ; আপনি এখনও উইথড্র করতে ও বার্তা পড়তে পারবেন।',
  ),
  e(
    'You are taking a time-out {until}. Deposits, games and betting are closed; you can still withdraw and read your messages.',
    'আপনি {until} বিরতিতে আছেন। ডিপোজিট, গেম ও বেটিং বন্ধ; আপনি এখনও উইথড্র করতে ও বার্তা পড়তে পারবেন।',
  ),
  e('until {when} (GMT+6)', '{when} (GMT+6) পর্যন্ত'),
  e('until {when}', '{when} পর্যন্ত'),
  e('permanently', 'স্থায়ীভাবে'),
  e(
    PROTECTION_MESSAGES.underAge,
    'ডিপোজিট বা খেলার জন্য আপনার বয়স কমপক্ষে ১৮ বছর হতে হবে। আমাদের সাপোর্ট টিম আপনার অ্যাকাউন্ট নিয়ে যোগাযোগ করবে।',
  ),
  e(
    'You reached your session time limit of {minutes} minutes. Games and betting are closed {until}.',
    'আপনার সেশন সময়সীমা ({minutes} মিনিট) পূর্ণ হয়েছে। গেম ও বেটিং {until} বন্ধ।',
  ),
  e(PROTECTION_MESSAGES.birthdayMissing, 'প্রথম ডিপোজিট বা বাজির আগে আপনার প্রোফাইলে জন্মতারিখ যোগ করুন।'),
  e(
    'Your account is on hold while we review it ({reason}). Deposits, games and betting are closed; you can still withdraw. Please contact Customer Support.',
    'পর্যালোচনার জন্য আপনার অ্যাকাউন্ট হোল্ডে আছে ({reason})। ডিপোজিট, গেম ও বেটিং বন্ধ; আপনি এখনও উইথড্র করতে পারবেন। অনুগ্রহ করে কাস্টমার সাপোর্টের সাথে যোগাযোগ করুন।',
  ),
  e(
    'Your account is on hold while we review it ({reason}). Deposits, games and betting are closed and so are withdrawals. Please contact Customer Support.',
    'পর্যালোচনার জন্য আপনার অ্যাকাউন্ট হোল্ডে আছে ({reason})। ডিপোজিট, গেম ও বেটিং বন্ধ, উইথড্রও বন্ধ। অনুগ্রহ করে কাস্টমার সাপোর্টের সাথে যোগাযোগ করুন।',
  ),
  e('suspected fraud', 'সন্দেহজনক প্রতারণা'),
  e('suspected bonus abuse', 'বোনাসের সন্দেহজনক অপব্যবহার'),
  e(
    PROTECTION_MESSAGES.withdrawalOnHold,
    'পর্যালোচনার জন্য আপনার অ্যাকাউন্ট হোল্ডে আছে: উইথড্র বন্ধ। অনুগ্রহ করে কাস্টমার সাপোর্টের সাথে যোগাযোগ করুন।',
  ),
  e(PROTECTION_MESSAGES.noLoosenWhileExcluded, 'বিরতি বা স্ব-বর্জন চলাকালীন আপনি শুধু সীমা কমাতে বা যোগ করতে পারবেন।'),
  e(
    'This deposit would exceed your {period} deposit limit of {limit}. You can deposit up to {remaining} now.',
    'এই ডিপোজিট আপনার {period} ডিপোজিট সীমা {limit} ছাড়িয়ে যাবে। এখন সর্বোচ্চ {remaining} ডিপোজিট করা যাবে।',
  ),
  e(
    'This stake would exceed your {period} wager limit of {limit}. You can stake up to {remaining} now.',
    'এই স্টেক আপনার {period} বাজির সীমা {limit} ছাড়িয়ে যাবে। এখন সর্বোচ্চ {remaining} স্টেক করা যাবে।',
  ),
  e(
    'This stake would exceed your {period} loss limit of {limit}. You can risk up to {remaining} now.',
    'এই স্টেক আপনার {period} ক্ষতির সীমা {limit} ছাড়িয়ে যাবে। এখন সর্বোচ্চ {remaining} ঝুঁকি নেওয়া যাবে।',
  ),
  e('24-hour', '২৪ ঘণ্টার'),
  e('7-day', '৭ দিনের'),
  e('30-day', '৩০ দিনের'),
  e(PROTECTION_MESSAGES.limitDecreased, 'আপনার নতুন সীমা এখনই কার্যকর।'),
  e(
    'Your change applies after the 24-hour cooling-off period, at {when} (GMT+6).',
    'আপনার পরিবর্তন ২৪ ঘণ্টার কুলিং-অফ সময়ের পরে, {when} (GMT+6)-এ কার্যকর হবে।',
  ),
  e(PROTECTION_MESSAGES.confirmRequired, 'অনুগ্রহ করে দুবার নিশ্চিত করুন: এটি ফেরানো যাবে না।'),
  e(PROTECTION_MESSAGES.alreadyExcluded, 'আপনি ইতিমধ্যে এর চেয়ে দীর্ঘ সময়ের জন্য বর্জনে আছেন।'),
  e(
    PROTECTION_MESSAGES.verificationRequired,
    'আপনার উইথড্র একটি যাচাইয়ের অপেক্ষায়: গত ১৮০ দিনে আপনার ডিপোজিট বা উইথড্র সেই সীমা পেরিয়েছে যেখানে আইন অনুযায়ী আপনার পরিচয় ও অর্থের উৎস যাচাই করতে হয়। আমাদের পেমেন্ট টিম আপনার সাথে যোগাযোগ করবে।',
  ),
  e(
    'Another account of yours is self-excluded {until}. The exclusion covers every account you hold: deposits, games and betting are closed here too; you can still withdraw and read your messages.',
    'আপনার আরেকটি অ্যাকাউন্ট {until} স্ব-বর্জিত। এই বর্জন আপনার সব অ্যাকাউন্টে প্রযোজ্য: এখানেও ডিপোজিট, গেম ও বেটিং বন্ধ; আপনি এখনও উইথড্র করতে ও বার্তা পড়তে পারবেন।',
  ),
  e('The player is not on hold.', 'প্লেয়ার হোল্ডে নেই।'),
  e('Enter an amount above 0.', '০-এর বেশি একটি পরিমাণ লিখুন।'),
  e('At least 15 minutes.', 'কমপক্ষে ১৫ মিনিট।'),
  e('At most 24 hours.', 'সর্বোচ্চ ২৪ ঘণ্টা।'),
  e('Choose off, 15, 30 or 60 minutes.', 'বন্ধ, ১৫, ৩০ বা ৬০ মিনিট বেছে নিন।'),

  // ---- exchange ----
  e(EXCHANGE_MESSAGES.idempotencyKeyRequired, 'বেট করতে Idempotency-Key হেডার আবশ্যক।'),
  e(EXCHANGE_MESSAGES.marketNotFound, 'এই মার্কেটটি পাওয়া যাচ্ছে না।'),
  e(EXCHANGE_MESSAGES.selectionNotFound, 'এই নির্বাচনটি মার্কেটে নেই।'),
  e(EXCHANGE_MESSAGES.marketSuspended, 'মার্কেটটি স্থগিত। আপনার বেট নেওয়া হয়নি।'),
  e(EXCHANGE_MESSAGES.selectionSuspended, 'এই নির্বাচনটি স্থগিত। আপনার বেট নেওয়া হয়নি।'),
  e(EXCHANGE_MESSAGES.ballRunning, 'বল চলছে: বল ডেড না হওয়া পর্যন্ত বেট নেওয়া হয় না।'),
  e(EXCHANGE_MESSAGES.marketClosed, 'এই মার্কেটটি বন্ধ।'),
  e(EXCHANGE_MESSAGES.marketNotOpen, 'এই মার্কেটে এখনো বেট নেওয়া শুরু হয়নি।'),
  e(EXCHANGE_MESSAGES.pricesUnavailable, 'এই মুহূর্তে দর পাওয়া যাচ্ছে না। একটু পরে আবার চেষ্টা করুন।'),
  e(EXCHANGE_MESSAGES.marketBusy, 'এই মার্কেটে এখন খুব ভিড়। আপনার বেট নেওয়া হয়নি: একটু পরে আবার চেষ্টা করুন।'),
  e(EXCHANGE_MESSAGES.priceNotOnLadder, 'এটি এক্সচেঞ্জের বৈধ দর নয়।'),
  e(EXCHANGE_MESSAGES.rateChanged, 'রেট বদলে গেছে। নতুন রেট দেখে আবার বেট করুন।'),
  e(EXCHANGE_MESSAGES.lineChanged, 'লাইন বদলে গেছে। নতুন লাইন দেখে আবার বেট করুন।'),
  e(EXCHANGE_MESSAGES.wrongSide, 'এই মার্কেটে ব্যাক বা লে, ফ্যান্সি সারিতে হ্যাঁ বা না বেট করুন।'),
  e(EXCHANGE_MESSAGES.sideInvalid, 'সাইড হতে হবে ব্যাক বা লে (ম্যাচ অডস, বুকমেকার) অথবা হ্যাঁ বা না (ফ্যান্সি)।'),
  e(EXCHANGE_MESSAGES.stakeNotAmount, 'স্টেক হতে হবে একটি পরিমাণ, যেমন ১০০ বা ১০০.৫০।'),
  e(EXCHANGE_MESSAGES.stakeNotPositive, 'স্টেক ০-এর বেশি হতে হবে।'),
  e(EXCHANGE_MESSAGES.stakeDecimals, 'স্টেকে দশমিকের পরে সর্বোচ্চ ২টি অঙ্ক থাকতে পারে।'),
  e(EXCHANGE_MESSAGES.priceRange, 'অডস হতে হবে ১.০১ থেকে ১০০০-এর মধ্যে।'),
  e(
    EXCHANGE_MESSAGES.fancyNeedsLine,
    'লাইন হতে হবে ফ্যান্সি সারির রানের পূর্ণ সংখ্যা: হ্যাঁ ও না ফ্যান্সি বেট (ম্যাচ অডস ও বুকমেকারে ব্যাক বা লে করুন)।',
  ),
  e(EXCHANGE_MESSAGES.rateRange, 'রেট হতে হবে ১ থেকে ১০০০০-এর মধ্যে একটি পূর্ণ সংখ্যা।'),
  e(EXCHANGE_MESSAGES.marketIdInvalid, 'মার্কেট হতে হবে একটি মার্কেটের আইডি (১ থেকে ৬৪ অক্ষর)।'),
  e(EXCHANGE_MESSAGES.selectionInvalid, 'নির্বাচন হতে হবে মার্কেটের একটি রানারের আইডি।'),
  e(EXCHANGE_MESSAGES.stakeTooSmall('{min}', '{currency}'), 'সর্বনিম্ন স্টেক {min|money:currency}।'),
  e(EXCHANGE_MESSAGES.stakeTooLarge('{max}', '{currency}'), 'সর্বোচ্চ স্টেক {max|money:currency}।'),
  e(EXCHANGE_MESSAGES.stakeCannotWin, 'এই দরে এত কম স্টেকে কিছু জেতা যায় না।'),
  e(EXCHANGE_MESSAGES.liabilityLimit('{max}', '{currency}'), 'এই বেটে এই মার্কেটে আপনার দায় আপনার সীমা {max|money:currency} ছাড়িয়ে যেত।'),
  e(EXCHANGE_MESSAGES.insufficientAvailable, 'এই বেটের জন্য যথেষ্ট ব্যবহারযোগ্য ব্যালেন্স নেই।'),
  e(EXCHANGE_MESSAGES.betNotFound, 'বেট পাওয়া যায়নি।'),
  e(EXCHANGE_MESSAGES.nothingToCancel, 'এই বেটে বাতিল করার মতো কিছু বাকি নেই।'),
  e(EXCHANGE_MESSAGES.lapsedSuspended, 'বেট বিলম্বের সময় মার্কেটটি স্থগিত হয়েছিল।'),
  e(EXCHANGE_MESSAGES.lapsedPriceMoved, 'বেট বিলম্বের সময় দর বদলে গেছে।'),
  e(EXCHANGE_MESSAGES.lapsedInPlay, 'খেলা শুরুর সময় মেলেনি (খেলা চলাকালীন রাখা হয়নি)।'),
  e(EXCHANGE_MESSAGES.nothingToCashOut, 'এই মার্কেটে ক্যাশ আউট করার মতো কোনো মিলে যাওয়া পজিশন নেই।'),
  e(EXCHANGE_MESSAGES.cashOutUnavailable, 'এই মুহূর্তে এই মার্কেটে ক্যাশ আউট করা যাচ্ছে না।'),
  e(EXCHANGE_MESSAGES.cashOutValueChanged, 'ক্যাশ আউটের পরিমাণ বদলে গেছে। নতুন পরিমাণ দেখে নিন।'),
  e(EXCHANGE_MESSAGES.nothingToEdit, 'এই বেটে সম্পাদনা করার মতো কোনো না-মেলা অংশ নেই।'),
  e(EXCHANGE_MESSAGES.editPending, 'এই বেটটি বেট বিলম্বে আছে, এখনই সম্পাদনা করা যাবে না।'),
  e(EXCHANGE_MESSAGES.editUnchanged, 'বেট সম্পাদনা করতে দর বা স্টেক বদলান।'),
  e(EXCHANGE_MESSAGES.editIdempotencyKeyRequired, 'বেট সম্পাদনা করতে Idempotency-Key হেডার আবশ্যক।'),
  e(EXCHANGE_MESSAGES.cashOutSelection, 'এই নির্বাচনে ক্যাশ আউট করার মতো আপনার কোনো পজিশন নেই।'),
  e(EXCHANGE_SETTINGS_MESSAGES.presetCount, 'স্টেকের ৬টি প্রিসেট দিন।'),
  e(EXCHANGE_SETTINGS_MESSAGES.presetAmount, 'স্টেক প্রিসেট একটি পূর্ণ পরিমাণ হতে হবে।'),
  e(EXCHANGE_SETTINGS_MESSAGES.presetRange, 'স্টেক প্রিসেট আপনার মুদ্রার স্টেক সীমার মধ্যে হতে হবে।'),
  e(EXCHANGE_SETTINGS_MESSAGES.oneClickStake, 'আগে ওয়ান-ক্লিক বেটিংয়ের স্টেক বেছে নিন।'),
  e(EXCHANGE_SETTINGS_MESSAGES.oneClickConfirm, 'প্রথমবার ওয়ান-ক্লিক বেটিং চালু করার সময় নিশ্চিত করুন।'),
  e('At most {count} markets can be pinned.', 'সর্বোচ্চ {count}টি মার্কেট পিন করা যায়।'),
  e('The start date must not be after the end date.', 'শুরুর তারিখ শেষের তারিখের পরে হতে পারে না।'),
  e('A date is YYYY-MM-DD', 'তারিখ হতে হবে YYYY-MM-DD'),
  e('Nothing changed.', 'কিছুই বদলায়নি।'),
  e(DEBT_MESSAGES.withdrawRefused('{owed}', '{currency}'), DEBT_MESSAGES.bn.withdrawRefused('{owed}', '{currency}')),

  // ---- inbox templates (the messages the API sends players) ----
  e('Welcome to Khela', 'খেলায় স্বাগতম'),
  e(
    'Thank you for joining Khela. Verify your phone number in your profile to unlock deposits and withdrawals and to earn your first VIP points.',
    'খেলায় যোগ দেওয়ার জন্য ধন্যবাদ। ডিপোজিট ও উইথড্র চালু করতে এবং প্রথম VIP পয়েন্ট পেতে প্রোফাইলে আপনার ফোন নম্বর যাচাই করুন।',
  ),
  e('Invite your friends', 'বন্ধুদের আমন্ত্রণ জানান'),
  e(
    'Share your referral link from the Referral Program page. When a friend signs up with it, deposits and places a bet, a cash reward lands on your reward board.',
    'রেফারেল প্রোগ্রাম পাতা থেকে আপনার রেফারেল লিংক শেয়ার করুন। কোনো বন্ধু এটি দিয়ে সাইন আপ করে ডিপোজিট ও বেট করলে আপনার রিওয়ার্ড বোর্ডে নগদ পুরস্কার আসবে।',
  ),
  e('Play responsibly', 'দায়িত্বের সাথে খেলুন'),
  e(
    'Set yourself limits and take breaks. If gambling stops being fun, contact our support team at any time.',
    'নিজের জন্য সীমা ঠিক করুন ও বিরতি নিন। খেলা আর আনন্দের না থাকলে যেকোনো সময় আমাদের সাপোর্ট টিমে যোগাযোগ করুন।',
  ),
  e('Phone verified', 'ফোন যাচাই হয়েছে'),
  e(
    'Your phone number is verified. {points} VIP points were added to your account.',
    'আপনার ফোন নম্বর যাচাই হয়েছে। আপনার অ্যাকাউন্টে {points} VIP পয়েন্ট যোগ হয়েছে।',
  ),
  e('Referral reward', 'রেফারেল পুরস্কার'),
  e(
    'Your friend {username} deposited and placed a bet. {amount} was added to your cash bonus: claim it on the Referral Program page.',
    'আপনার বন্ধু {username} ডিপোজিট ও বেট করেছেন। আপনার ক্যাশ বোনাসে {amount} যোগ হয়েছে: রেফারেল প্রোগ্রাম পাতায় এটি দাবি করুন।',
  ),
  e('Deposit successful', 'ডিপোজিট সফল হয়েছে'),
  e('Deposit rejected', 'ডিপোজিট বাতিল হয়েছে'),
  e('Withdrawal successful', 'উইথড্র সফল হয়েছে'),
  e('Withdrawal rejected', 'উইথড্র বাতিল হয়েছে'),
  e(
    'Your deposit of {amount} {currency} (transaction {id}) has been approved and added to your main wallet.{bonus}',
    'আপনার {amount|money:currency} ডিপোজিট (লেনদেন {id}) অনুমোদিত হয়েছে এবং আপনার মূল ওয়ালেটে যোগ হয়েছে।{bonus}',
  ),
  e(' Bonus: {amount} {currency}.', ' বোনাস: {amount|money:currency}।'),
  e(
    'Your deposit of {amount} {currency} (transaction {id}) was rejected.{reason} Please contact support if you have sent the money.',
    'আপনার {amount|money:currency} ডিপোজিট (লেনদেন {id}) বাতিল হয়েছে।{reason} আপনি টাকা পাঠিয়ে থাকলে সাপোর্টে যোগাযোগ করুন।',
  ),
  e(' Reason: {note}', ' কারণ: {note}'),
  e(
    'Your withdrawal of {amount} {currency} (transaction {id}) has been approved and sent to your account.',
    'আপনার {amount|money:currency} উইথড্র (লেনদেন {id}) অনুমোদিত হয়েছে এবং আপনার অ্যাকাউন্টে পাঠানো হয়েছে।',
  ),
  e(
    'Your withdrawal of {amount} {currency} (transaction {id}) was rejected and the amount returned to your main wallet.{reason}',
    'আপনার {amount|money:currency} উইথড্র (লেনদেন {id}) বাতিল হয়েছে এবং টাকা আপনার মূল ওয়ালেটে ফেরত গেছে।{reason}',
  ),
  e('Withdrawal waiting for verification', 'উইথড্র যাচাইয়ের অপেক্ষায়'),
  e(
    `Withdrawal {id} of {amount} {currency}: ${PROTECTION_MESSAGES.verificationRequired} The amount stays held for you until then.`,
    'উইথড্র {id}, {amount|money:currency}: আপনার উইথড্র একটি যাচাইয়ের অপেক্ষায়: গত ১৮০ দিনে আপনার ডিপোজিট বা উইথড্র সেই সীমা পেরিয়েছে যেখানে আইন অনুযায়ী আপনার পরিচয় ও অর্থের উৎস যাচাই করতে হয়। আমাদের পেমেন্ট টিম আপনার সাথে যোগাযোগ করবে। ততক্ষণ টাকাটি আপনার জন্য আটকে রাখা থাকবে।',
  ),
  e('Verification complete', 'যাচাই সম্পন্ন'),
  e(
    'Thank you: our verification check is complete. Your withdrawal now continues with our payments team.',
    'ধন্যবাদ: আমাদের যাচাই সম্পন্ন হয়েছে। আপনার উইথড্র এখন আমাদের পেমেন্ট টিমের কাছে এগোচ্ছে।',
  ),
  e(
    'Thank you: our verification check is complete. Your withdrawals now continue with our payments team.',
    'ধন্যবাদ: আমাদের যাচাই সম্পন্ন হয়েছে। আপনার উইথড্রগুলো এখন আমাদের পেমেন্ট টিমের কাছে এগোচ্ছে।',
  ),
  e(DEBT_MESSAGES.inboxTitle, 'একটি সংশোধিত ফলাফলে আপনার দেনা হয়েছে'),
];

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
const MONTHS_BN: Record<string, string> = {
  Jan: 'জানু',
  Feb: 'ফেব্রু',
  Mar: 'মার্চ',
  Apr: 'এপ্রি',
  May: 'মে',
  Jun: 'জুন',
  Jul: 'জুলাই',
  Aug: 'আগ',
  Sep: 'সেপ্টে',
  Oct: 'অক্টো',
  Nov: 'নভে',
  Dec: 'ডিসে',
};
/** Latin digits (and the English month abbreviations of a Dhaka time) in Bangla. */
export const bengaliDigits = (s: string) =>
  s
    .replace(/\d/g, (d) => BENGALI_DIGITS[Number(d)]!)
    .replace(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/g, (m) => MONTHS_BN[m]!);

interface Template {
  re: RegExp;
  names: string[];
  bn: string;
}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /\{(\w+)\}/g;
/** A placeholder of a Bangla text: `{name}`, or `{name|money:currencyName}` (an amount with its currency). */
const BN_PLACEHOLDER = /\{(\w+)(?:\|money:(\w+))?\}/g;

/** An amount of the API ("1000.00") with its currency code as the site shows it in Bangla ("১,০০০.০০৳"). */
export function bnMoney(amount: string, currency: string): string {
  const n = Number(amount.replace(/,/g, ''));
  if (!Number.isFinite(n) || !/^[A-Z]{3}$/.test(currency)) return bengaliDigits(`${amount} ${currency}`);
  return new Intl.NumberFormat('bn-BD', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(n);
}

/** The placeholder names of a Bangla text (a money placeholder names its amount and its currency). */
export function bnPlaceholderNames(bn: string): string[] {
  return [...bn.matchAll(BN_PLACEHOLDER)].flatMap((m) => (m[2] ? [m[1]!, m[2]] : [m[1]!]));
}

let exact: Map<string, string> | null = null;
let templates: Template[] | null = null;
function compile() {
  exact = new Map();
  templates = [];
  for (const { en, bn } of API_MESSAGES) {
    if (!PLACEHOLDER.test(en)) {
      exact.set(en, bn);
      continue;
    }
    PLACEHOLDER.lastIndex = 0;
    const names: string[] = [];
    let pattern = '';
    let last = 0;
    for (const m of en.matchAll(PLACEHOLDER)) {
      pattern += escapeRe(en.slice(last, m.index)) + (names.includes(m[1]!) ? `\\k<${m[1]}>` : `(?<${m[1]}>[\\s\\S]*?)`);
      if (!names.includes(m[1]!)) names.push(m[1]!);
      last = m.index! + m[0].length;
    }
    pattern += escapeRe(en.slice(last));
    templates.push({ re: new RegExp(`^${pattern}$`), names, bn });
  }
  // the most specific (longest fixed text) first: "until {when} (GMT+6)" before "until {when}"
  templates.sort((a, b) => b.re.source.length - a.re.source.length);
}

/** The catalogue's Bangla of an English message, or undefined when the catalogue does not know it. */
export function bnMessage(en: string): string | undefined {
  if (!exact) compile();
  const hit = exact!.get(en);
  if (hit !== undefined) return hit;
  for (const t of templates!) {
    const m = t.re.exec(en);
    if (!m) continue;
    return t.bn.replace(BN_PLACEHOLDER, (whole, name: string, currencyName: string | undefined) => {
      const v = m.groups?.[name];
      if (v === undefined) return whole;
      if (currencyName) return bnMoney(v, m.groups?.[currencyName] ?? '');
      if (v === '') return '';
      if (LATIN_PLACEHOLDERS.has(name)) return v;
      return bnMessage(v) ?? bengaliDigits(v);
    });
  }
  return undefined;
}

/** `message` in `locale`: Bangla from the catalogue (the English as it is when the catalogue does not know it). */
export function localizeMessage(message: string, locale: MessageLocale): string {
  if (locale !== 'bn') return message;
  return bnMessage(message) ?? message;
}
