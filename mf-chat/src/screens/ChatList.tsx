import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { AsyncState, Button, Page, theme, truncate, useServerQuery } from '@khela/web';

/** /chat-list: the player's chats with the other side's name and the last message. */
export function ChatList() {
  const { t } = useTranslation('chat');
  // a pushed chat message refreshes the list (the query's topic); a logout forgets it (the page's client does)
  const list = useServerQuery(schemas.getChats, {}, { topics: ['chat'] });
  return (
    <Page data-testid="chat-list">
      <div
        css={css`
          display: flex;
          justify-content: space-between;
          align-items: center;
          margin-bottom: 12px;
        `}
      >
        <h1
          css={css`
            margin: 0;
            font-size: 20px;
          `}
        >
          {t('list.title')}
        </h1>
        <Link to="/chat">
          <Button as="span">{t('list.newChat')}</Button>
        </Link>
      </div>
      <AsyncState query={list} isEmpty={(r) => r.chats.length === 0}>
        {({ chats }) => (
          <ul
            css={css`
              list-style: none;
              margin: 0;
              padding: 0;
            `}
          >
            {chats.map((c) => (
              <li key={c.chat_id}>
                <Link
                  to={`/chat-box/${c.chat_id}`}
                  data-testid="chat-list-item"
                  css={css`
                    display: block;
                    padding: 12px;
                    margin-bottom: 8px;
                    border-radius: ${theme.radius.md};
                    background: ${theme.color.surface};
                    border: 1px solid ${theme.color.border};
                    text-decoration: none;
                    color: ${theme.color.text};
                  `}
                >
                  <strong>{c.other_user.username}</strong>
                  {!!c.unread && (
                    <span
                      data-testid="chat-list-unread"
                      aria-label={t('list.unread', { count: c.unread })}
                      css={css`
                        display: inline-block;
                        min-width: 18px;
                        margin-left: 8px;
                        padding: 0 6px;
                        border-radius: ${theme.radius.pill};
                        background: ${theme.color.danger};
                        color: #fff;
                        font-size: 11px;
                        font-weight: 700;
                        line-height: 18px;
                        text-align: center;
                      `}
                    >
                      {c.unread}
                    </span>
                  )}
                  <div
                    css={css`
                      font-size: 13px;
                      color: ${theme.color.textMuted};
                      margin-top: 4px;
                    `}
                  >
                    {c.last_message ? truncate(c.last_message, 60) : t('list.noMessages')}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </AsyncState>
    </Page>
  );
}
