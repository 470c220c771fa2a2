import { css } from '@emotion/react';
import styled from '@emotion/styled';
import { Card, ErrorText, StatusText, controlStyle, theme } from '@khela/web';

/** A dense desktop page: heading row, then content. */
export const Screen = styled.section`
  padding: 16px 20px;
  color: ${theme.color.text};
  h1 {
    font-size: 20px;
    margin: 0 0 12px;
  }
  h2 {
    font-size: 16px;
    margin: 16px 0 8px;
  }
`;

/** Label/value pairs (a player's profile, a market's details). */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  font-size: 13px;
  margin: 0;
  dt {
    color: ${theme.color.textMuted};
  }
  dd {
    margin: 0;
  }
`;

export const Toolbar = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
  flex-wrap: wrap;
  margin-bottom: 12px;
`;

/** Inputs and selects of every console form: the kit's control at the console's dense size (red-bordered when the API
 * refused the value). */
export const controlCss = controlStyle('dense');

/** A table of figures (money per currency, per runner): numbers right-aligned, the first column a label. */
export const figuresTableCss = css`
  border-collapse: collapse;
  font-size: 13px;
  th,
  td {
    padding: 6px 10px;
    border-bottom: 1px solid ${theme.color.border};
    text-align: right;
    white-space: nowrap;
  }
  th:first-of-type,
  td:first-of-type {
    text-align: left;
  }
  th {
    color: ${theme.color.textMuted};
    font-weight: 600;
  }
`;

/** Empty room that pushes what follows in a toolbar or a bar to the right. */
export const Spacer = styled.span`
  flex: 1;
`;

/** A page's heading inside a row (beside badges or links), without the heading's own margin. */
export const RowTitle = styled.h1`
  margin: 0 !important;
`;

/** A card among others on a page (a player's panels, a submission's facts): the room under it is the page's rhythm. */
export const PanelCard = styled(Card)`
  margin-bottom: 12px;
`;

/** A card's own heading (h2 or, with `as="h3"`), flush with the card's top. */
export const CardHeading = styled.h2`
  margin-top: 0 !important;
  margin-bottom: 8px;
`;

/**
 * A small muted note beside a form or a record (what a hold does, who sees a document): `place="above"` under what it
 * explains, else above what it introduces.
 */
export const Note = styled('p', { shouldForwardProp: (p) => p !== 'place' })<{ place?: 'above' | 'below' }>`
  font-size: ${theme.fontSize.xs};
  color: ${theme.color.textMuted};
  margin: ${(p) => (p.place === 'above' ? '8px 0 0' : '0 0 12px')};
`;

/** What a screen's last change did (the kit's calm status line) or why it was refused (its alert line). */
export function Outcome(props: { message: { ok: boolean; text: string } | null }) {
  if (!props.message) return null;
  return props.message.ok ? <StatusText>{props.message.text}</StatusText> : <ErrorText>{props.message.text}</ErrorText>;
}
