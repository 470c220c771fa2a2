import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { Button, Dot, Modal, NoData, Page, firstWords, DateTime, theme, useHost, useLoggedIn, useServerQuery } from '@khela/web';
import type { InboxMessage } from '@khela/contracts';
import { row, sectionTitle, muted } from '../ui';

/** /inbox: paged list with 5-word previews; opening marks read; Edit mode multi-selects for Read or Delete. */
export function Inbox() {
  const { t } = useTranslation('account');
  const { api, session } = useHost();
  const loggedIn = useLoggedIn();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<InboxMessage | null>(null);
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  // docs/README.md#spec-4: refreshed every 10 s while logged in; a pushed `inbox` event refreshes it at once (the query's topic)
  const list = useServerQuery(
    schemas.inboxListEndpoint,
    { query: { remote_id: session.player$.value?.remoteId || undefined, page } },
    { topics: ['inbox'], enabled: loggedIn, refetchInterval: schemas.INBOX_REFRESH_MS },
  );
  const lastPage = list.data?.data.last_page ?? 1;
  const items: InboxMessage[] | null = list.data ? list.data.data.data : list.error ? [] : null;
  useEffect(() => {
    if (list.error) console.error('[inbox] list', list.error);
  }, [list.error]);
  useEffect(() => {
    // a page emptied by deletes moves back to the last one there is
    if (list.data && list.data.data.last_page < page) setPage(list.data.data.last_page);
  }, [list.data, page]);
  const reload = () => list.refetch();

  const openMessage = async (m: InboxMessage) => {
    setOpen(m);
    try {
      const res = await api.call(schemas.inboxShowEndpoint, { params: { id: m.id } });
      setOpen(res.message);
      if (!res.message.is_read) {
        await api.call(schemas.inboxReadEndpoint, { params: { id: m.id } });
        await reload();
      }
    } catch (err) {
      console.error('[inbox] open', err);
    }
  };

  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const bulk = async (action: 'read' | 'delete') => {
    const ids = [...selected];
    const ep = action === 'read' ? schemas.inboxReadEndpoint : schemas.inboxDeleteEndpoint;
    await Promise.allSettled(ids.map((id) => api.call(ep, { params: { id } })));
    setSelected(new Set());
    setEditing(false);
    await reload();
  };

  return (
    <Page>
      <div css={[row, { justifyContent: 'space-between' }]}>
        <h1 css={sectionTitle}>{t('inbox.title')}</h1>
        {editing ? (
          <div css={row}>
            <Button variant="secondary" disabled={!selected.size} onClick={() => void bulk('read')}>
              {t('inbox.read')}
            </Button>
            <Button variant="danger" disabled={!selected.size} onClick={() => void bulk('delete')}>
              {t('inbox.delete')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setEditing(false);
                setSelected(new Set());
              }}
            >
              {t('inbox.cancel')}
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setEditing(true)} disabled={!items?.length}>
            {t('inbox.edit')}
          </Button>
        )}
      </div>
      {items === null ? null : items.length === 0 ? (
        <NoData />
      ) : (
        <ul css={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="inbox-list">
          {items.map((m) => (
            <li
              key={m.id}
              css={css`
                display: flex;
                align-items: center;
                gap: 8px;
                border-bottom: 1px solid ${theme.color.border};
              `}
            >
              {editing && (
                <input
                  type="checkbox"
                  aria-label={t('inbox.select', { title: m.title })}
                  checked={selected.has(m.id)}
                  onChange={() => toggle(m.id)}
                  css={{ width: 22, height: 22 }}
                />
              )}
              <button
                type="button"
                data-testid="inbox-item"
                data-read={m.is_read}
                onClick={() => (editing ? toggle(m.id) : void openMessage(m))}
                css={css`
                  flex: 1;
                  text-align: left;
                  background: none;
                  border: 0;
                  color: ${theme.color.text};
                  padding: 12px 4px;
                  cursor: pointer;
                  font: inherit;
                  min-height: 44px;
                `}
              >
                <div css={row}>
                  {!m.is_read && <Dot aria-label={t('inbox.unread')} />}
                  <strong css={{ fontWeight: m.is_read ? 400 : 700 }}>{m.title}</strong>
                </div>
                <div css={muted}>{firstWords(m.message, 5)}</div>
                <div css={muted}>
                  <DateTime value={m.created_at} zone testId="inbox-date" />
                </div>
              </button>
            </li>
          ))}
        </ul>
      )}
      {lastPage > 1 && (
        <div css={[row, { justifyContent: 'center', marginTop: 12 }]}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('inbox.prev')}
          </Button>
          <span>{t('inbox.page', { page, last: lastPage })}</span>
          <Button variant="secondary" disabled={page >= lastPage} onClick={() => setPage((p) => p + 1)}>
            {t('inbox.next')}
          </Button>
        </div>
      )}
      <Modal open={open !== null} title={open?.title ?? ''} onClose={() => setOpen(null)}>
        <p css={{ whiteSpace: 'pre-wrap' }} data-testid="inbox-message-body">
          {open?.message}
        </p>
        <p css={muted}>{open ? <DateTime value={open.created_at} zone testId="inbox-open-date" /> : ''}</p>
      </Modal>
    </Page>
  );
}
