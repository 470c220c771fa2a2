import type { CSSObject } from '@emotion/react';
import { theme } from '@khela/web/theme';

/**
 * The boxes of the home page's first screen, written once: the React chrome (MobileChrome, DesktopChrome), the home and
 * its banner carousel are styled with them, so the render server's HTML (shell/server) and the hydrated page draw the
 * header bar and the first banner in the same place (e2e face "home first screen from the server"). `page` is also
 * index.html's stylesheet before any script (pageCss below, written at build time by rspack.config.mjs).
 */
const carouselSlide: CSSObject = { flex: '0 0 100%', minWidth: 0, background: theme.color.surfaceRaised };

export const firstScreen = {
  page: { margin: 0, background: theme.color.bg, color: theme.color.text },

  // phones (up to theme.mobileMax): one 56 px header bar
  mobileHeader: {
    display: 'flex',
    alignItems: 'center',
    gap: 8,
    height: 56,
    padding: '0 8px',
    background: theme.color.surface,
    borderBottom: `1px solid ${theme.color.border}`,
  },
  menuButton: { width: 44, height: 44, flex: '0 0 44px' },
  mobileLogo: { display: 'block', width: 120, height: 36, objectFit: 'contain', objectPosition: 'left' },

  // desktops: the top bar (clock, support links, language), the header (logo, account) and the nav row
  desktopBar: { background: '#0a121a', borderBottom: `1px solid ${theme.color.border}` },
  desktopTopRow: {
    maxWidth: 1200,
    height: 48,
    margin: '0 auto',
    padding: '4px 16px',
    display: 'flex',
    alignItems: 'center',
    gap: 16,
  },
  desktopHeader: { background: theme.color.surface },
  desktopHeaderRow: {
    maxWidth: 1200,
    height: 56,
    margin: '0 auto',
    padding: '8px 16px',
    display: 'flex',
    alignItems: 'center',
    gap: 12,
  },
  desktopLogo: { display: 'block', width: 150, height: 40, objectFit: 'contain', objectPosition: 'left' },
  // one row at every width and in both languages (scrolls sideways when narrow): its height never changes
  desktopNav: { background: theme.color.surfaceRaised, borderBottom: `1px solid ${theme.color.border}` },
  desktopNavRow: { maxWidth: 1200, height: 44, margin: '0 auto', padding: '0 8px' },

  // the home page's column and its main banner carousel (3:1 slides)
  home: { maxWidth: 1200, margin: '0 auto', padding: 12 },
  carouselViewport: { overflow: 'hidden', borderRadius: theme.radius.md },
  carouselSlide,
  bannerSlide: { ...carouselSlide, aspectRatio: '3 / 1' },
  slideLink: { display: 'block', width: '100%', height: '100%' },
  bannerImage: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
} satisfies Record<string, CSSObject>;

/**
 * index.html's stylesheet: the page's colours before any script has run (a page the browser renders), the `page` box as
 * emotion writes it (`serialize` is `@emotion/serialize`'s serializeStyles, passed in so this module stays free of
 * build-time imports).
 */
export function pageCss(serialize: (styles: CSSObject) => string): string {
  return `html,body{${serialize(firstScreen.page)}}`;
}
