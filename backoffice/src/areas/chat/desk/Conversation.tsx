// The conversation of one chat (middle pane: bar, messages, reply box) and the player beside it (right pane); live by
// the staff stream's `chat` events. Opening it moves the desk's read mark.
import { useState } from 'react';
import { css } from '@emotion/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  staffCannedReplies,
  staffChat,
  staffChatAssign,
  staffChatClose,
  staffChatRead,
  staffChatReopen,
  staffChatReply,
  staffDeskAgents,
  type ResponseOf,
} from '@khela/contracts';
import { ApiError, ErrorText, LoadFailed, Spinner, errorText } from '@khela/web';
import { useStaffAccount, useStaff } from '../../../staff/context';
import { useStaffChange, useStaffData, useStaffQuery } from '../../../ui/query';
import { Composer, type SendError } from './Composer';
import { ConversationBar } from './ConversationBar';
import { MessageLog } from './MessageLog';
import { PlayerPanel } from './PlayerPanel';
import { paneCss } from './styles';

type Detail = ResponseOf<typeof staffChat>;

export function Conversation({ chatId }: { chatId: number }) {
  const { api } = useStaff();
  const queryClient = useQueryClient();
  const me = useStaffAccount()!;
  const [older, setOlder] = useState<Detail['messages']>([]);
  // whether messages before the oldest shown remain, once older ones were asked for
  const [olderHasMore, setOlderHasMore] = useState<boolean | null>(null);
  // the canned replies and the agents to assign to: without them (a failed read) the lists are empty
  const canned = useStaffQuery(
    staffCannedReplies,
    { query: { page: 1, per_page: 200, sort: 'title', dir: 'asc' } as never },
    { select: (r) => r.data },
  );
  const agents = useStaffQuery(staffDeskAgents, {}, { select: (r) => r.data });

  // the latest messages, read again on every event of this chat; the operator sees the player's messages now, so
  // reading them moves the desk's read mark (a failed mark stays unread until the next read)
  const key = ['staff-chat', chatId];
  const read = useStaffData(
    key,
    async (signal): Promise<Detail> => {
      const d = await api.call(staffChat, { params: { chatId }, signal });
      if (d.chat.unread === 0) return d;
      try {
        await api.call(staffChatRead, { params: { chatId } });
        return { ...d, chat: { ...d.chat, unread: 0 } };
      } catch {
        return d;
      }
    },
    { topics: ['chat'], onlyIf: (e) => (e.payload as { chatId?: string }).chatId === String(chatId) },
  );
  const detail = read.data ?? null;
  const reply = useStaffChange();
  const act = useStaffChange();
  const replyStatus = reply.error instanceof ApiError ? reply.error.status : 0;
  const sendError: SendError | null = reply.error ? { text: reply.error.message, takeOver: replyStatus === 409 } : null;
  const [olderError, setOlderError] = useState<unknown>(null);
  const error = act.error ?? olderError ?? read.error;

  const send = async (content: string) => {
    const r = await reply.run(staffChatReply, { params: { chatId }, body: { content } });
    if (!r) return false;
    // shown at once; the conversation is read again as every query after a change
    queryClient.setQueryData<Detail>(key, (cur) =>
      cur && !cur.messages.some((m) => m.id === r.message.id) ? { ...cur, messages: [...cur.messages, r.message] } : cur,
    );
    return true;
  };

  const setClosed = (close: boolean) => void act.run(close ? staffChatClose : staffChatReopen, { params: { chatId }, body: {} });

  const assign = async (staffId: number | null) => {
    if (await act.run(staffChatAssign, { params: { chatId }, body: { operator_id: staffId } })) reply.reset();
  };

  const loadOlder = async () => {
    const first = (older[0] ?? detail?.messages[0])?.id;
    if (!first) return;
    try {
      const d = await api.call(staffChat, { params: { chatId }, query: { before: first } });
      setOlder((o) => [...d.messages, ...o]);
      setOlderHasMore(d.has_more);
      setOlderError(null);
    } catch (err) {
      setOlderError(err);
    }
  };

  if (!detail) {
    return (
      <div
        css={css`
          ${paneCss};
          grid-column: span 2;
        `}
      >
        {read.error ? (
          <LoadFailed
            error={read.error}
            what="The chat could not be loaded."
            onRetry={read.refetch}
            retrying={read.isFetching}
            testId="desk-chat-error"
          />
        ) : (
          <Spinner />
        )}
      </div>
    );
  }

  const { chat, player } = detail;
  const mine = chat.assigned?.id === me.id;
  return (
    <>
      <section css={paneCss} data-testid="desk-conversation" aria-label={`Chat with ${chat.username}`}>
        <ConversationBar
          chat={chat}
          mine={mine}
          meId={me.id}
          agents={agents.data ?? []}
          onAssign={(id) => void assign(id)}
          onClosed={setClosed}
        />
        <ErrorText>{error ? errorText(error) : null}</ErrorText>
        <MessageLog
          chat={chat}
          older={older}
          latest={detail.messages}
          hasMore={olderHasMore ?? detail.has_more}
          onOlder={() => void loadOlder()}
        />
        <Composer
          canned={canned.data ?? []}
          sending={reply.pending}
          error={sendError}
          onSend={send}
          onTakeOver={() => void assign(me.id)}
        />
      </section>
      <PlayerPanel player={player} />
    </>
  );
}
