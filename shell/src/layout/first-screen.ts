import type { CSSObject } from '@emotion/react';
import { theme } from '@khela/web/theme';

/**
 * The boxes of the home page's first screen, written once. The React chrome (MobileChrome, DesktopChrome), the
 * home and its banner carousel are styled with them, and the production build turns the same objects into the CSS
 * of index.html's pre-paint (rspack.config.mjs, prepaintCss below): the header bar and the first banner painted
 * before the JavaScript has run sit exactly where React renders them, with no size copied by hand. Each box holds
 * only what decides where things are and how they look before React takes over; hover, focus, stacking and the
 * rest stay in the components.
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
 * The pre-paint's class of each box: index.html's inline script builds its elements with these classes, and
 * prepaintCss gives each class its box's styles.
 */
export const prepaintClasses = {
  'kp-mhead': 'mobileHeader',
  'kp-menu': 'menuButton',
  'kp-logo': 'mobileLogo',
  'kp-bar': 'desktopBar',
  'kp-bar-top': 'desktopTopRow',
  'kp-head': 'desktopHeader',
  'kp-row': 'desktopHeaderRow',
  'kp-logo-d': 'desktopLogo',
  'kp-nav': 'desktopNav',
  'kp-nav-row': 'desktopNavRow',
  'kp-home': 'home',
  'kp-banner': 'carouselViewport',
  'kp-slide': 'bannerSlide',
  'kp-link': 'slideLink',
  'kp-img': 'bannerImage',
} as const satisfies Record<string, keyof typeof firstScreen>;

/**
 * The pre-paint's stylesheet, each rule the box's object as emotion writes it (`serialize` is
 * `@emotion/serialize`'s serializeStyles, passed in so this module stays free of build-time imports).
 */
export function prepaintCss(serialize: (styles: CSSObject) => string): string {
  const rules = Object.entries(prepaintClasses).map(([cls, box]) => `.${cls}{${serialize(firstScreen[box])}}`);
  return [`html,body{${serialize(firstScreen.page)}}`, ...rules].join('\n');
}
