// The bar above a conversation: the player, who holds the chat, its state and times, and Take / Release / Close /
// Reopen / Assign to.
import { css } from '@emotion/react';
import type { DeskStaff, ResponseOf, staffChat } from '@khela/contracts';
import { Button, Select, theme } from '@khela/web';
import { when } from '../../../ui/time';
import { conversationLine, duration, secondsBetween, who } from './times';
import { Spacer } from '../../../ui/layout';

type Chat = ResponseOf<typeof staffChat>['chat'];

export function ConversationBar(props: {
  chat: Chat;
  mine: boolean;
  meId: number;
  agents: DeskStaff[];
  onAssign: (staffId: number | null) => void;
  onClosed: (close: boolean) => void;
}) {
  const { chat, mine } = props;
  return (
    <div
      css={css`
        display: flex;
        gap: 8px;
        align-items: center;
        flex-wrap: wrap;
        font-size: 13px;
        padding-bottom: 8px;
        border-bottom: 1px solid ${theme.color.border};
        button {
          min-height: 30px;
          padding: 4px 10px;
        }
      `}
    >
      <strong
        css={css`
          font-size: 15px;
        `}
      >
        {chat.username}
      </strong>
      <span data-testid="desk-assigned">{chat.assigned ? `Assigned to ${who(chat.assigned)}${mine ? ' (you)' : ''}` : 'Unassigned'}</span>
      <span data-testid="desk-conversation-state">
        {chat.closed_at
          ? `Closed by ${who(chat.closed_by)} ${when(chat.closed_at)}${
              chat.opened_at ? ` · resolved in ${duration(secondsBetween(chat.opened_at, chat.closed_at))}` : ''
            }`
          : conversationLine(chat)}
      </span>
      <Spacer />
      {!mine && (
        <Button variant="secondary" onClick={() => props.onAssign(props.meId)}>
          {chat.assigned ? 'Take over' : 'Take'}
        </Button>
      )}
      {chat.assigned && (
        <Button variant="ghost" onClick={() => props.onAssign(null)}>
          Release
        </Button>
      )}
      {chat.closed_at ? (
        <Button variant="secondary" onClick={() => props.onClosed(false)}>
          Reopen
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => props.onClosed(true)}>
          Close chat
        </Button>
      )}
      <Select
        label="Assign to"
        hideLabel
        value=""
        onChange={(id) => id && props.onAssign(Number(id))}
        options={[
          { value: '', label: 'Assign to…' },
          ...props.agents
            .filter((a) => a.id !== chat.assigned?.id)
            .map((a) => ({ value: String(a.id), label: `${who(a)} (${a.username})` })),
        ]}
      />
    </div>
  );
}
