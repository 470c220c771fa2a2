// The players table: server-paged search (username, phone, e-mail, id), status and currency filters, CSV export.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { PLAYER_CURRENCIES, PLAYER_STATUSES, staffPlayers, type StaffPlayerRow } from '@khela/contracts';
import { useStaff } from '../../staff/context';
import { DataTable, type PageQuery } from '../../ui/DataTable';
import { Screen } from '../../ui/layout';
import { Amount, FlagCell, Select, StatusBadge, when } from './ui';

type StatusFilter = '' | (typeof PLAYER_STATUSES)[number];
type CurrencyFilter = '' | (typeof PLAYER_CURRENCIES)[number];

export function PlayersTable() {
  const { api } = useStaff();
  const navigate = useNavigate();
  const [status, setStatus] = useState<StatusFilter>('');
  const [currency, setCurrency] = useState<CurrencyFilter>('');

  const columns = useMemo<ColumnDef<StaffPlayerRow, any>[]>(
    () => [
      { id: 'id', header: 'ID', accessorKey: 'id' },
      {
        id: 'username',
        header: 'Username',
        accessorKey: 'username',
        cell: (c) => <strong data-testid="player-row-username">{c.row.original.username}</strong>,
      },
      { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: false },
      { id: 'phone', header: 'Phone', accessorKey: 'phone', enableSorting: false },
      { id: 'email', header: 'E-mail', accessorKey: 'email', enableSorting: false },
      { id: 'currency', header: 'Currency', accessorKey: 'currency', enableSorting: false },
      { id: 'status', header: 'Status', enableSorting: false, cell: (c) => <StatusBadge status={c.row.original.status} /> },
      { id: 'exchange_market', header: 'Exchange', enableSorting: false, cell: (c) => <FlagCell value={c.row.original.exchange_market} /> },
      { id: 'cs_market', header: 'Casino', enableSorting: false, cell: (c) => <FlagCell value={c.row.original.cs_market} /> },
      { id: 'balance', header: 'Balance', cell: (c) => <Amount value={c.row.original.balance} /> },
      { id: 'created_at', header: 'Signed up', cell: (c) => when(c.row.original.created_at) },
    ],
    [],
  );

  const load = (q: PageQuery) =>
    api.call(staffPlayers, {
      query: {
        ...q,
        sort: q.sort as 'id' | 'username' | 'created_at' | 'balance' | undefined,
        ...(status ? { status } : {}),
        ...(currency ? { currency } : {}),
      },
    });

  return (
    <Screen>
      <h1>Players</h1>
      <DataTable
        testId="players-table"
        columns={columns}
        load={load}
        reloadKey={`${status}|${currency}`}
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
          </>
        }
        csv={{
          name: 'players',
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'username', value: (r) => r.username },
            { header: 'name', value: (r) => r.name },
            { header: 'phone', value: (r) => r.phone },
            { header: 'email', value: (r) => r.email },
            { header: 'currency', value: (r) => r.currency },
            { header: 'status', value: (r) => r.status },
            { header: 'exchange_market', value: (r) => r.exchange_market },
            { header: 'cs_market', value: (r) => r.cs_market },
            { header: 'balance', value: (r) => r.balance },
            { header: 'created_at', value: (r) => r.created_at },
          ],
        }}
      />
    </Screen>
  );
}
