import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { DAY_MS } from '@khela/contracts';
import { Button, Chip, ErrorText, Input, Money, NoData, Tabs, dhakaDateKey, theme, useServerQuery } from '@khela/web';
import { ACCOUNT_READ, AccountData, AccountPage, cardCss } from './ui';

export type PlGroup = 'day' | 'sport' | 'market';
const GROUPS: PlGroup[] = ['day', 'sport', 'market'];
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The Dhaka day `days` days before today (0: today). */
export const dhakaDaysAgo = (days: number, now = new Date()) => dhakaDateKey(new Date(now.getTime() - days * DAY_MS));

/** The range and grouping in the address (so a reload keeps them), with the last 7 Dhaka days by default. */
export function plQuery(params: URLSearchParams, now = new Date()): { from: string; to: string; group: PlGroup } {
  const to = DAY_RE.test(params.get('to') ?? '') ? params.get('to')! : dhakaDaysAgo(0, now);
  const from = DAY_RE.test(params.get('from') ?? '') ? params.get('from')! : dhakaDaysAgo(6, now);
  const g = params.get('group');
  return { from, to, group: (GROUPS as string[]).includes(g ?? '') ? (g as PlGroup) : 'day' };
}

/** /exchange-account/profit-loss: settled markets in Dhaka days [from, to] by day, sport or market, commission shown. */
export function ProfitLoss() {
  const { t } = useTranslation('exchange');
  const [params, setParams] = useSearchParams();
  const q = plQuery(params);
  const [from, setFrom] = useState(q.from);
  const [to, setTo] = useState(q.to);
  useEffect(() => {
    setFrom(q.from);
    setTo(q.to);
  }, [q.from, q.to]);
  const pl = useServerQuery(schemas.exchangeProfitLoss, { query: { from: q.from, to: q.to, group: q.group } }, ACCOUNT_READ);
  const badRange = from > to;
  const apply = (next: Partial<typeof q>) => setParams({ ...q, ...next });
  const fromId = useId();
  const toId = useId();
  const label = (row: { key: string; label: string }) =>
    q.group === 'sport' && (schemas.EXCHANGE_SPORTS as readonly string[]).includes(row.key) ? t(`sport.${row.key}`) : row.label;

  return (
    <AccountPage slug="profit-loss">
      <form
        css={css`
          ${cardCss};
          display: flex;
          flex-wrap: wrap;
          align-items: flex-end;
          gap: 8px 10px;
          margin-bottom: 10px;
        `}
        onSubmit={(e) => {
          e.preventDefault();
          if (!badRange) apply({ from, to });
        }}
      >
        <div
          css={css`
            flex: 1 1 130px;
          `}
        >
          <label htmlFor={fromId} css={labelCss}>
            {t('acc.pl.from')}
          </label>
          <Input id={fromId} type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} required />
        </div>
        <div
          css={css`
            flex: 1 1 130px;
          `}
        >
          <label htmlFor={toId} css={labelCss}>
            {t('acc.pl.to')}
          </label>
          <Input id={toId} type="date" value={to} min={from} max={dhakaDaysAgo(0)} onChange={(e) => setTo(e.target.value)} required />
        </div>
        <Button type="submit" disabled={badRange || !from || !to}>
          {t('acc.pl.show')}
        </Button>
        <div
          css={css`
            flex-basis: 100%;
            display: flex;
            flex-wrap: wrap;
            gap: 6px;
          `}
        >
          {(
            [
              ['today', 0],
              ['last7', 6],
              ['last30', 29],
            ] as const
          ).map(([key, days]) => {
            const active = q.to === dhakaDaysAgo(0) && q.from === dhakaDaysAgo(days);
            return (
              <Chip key={key} active={active} onClick={() => apply({ from: dhakaDaysAgo(days), to: dhakaDaysAgo(0) })}>
                {t(`acc.pl.${key}`)}
              </Chip>
            );
          })}
        </div>
        {badRange && (
          <ErrorText
            css={css`
              flex-basis: 100%;
              margin: 0;
            `}
          >
            {t('acc.pl.badRange')}
          </ErrorText>
        )}
      </form>
      <Tabs
        label={t('acc.pl.group')}
        value={q.group}
        onChange={(group) => apply({ group })}
        tabs={GROUPS.map((g) => ({ key: g, label: t(`acc.pl.groups.${g}`) }))}
      />
      <AccountData query={pl}>
        {(data) => (
          <>
            <div
              data-testid="pl-range"
              css={css`
                font-size: 12px;
                color: ${theme.color.textMuted};
                margin-bottom: 8px;
              `}
            >
              {t('acc.pl.range', { from: data.from, to: data.to })}
            </div>
            {data.rows.length === 0 ? (
              <NoData />
            ) : (
              <div
                css={css`
                  overflow-x: auto;
                `}
              >
                <table css={tableCss} data-testid="pl-table">
                  <thead>
                    <tr>
                      <th scope="col">{t(`acc.pl.groups.${q.group}`)}</th>
                      <th scope="col">{t('acc.pl.gross')}</th>
                      <th scope="col">{t('acc.pl.commission')}</th>
                      <th scope="col">{t('acc.pl.net')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((r) => (
                      <tr key={r.key} data-testid="pl-row">
                        <th scope="row">
                          <span data-testid="pl-label">{label(r)}</span>
                          <small>{t('acc.pl.markets', { count: r.markets })}</small>
                        </th>
                        <td data-testid="pl-gross">
                          <Money value={r.gross} currency={data.currency} signed />
                        </td>
                        <td data-testid="pl-commission">
                          <Money value={r.commission} currency={data.currency} plain />
                        </td>
                        <td data-testid="pl-net">
                          <Money value={r.net} currency={data.currency} signed />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr data-testid="pl-total">
                      <th scope="row">{t('acc.pl.total')}</th>
                      <td data-testid="pl-total-gross">
                        <Money value={data.total.gross} currency={data.currency} signed />
                      </td>
                      <td data-testid="pl-total-commission">
                        <Money value={data.total.commission} currency={data.currency} plain />
                      </td>
                      <td data-testid="pl-total-net">
                        <Money value={data.total.net} currency={data.currency} signed />
                      </td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </>
        )}
      </AccountData>
    </AccountPage>
  );
}

const labelCss = css`
  display: block;
  font-size: 12px;
  color: ${theme.color.textMuted};
  margin-bottom: 4px;
`;

const tableCss = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 13px;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  th,
  td {
    padding: 8px;
    border-bottom: 1px solid ${theme.color.border};
    text-align: right;
    vertical-align: top;
  }
  th:first-of-type {
    text-align: left;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  thead th {
    font-size: 12px;
    color: ${theme.color.textMuted};
    font-weight: 600;
  }
  tbody th small {
    display: block;
    font-weight: 400;
    color: ${theme.color.textMuted};
    font-size: 11px;
  }
  tfoot th,
  tfoot td {
    font-weight: 700;
    border-bottom: 0;
  }
`;
