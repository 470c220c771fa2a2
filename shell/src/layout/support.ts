import type * as schemas from '@khela/contracts';

export interface SupportLink {
  key: 'whatsapp' | 'telegram' | 'facebook' | 'email';
  href: string;
}

/** Support contacts from the general settings; a bare number or handle becomes its app's address. */
export function supportLinks(g: schemas.GeneralSettings | undefined): SupportLink[] {
  if (!g) return [];
  const out: SupportLink[] = [];
  const url = (v: string, build: (x: string) => string) => (/^https?:\/\//i.test(v) ? v : build(v));
  if (g.whatsapp) out.push({ key: 'whatsapp', href: url(g.whatsapp, (v) => `https://wa.me/${v.replace(/\D/g, '')}`) });
  if (g.telegram) out.push({ key: 'telegram', href: url(g.telegram, (v) => `https://t.me/${v.replace(/^@/, '')}`) });
  if (g.facebook) out.push({ key: 'facebook', href: url(g.facebook, (v) => `https://facebook.com/${v}`) });
  if (g.support_mail) out.push({ key: 'email', href: `mailto:${g.support_mail}` });
  return out;
}
