// /chat and /chat/:chatId: the support desk. The queue on the left (desk/Queue), the conversation in the middle and
// the player on the right (desk/Conversation, with its bar, messages, reply box and player panel), the desk's times
// of the last 24 hours above (desk/DeskTimes).
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { css } from '@emotion/react';
import type { DeskTimes } from '@khela/contracts';
import { theme } from '@khela/web';
import { Screen, Toolbar, Spacer, RowTitle } from '../../ui/layout';
import { Conversation } from './desk/Conversation';
import { DeskTimesLine } from './desk/DeskTimes';
import { Queue } from './desk/Queue';
import { paneCss, UnreadCount } from './desk/styles';

export { conversationLine, duration } from './desk/times';

export function Desk() {
  const { chatId: raw } = useParams();
  const chatId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const [times, setTimes] = useState<DeskTimes | null>(null);
  const [unreadTotal, setUnreadTotal] = useState(0);

  return (
    <Screen
      css={css`
        padding-bottom: 0;
      `}
    >
      <Toolbar>
        <RowTitle>
          Support chat
          {unreadTotal > 0 && <UnreadCount count={unreadTotal} testId="desk-unread-total" />}
        </RowTitle>
        <Spacer />
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
        <Queue
          chatId={chatId}
          onSummary={(unread, t) => {
            setUnreadTotal(unread);
            setTimes(t);
          }}
        />
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
