// The desk's panes and its unread count.
import { css } from '@emotion/react';
import { theme } from '@khela/web';

/** One of the desk's three panes (queue, conversation, player). */
export const paneCss = css`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  padding: 10px;
  min-width: 0;
`;

const countCss = css`
  display: inline-block;
  min-width: 18px;
  padding: 0 6px;
  margin-left: 6px;
  border-radius: ${theme.radius.pill};
  background: ${theme.color.danger};
  color: #fff;
  font-size: 11px;
  font-weight: 700;
  line-height: 18px;
  text-align: center;
`;

/** A red count of unread messages (beside a chat in the queue, beside the desk's heading). */
export function UnreadCount(props: { count: number; testId: string; label?: string }) {
  return (
    <span css={countCss} data-testid={props.testId} aria-label={props.label}>
      {props.count}
    </span>
  );
}
