// The Responsible gaming page's layout: its sections, the grids of limits and forms, a limit's box.
import { css } from '@emotion/react';
import { mq, theme } from '@khela/web';

export const section = css`
  margin-top: 20px;
  h2 {
    font-size: 18px;
    margin: 0 0 8px;
  }
  h3 {
    font-size: 16px;
    margin: 16px 0 8px;
  }
`;
export const grid3 = css`
  display: grid;
  grid-template-columns: 1fr;
  gap: 12px;
  ${mq.desktop} {
    grid-template-columns: repeat(3, 1fr);
  }
`;
export const grid2 = css`
  display: grid;
  grid-template-columns: 1fr;
  gap: 16px;
  margin-top: 20px;
  & > * {
    margin-top: 0;
  }
  ${mq.desktop} {
    grid-template-columns: repeat(2, 1fr);
  }
`;
export const box = css`
  background: ${theme.color.surfaceRaised};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  padding: 12px;
  p {
    margin: 0 0 6px;
  }
`;
export const pendingCss = css`
  color: ${theme.color.warning};
  font-size: 14px;
`;
