import { css } from '@emotion/react';
import { theme } from './theme';
import { bengaliFontFaces } from './fonts';

/** Page-wide base styles: the shell renders them once, and so does a remote's standalone QA host. */
export const globalStyles = css`
  ${bengaliFontFaces}
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html,
  body {
    margin: 0;
    background: ${theme.color.bg};
    color: ${theme.color.text};
    font-family: ${theme.font.family};
  }
  a {
    color: ${theme.color.brand};
  }
  button {
    font-family: inherit;
  }
`;
