// A conversation's messages (player left, support right), older ones on request, "Seen" on the last support message
// the player has read; scrolled to the newest.
import { useEffect, useRef } from 'react';
import { css } from '@emotion/react';
import type { ResponseOf, staffChat } from '@khela/contracts';
import { Button, theme } from '@khela/web';
import { when } from '../../../ui/time';
import { who } from './times';

type Detail = ResponseOf<typeof staffChat>;

export function MessageLog(props: {
  chat: Detail['chat'];
  /** The older messages asked for, then the latest page. */
  older: Detail['messages'];
  latest: Detail['messages'];
  hasMore: boolean;
  onOlder: () => void;
}) {
  const { chat } = props;
  const messages = [...props.older, ...props.latest];
  const end = useRef<HTMLDivElement>(null);
  // a new message scrolls to the end; older messages loaded above do not
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [props.latest.length]);
  const lastSupport = [...messages].reverse().find((m) => m.from === 'support');
  return (
    <div
      role="log"
      aria-label="Messages"
      aria-live="polite"
      css={css`
        height: calc(100vh - 330px);
        min-height: 280px;
        overflow-y: auto;
        display: flex;
        flex-direction: column;
        gap: 6px;
        padding: 8px 2px;
      `}
    >
      {props.hasMore && (
        <Button variant="ghost" onClick={props.onOlder}>
          Load older messages
        </Button>
      )}
      {messages.map((m) => (
        <div
          key={m.id}
          data-testid="desk-message"
          data-from={m.from}
          css={css`
            max-width: 78%;
            align-self: ${m.from === 'support' ? 'flex-end' : 'flex-start'};
            background: ${m.from === 'support' ? theme.color.accent : theme.color.surfaceRaised};
            border-radius: ${theme.radius.md};
            padding: 6px 10px;
            white-space: pre-wrap;
            word-break: break-word;
            font-size: 14px;
          `}
        >
          <div
            css={css`
              font-size: 11px;
              opacity: 0.75;
              margin-bottom: 2px;
            `}
          >
            {m.from === 'player' ? chat.username : m.operator ? who(m.operator) : 'Automatic greeting'} · {when(m.created_at)}
            {m.id === lastSupport?.id && chat.player_read_message_id !== null && chat.player_read_message_id >= m.id ? ' · Seen' : ''}
          </div>
          {m.content}
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}
