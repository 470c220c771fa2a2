import { describe, expect, it } from 'vitest';
import { safeExternalUrl, safeHref, safeLink } from './safe-link';

describe('safeLink', () => {
  it('passes http(s) addresses and same-site paths', () => {
    expect(safeLink('https://example.com/promo?x=1')).toEqual({ kind: 'external', href: 'https://example.com/promo?x=1' });
    expect(safeLink(' http://example.com ')).toEqual({ kind: 'external', href: 'http://example.com/' });
    expect(safeLink('HTTPS://EXAMPLE.com/a')).toEqual({ kind: 'external', href: 'https://example.com/a' });
    expect(safeLink('/promotions')).toEqual({ kind: 'internal', path: '/promotions' });
    expect(safeLink('/games?type=SLOT&system=JILI')).toEqual({ kind: 'internal', path: '/games?type=SLOT&system=JILI' });
  });

  it('refuses every other scheme, disguised ones included', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'blob:https://example.com/x',
      'mailto:a@b.c',
      '//evil.example/x',
      '/\\evil.example/x',
      'https://',
      'promotions',
      '',
      '   ',
      null,
      undefined,
      42,
      { href: 'https://x' },
    ]) {
      expect(safeLink(bad), String(bad)).toBeNull();
      expect(safeHref(bad)).toBeUndefined();
    }
  });

  it('safeExternalUrl takes http(s) only, never a path', () => {
    expect(safeExternalUrl('https://games.example/launch?t=1')).toBe('https://games.example/launch?t=1');
    expect(safeExternalUrl('/launch')).toBeUndefined();
    expect(safeExternalUrl('javascript:alert(1)')).toBeUndefined();
  });
});
