// The players table: server-paged search (username, phone, e-mail, id), sort by every figure, page size, status, currency
// and protection filters (all done by the API), CSV export.
import { useMemo, useState } from 'react';
import { css } from '@emotion/react';
import { theme, Money, Select, StatusBadge } from '@khela/web';
import { useNavigate } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import {
  KYC_STATUSES,
  PLAYER_CURRENCIES,
  PLAYER_PROTECTION_FILTERS,
  PLAYER_STATUSES,
  staffPlayers,
  type KycStatus,
  type PlayerProtectionFilter,
  type StaffPlayerRow,
} from '@khela/contracts';
import { DataTable, useStaffPages } from '../../ui/DataTable';
import { Screen } from '../../ui/layout';
import { FlagCell } from './ui';
import { whenCell } from '../../ui/time';

type StatusFilter = '' | (typeof PLAYER_STATUSES)[number];
type CurrencyFilter = '' | (typeof PLAYER_CURRENCIES)[number];
type ProtectionFilter = '' | PlayerProtectionFilter;
type KycFilter = '' | KycStatus;
/** The identity check's state (issue 32) as the filter and the status cell's second line say it. */
const KYC_LABEL: Record<KycStatus, string> = {
  none: 'KYC not sent',
  pending: 'KYC pending',
  verified: 'KYC verified',
  rejected: 'KYC rejected',
};

const PROTECTION_LABEL: Record<PlayerProtectionFilter, string> = {
  self_excluded: 'Self-excluded now',
  timed_out: 'Timed out now',
  on_hold: 'On hold (risk)',
  under_age: 'Under 18',
  limits_set: 'Has a limit set',
  unrestricted: 'No block',
};
/** The second line of a two-line cell (the name under the username, the e-mail under the phone). */
const subCss = css`
  display: block;
  font-size: 12px;
  color: ${theme.color.textMuted};
  max-width: 220px;
  overflow: hidden;
  text-overflow: ellipsis;
`;
const SORTS = new Set<string>(['id', 'username', 'created_at', 'balance', 'last_login_at', 'deposits']);

export function PlayersTable() {
  const navigate = useNavigate();
  const [status, setStatus] = useState<StatusFilter>('');
  const [currency, setCurrency] = useState<CurrencyFilter>('');
  const [protection, setProtection] = useState<ProtectionFilter>('');
  const [kyc, setKyc] = useState<KycFilter>('');

  const columns = useMemo<ColumnDef<StaffPlayerRow, any>[]>(
    () => [
      { id: 'id', header: 'ID', accessorKey: 'id' },
      {
        id: 'username',
        header: 'Username · name',
        accessorKey: 'username',
        cell: (c) => (
          <>
            <strong data-testid="player-row-username">{c.row.original.username}</strong>
            {c.row.original.name && <span css={subCss}>{c.row.original.name}</span>}
          </>
        ),
      },
      {
        id: 'contact',
        header: 'Phone · e-mail',
        enableSorting: false,
        cell: (c) => (
          <>
            {c.row.original.phone ?? '—'}
            {c.row.original.email && <span css={subCss}>{c.row.original.email}</span>}
          </>
        ),
      },
      { id: 'currency', header: 'Currency', accessorKey: 'currency', enableSorting: false },
      {
        id: 'status',
        header: 'Status · KYC',
        enableSorting: false,
        cell: (c) => (
          <>
            <StatusBadge status={c.row.original.status} />
            <span css={subCss} data-testid="player-row-kyc">
              {KYC_LABEL[c.row.original.kyc ?? 'none']}
            </span>
          </>
        ),
      },
      { id: 'exchange_market', header: 'Exchange', enableSorting: false, cell: (c) => <FlagCell value={c.row.original.exchange_market} /> },
      { id: 'cs_market', header: 'Casino', enableSorting: false, cell: (c) => <FlagCell value={c.row.original.cs_market} /> },
      { id: 'balance', accessorKey: 'balance', header: 'Balance', cell: (c) => <Money value={c.row.original.balance} /> },
      { id: 'deposits', accessorKey: 'deposits', header: 'Deposits', cell: (c) => <Money value={c.row.original.deposits} /> },
      {
        id: 'last_login_at',
        accessorKey: 'last_login_at',
        header: 'Last log-in (GMT+6)',
        cell: (c) => whenCell(c.row.original.last_login_at),
      },
      { id: 'created_at', accessorKey: 'created_at', header: 'Signed up (GMT+6)', cell: (c) => whenCell(c.row.original.created_at) },
    ],
    [],
  );

  const source = useStaffPages(staffPlayers, (q) => ({
    query: {
      ...q,
      sort: q.sort && SORTS.has(q.sort) ? (q.sort as 'id') : undefined,
      ...(status ? { status } : {}),
      ...(currency ? { currency } : {}),
      ...(protection ? { protection } : {}),
      ...(kyc ? { kyc } : {}),
    },
  }));

  return (
    <Screen>
      <h1>Players</h1>
      <DataTable
        testId="players-table"
        columns={columns}
        source={source}
        reloadKey={`${status}|${currency}|${protection}|${kyc}`}
        pageSizes={[25, 50, 100, 200]}
        rowKey={(r) => String(r.id)}
        initialSort={{ id: 'id', desc: true }}
        searchPlaceholder="Username, phone, e-mail or id"
        onRowClick={(r) => navigate(`/players/${r.id}`)}
        toolbar={
          <>
            <Select<StatusFilter>
              label="Status"
              hideLabel
              value={status}
              onChange={setStatus}
              options={[{ value: '', label: 'Any status' }, ...PLAYER_STATUSES.map((s) => ({ value: s, label: s }))]}
            />
            <Select<CurrencyFilter>
              label="Currency"
              hideLabel
              value={currency}
              onChange={setCurrency}
              options={[{ value: '', label: 'Any currency' }, ...PLAYER_CURRENCIES.map((c) => ({ value: c, label: c }))]}
            />
            <Select<ProtectionFilter>
              label="Protection"
              hideLabel
              value={protection}
              onChange={setProtection}
              options={[
                { value: '', label: 'Any protection state' },
                ...PLAYER_PROTECTION_FILTERS.map((p) => ({ value: p, label: PROTECTION_LABEL[p] })),
              ]}
            />
            <Select<KycFilter>
              label="KYC"
              hideLabel
              value={kyc}
              onChange={setKyc}
              options={[{ value: '', label: 'Any KYC state' }, ...KYC_STATUSES.map((k) => ({ value: k, label: KYC_LABEL[k] }))]}
            />
          </>
        }
        csv={{
          name: 'players',
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'username', value: (r) => r.username },
            { header: 'name', value: (r) => r.name },
            { header: 'kyc', value: (r) => r.kyc ?? 'none' },
            { header: 'phone', value: (r) => r.phone },
            { header: 'email', value: (r) => r.email },
            { header: 'currency', value: (r) => r.currency },
            { header: 'status', value: (r) => r.status },
            { header: 'exchange_market', value: (r) => r.exchange_market },
            { header: 'cs_market', value: (r) => r.cs_market },
            { header: 'balance', value: (r) => r.balance },
            { header: 'deposits', value: (r) => r.deposits },
            { header: 'last_login_at', value: (r) => r.last_login_at },
            { header: 'created_at', value: (r) => r.created_at },
          ],
        }}
      />
    </Screen>
  );
}
