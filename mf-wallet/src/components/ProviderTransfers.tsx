import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { DateTime, formatMoney, registerTranslations, theme, useBalance, useHost } from '@khela/web';

/*
 * Transaction records, type Transfer (issue 30): money moved to and from the transfer-wallet providers, with the
 * provider's name, the direction, the state (a pending one is still being checked with the provider) and the Dhaka time.
 * Read again after every balance push (the API pushes after each transfer).
 */

const en = {
  title: 'Transfers',
  type: 'Transfer',
  in: 'Main → {{name}}',
  out: '{{name}} → Main',
  state: { pending: 'Checking', confirmed: 'Success', reversed: 'Returned' },
  tz: 'GMT+6',
};
const bn: typeof en = {
  title: 'ট্রান্সফার',
  type: 'ট্রান্সফার',
  in: 'মূল → {{name}}',
  out: '{{name}} → মূল',
  state: { pending: 'যাচাই চলছে', confirmed: 'সফল', reversed: 'ফেরত এসেছে' },
  tz: 'GMT+6',
};
registerTranslations('provider-transfers', { en, bn });

type Row = schemas.ResponseOf<typeof schemas.providerTransfers>['data'][number];

export function ProviderTransfersSection() {
  const { t, i18n } = useTranslation('provider-transfers');
  const { api } = useHost();
  const balance = useBalance();
  const [rows, setRows] = useState<Row[] | null>(null);
  const pushed = balance ? `${balance.balance}|${balance.available ?? ''}` : '';
  useEffect(() => {
    let live = true;
    api
      .call(schemas.providerTransfers, { query: {} })
      .then((r) => live && setRows(r.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, pushed]);
  if (!rows || rows.length === 0) return null;
  const currency = balance?.currency ?? 'BDT';
  return (
    <section
      data-testid="provider-transfers"
      css={css`
        margin-top: 16px;
      `}
    >
      <h2
        css={css`
          font-size: 16px;
          margin: 0 0 8px;
        `}
      >
        {t('title')}{' '}
        <span
          css={css`
            font-size: 12px;
            color: ${theme.color.textMuted};
          `}
        >
          ({t('tz')})
        </span>
      </h2>
      <ul
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
          display: flex;
          flex-direction: column;
          gap: 6px;
        `}
      >
        {rows.map((r) => (
          <li
            key={r.id}
            data-testid="provider-transfer"
            data-state={r.state}
            data-direction={r.direction}
            css={css`
              display: flex;
              justify-content: space-between;
              gap: 8px;
              padding: 8px 10px;
              border-radius: ${theme.radius.md};
              border: 1px solid ${theme.color.border};
              background: ${theme.color.surface};
              font-size: 13px;
            `}
          >
            <span>
              <strong>{t('type')}</strong> · {t(r.direction, { name: r.name })}
              <br />
              <span
                css={css`
                  color: ${theme.color.textMuted};
                `}
              >
                <DateTime value={r.created_at} zone />
              </span>
            </span>
            <span
              css={css`
                text-align: right;
              `}
            >
              {formatMoney(r.amount, currency, i18n.language)}
              <br />
              <span
                css={css`
                  color: ${r.state === 'confirmed' ? theme.color.success : r.state === 'pending' ? theme.color.warning : theme.color.textMuted};
                `}
              >
                {t(`state.${r.state}`)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
