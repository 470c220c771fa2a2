import { registerTranslations } from '@khela/shared';

export const en = {
  title: 'chat',
};
export const bn: typeof en = {
  title: 'chat',
};

registerTranslations('chat', { en, bn });
