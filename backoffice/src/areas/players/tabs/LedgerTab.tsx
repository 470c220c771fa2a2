// The Ledger tab of a player's page: the wallet's postings, server-paged, filtered by account, with CSV.
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { staffPlayerLedger, type StaffLedgerRow } from '@khela/contracts';
import { Money, Select } from '@khela/web';
import { DataTable, useStaffPages } from '../../../ui/DataTable';
import { whenCell } from '../../../ui/time';
import { pageQuery } from './paging';

/** The player's postings; read again after a change on the page (an adjustment, a write-off), as every query is. */
export function LedgerTab({ id }: { id: number }) {
  const [account, setAccount] = useState<'' | 'main' | 'held' | 'exposure' | 'owed'>('');
  const source = useStaffPages(staffPlayerLedger, (q) => ({ params: { id }, query: { ...pageQuery(q), ...(account ? { account } : {}) } }));
  const columns = useMemo<ColumnDef<StaffLedgerRow, any>[]>(
    () => [
      { id: 'id', header: 'Posting', accessorKey: 'id' },
      { id: 'created_at', header: 'Time (GMT+6)', enableSorting: false, cell: (c) => whenCell(c.row.original.created_at) },
      { id: 'kind', header: 'Kind', accessorKey: 'kind', enableSorting: false },
      { id: 'account', header: 'Account', accessorKey: 'account', enableSorting: false },
      { id: 'amount', header: 'Amount', enableSorting: false, cell: (c) => <Money value={c.row.original.amount} /> },
      { id: 'reference', header: 'Reference', accessorKey: 'reference', enableSorting: false },
      { id: 'note', header: 'Note', accessorKey: 'note', enableSorting: false },
      { id: 'transfer_id', header: 'Transfer', accessorKey: 'transfer_id', enableSorting: false },
    ],
    [],
  );
  return (
    <DataTable
      testId="player-ledger"
      columns={columns}
      rowKey={(r) => String(r.id)}
      reloadKey={account}
      initialSort={{ id: 'id', desc: true }}
      source={source}
      toolbar={
        <Select
          label="Account"
          hideLabel
          value={account}
          onChange={setAccount}
          options={[
            { value: '', label: 'All accounts' },
            { value: 'main', label: 'main (available)' },
            { value: 'exposure', label: 'exposure' },
            { value: 'held', label: 'held (withdrawals)' },
            { value: 'owed', label: 'owed' },
          ]}
        />
      }
      csv={{
        name: `player-${id}-ledger`,
        columns: [
          { header: 'posting', value: (r) => r.id },
          { header: 'transfer', value: (r) => r.transfer_id },
          { header: 'time', value: (r) => r.created_at },
          { header: 'kind', value: (r) => r.kind },
          { header: 'account', value: (r) => r.account },
          { header: 'amount', value: (r) => r.amount },
          { header: 'reference', value: (r) => r.reference },
          { header: 'note', value: (r) => r.note },
        ],
      }}
    />
  );
}
