// The Sessions tab of a player's page: live, ended or all log-in sessions with their device, and End… per live one.
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { staffPlayerSessions, type StaffSessionRow } from '@khela/contracts';
import { Button, Select } from '@khela/web';
import { DataTable, useStaffPages } from '../../../ui/DataTable';
import { RevokeForm } from '../forms';
import { whenCell } from '../../../ui/time';
import { DeviceCell } from './device';
import { pageQuery } from './paging';

export function SessionsTab(props: { id: number; canRevoke: boolean; onRevoked: (message: string) => void }) {
  const [live, setLive] = useState<'' | '1' | '0'>('1');
  const [revoking, setRevoking] = useState<string | null>(null);
  const source = useStaffPages(staffPlayerSessions, (q) => ({
    params: { id: props.id },
    query: { ...pageQuery(q), ...(live ? { live } : {}) },
  }));
  const columns = useMemo<ColumnDef<StaffSessionRow, any>[]>(
    () => [
      { id: 'created_at', header: 'Started (GMT+6)', cell: (c) => whenCell(c.row.original.created_at) },
      { id: 'id', header: 'Session', accessorKey: 'id', enableSorting: false },
      { id: 'scope', header: 'Kind', accessorKey: 'scope', enableSorting: false },
      { id: 'expires_at', header: 'Expires (GMT+6)', enableSorting: false, cell: (c) => whenCell(c.row.original.expires_at) },
      { id: 'revoked_at', header: 'Ended (GMT+6)', enableSorting: false, cell: (c) => whenCell(c.row.original.revoked_at) },
      { id: 'live', header: 'Live', enableSorting: false, cell: (c) => (c.row.original.live ? 'yes' : 'no') },
      { id: 'address', header: 'Address', enableSorting: false, cell: (c) => c.row.original.address ?? '—' },
      {
        id: 'device',
        header: 'Device',
        enableSorting: false,
        cell: (c) => <DeviceCell deviceId={c.row.original.device_id} userAgent={c.row.original.user_agent} />,
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: (c) =>
          props.canRevoke && c.row.original.live ? (
            <Button variant="ghost" style={{ minHeight: 28, padding: '2px 8px' }} onClick={() => setRevoking(c.row.original.id)}>
              End…
            </Button>
          ) : null,
      },
    ],
    [props.canRevoke],
  );
  return (
    <>
      <DataTable
        testId="player-sessions"
        columns={columns}
        rowKey={(r) => r.id}
        reloadKey={live}
        initialSort={{ id: 'created_at', desc: true }}
        source={source}
        toolbar={
          <Select
            label="Sessions"
            hideLabel
            value={live}
            onChange={setLive}
            options={[
              { value: '1', label: 'Live sessions' },
              { value: '0', label: 'Ended sessions' },
              { value: '', label: 'All sessions' },
            ]}
          />
        }
      />
      <RevokeForm
        playerId={props.id}
        session={revoking}
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onSaved={(m) => {
          setRevoking(null);
          props.onRevoked(m);
        }}
      />
    </>
  );
}
