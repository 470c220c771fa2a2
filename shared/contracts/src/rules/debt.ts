// A player's debt to the house: a corrected exchange result took back winnings the player had already spent (the
// ledger's player:N:owed). It comes off what is available (available = main - exposure - owed; the API's `main`
// is already net of exposure), later deposits and wins repay it first, and the player is told in the balance area
// and the inbox. English and Bangla, written once for the API and the screens.

/** The player's texts about a debt (English; `bn` the same in Bangla, with the same parameters). */
export const DEBT_MESSAGES = {
  /** The withdrawal check while the debt takes everything the player has. */
  withdrawRefused: (owed: string, currency: string) =>
    `You owe ${currency} ${owed} from a corrected exchange result. It is taken from your balance first, so nothing is available to withdraw yet; your next deposits and winnings repay it.`,
  inboxTitle: 'A corrected result left you owing',
  /** `amount`: this correction's debt; `owed`: the whole debt now; `market`: the event and market. */
  inboxBody: (amount: string, owed: string, currency: string, market: string) =>
    `The result of ${market} was corrected after your winnings on it had been paid and used. ${currency} ${amount} could not be taken back from your balance, so you now owe ${currency} ${owed}. ` +
    `What you owe comes off the balance you can use (withdrawals, bets and games use only the rest), and your next deposits and winnings repay it first. ` +
    `Contact support if you have questions.\n\n` +
    `${market}-এর ফলাফল সংশোধন করা হয়েছে, অথচ এর জয়ের টাকা আগেই দেওয়া ও খরচ হয়ে গিয়েছিল। ${currency} ${amount} আপনার ব্যালেন্স থেকে ফেরত নেওয়া যায়নি, তাই এখন আপনার দেনা ${currency} ${owed}। ` +
    `এই দেনা আপনার ব্যবহারযোগ্য ব্যালেন্স থেকে বাদ যায় (উত্তোলন, বাজি ও গেম শুধু বাকিটা ব্যবহার করে), এবং আপনার পরবর্তী ডিপোজিট ও জয় প্রথমে এই দেনা শোধ করে। প্রশ্ন থাকলে সাপোর্টে যোগাযোগ করুন।`,
  /** The balance area's label. */
  owedLabel: 'Owed',
  bn: {
    withdrawRefused: (owed: string, currency: string) =>
      `একটি সংশোধিত এক্সচেঞ্জ ফলাফলের কারণে আপনার দেনা ${currency} ${owed}। এটি আগে আপনার ব্যালেন্স থেকে কাটা হয়, তাই এখন উত্তোলনের মতো কিছু নেই; আপনার পরবর্তী ডিপোজিট ও জয় এটি শোধ করবে।`,
    owedLabel: 'দেনা',
  },
} as const;
