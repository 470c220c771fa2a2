import { registerTranslations } from '@khela/web';

/**
 * Texts of the trader's tools (issue 33): the depth of the odds view, the desktop ladder, keep in-play, the stake
 * presets the player edits and one-click betting. Same `exchange` namespace as ./i18n.ts (i18next merges them).
 */
export const en = {
  depth: {
    // a deeper price's button: never "Back <runner> …" (that name is the best price's)
    level: 'Level {{n}} {{side}}: {{runner}}',
    show: 'Show depth',
    hide: 'Hide depth',
    matched: 'Matched: {{amount}}',
  },
  ladder: {
    open: 'Ladder: {{runner}}',
    title: 'Ladder: {{runner}}',
    close: 'Close the ladder',
    higher: 'Higher odds',
    lower: 'Lower odds',
    mine: 'Mine',
    back: 'Back',
    lay: 'Lay',
    odds: 'Odds',
    backAt: 'Ladder: back {{runner}} at {{price}}',
    layAt: 'Ladder: lay {{runner}} at {{price}}',
    loading: 'Loading the ladder…',
    hint: 'Click a cell to bet at its price. Your unmatched bets are shown at their price.',
  },
  trader: {
    keepInPlay: 'Keep bet in-play',
    keepHint: 'If it is not matched when the market goes in-play, the unmatched part stays in the market.',
    lapseHint: 'If it is not matched when the market goes in-play, the unmatched part is cancelled (lapses).',
    inPlayHint: 'The market is in play: an unmatched part stays until it is matched, you cancel it, or the market closes.',
    editPresets: 'Edit stakes',
    savePresets: 'Save stakes',
    presetLabel: 'Stake preset {{n}}',
    presetsSaved: 'Your stakes are saved.',
    settingFailed: 'Your setting could not be saved. Please try again.',
    oneClick: 'One-click betting',
    oneClickOn: 'On: {{stake}} a bet',
    oneClickOff: 'Off',
    oneClickStake: 'One-click stake',
    confirmTitle: 'Turn on one-click betting?',
    confirmText:
      'With one-click betting a click on a price places a bet at once with the stake you chose here, with no bet slip to confirm. In play the bet delay still applies, and a refused bet says why.',
    keepText: 'Unmatched one-click bets follow your "Keep bet in-play" choice of the bet slip: now {{choice}}.',
    keepOn: 'kept in play',
    keepOff: 'cancelled at the turn in-play',
    turnOn: 'Turn on',
    cancel: 'Cancel',
    placing: 'One-click bet',
    refusal: {
      presetCount: 'Give 6 stake presets.',
      presetAmount: 'A stake preset is a whole amount.',
      presetRange: 'A stake preset must be within the stake limits of your currency.',
      oneClickStake: 'Choose the stake of one-click betting first.',
      oneClickConfirm: 'Confirm one-click betting the first time you turn it on.',
    },
  },
};

export const bn: typeof en = {
  depth: {
    level: 'লেভেল {{n}} {{side}}: {{runner}}',
    show: 'গভীরতা দেখান',
    hide: 'গভীরতা লুকান',
    matched: 'মিলেছে: {{amount}}',
  },
  ladder: {
    open: 'ল্যাডার: {{runner}}',
    title: 'ল্যাডার: {{runner}}',
    close: 'ল্যাডার বন্ধ করুন',
    higher: 'বেশি অডস',
    lower: 'কম অডস',
    mine: 'আমার',
    back: 'ব্যাক',
    lay: 'লে',
    odds: 'অডস',
    backAt: 'ল্যাডার: {{runner}} ব্যাক {{price}} দরে',
    layAt: 'ল্যাডার: {{runner}} লে {{price}} দরে',
    loading: 'ল্যাডার লোড হচ্ছে…',
    hint: 'কোনো ঘরে ক্লিক করে সেই দরে বেট করুন। আপনার না-মেলা বেটগুলো তাদের দরে দেখানো হয়েছে।',
  },
  trader: {
    keepInPlay: 'ইন-প্লেতে বেট রাখুন',
    keepHint: 'মার্কেট ইন-প্লেতে যাওয়ার সময় না মিললে, না-মেলা অংশ মার্কেটে থেকে যাবে।',
    lapseHint: 'মার্কেট ইন-প্লেতে যাওয়ার সময় না মিললে, না-মেলা অংশ বাতিল হয়ে যাবে।',
    inPlayHint: 'মার্কেট এখন ইন-প্লেতে: না-মেলা অংশ মিলে যাওয়া, আপনি বাতিল করা বা মার্কেট বন্ধ হওয়া পর্যন্ত থাকবে।',
    editPresets: 'স্টেক বদলান',
    savePresets: 'স্টেক সংরক্ষণ করুন',
    presetLabel: 'স্টেক প্রিসেট {{n}}',
    presetsSaved: 'আপনার স্টেক সংরক্ষিত হয়েছে।',
    settingFailed: 'আপনার সেটিং সংরক্ষণ করা যায়নি। অনুগ্রহ করে আবার চেষ্টা করুন।',
    oneClick: 'ওয়ান-ক্লিক বেটিং',
    oneClickOn: 'চালু: প্রতি বেটে {{stake}}',
    oneClickOff: 'বন্ধ',
    oneClickStake: 'ওয়ান-ক্লিক স্টেক',
    confirmTitle: 'ওয়ান-ক্লিক বেটিং চালু করবেন?',
    confirmText:
      'ওয়ান-ক্লিক বেটিংয়ে কোনো দরে ক্লিক করলেই এখানে বেছে নেওয়া স্টেকে সঙ্গে সঙ্গে বেট হয়ে যায়, বেট স্লিপে নিশ্চিত করতে হয় না। ইন-প্লেতে বেট বিলম্ব তবুও থাকে, আর কোনো বেট প্রত্যাখ্যাত হলে কারণ দেখানো হয়।',
    keepText: 'না-মেলা ওয়ান-ক্লিক বেট বেট স্লিপের "ইন-প্লেতে বেট রাখুন" পছন্দ মেনে চলে: এখন {{choice}}।',
    keepOn: 'ইন-প্লেতে থাকবে',
    keepOff: 'ইন-প্লে শুরু হলে বাতিল হবে',
    turnOn: 'চালু করুন',
    cancel: 'বাতিল',
    placing: 'ওয়ান-ক্লিক বেট',
    refusal: {
      presetCount: '৬টি স্টেক প্রিসেট দিন।',
      presetAmount: 'স্টেক প্রিসেট একটি পূর্ণ সংখ্যা হতে হবে।',
      presetRange: 'স্টেক প্রিসেট আপনার মুদ্রার স্টেক সীমার মধ্যে হতে হবে।',
      oneClickStake: 'আগে ওয়ান-ক্লিক বেটিংয়ের স্টেক বেছে নিন।',
      oneClickConfirm: 'প্রথমবার চালু করার সময় ওয়ান-ক্লিক বেটিং নিশ্চিত করুন।',
    },
  },
};

registerTranslations('exchange', { en, bn });
