// The Bets tab of a player's page: exchange bets (with the player's liability limits above) or casino rounds.
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { staffPlayerBets, type StaffBetRow } from '@khela/contracts';
import { Money, Select } from '@khela/web';
import { DataTable, useStaffPages } from '../../../ui/DataTable';
import { LiabilityLimits } from '../LiabilityLimits';
import { whenCell } from '../../../ui/time';
import { pageQuery } from './paging';

export function BetsTab({ id, onSaved }: { id: number; onSaved: (message: string) => void }) {
  const [product, setProduct] = useState<'exchange' | 'casino'>('exchange');
  const source = useStaffPages(staffPlayerBets, (q) => ({ params: { id }, query: { ...pageQuery(q), product } }));
  const columns = useMemo<ColumnDef<StaffBetRow, any>[]>(
    () => [
      { id: 'placed_at', header: 'Placed (GMT+6)', cell: (c) => whenCell(c.row.original.placed_at) },
      { id: 'ref', header: product === 'exchange' ? 'Bet ID' : 'Round', accessorKey: 'ref', enableSorting: false },
      {
        id: 'description',
        header: product === 'exchange' ? 'Event · market · selection' : 'Game',
        accessorKey: 'description',
        enableSorting: false,
      },
      { id: 'detail', header: 'Detail', accessorKey: 'detail', enableSorting: false },
      { id: 'stake', header: 'Stake', enableSorting: false, cell: (c) => <Money value={c.row.original.stake} /> },
      {
        id: 'result',
        header: product === 'exchange' ? 'Profit' : 'Win',
        enableSorting: false,
        cell: (c) => <Money value={c.row.original.result} />,
      },
      { id: 'status', header: 'Status', accessorKey: 'status', enableSorting: false },
      { id: 'settled_at', header: 'Settled (GMT+6)', enableSorting: false, cell: (c) => whenCell(c.row.original.settled_at) },
    ],
    [product],
  );
  return (
    <>
      {product === 'exchange' && <LiabilityLimits playerId={id} onSaved={onSaved} />}
      <DataTable
        testId="player-bets"
        columns={columns}
        rowKey={(r) => `${r.product}-${r.id}`}
        reloadKey={product}
        initialSort={{ id: 'placed_at', desc: true }}
        source={source}
        toolbar={
          <Select
            label="Product"
            hideLabel
            value={product}
            onChange={setProduct}
            options={[
              { value: 'exchange', label: 'Exchange bets' },
              { value: 'casino', label: 'Casino rounds' },
            ]}
          />
        }
        csv={{
          name: `player-${id}-${product}-bets`,
          columns: [
            { header: 'placed_at', value: (r) => r.placed_at },
            { header: 'ref', value: (r) => r.ref },
            { header: 'description', value: (r) => r.description },
            { header: 'detail', value: (r) => r.detail },
            { header: 'stake', value: (r) => r.stake },
            { header: 'result', value: (r) => r.result },
            { header: 'status', value: (r) => r.status },
            { header: 'settled_at', value: (r) => r.settled_at },
          ],
        }}
      />
    </>
  );
}
