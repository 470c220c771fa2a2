/** Design tokens shared by the shell and every remote. */
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
  font: {
    family: '"Hind Siliguri", "Noto Sans Bengali", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  mobileMax: 767,
} as const;

export const mq = {
  mobile: `@media (max-width: ${theme.mobileMax}px)`,
  desktop: `@media (min-width: ${theme.mobileMax + 1}px)`,
};
