// the ambient type of imported font files, for every app whose compilation reaches this file through @khela/web
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./assets.d.ts" />
import { css } from '@emotion/react';
import regular from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2';
import semibold from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-600-normal.woff2';

/**
 * Bangla text (its dandas "।" included) and the taka sign ৳ (U+09F3) need a Bengali font: phones and desktops without
 * one show boxes. The page declares Noto Sans Bengali for those characters only (unicode-range), so a file (44 KB) is
 * fetched only when one is on screen, and text shows at once meanwhile (swap). The files are assets of @khela/web's
 * build, served from the origin of the app that provides it (the shell on the site, the back office on its own).
 */
const RANGE = 'U+0951-0952, U+0964-0965, U+0980-09FE, U+200C-200D, U+20B9, U+25CC';

export const bengaliFontFaces = css`
  @font-face {
    font-family: 'Noto Sans Bengali';
    src: url('${regular}') format('woff2');
    font-weight: 400;
    font-display: swap;
    unicode-range: ${RANGE};
  }
  @font-face {
    font-family: 'Noto Sans Bengali';
    src: url('${semibold}') format('woff2');
    font-weight: 600 700;
    font-display: swap;
    unicode-range: ${RANGE};
  }
`;
