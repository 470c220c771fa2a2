import styled from '@emotion/styled';
import { mq, theme } from '@khela/web';

/**
 * A button of the exchange's header (the menu, the notices bell, Bets): bordered, 36 px high, on the surface colour,
 * its content centred. `glyph`: a one-character icon at 18 px; `mobileOnly`: hidden on a desktop (the menu, whose
 * links the site's header has there).
 */
export const HeaderButton = styled('button', { shouldForwardProp: (p) => p !== 'glyph' && p !== 'mobileOnly' })<{
  glyph?: boolean;
  mobileOnly?: boolean;
}>`
  position: relative;
  appearance: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  border-radius: ${theme.radius.sm};
  min-width: 40px;
  min-height: 36px;
  padding: 0 10px;
  font: inherit;
  font-size: ${(p) => (p.glyph ? '18px' : theme.fontSize.sm)};
  font-weight: 700;
  cursor: pointer;
  ${(p) => (p.mobileOnly ? `${mq.desktop} { display: none; }` : '')}
`;
