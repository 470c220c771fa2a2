// The Turnover tab of a player's page: the wagering requirements (bonus, deposit), server-paged.
import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { staffPlayerTurnovers, type StaffTurnoverRow } from '@khela/contracts';
import { Money } from '@khela/web';
import { DataTable, useStaffPages } from '../../../ui/DataTable';
import { whenCell } from '../../../ui/time';
import { pageQuery } from './paging';

export function TurnoverTab({ id }: { id: number }) {
  const source = useStaffPages(staffPlayerTurnovers, (q) => ({ params: { id }, query: pageQuery(q) }));
  const columns = useMemo<ColumnDef<StaffTurnoverRow, any>[]>(
    () => [
      { id: 'id', header: 'ID', accessorKey: 'id' },
      { id: 'created_at', header: 'Started (GMT+6)', enableSorting: false, cell: (c) => whenCell(c.row.original.created_at) },
      { id: 'source', header: 'Source', accessorKey: 'source', enableSorting: false },
      { id: 'promotion', header: 'Promotion', accessorKey: 'promotion', enableSorting: false },
      { id: 'required', header: 'Required', enableSorting: false, cell: (c) => <Money value={c.row.original.required} /> },
      { id: 'remaining', header: 'Remaining', enableSorting: false, cell: (c) => <Money value={c.row.original.remaining} /> },
      { id: 'status', header: 'Status', accessorKey: 'status', enableSorting: false },
      { id: 'completed_at', header: 'Completed (GMT+6)', enableSorting: false, cell: (c) => whenCell(c.row.original.completed_at) },
    ],
    [],
  );
  return (
    <DataTable
      testId="player-turnover"
      columns={columns}
      rowKey={(r) => String(r.id)}
      initialSort={{ id: 'id', desc: true }}
      source={source}
    />
  );
}
