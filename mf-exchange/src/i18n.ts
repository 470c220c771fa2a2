import { registerTranslations } from '@khela/shared';

export const en = {
  title: 'exchange',
};
export const bn: typeof en = {
  title: 'exchange',
};

registerTranslations('exchange', { en, bn });
