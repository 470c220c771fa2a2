import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { Button, ErrorText, NoData, StatusText, theme, useBalance, useHost, useServerQuery, Actions } from '@khela/web';
import { BetCard } from './bets';
import { BetEditForm, editable } from '../../trading/BetEdit';
import '../../i18n-orders';
import { ACCOUNT_READ, AccountData, AccountPage, Pager, errorText, listCss, pageParam } from './ui';

export const BETS_PER_PAGE = 20;

/**
 * /exchange-account/my-bets: open bets (in the bet delay, unmatched, partly or fully matched) with their matched and
 * unmatched parts; the unmatched part of a bet out of its delay can be cancelled or edited (odds, stake) here, and
 * every unmatched part cancelled in one market or everywhere (issue 33). The list follows the push
 * channel: an `odds` event saying this player's bets changed reloads it (the data layer's `bets` topic).
 */
export function MyBets() {
  const { t } = useTranslation('exchange');
  const { api, session } = useHost();
  const currency = useBalance()?.currency ?? 'BDT';
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const bets = useServerQuery(
    schemas.listExchangeBets,
    { query: { status: 'open', page, per_page: BETS_PER_PAGE } },
    { ...ACCOUNT_READ, topics: ['bets'] },
  );
  const data = bets.data;
  const reload = () => void bets.refetch();
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  /** One action on the list: busy while it runs, its note after, the balance and the list read again. */
  const act = async (key: string, work: () => Promise<string>) => {
    setBusy(key);
    setNote(null);
    try {
      setNote({ ok: true, text: await work() });
      void session.refreshBalance();
    } catch (err) {
      setNote({ ok: false, text: errorText(err, t('acc.loadFailed')) });
    } finally {
      setBusy(null);
      reload();
    }
  };
  const cancelAll = (marketId?: string) =>
    act(marketId ?? 'all', async () => {
      const res = await api.call(schemas.cancelAllExchangeBets, { body: (marketId ? { market_id: marketId } : {}) as never });
      const count = res.cancelled.length;
      return count ? t('orders.cancelledCount', { count }) : t('orders.nothingCancelled');
    });
  const cancel = (id: string) =>
    act(id, async () => {
      await api.call(schemas.cancelExchangeBet, { params: { id } });
      return t('acc.bets.cancelled');
    });
  const unmatchedMarkets = data
    ? [...new Map(data.data.filter((b) => b.status !== 'PENDING' && b.unmatched_stake !== '0.00').map((b) => [b.market_id, b])).values()]
    : [];

  return (
    <AccountPage slug="my-bets">
      {note?.ok && <StatusText>{note.text}</StatusText>}
      {note && !note.ok && <ErrorText>{note.text}</ErrorText>}
      <AccountData query={bets} isEmpty={(d) => d.data.length === 0} empty={<NoData text={t('acc.bets.noOpen')} />}>
        {(data) => (
          <>
            {unmatchedMarkets.length > 0 && (
              <div
                css={css`
                  display: flex;
                  flex-wrap: wrap;
                  gap: 8px;
                  margin: 0 0 12px;
                `}
              >
                {unmatchedMarkets.map((m) => (
                  <Button
                    key={m.market_id}
                    variant="secondary"
                    data-testid="cancel-all-market"
                    disabled={busy !== null}
                    onClick={() => void cancelAll(m.market_id)}
                    aria-label={t('orders.cancelAllMarketLabel', { market: `${m.event_name} · ${m.market_name}` })}
                  >
                    {t('orders.cancelAllMarket')}: {m.event_name} · {m.market_name}
                  </Button>
                ))}
                <Button variant="secondary" data-testid="cancel-all-everywhere" disabled={busy !== null} onClick={() => void cancelAll()}>
                  {busy === 'all' ? t('orders.cancelling') : t('orders.cancelAllEverywhere')}
                </Button>
              </div>
            )}
            <ul css={listCss}>
              {data.data.map((b) => {
                const cancellable = b.status !== 'PENDING' && b.unmatched_stake !== '0.00';
                return (
                  <BetCard
                    key={b.id}
                    bet={b}
                    currency={currency}
                    footer={
                      b.status === 'PENDING' ? (
                        <p
                          css={css`
                            margin: 8px 0 0;
                            font-size: 12px;
                            color: ${theme.color.warning};
                          `}
                        >
                          {t('acc.bets.delayNote')}
                        </p>
                      ) : cancellable ? (
                        <>
                          <Actions>
                            <Button
                              variant="secondary"
                              disabled={busy !== null}
                              onClick={() => void cancel(b.id)}
                              aria-label={`${t('acc.bets.cancel')}: ${b.selection_name}`}
                            >
                              {busy === b.id ? t('acc.bets.cancelling') : t('acc.bets.cancel')}
                            </Button>
                            {editable(b) && editing !== b.id && (
                              <Button
                                variant="secondary"
                                data-testid="open-bet-edit"
                                disabled={busy !== null}
                                onClick={() => setEditing(b.id)}
                                aria-label={`${t('orders.edit')}: ${b.selection_name}`}
                              >
                                {t('orders.edit')}
                              </Button>
                            )}
                          </Actions>
                          {editing === b.id && (
                            <BetEditForm
                              bet={b}
                              save={(id, body, key) =>
                                api.call(schemas.editExchangeBet, { params: { id }, body: body as never, idempotencyKey: key })
                              }
                              onDone={() => {
                                setEditing(null);
                                setNote({ ok: true, text: t('orders.edited') });
                                void session.refreshBalance();
                                reload();
                              }}
                              onClose={() => setEditing(null)}
                            />
                          )}
                        </>
                      ) : null
                    }
                  />
                );
              })}
            </ul>
            <Pager page={data.page} last={data.last_page} onPage={(p) => setParams({ page: String(p) })} />
          </>
        )}
      </AccountData>
    </AccountPage>
  );
}
