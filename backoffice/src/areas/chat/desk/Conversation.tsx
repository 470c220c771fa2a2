// The conversation of one chat (middle pane: bar, messages, reply box) and the player beside it (right pane); live by
// the staff stream's `chat` events. Opening it moves the desk's read mark.
import { useCallback, useEffect, useState } from 'react';
import { css } from '@emotion/react';
import {
  staffCannedReplies,
  staffChat,
  staffChatAssign,
  staffChatClose,
  staffChatRead,
  staffChatReopen,
  staffChatReply,
  staffDeskAgents,
  type StaffPushPayload,
  type ResponseOf,
} from '@khela/contracts';
import { ApiError, ErrorText, LoadFailed, Spinner, errorText } from '@khela/web';
import { useStaffAccount, useStaff, useStaffEvent } from '../../../staff/context';
import { useStaffRead } from '../../../ui/read';
import { Composer, type SendError } from './Composer';
import { ConversationBar } from './ConversationBar';
import { MessageLog } from './MessageLog';
import { PlayerPanel } from './PlayerPanel';
import { paneCss } from './styles';

type Detail = ResponseOf<typeof staffChat>;

export function Conversation({ chatId }: { chatId: number }) {
  const { api } = useStaff();
  const me = useStaffAccount()!;
  const [detail, setDetail] = useState<Detail | null>(null);
  const [older, setOlder] = useState<Detail['messages']>([]);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<SendError | null>(null);
  // the canned replies and the agents to assign to: without them (a failed read) the lists are empty
  const canned = useStaffRead(
    useCallback(
      () => api.call(staffCannedReplies, { query: { page: 1, per_page: 200, sort: 'title', dir: 'asc' } as never }).then((r) => r.data),
      [api],
    ),
  );
  const agents = useStaffRead(useCallback(() => api.call(staffDeskAgents).then((r) => r.data), [api]));

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const d = await api.call(staffChat, { params: { chatId } });
      setDetail(d);
      setError(null);
      // the operator sees the player's messages now: move the desk's read mark
      if (d.chat.unread > 0) {
        await api.call(staffChatRead, { params: { chatId } });
        setDetail((cur) => (cur ? { ...cur, chat: { ...cur.chat, unread: 0 } } : cur));
      }
    } catch (err) {
      setError(err);
    } finally {
      setLoading(false);
    }
  }, [api, chatId]);

  useEffect(() => {
    void load();
  }, [load]);

  const onChat = useCallback(
    (e: StaffPushPayload<'chat'>) => {
      if (e.chatId === String(chatId)) void load();
    },
    [chatId, load],
  );
  useStaffEvent('chat', onChat);

  const send = async (content: string) => {
    setSending(true);
    setSendError(null);
    try {
      const { message } = await api.call(staffChatReply, { params: { chatId }, body: { content } });
      setDetail((cur) => (cur && !cur.messages.some((m) => m.id === message.id) ? { ...cur, messages: [...cur.messages, message] } : cur));
      void load();
      return true;
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      setSendError({ text: (err as Error).message, takeOver: status === 409 });
      return false;
    } finally {
      setSending(false);
    }
  };

  const setClosed = async (close: boolean) => {
    try {
      await api.call(close ? staffChatClose : staffChatReopen, { params: { chatId }, body: {} });
      setError(null);
      await load();
    } catch (err) {
      setError(err);
    }
  };

  const assign = async (staffId: number | null) => {
    try {
      await api.call(staffChatAssign, { params: { chatId }, body: { operator_id: staffId } });
      setSendError(null);
      await load();
    } catch (err) {
      setError(err);
    }
  };

  const loadOlder = async () => {
    const first = (older[0] ?? detail?.messages[0])?.id;
    if (!first) return;
    try {
      const d = await api.call(staffChat, { params: { chatId }, query: { before: first } });
      setOlder((o) => [...d.messages, ...o]);
      setDetail((cur) => (cur ? { ...cur, has_more: d.has_more } : cur));
    } catch (err) {
      setError(err);
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
        {error ? (
          <LoadFailed error={error} what="The chat could not be loaded." onRetry={load} retrying={loading} testId="desk-chat-error" />
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
          onClosed={(close) => void setClosed(close)}
        />
        <ErrorText>{error ? errorText(error) : null}</ErrorText>
        <MessageLog chat={chat} older={older} latest={detail.messages} hasMore={detail.has_more} onOlder={() => void loadOlder()} />
        <Composer canned={canned.data ?? []} sending={sending} error={sendError} onSend={send} onTakeOver={() => void assign(me.id)} />
      </section>
      <PlayerPanel player={player} />
    </>
  );
}
