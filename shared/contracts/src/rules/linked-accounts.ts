// Self-exclusion holds across accounts (issue 27 item 8): accounts of the same person are linked (the same verified
// phone, the same name and birthday, the same payer number, the same first-party device id); while a linked account's
// self-exclusion runs, this account's deposits and stakes are refused; an excluded player sees no promotions, bonus
// banners or marketing inbox messages. Written once for the API, the back office and the site.

/** Why two accounts are linked. */
export const LINK_REASONS = ['phone', 'name_birthday', 'payer_number', 'device'] as const;
export type LinkReason = (typeof LINK_REASONS)[number];

/** How staff read a link's reason. */
export const LINK_REASON_LABEL: Record<LinkReason, string> = {
  phone: 'Same verified phone',
  name_birthday: 'Same name and birthday',
  payer_number: 'Same payer number',
  device: 'Same device',
};

/**
 * The request header carrying the site's first-party device id: a random id the browser keeps in local storage
 * (never a fingerprint), 16-64 letters, digits, '-' or '_'.
 */
export const DEVICE_ID_HEADER = 'x-khela-device';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const until = (iso: string | null) => (iso ? `until ${iso.slice(0, 10)}` : 'permanently');

/** The player's texts (English; `bn` the same in Bangla). The gate's reason stays self_exclusion. */
export const LINKED_MESSAGES = {
  linkedSelfExcluded: (untilIso: string | null) =>
    `Another account of yours is self-excluded ${until(untilIso)}. The exclusion covers every account you hold: deposits, games and betting are closed here too; you can still withdraw and read your messages.`,
  bn: {
    linkedSelfExcluded: (untilIso: string | null) =>
      `আপনার আরেকটি অ্যাকাউন্ট ${untilIso ? `${untilIso.slice(0, 10)} পর্যন্ত` : 'স্থায়ীভাবে'} স্ব-বর্জিত। এই বর্জন আপনার সব অ্যাকাউন্টে প্রযোজ্য: এখানেও ডিপোজিট, গেম ও বেটিং বন্ধ; আপনি এখনও উত্তোলন করতে ও বার্তা পড়তে পারবেন।`,
  },
} as const;

/** A banner that advertises a bonus (its link leads to the promotions or the referral programme, or its name says so). */
export function isPromotionalBanner(b: { name: string; link: string | null }): boolean {
  const link = (b.link ?? '').toLowerCase();
  return /^\/(promotions?|refrrel-program|referral)/.test(link) || /\b(bonus|cash ?back|promo|refer|free ?spins?|offer)\b/i.test(b.name);
}
