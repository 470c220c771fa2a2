// The reply box under a conversation: canned replies inserted at the cursor, Enter sends (Shift+Enter a new line),
// the refusal of a send (with Take over when another operator holds the chat).
import { useRef, useState, type KeyboardEvent } from 'react';
import { css } from '@emotion/react';
import type { CannedReply } from '@khela/contracts';
import { Button, controlStyle, ErrorText, Select, theme, useDensity, Row } from '@khela/web';
import { Spacer } from '../../../ui/layout';

export interface SendError {
  text: string;
  /** 409: another operator holds the chat. */
  takeOver?: boolean;
}

export function Composer(props: {
  canned: CannedReply[];
  sending: boolean;
  error: SendError | null;
  /** Sends the reply; resolves true when it was sent (the box is then emptied). */
  onSend: (content: string) => Promise<boolean>;
  onTakeOver: () => void;
}) {
  const density = useDensity();
  const [draft, setDraft] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);

  const send = async () => {
    const content = draft.trim();
    if (!content || props.sending) return;
    if (await props.onSend(content)) setDraft('');
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

  return (
    <div
      css={css`
        border-top: 1px solid ${theme.color.border};
        padding-top: 8px;
      `}
    >
      <div
        css={css`
          margin-bottom: 6px;
          select {
            width: 100%;
          }
        `}
      >
        <Select
          label="Insert canned reply"
          hideLabel
          value=""
          onChange={(id) => {
            const c = props.canned.find((x) => String(x.id) === id);
            if (c) insert(c.body);
          }}
          options={[
            { value: '', label: props.canned.length ? 'Insert canned reply…' : 'No canned replies yet' },
            ...props.canned.map((c) => ({ value: String(c.id), label: c.title })),
          ]}
        />
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
        css={[
          controlStyle(density),
          css`
            width: 100%;
            resize: vertical;
          `,
        ]}
      />
      <Row gap={8}>
        {props.error && (
          <ErrorText>
            {props.error.text}{' '}
            {props.error.takeOver && (
              <Button variant="secondary" onClick={props.onTakeOver}>
                Take over
              </Button>
            )}
          </ErrorText>
        )}
        <Spacer />
        <Button onClick={() => void send()} disabled={props.sending || !draft.trim()}>
          Send
        </Button>
      </Row>
    </div>
  );
}
