import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { AsyncState, Button, CardList, CountBadge, Page, linkCard, PageHeader, truncate, useServerQuery, Caption } from '@khela/web';

/** /chat-list: the player's chats with the other side's name and the last message. */
export function ChatList() {
  const { t } = useTranslation('chat');
  // a pushed chat message refreshes the list (the query's topic); a logout forgets it (the page's client does)
  const list = useServerQuery(schemas.getChats, {}, { topics: ['chat'] });
  return (
    <Page data-testid="chat-list">
      <PageHeader
        title={t('list.title')}
        actions={
          <Link to="/chat">
            <Button as="span">{t('list.newChat')}</Button>
          </Link>
        }
      />
      <AsyncState query={list} isEmpty={(r) => r.chats.length === 0}>
        {({ chats }) => (
          <CardList>
            {chats.map((c) => (
              <li key={c.chat_id}>
                <Link to={`/chat-box/${c.chat_id}`} data-testid="chat-list-item" css={linkCard}>
                  <strong>{c.other_user.username}</strong>
                  {!!c.unread && (
                    <CountBadge
                      count={c.unread}
                      testId="chat-list-unread"
                      label={t('list.unread', { count: c.unread })}
                      css={css`
                        margin-left: 8px;
                      `}
                    />
                  )}
                  <Caption size="sm">{c.last_message ? truncate(c.last_message, 60) : t('list.noMessages')}</Caption>
                </Link>
              </li>
            ))}
          </CardList>
        )}
      </AsyncState>
    </Page>
  );
}
