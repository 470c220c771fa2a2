import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  Button,
  CountBadge,
  DateTime,
  LoadFailed,
  Modal,
  endpointKey,
  theme,
  useHost,
  useLoggedIn,
  usePageQueryClient,
  useHydrated,
  useServerQuery,
  Text,
  PlainList,
} from '@khela/web';
import { useTrading } from './context';
import { useThrottled } from './live';
import { HeaderButton } from '../components/HeaderButton';
import { useMessageText } from './MessageBox';

/** Notices read per page of the bell's list. */
export const NOTICES_PAGE = 20;

type Notice = schemas.ExchangeNotice;

/**
 * The bell of bet outcomes: every notice the server kept for the player (it survives a reload and follows the player to
 * another device), newest first, unread ones marked, paged with "Show more". The unread count follows the per-player
 * push (another player matched a bet, a delay ended, a market settled) and the bets the page itself saw change;
 * opening the list marks what it shows read.
 */
export function NoticeBell() {
  const { t } = useTranslation(['exchange', 'common']);
  const { api, bus } = useHost();
  const loggedIn = useLoggedIn();
  const { messages } = useTrading();
  const text = useMessageText();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<Notice[] | null>(null);
  const [page, setPage] = useState({ at: 0, last: 1 });
  const [error, setError] = useState(false);
  const opts = { token: 'exchange' as const };

  // the unread count is server state (read on log-in, forgotten on log-out); the list's reads update it in place
  const client = usePageQueryClient();
  const countCall = { ...opts, query: { page: 1, per_page: 1 } };
  const counted = useServerQuery(schemas.listExchangeNotices, countCall, { enabled: loggedIn, staleTime: 0 });
  const unread = loggedIn ? (counted.data?.unread ?? 0) : 0;
  const setUnread = (n: number) =>
    client.setQueryData<schemas.ResponseOf<typeof schemas.listExchangeNotices>>(
      endpointKey(schemas.listExchangeNotices, countCall),
      (old) => (old ? { ...old, unread: n } : old),
    );
  const refetchCount = counted.refetch;
  const recount = useThrottled(() => void refetchCount(), 1_000);

  useEffect(() => {
    if (!loggedIn) setList(null);
  }, [loggedIn]);
  // a new outcome the page saw, or a push that the player's bets changed: the count is read again
  const newest = messages[0]?.id;
  useEffect(() => {
    if (loggedIn && newest !== undefined) recount();
  }, [newest, loggedIn, recount]);
  useEffect(() => {
    const s = bus.on('odds').subscribe((e) => e.bets && recount());
    return () => s.unsubscribe();
  }, [bus, recount]);

  const load = async (p: number) => {
    setError(false);
    try {
      const r = await api.call(schemas.listExchangeNotices, { ...opts, query: { page: p, per_page: NOTICES_PAGE } });
      setList((prev) => (p === 1 ? r.data : [...(prev ?? []), ...r.data]));
      setPage({ at: p, last: r.last_page });
      const fresh = r.data.filter((n) => !n.read).map((n) => n.id);
      setUnread(r.unread);
      if (fresh.length) {
        const left = await api.call(schemas.readExchangeNotices, { ...opts, body: { ids: fresh } });
        setUnread(left.unread);
      }
    } catch {
      setError(true);
    }
  };

  const hydrated = useHydrated();
  // the server's page and the hydrating render do not know the player (/odds-view is a player's page): the bell's room
  // is kept there, hidden, so the header's buttons do not move when it shows (issue 31, CLS)
  if (!hydrated)
    return (
      <HeaderButton type="button" aria-hidden tabIndex={-1} css={{ visibility: 'hidden' }}>
        <BellIcon />
      </HeaderButton>
    );
  if (!loggedIn) return null;
  return (
    <>
      <HeaderButton
        type="button"
        data-testid="notice-bell"
        aria-label={t('exchange:notices.open', { count: unread })}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          setList(null);
          void load(1);
        }}
      >
        <BellIcon />
        <CountBadge
          count={unread}
          testId="notice-unread"
          css={css`
            position: absolute;
            top: -6px;
            right: -6px;
            padding: 0 4px;
          `}
        />
      </HeaderButton>
      <Modal open={open} title={t('exchange:notices.title')} onClose={() => setOpen(false)}>
        {error && (
          <LoadFailed error={null} message={t('exchange:notices.failed')} onRetry={() => load(Math.max(1, page.at + (list ? 1 : 0)))} />
        )}
        {list === null && !error && <p>{t('common:loading')}</p>}
        {list?.length === 0 && <p data-testid="notices-empty">{t('exchange:notices.empty')}</p>}
        {list && list.length > 0 && (
          <PlainList as="ol" data-testid="notice-list">
            {list.map((n) => (
              <li
                key={n.id}
                data-testid="notice"
                data-kind={n.kind}
                data-read={n.read}
                css={css`
                  padding: 8px 0 8px 8px;
                  border-bottom: 1px solid ${theme.color.border};
                  border-left: 3px solid ${n.read ? 'transparent' : theme.color.brand};
                  font-size: 13px;
                `}
              >
                <div>{text({ id: 0, kind: n.kind, at: 0, bet: n.bet })}</div>
                <Text tone="muted" size="xxs">
                  <DateTime value={n.created_at} zone />
                </Text>
              </li>
            ))}
          </PlainList>
        )}
        {list && page.at < page.last && (
          <Button variant="secondary" onClick={() => void load(page.at + 1)} css={{ marginTop: 8 }}>
            {t('exchange:notices.more')}
          </Button>
        )}
      </Modal>
    </>
  );
}

/** Drawn, not a glyph: budget phones lack emoji fonts. */
function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z" />
    </svg>
  );
}
