import { registerTranslations } from '@khela/web';

/**
 * Texts of issue 33's order tools: editing an unmatched bet, cancel all, and per-selection and partial cash-out.
 * Registered under the same `exchange` namespace as ./i18n.ts (i18next merges them), as `orders.*`.
 */
export const en = {
  orders: {
    edit: 'Edit',
    editTitle: 'Edit unmatched bet',
    price: 'Odds',
    stake: 'Unmatched stake',
    priceUp: 'Higher odds',
    priceDown: 'Lower odds',
    save: 'Update bet',
    saving: 'Updating...',
    close: 'Close',
    keepsPlace: 'A lower stake keeps your place in the queue.',
    backOfQueue: 'A new price or a higher stake places a new bet at the back of the queue; it may match at once.',
    unchanged: 'Change the odds or the stake.',
    edited: 'Bet updated.',
    cancelAllMarket: 'Cancel all',
    cancelAllMarketLabel: 'Cancel all unmatched bets in {{market}}',
    cancelAllEverywhere: 'Cancel all unmatched (all markets)',
    cancelling: 'Cancelling...',
    cancelledCount_one: '{{count}} unmatched bet cancelled.',
    cancelledCount_other: '{{count}} unmatched bets cancelled.',
    nothingCancelled: 'No unmatched bets to cancel.',
    cashOutWhat: 'Cash out',
    wholeMarket: 'Whole market',
    cashOutShare: 'How much',
    after: 'Your position after cash out',
    explainPart: 'These bets at the prices now cash out the part you chose; the rest of your position stays open:',
    cashOutPart: 'Cashed out {{share}} of {{what}}: {{value}}. The rest of your position stays open.',
    ifWins: 'if {{name}} wins',
  },
};

export const bn: typeof en = {
  orders: {
    edit: 'সম্পাদনা',
    editTitle: 'না মেলা বেট সম্পাদনা',
    price: 'অডস',
    stake: 'না মেলা স্টেক',
    priceUp: 'বেশি অডস',
    priceDown: 'কম অডস',
    save: 'বেট হালনাগাদ করুন',
    saving: 'হালনাগাদ হচ্ছে...',
    close: 'বন্ধ করুন',
    keepsPlace: 'স্টেক কমালে সারিতে আপনার জায়গা থাকে।',
    backOfQueue: 'নতুন দর বা বেশি স্টেক সারির শেষে নতুন বেট রাখে; তা সঙ্গে সঙ্গে মিলে যেতে পারে।',
    unchanged: 'অডস বা স্টেক বদলান।',
    edited: 'বেট হালনাগাদ হয়েছে।',
    cancelAllMarket: 'সব বাতিল',
    cancelAllMarketLabel: '{{market}}-এর সব না মেলা বেট বাতিল করুন',
    cancelAllEverywhere: 'সব না মেলা বেট বাতিল (সব মার্কেট)',
    cancelling: 'বাতিল হচ্ছে...',
    cancelledCount_one: '{{count}}টি না মেলা বেট বাতিল হয়েছে।',
    cancelledCount_other: '{{count}}টি না মেলা বেট বাতিল হয়েছে।',
    nothingCancelled: 'বাতিল করার মতো কোনো না মেলা বেট নেই।',
    cashOutWhat: 'ক্যাশ আউট',
    wholeMarket: 'পুরো মার্কেট',
    cashOutShare: 'কতটা',
    after: 'ক্যাশ আউটের পরে আপনার পজিশন',
    explainPart: 'এখনকার দামে এই বেটগুলো আপনার বেছে নেওয়া অংশ ক্যাশ আউট করবে; পজিশনের বাকিটা খোলা থাকবে:',
    cashOutPart: '{{what}}-এর {{share}} ক্যাশ আউট হয়েছে: {{value}}। আপনার পজিশনের বাকিটা খোলা রইল।',
    ifWins: '{{name}} জিতলে',
  },
};

registerTranslations('exchange', { en, bn });
