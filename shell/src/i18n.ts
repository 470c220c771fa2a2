import { registerTranslations } from '@khela/shared';

export const en = {
  home: 'Home',
  notFound: 'Page not found',
  goHome: 'Go to home',
  language: 'Language',
  memberCenter: 'Member Center',
};
export const bn: typeof en = {
  home: 'হোম',
  notFound: 'পৃষ্ঠাটি পাওয়া যায়নি',
  goHome: 'হোমে যান',
  language: 'ভাষা',
  memberCenter: 'সদস্য কেন্দ্র',
};

registerTranslations('shell', { en, bn });
