import { describe, expect, it } from 'vitest';
import { supportLinks } from './support';

const general = {
  site_title: 'Khela',
  site_status: 1,
  system_notice: null,
  withdrawal_status: 1,
  live_chat: null,
  intercom: null,
  tawk_id: null,
  support_mail: 'help@khela.example',
  whatsapp: '+880 1700-000000',
  telegram: '@khela_bd',
  facebook: 'https://facebook.com/khela.bd',
};

describe('support links from general settings', () => {
  it('turns bare numbers and handles into app addresses and keeps full URLs', () => {
    expect(supportLinks(general)).toEqual([
      { key: 'whatsapp', href: 'https://wa.me/8801700000000' },
      { key: 'telegram', href: 'https://t.me/khela_bd' },
      { key: 'facebook', href: 'https://facebook.com/khela.bd' },
      { key: 'email', href: 'mailto:help@khela.example' },
    ]);
  });
  it('leaves out what is not configured', () => {
    expect(supportLinks({ ...general, whatsapp: null, telegram: null, facebook: null, support_mail: null })).toEqual([]);
  });
});
