import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { getGeneral, inboxListEndpoint, listExchangeBets } from '@khela/contracts';
import { calls, resetHost, responders, testBus, testHost } from '../../test/fake-host';
import { HostProvider } from '../host/context';
import { ApiError } from '../api/client';
import { i18n } from '../i18n';
import { AsyncState } from '../ui/async';
import { useServerQuery } from './query';
import { createQueryClient, isFinalError } from './query-client';

/** Issue 29: one way to read server state: a cache per page, retry, invalidation by push topic, forgotten at logout. */

const inbox = (unread: number) => ({ success: true, data: { data: [], current_page: 1, last_page: 1, total: 0 }, unread });

function Unread({ label }: { label: string }) {
  const q = useServerQuery(inboxListEndpoint, { query: { remote_id: '1', page: 1 } }, { topics: ['inbox'] });
  return <AsyncState query={q}>{(d) => <p>{`${label} ${d.unread}`}</p>}</AsyncState>;
}

function SiteTitle() {
  const q = useServerQuery(getGeneral, {}, { public: true });
  return <AsyncState query={q}>{(d) => <p>{`title ${d.site_title ?? ''}`}</p>}</AsyncState>;
}

const inboxCalls = () => calls.filter((c) => c.path === '/api/inbox').length;

function renderWithHost(ui: React.ReactNode) {
  void i18n.changeLanguage('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <HostProvider host={testHost}>{ui}</HostProvider>
    </I18nextProvider>,
  );
}

describe('useServerQuery', () => {
  beforeEach(() => resetHost());

  it('asks once for a record two parts of the page show, and again when its push topic arrives', async () => {
    let unread = 3;
    responders.set('GET /api/inbox', () => inbox(unread));
    renderWithHost(
      <>
        <Unread label="bell" />
        <Unread label="menu" />
      </>,
    );
    expect(await screen.findByText('bell 3')).toBeTruthy();
    expect(screen.getByText('menu 3')).toBeTruthy();
    expect(inboxCalls()).toBe(1);

    unread = 4;
    act(() => testBus().session.publish('inbox', { unread: 4 }));
    expect(await screen.findByText('bell 4')).toBeTruthy();
    expect(screen.getByText('menu 4')).toBeTruthy();
    expect(inboxCalls()).toBe(2);

    // another topic leaves it alone
    act(() => testBus().session.publish('chat', { chatId: '1', content: 'hi', senderId: '2' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(inboxCalls()).toBe(2);
  });

  it("reads the player's bets again when an odds push says they changed, not on a price move", async () => {
    let open = 1;
    responders.set('GET /api/exchange/bets', () => ({
      data: Array.from({ length: open }, () => ({})),
      page: 1,
      last_page: 1,
      total: open,
    }));
    function OpenBets() {
      const q = useServerQuery(listExchangeBets, { query: { status: 'open', page: 1, per_page: 20 } }, { topics: ['bets'] });
      return <AsyncState query={q}>{(d) => <p>{`open ${d.data.length}`}</p>}</AsyncState>;
    }
    renderWithHost(<OpenBets />);
    expect(await screen.findByText('open 1')).toBeTruthy();
    const reads = () => calls.filter((c) => c.path === '/api/exchange/bets').length;
    open = 2;
    act(() => testBus().session.publish('odds', { marketId: '1.100' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toBe(1);
    act(() => testBus().session.publish('odds', { marketId: '1.100', bets: true }));
    expect(await screen.findByText('open 2')).toBeTruthy();
    expect(reads()).toBe(2);
  });

  it('shows a failure with Retry, and the record after Retry', async () => {
    let fail = true;
    responders.set('GET /api/inbox', () => {
      if (fail) throw new ApiError('Server is busy', 503, null);
      return inbox(7);
    });
    renderWithHost(<Unread label="bell" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Server is busy');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('bell 7')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("forgets the player's records at logout and keeps public content", async () => {
    responders.set('GET /api/inbox', () => inbox(1));
    responders.set('GET /api/general', () => ({ site_title: 'Khela' }));
    renderWithHost(
      <>
        <Unread label="bell" />
        <SiteTitle />
      </>,
    );
    expect(await screen.findByText('bell 1')).toBeTruthy();
    expect(await screen.findByText('title Khela')).toBeTruthy();
    const cache = testHost.queryClient.getQueryCache();
    expect(cache.getAll()).toHaveLength(2);
    act(() => testBus().session.publish('logout', { reason: 'user' }));
    await waitFor(() => expect(cache.getAll().map((q) => q.queryKey[1])).toEqual(['/api/general']));
  });
});

describe('content staff publish (push topic content, issue 34)', () => {
  beforeEach(() => resetHost());

  function Notice() {
    const q = useServerQuery(getGeneral, {}, { public: true, topics: ['content'] });
    return <AsyncState query={q}>{(d) => <p>{`notice ${d.system_notice ?? ''}`}</p>}</AsyncState>;
  }

  it('reads every record shown again after a language switch (the API answers in the session language)', async () => {
    responders.set('GET /api/inbox', () => inbox(2));
    renderWithHost(<Unread label="bell" />);
    expect(await screen.findByText('bell 2')).toBeTruthy();
    const before = inboxCalls();
    act(() => testBus().session.publish('locale', { locale: 'bn' }));
    await waitFor(() => expect(inboxCalls()).toBe(before + 1));
  });

  it('reads the content again when the push says staff changed it, without a reload', async () => {
    let notice = 'old';
    responders.set('GET /api/general', () => ({ site_title: 'Khela', system_notice: notice }));
    renderWithHost(<Notice />);
    expect(await screen.findByText('notice old')).toBeTruthy();
    notice = 'নতুন নোটিশ';
    act(() => testBus().session.publish('content', { section: 'general' }));
    expect(await screen.findByText('notice নতুন নোটিশ')).toBeTruthy();
  });
});

describe("the page's QueryClient", () => {
  it('retries a network or server failure twice and a refusal not at all', async () => {
    expect(isFinalError(new ApiError('Invalid amount', 422, null))).toBe(true);
    expect(isFinalError(new ApiError('Server error', 500, null))).toBe(false);
    expect(isFinalError(new ApiError('Network error', 0, null, true))).toBe(false);

    const client = createQueryClient();
    let asked = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['refused'],
        queryFn: () => {
          asked++;
          throw new ApiError('Invalid amount', 422, null);
        },
      }),
    ).rejects.toThrow('Invalid amount');
    expect(asked).toBe(1);

    asked = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['flaky'],
        retryDelay: 1,
        queryFn: () => {
          asked++;
          throw new ApiError('Server error', 502, null);
        },
      }),
    ).rejects.toThrow('Server error');
    expect(asked).toBe(3);
  });
});
