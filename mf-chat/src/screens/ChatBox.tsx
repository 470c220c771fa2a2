import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  ApiError,
  Button,
  DateTime,
  ErrorText,
  Input,
  Notice,
  Spinner,
  endpointKey,
  theme,
  useHost,
  usePageQueryClient,
  useServerQuery,
  Heading,
} from '@khela/web';

/** The chat box polls as a fallback for the push channel. */
export const CHAT_POLL_MS = 5_000;

/** docs/README.md#spec-5: empty or whitespace-only messages are ignored. */
export function messageToSend(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

type LoadError = 'forbidden' | 'notFound' | 'loadFailed';

/** Why the conversation could not be shown, as the box words it. */
const loadErrorOf = (err: unknown): LoadError => {
  const status = err instanceof ApiError ? err.status : 0;
  return status === 403 ? 'forbidden' : status === 404 ? 'notFound' : 'loadFailed';
};

/** /chat-box/:chatId */
export function ChatBox() {
  const { t } = useTranslation(['chat', 'common']);
  const { api, bus, isMobile } = useHost();
  const queries = usePageQueryClient();
  const { chatId: rawId } = useParams();
  const chatId = Number(rawId);
  const valid = Number.isInteger(chatId) && chatId > 0;
  const call = { params: { chatId } };
  // read when opened, again on a pushed chat message (the query's topic) and every CHAT_POLL_MS while the page is
  // visible, as a fallback for the push channel
  const conversation = useServerQuery(schemas.getChatMessages, call, {
    enabled: valid,
    topics: ['chat'],
    refetchInterval: CHAT_POLL_MS,
    staleTime: 0,
    select: (r) => r.messages,
  });
  // logout drops the conversation from what is shown at once (the page's client forgets the query)
  const [dropped, setDropped] = useState(false);
  const messages = dropped ? [] : (conversation.data ?? null);
  const loadError: LoadError | null = !valid ? 'notFound' : conversation.error ? loadErrorOf(conversation.error) : null;
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState('');
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const out = bus.on('logout').subscribe(() => {
      setDropped(true);
      setDraft('');
    });
    return () => out.unsubscribe();
  }, [bus]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages?.length]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const content = messageToSend(draft);
    if (!content || sending) return;
    setSending(true);
    setSendError('');
    try {
      const res = await api.call(schemas.sendMessage, { body: { chat_id: chatId, sender_id: schemas.LEGACY_SENDER_ID, content } });
      queries.setQueryData<{ messages: schemas.ChatMessage[] }>(endpointKey(schemas.getChatMessages, call), (prev) =>
        prev && !prev.messages.some((m) => m.id === res.data.id) ? { ...prev, messages: [...prev.messages, res.data] } : prev,
      );
      setDraft('');
    } catch (err) {
      console.warn('[chat] send failed', err);
      setSendError(t('chat:box.sendFailed'));
    } finally {
      setSending(false);
    }
  };

  if (loadError && messages === null) {
    return (
      <Notice
        testId="chat-box-error"
        css={css`
          margin: 16px;
        `}
      >
        <p>{t(`chat:box.${loadError}`)}</p>
        <Link to="/chat-list">{t('chat:box.back')}</Link>
      </Notice>
    );
  }

  return (
    <div
      data-testid="chat-box"
      css={css`
        display: flex;
        flex-direction: column;
        height: ${isMobile ? '100dvh' : 'calc(100dvh - 200px)'};
        min-height: 360px;
        max-width: 720px;
        margin: 0 auto;
      `}
    >
      <div
        css={css`
          display: flex;
          align-items: center;
          gap: 8px;
          padding: 10px 12px;
          border-bottom: 1px solid ${theme.color.border};
        `}
      >
        <Link
          to="/chat-list"
          aria-label={t('chat:box.back')}
          css={css`
            text-decoration: none;
            font-size: 20px;
          `}
        >
          ←
        </Link>
        <Heading as="h1" size="title">
          {t('chat:title')}
        </Heading>
      </div>
      <div
        role="log"
        aria-label={t('chat:box.messages')}
        aria-live="polite"
        css={css`
          flex: 1;
          overflow-y: auto;
          padding: 12px;
          display: flex;
          flex-direction: column;
          gap: 8px;
        `}
      >
        {messages === null ? (
          <Spinner />
        ) : (
          messages.map((m) => (
            <div
              key={m.id}
              data-testid="chat-message"
              data-from={m.from_support ? 'support' : 'me'}
              css={css`
                max-width: 80%;
                align-self: ${m.from_support ? 'flex-start' : 'flex-end'};
                padding: 8px 12px;
                border-radius: ${theme.radius.md};
                background: ${m.from_support ? theme.color.surfaceRaised : theme.color.accent};
                color: #fff;
                white-space: pre-wrap;
                word-break: break-word;
              `}
            >
              <div
                css={css`
                  font-size: 11px;
                  opacity: 0.75;
                  margin-bottom: 2px;
                `}
              >
                {m.from_support ? t('chat:box.support') : t('chat:box.you')} · <DateTime value={m.created_at} zone testId="chat-time" />
              </div>
              {m.content}
            </div>
          ))
        )}
        <div ref={endRef} />
      </div>
      <form
        onSubmit={send}
        css={css`
          display: flex;
          gap: 8px;
          padding: 10px 12px;
          border-top: 1px solid ${theme.color.border};
        `}
      >
        <Input
          aria-label={t('chat:box.placeholder')}
          placeholder={t('chat:box.placeholder')}
          value={draft}
          maxLength={schemas.CHAT_MESSAGE_MAX}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" disabled={sending}>
          {t('chat:box.send')}
        </Button>
      </form>
      {sendError && (
        <ErrorText
          css={css`
            padding: 0 12px 8px;
          `}
        >
          {sendError}
        </ErrorText>
      )}
    </div>
  );
}
