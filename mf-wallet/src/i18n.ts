import { registerTranslations } from '@khela/shared';

export const en = {
  title: 'wallet',
};
export const bn: typeof en = {
  title: 'wallet',
};

registerTranslations('wallet', { en, bn });
