import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  staffCannedReplies,
  staffChat,
  staffChatAssign,
  staffChatClose,
  staffChatRead,
  staffChatReopen,
  staffChatReply,
  staffChats,
  staffDeskAgents,
  type CannedReply,
  type DeskChat,
  type DeskOperator,
  type DeskTimes,
  type StaffPushPayload,
  type ResponseOf,
} from '@khela/contracts';
import { ApiError, Button, ErrorText, Select, Spinner, Tabs, theme } from '@khela/web';
import { useOperator, useStaff, useStaffEvent } from '../../staff/context';
import { DataTable } from '../../ui/DataTable';
import { Facts, Screen, Toolbar } from '../../ui/layout';
import { when, whenCell } from '../../ui/time';

type Detail = ResponseOf<typeof staffChat>;
type Filter = 'all' | 'mine' | 'unassigned';
type State = 'open' | 'closed' | 'all';

/** A duration as staff read it: "45 s", "3 min 20 s", "2 h 05 min", "1 d 3 h". */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}

const secondsBetween = (from: string | null, to: string | null) => (from && to ? (Date.parse(to) - Date.parse(from)) / 1000 : null);

/** A chat's conversation in one line: closed after how long, answered after how long, or waiting since when. */
export function conversationLine(c: DeskChat, now = Date.now()): string {
  if (c.closed_at) return `Closed${c.opened_at ? ` · resolved in ${duration(secondsBetween(c.opened_at, c.closed_at))}` : ''}`;
  if (!c.opened_at) return 'No message from the player yet';
  if (c.first_response_at) return `First response in ${duration(secondsBetween(c.opened_at, c.first_response_at))}`;
  return `No answer yet · waiting ${duration((now - Date.parse(c.opened_at)) / 1000)}`;
}

const badgeCss = css`
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

const paneCss = css`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  padding: 10px;
  min-width: 0;
