import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { Button, NoData, Spinner, theme, useBalance, useHost } from '@khela/web';
import { BetCard } from './bets';
import { AccountPage, LoadError, Pager, errorText, listCss, pageParam, useLoad } from './ui';

export const BETS_PER_PAGE = 20;

/**
 * /exchange-account/my-bets: open bets (in the bet delay, unmatched, partly or fully matched) with their matched and
 * unmatched parts; the unmatched part of a bet out of its delay can be cancelled here. The list follows the push
 * channel: an `odds` event saying this player's bets changed reloads it.
 */
export function MyBets() {
  const { t } = useTranslation('exchange');
  const { api, bus, session } = useHost();
  const currency = useBalance()?.currency ?? 'BDT';
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const { data, error, reload } = useLoad(
    (signal) => api.call(schemas.listExchangeBets, { query: { status: 'open', page, per_page: BETS_PER_PAGE }, signal }),
    [api, page],
  );
  useEffect(() => {
    const s = bus.on('odds').subscribe((e) => e.bets && reload());
    return () => s.unsubscribe();
  }, [bus, reload]);
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const cancel = async (id: string) => {
    setBusy(id);
    setNote(null);
    try {
      await api.call(schemas.cancelExchangeBet, { params: { id } });
      setNote({ ok: true, text: t('acc.bets.cancelled') });
      void session.refreshBalance();
    } catch (err) {
      setNote({ ok: false, text: errorText(err, t('acc.loadFailed')) });
    } finally {
      setBusy(null);
      reload();
    }
  };

  return (
    <AccountPage slug="my-bets">
      {note && (
        <p
          role={note.ok ? 'status' : 'alert'}
          css={css`
            margin: 0 0 10px;
            color: ${note.ok ? theme.color.success : theme.color.danger};
          `}
        >
          {note.text}
        </p>
      )}
      {data ? (
        data.data.length === 0 ? (
          <NoData text={t('acc.bets.noOpen')} />
        ) : (
          <>
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
                        <Button
                          variant="secondary"
                          disabled={busy !== null}
                          onClick={() => void cancel(b.id)}
                          aria-label={`${t('acc.bets.cancel')}: ${b.selection_name}`}
                          css={css`
                            margin-top: 10px;
                          `}
                        >
                          {busy === b.id ? t('acc.bets.cancelling') : t('acc.bets.cancel')}
                        </Button>
                      ) : null
                    }
                  />
                );
              })}
            </ul>
            <Pager page={data.page} last={data.last_page} onPage={(p) => setParams({ page: String(p) })} />
          </>
        )
      ) : error ? (
        <LoadError message={errorText(error, t('acc.loadFailed'))} onRetry={reload} />
      ) : (
        <Spinner />
      )}
    </AccountPage>
  );
}
