import { registerTranslations } from '@khela/shared';

export const en = {
  title: 'casino',
};
export const bn: typeof en = {
  title: 'casino',
};

registerTranslations('casino', { en, bn });