`;

const who = (o: DeskOperator | null) => (o ? o.name || o.username : '');

/** /chat and /chat/:chatId: the queue on the left, the conversation in the middle, the player on the right. */
export function Desk() {
  const { api } = useStaff();
  const { chatId: raw } = useParams();
  const chatId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const [state, setState] = useState<State>('open');
  const [times, setTimes] = useState<DeskTimes | null>(null);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [tick, setTick] = useState(0);
  const [unreadTotal, setUnreadTotal] = useState(0);

  // every change in any chat (a message, an assignment, a read mark) reloads the queue's page
  const onChat = useCallback(() => setTick((t) => t + 1), []);
  useStaffEvent('chat', onChat);

  const small = css`
    display: block;
    font-size: 12px;
    color: ${theme.color.textMuted};
    max-width: 230px;
    overflow: hidden;
    text-overflow: ellipsis;
  `;
  const columns: ColumnDef<DeskChat, unknown>[] = [
    {
      id: 'player',
      header: 'Player · last message',
      enableSorting: false,
      cell: ({ row }) => (
        <span data-testid="queue-player">
          {row.original.id === chatId ? '▶ ' : ''}
          <strong>{row.original.username}</strong>
          {row.original.unread > 0 && (
            <span css={badgeCss} data-testid="queue-unread" aria-label={`${row.original.unread} unread`}>
              {row.original.unread}
            </span>
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
    <Screen
      css={css`
        padding-bottom: 0;
      `}
    >
      <Toolbar>
        <h1
          css={css`
            margin: 0 !important;
          `}
        >
          Support chat
          {unreadTotal > 0 && (
            <span css={badgeCss} data-testid="desk-unread-total">
              {unreadTotal}
            </span>
          )}
        </h1>
        <span
          css={css`
            flex: 1;
          `}
        />
        <Link to="/chat/canned">Canned replies</Link>
      </Toolbar>
      {times && <DeskTimesLine times={times} />}
      <div
        css={css`
          display: grid;
          /* the queue keeps room for its two columns (player, time) at 1440 px */
          grid-template-columns: minmax(420px, 1fr) minmax(360px, 1.4fr) minmax(240px, 0.7fr);
          gap: 12px;
          align-items: start;
        `}
      >
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
          <DataTable<DeskChat>
            testId="queue-table"
            columns={columns}
            rowKey={(r) => String(r.id)}
            reloadKey={`${filter}:${state}:${unreadOnly}:${tick}`}
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
            load={async (query) => {
              const r = await api.call(staffChats, { query: { ...query, filter, state, unread: unreadOnly ? '1' : '0' } as never });
              setUnreadTotal(r.unread_total);
              setTimes(r.times);
              return r;
            }}
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
        {chatId ? (
          <Conversation key={chatId} chatId={chatId} />
        ) : (
          <div
            css={css`
              ${paneCss};
              grid-column: span 2;
              color: ${theme.color.textMuted};
            `}
          >
            Pick a chat from the queue.
          </div>
        )}
      </div>
    </Screen>
  );
}

/** The conversation of one chat and the player's context beside it; live by the staff stream's `chat` events. */
function Conversation({ chatId }: { chatId: number }) {
  const { api } = useStaff();
  const me = useOperator()!;
  const [detail, setDetail] = useState<Detail | null>(null);
  const [older, setOlder] = useState<Detail['messages']>([]);
  const [error, setError] = useState('');
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<{ text: string; takeOver?: boolean } | null>(null);
  const [canned, setCanned] = useState<CannedReply[]>([]);
  const [agents, setAgents] = useState<DeskOperator[]>([]);
  const box = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      const d = await api.call(staffChat, { params: { chatId } });
      setDetail(d);
      setError('');
      // the operator sees the player's messages now: move the desk's read mark
      if (d.chat.unread > 0) {
        await api.call(staffChatRead, { params: { chatId } });
        setDetail((cur) => (cur ? { ...cur, chat: { ...cur.chat, unread: 0 } } : cur));
      }
    } catch (err) {
      setError((err as Error).message);
    }
  }, [api, chatId]);

  useEffect(() => {
    void load();
    api
      .call(staffCannedReplies, { query: { page: 1, per_page: 200, sort: 'title', dir: 'asc' } as never })
      .then((r) => setCanned(r.data))
      .catch(() => setCanned([]));
    api
      .call(staffDeskAgents)
      .then((r) => setAgents(r.data))
      .catch(() => setAgents([]));
  }, [api, load]);

  const onChat = useCallback(
    (e: StaffPushPayload<'chat'>) => {
      if (e.chatId === String(chatId)) void load();
    },
    [chatId, load],
  );
  useStaffEvent('chat', onChat);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [detail?.messages.length]);

  const send = async () => {
    const content = draft.trim();
    if (!content || sending) return;
    setSending(true);
    setSendError(null);
    try {
      const { message } = await api.call(staffChatReply, { params: { chatId }, body: { content } });
      setDraft('');
      setDetail((cur) => (cur && !cur.messages.some((m) => m.id === message.id) ? { ...cur, messages: [...cur.messages, message] } : cur));
      void load();
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      setSendError({ text: (err as Error).message, takeOver: status === 409 });
    } finally {
      setSending(false);
    }
  };

  const setClosed = async (close: boolean) => {
    try {
      await api.call(close ? staffChatClose : staffChatReopen, { params: { chatId }, body: {} });
      setError('');
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const assign = async (operatorId: number | null) => {
    try {
      await api.call(staffChatAssign, { params: { chatId }, body: { operator_id: operatorId } });
      setSendError(null);
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const loadOlder = async () => {
    const first = (older[0] ?? detail?.messages[0])?.id;
    if (!first) return;
    const d = await api.call(staffChat, { params: { chatId }, query: { before: first } });
    setOlder((o) => [...d.messages, ...o]);
    setDetail((cur) => (cur ? { ...cur, has_more: d.has_more } : cur));
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const insert = (text: string) => {
    const el = box.current;
    const start = el?.selectionStart ?? draft.length;
    const stop = el?.selectionEnd ?? draft.length;
    const next = draft.slice(0, start) + text + draft.slice(stop);
    setDraft(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  if (!detail) {
    return (
      <div
        css={css`
          ${paneCss};
          grid-column: span 2;
        `}
      >
        {error ? <ErrorText>{error}</ErrorText> : <Spinner />}
      </div>
    );
  }

  const { chat, player } = detail;
  const messages = [...older, ...detail.messages];
  const mine = chat.assigned?.id === me.id;
  const lastSupport = [...messages].reverse().find((m) => m.from === 'support');
  return (
    <>
      <section css={paneCss} data-testid="desk-conversation" aria-label={`Chat with ${chat.username}`}>
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
          <span data-testid="desk-assigned">
            {chat.assigned ? `Assigned to ${who(chat.assigned)}${mine ? ' (you)' : ''}` : 'Unassigned'}
          </span>
          <span data-testid="desk-conversation-state">
            {chat.closed_at
              ? `Closed by ${who(chat.closed_by)} ${when(chat.closed_at)}${
                  chat.opened_at ? ` · resolved in ${duration(secondsBetween(chat.opened_at, chat.closed_at))}` : ''
                }`
              : conversationLine(chat)}
          </span>
          <span
            css={css`
              flex: 1;
            `}
          />
          {!mine && (
            <Button variant="secondary" onClick={() => void assign(me.id)}>
              {chat.assigned ? 'Take over' : 'Take'}
            </Button>
          )}
          {chat.assigned && (
            <Button variant="ghost" onClick={() => void assign(null)}>
              Release
            </Button>
          )}
          {chat.closed_at ? (
            <Button variant="secondary" onClick={() => void setClosed(false)}>
              Reopen
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => void setClosed(true)}>
              Close chat
            </Button>
          )}
          <select
            aria-label="Assign to"
            value=""
            onChange={(e) => e.target.value && void assign(Number(e.target.value))}
            css={css`
              background: ${theme.color.surfaceRaised};
              color: ${theme.color.text};
              border: 1px solid ${theme.color.border};
              border-radius: ${theme.radius.sm};
              padding: 4px;
            `}
          >
            <option value="">Assign to…</option>
            {agents
              .filter((a) => a.id !== chat.assigned?.id)
              .map((a) => (
                <option key={a.id} value={a.id}>
                  {who(a)} ({a.username})
                </option>
              ))}
          </select>
        </div>
        {error && <ErrorText>{error}</ErrorText>}
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
          {detail.has_more && (
            <Button variant="ghost" onClick={() => void loadOlder()}>
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
        <div
          css={css`
            border-top: 1px solid ${theme.color.border};
            padding-top: 8px;
          `}
        >
          <div
            css={css`
              display: flex;
              gap: 8px;
              margin-bottom: 6px;
            `}
          >
            <select
              aria-label="Insert canned reply"
              value=""
              onChange={(e) => {
                const c = canned.find((x) => String(x.id) === e.target.value);
                if (c) insert(c.body);
              }}
              css={css`
                flex: 1;
                background: ${theme.color.surfaceRaised};
                color: ${theme.color.text};
                border: 1px solid ${theme.color.border};
                border-radius: ${theme.radius.sm};
                padding: 6px;
              `}
            >
              <option value="">{canned.length ? 'Insert canned reply…' : 'No canned replies yet'}</option>
              {canned.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>
          <textarea
            ref={box}
            aria-label="Reply"
            placeholder="Write a reply (Enter sends, Shift+Enter for a new line)"
            value={draft}
            maxLength={2000}
            rows={3}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKey}
            css={css`
              width: 100%;
              box-sizing: border-box;
              resize: vertical;
              background: ${theme.color.surfaceRaised};
              color: ${theme.color.text};
              border: 1px solid ${theme.color.border};
              border-radius: ${theme.radius.sm};
              padding: 8px;
              font: inherit;
            `}
          />
          <div
            css={css`
              display: flex;
              gap: 8px;
              align-items: center;
            `}
          >
            {sendError && (
              <ErrorText>
                {sendError.text}{' '}
                {sendError.takeOver && (
                  <Button variant="secondary" onClick={() => void assign(me.id)}>
                    Take over
                  </Button>
                )}
              </ErrorText>
            )}
            <span
              css={css`
                flex: 1;
              `}
            />
            <Button onClick={() => void send()} disabled={sending || !draft.trim()}>
              Send
            </Button>
          </div>
        </div>
      </section>
      <aside css={paneCss} data-testid="desk-player" aria-label="Player">
        <h2
          css={css`
            margin-top: 0 !important;
          `}
        >
          Player
        </h2>
        <Facts>
          <dt>Username</dt>
          <dd>
            <Link to={`/players/${player.id}`}>{player.username}</Link>
          </dd>
          <dt>Player id</dt>
          <dd>{player.id}</dd>
          <dt>Name</dt>
          <dd>{player.name ?? '—'}</dd>
          <dt>Status</dt>
          <dd data-testid="desk-player-status">{player.status}</dd>
          <dt>Currency</dt>
          <dd>{player.currency}</dd>
          <dt>Balance</dt>
          <dd data-testid="desk-player-balance">
            {player.balance} {player.currency}
          </dd>
          <dt>Phone</dt>
          <dd>
            {player.phone ?? '—'} {player.phone_verified ? '✓ verified' : '(not verified)'}
          </dd>
          <dt>E-mail</dt>
          <dd>{player.email_verified ? 'verified' : 'not verified'}</dd>
          <dt>Joined</dt>
          <dd>{when(player.created_at)}</dd>
        </Facts>
        <h2>Last payments</h2>
        {player.transactions.length === 0 ? (
          <p
            css={css`
              color: ${theme.color.textMuted};
              font-size: 13px;
            `}
          >
            None yet
          </p>
        ) : (
          <table
            css={css`
              width: 100%;
              font-size: 12px;
              border-collapse: collapse;
              td {
                padding: 3px 4px;
                border-bottom: 1px solid ${theme.color.border};
              }
            `}
          >
            <tbody>
              {player.transactions.map((t) => (
                <tr key={t.id}>
                  <td>{t.action === 'deposit' ? 'Deposit' : 'Withdrawal'}</td>
                  <td>
                    {t.amount} {t.currency}
                  </td>
                  <td>{['Pending', 'Success', 'Failed'][t.status] ?? t.status}</td>
                  <td>{when(t.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </aside>
    </>
  );
}

/** The desk's first-response and resolution times of the last 24 hours (median, with the mean beside it). */
function DeskTimesLine({ times: t }: { times: DeskTimes }) {
  return (
    <div
      data-testid="desk-times"
      css={css`
        font-size: 13px;
        color: ${theme.color.textMuted};
        margin: 0 0 8px;
        strong {
          color: ${theme.color.text};
        }
      `}
    >
      Last 24 h · first response: median <strong>{duration(t.first_response_median_seconds)}</strong> (mean{' '}
      {duration(t.first_response_avg_seconds)}) over {t.answered} answered, {t.unanswered} still waiting · resolution: median{' '}
      <strong>{duration(t.resolution_median_seconds)}</strong> (mean {duration(t.resolution_avg_seconds)}) over {t.resolved} closed
      {t.by_operator && t.by_operator.length > 0 && (
        <details data-testid="desk-times-operators">
          <summary>By operator ({t.by_operator.length})</summary>
          <table
            css={css`
              border-collapse: collapse;
              margin-top: 4px;
              th,
              td {
                padding: 2px 10px 2px 0;
                text-align: left;
                white-space: nowrap;
              }
            `}
          >
            <thead>
              <tr>
                <th>Operator</th>
                <th>First responses</th>
                <th>Median (mean)</th>
                <th>Closed</th>
                <th>Median (mean)</th>
              </tr>
            </thead>
            <tbody>
              {t.by_operator.map((o) => (
                <tr key={o.operator_id} data-testid={`desk-times-${o.username}`}>
                  <td>{o.username}</td>
                  <td>{o.answered}</td>
                  <td>
                    {duration(o.first_response_median_seconds)} ({duration(o.first_response_avg_seconds)})
                  </td>
                  <td>{o.resolved}</td>
                  <td>
                    {duration(o.resolution_median_seconds)} ({duration(o.resolution_avg_seconds)})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}
