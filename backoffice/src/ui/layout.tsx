import styled from '@emotion/styled';
import { theme } from '@khela/web';

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
