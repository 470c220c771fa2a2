// The desk's queue (left pane): all, mine or unassigned chats, open or closed, unread only; one row per chat with its
// last message, assignee and times. Reloaded by any `chat` event of the staff stream.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import { staffChats, type DeskChat, type DeskTimes, type ResponseOf } from '@khela/contracts';
import { Select, Tabs, theme } from '@khela/web';
import { DataTable, useStaffPages } from '../../../ui/DataTable';
import { whenCell } from '../../../ui/time';
import { paneCss, UnreadCount } from './styles';
import { conversationLine, who } from './times';

type Filter = 'all' | 'mine' | 'unassigned';
type State = 'open' | 'closed' | 'all';

const small = css`
  display: block;
  font-size: 12px;
  color: ${theme.color.textMuted};
  max-width: 230px;
  overflow: hidden;
  text-overflow: ellipsis;
`;

/** `onSummary` gets the desk's figures each page of the queue brings (unread in all chats, the last 24 h's times). */
export function Queue(props: { chatId: number | null; onSummary: (unreadTotal: number, times: DeskTimes) => void }) {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const [state, setState] = useState<State>('open');
  const [unreadOnly, setUnreadOnly] = useState(false);
  // every change in any chat (a message, an assignment, a read mark) reloads the queue's page
  const source = useStaffPages(staffChats, (query) => ({ query: { ...query, filter, state, unread: unreadOnly ? '1' : '0' } as never }), {
    topics: ['chat'],
  });

  const columns: ColumnDef<DeskChat, unknown>[] = [
    {
      id: 'player',
      header: 'Player · last message',
      enableSorting: false,
      cell: ({ row }) => (
        <span data-testid="queue-player">
          {row.original.id === props.chatId ? '▶ ' : ''}
          <strong>{row.original.username}</strong>
          {row.original.unread > 0 && (
            <UnreadCount count={row.original.unread} testId="queue-unread" label={`${row.original.unread} unread`} />
          )}
          <span
            css={[
              small,
              row.original.awaiting &&
                css`
                  color: ${theme.color.text};
                `,
            ]}
            title={row.original.last_message ?? ''}
          >
            {row.original.awaiting ? '● ' : ''}
            {row.original.last_message ?? ''}
          </span>
        </span>
      ),
    },
    {
      id: 'last_message_at',
      header: 'Last (GMT+6) · assigned',
      cell: ({ row }) => (
        <span>
          {whenCell(row.original.last_message_at)}
          <span css={small}>{who(row.original.assigned) || 'Unassigned'}</span>
          <span css={small} data-testid="queue-times">
            {conversationLine(row.original)}
          </span>
        </span>
      ),
    },
  ];

  return (
    <div css={paneCss} data-testid="desk-queue">
      <Tabs<Filter>
        label="Queue filter"
        value={filter}
        onChange={setFilter}
        tabs={[
          { key: 'all', label: 'All' },
          { key: 'mine', label: 'Mine' },
          { key: 'unassigned', label: 'Unassigned' },
        ]}
      />
      <DataTable<DeskChat, ResponseOf<typeof staffChats>>
        testId="queue-table"
        columns={columns}
        rowKey={(r) => String(r.id)}
        reloadKey={`${filter}:${state}:${unreadOnly}`}
        perPage={25}
        searchPlaceholder="Username or player id"
        toolbar={
          <>
            <Select<State>
              label="State"
              hideLabel
              value={state}
              onChange={setState}
              options={[
                { value: 'open', label: 'Open' },
                { value: 'closed', label: 'Closed' },
                { value: 'all', label: 'Open and closed' },
              ]}
            />
            <label
              css={css`
                font-size: 13px;
                display: flex;
                gap: 4px;
                align-items: center;
              `}
            >
              <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} />
              Unread only
            </label>
          </>
        }
        source={source}
        onPage={(r) => props.onSummary(r.unread_total, r.times)}
        onRowClick={(row) => navigate(`/chat/${row.id}`)}
        csv={{
          name: 'support-chats',
          columns: [
            { header: 'chat_id', value: (r) => r.id },
            { header: 'player_id', value: (r) => r.player_id },
            { header: 'username', value: (r) => r.username },
            { header: 'awaiting', value: (r) => r.awaiting },
            { header: 'unread', value: (r) => r.unread },
            { header: 'assigned', value: (r) => r.assigned?.username ?? '' },
            { header: 'last_message', value: (r) => r.last_message ?? '' },
            { header: 'last_message_at', value: (r) => r.last_message_at },
            { header: 'opened_at', value: (r) => r.opened_at },
            { header: 'first_response_at', value: (r) => r.first_response_at },
            { header: 'closed_at', value: (r) => r.closed_at },
          ],
        }}
      />
    </div>
  );
}
