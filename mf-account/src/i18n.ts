import { registerTranslations } from '@khela/shared';

export const en = {
  title: 'account',
};
export const bn: typeof en = {
  title: 'account',
};

registerTranslations('account', { en, bn });
