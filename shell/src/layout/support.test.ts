import { describe, expect, it } from 'vitest';
import { supportLinks } from './support';
import { blockedSections } from './content';

const general = {
  site_title: 'Khela', site_status: 1, system_notice: null, withdrawal_status: 1, live_chat: null, intercom: null, tawk_id: null,
  support_mail: 'help@khela.example', whatsapp: '+880 1700-000000', telegram: '@khela_bd', facebook: 'https://facebook.com/khela.bd',
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

describe('market block (spec 6)', () => {
  it('blocks a section only when its flag is 0 and the status is not active', () => {
    expect(blockedSections({ exchange_market: 0, cs_market: 1, status: 'blocked' })).toEqual({ exchange: true, casino: false });
    expect(blockedSections({ exchange_market: 0, cs_market: 0, status: 'active' })).toEqual({ exchange: false, casino: false });
    expect(blockedSections({ exchange_market: 1, cs_market: 0, status: 'inactive' })).toEqual({ exchange: false, casino: true });
  });
});
