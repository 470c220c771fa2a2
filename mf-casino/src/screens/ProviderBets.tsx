import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import type { ProviderBet } from '@khela/contracts';
import {
  ApiError,
  DateTime,
  ErrorText,
  NoData,
  Spinner,
  formatMoney,
  registerTranslations,
  theme,
  useHost,
  Row,
  PlainList,
} from '@khela/web';

/*
 * Betting Records, Sports tab (issue 30): the bets the player placed at transfer-wallet providers, as the providers
 * report them (`GET /api/provider-wallets/bets`); a provider that does not answer is named. Times in Dhaka (GMT+6).
 */

const en = {
  tab: 'Sports',
  empty: 'No bets at the sports providers yet.',
  unavailable: 'Not answering now, its bets are missing: {{names}}',
  failed: 'Failed to fetch records',
  stake: 'Stake',
  win: 'Win',
  state: { open: 'Open', won: 'Won', lost: 'Lost' },
  tz: 'Times in GMT+6',
};
const bn: typeof en = {
  tab: 'স্পোর্টস',
  empty: 'স্পোর্টস প্রোভাইডারে এখনও কোনো বাজি নেই।',
  unavailable: 'এখন সাড়া দিচ্ছে না, এদের বাজি দেখানো যাচ্ছে না: {{names}}',
  failed: 'রেকর্ড আনা যায়নি',
  stake: 'বাজি',
  win: 'জয়',
  state: { open: 'চলমান', won: 'জিতেছে', lost: 'হেরেছে' },
  tz: 'সময় GMT+6 অনুযায়ী',
};
registerTranslations('provider-records', { en, bn });

export const useProviderRecordsTabLabel = () => useTranslation('provider-records').t('tab');

export function ProviderBetsTab() {
  const { t, i18n } = useTranslation('provider-records');
  const { api } = useHost();
  const [data, setData] = useState<{ bets: ProviderBet[]; unavailable: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api
      .call(schemas.providerBets, { query: {} })
      .then((r) => live && setData({ bets: r.data, unavailable: r.unavailable }))
      .catch((err) => live && setError(err instanceof ApiError ? err.message : t('failed')));
    return () => {
      live = false;
    };
  }, [api, t]);
  if (error) return <ErrorText>{error}</ErrorText>;
  if (!data) return <Spinner />;
  return (
    <div data-testid="provider-bets">
      <p
        css={css`
          margin: 8px 0;
          font-size: 12px;
          color: ${theme.color.textMuted};
        `}
      >
        {t('tz')}
      </p>
      {data.unavailable.length > 0 && (
        <p
          role="status"
          css={css`
            color: ${theme.color.warning};
            font-size: 13px;
          `}
        >
          {t('unavailable', { names: data.unavailable.join(', ') })}
        </p>
      )}
      {data.bets.length === 0 ? (
        <NoData text={t('empty')} />
      ) : (
        <PlainList gap={8}>
          {data.bets.map((b) => (
            <li
              key={`${b.provider}:${b.bet_id}`}
              data-testid="provider-bet"
              data-state={b.state}
              css={css`
                border: 1px solid ${theme.color.border};
                border-radius: ${theme.radius.md};
                padding: 8px 10px;
                background: ${theme.color.surface};
                font-size: 13px;
              `}
            >
              <Row align="stretch" justify="between">
                <strong>{b.name}</strong>
                <span
                  css={css`
                    color: ${b.state === 'won' ? theme.color.success : b.state === 'lost' ? theme.color.danger : theme.color.textMuted};
                  `}
                >
                  {t(`state.${b.state}`)}
                </span>
              </Row>
              <div>
                {b.game_name} · {b.selection} @ {b.odds}
              </div>
              <div
                css={css`
                  display: flex;
                  justify-content: space-between;
                  color: ${theme.color.textMuted};
                `}
              >
                <span>
                  {t('stake')} {formatMoney(b.stake, 'BDT', i18n.language)} · {t('win')} {formatMoney(b.win, 'BDT', i18n.language)}
                </span>
                <DateTime value={b.created_at} zone />
              </div>
            </li>
          ))}
        </PlainList>
      )}
    </div>
  );
}
