/**
 * Design tokens: the one place for colours, sizes and fonts of the shell, every remote and the back office. A screen
 * that needs a value not here adds it here (or uses a kit component that already does), rather than a literal.
 */
export const theme = {
  color: {
    bg: '#0f1923',
    surface: '#17242f',
    surfaceRaised: '#1f3040',
    border: '#2c4255',
    text: '#f2f5f7',
    textMuted: '#a9b8c4',
    brand: '#ffb80c',
    brandText: '#1a1300',
    accent: '#14805e',
    success: '#22c55e',
    danger: '#f05252',
    warning: '#f59e0b',
    info: '#3b82f6',
    back: '#72bbef',
    lay: '#faa9ba',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  space: (n: number) => `${n * 4}px`,
  /**
   * Text sizes: xxs small print (stake limits, a winner's label), xs captions and badges, sm labels and dense tables,
   * md body of forms, lg/xl headings, title a section's title, display a page's title.
   */
  fontSize: { xxs: '11px', xs: '12px', sm: '13px', md: '14px', lg: '16px', title: '17px', xl: '18px', xxl: '20px', display: '22px' },
  /** Heights of inputs, selects and buttons: 44 px touch targets on the player site, 34 px in the dense back office. */
  control: { height: '44px', denseHeight: '34px' },
  font: {
    // Noto Sans Bengali is declared by the kit's global styles (ui/fonts.ts) for Bangla and the taka sign ৳ only
    // (unicode-range), so Latin text keeps the system font and a phone without a Bengali font shows no boxes.
    family: '"Hind Siliguri", "Noto Sans Bengali", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  mobileMax: 767,
  /**
   * Stacking order of everything fixed over the page, lowest first: a new overlay takes its place here rather than a
   * number of its own (a panel that offers something must never cover the menu or a dialog the player opened).
   */
  layer: {
    scrollTop: 15,
    sheet: 20,
    stickyHeader: 100,
    toolbar: 200,
    chatButton: 300,
    offer: 400,
    sideMenu: 900,
    dialog: 1000,
    splash: 2000,
    toast: 2500,
    skipLink: 3000,
    realityCheck: 4000,
  },
} as const;

export const mq = {
  mobile: `@media (max-width: ${theme.mobileMax}px)`,
  desktop: `@media (min-width: ${theme.mobileMax + 1}px)`,
};
