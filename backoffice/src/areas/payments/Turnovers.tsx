// Wagering requirements (promotion deposits, claimed bonuses) with an audited waiver, and the ledger check.
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { staffLedgerCheck, staffTurnovers, staffWaiveTurnover, TURNOVER_SORTABLE, type ResponseOf } from '@khela/contracts';
import { Button, Card, ErrorText, Field, Modal, Tabs, theme, Row } from '@khela/web';
import { DataTable, useStaffPages } from '../../ui/DataTable';
import { useStaffChange, useStaffQuery } from '../../ui/query';
import { controlCss } from '../../ui/layout';
import { whenCell } from '../../ui/time';
import { errorText } from './ui';

type Row = ResponseOf<typeof staffTurnovers>['data'][number];

export function Turnovers() {
  const [status, setStatus] = useState<'active' | 'complete'>('active');
  const [waiving, setWaiving] = useState<Row | null>(null);
  const source = useStaffPages(staffTurnovers, (q) => ({
    query: { ...q, sort: q.sort as (typeof TURNOVER_SORTABLE)[number] | undefined, status },
  }));
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      { id: 'created_at', header: 'Started (GMT+6)', cell: (c) => whenCell(c.row.original.created_at) },
      { id: 'username', header: 'Player', cell: (c) => `${c.row.original.username} (#${c.row.original.player_id})` },
      { id: 'source', header: 'From', enableSorting: false, cell: (c) => `${c.row.original.source} · ${c.row.original.transaction_id}` },
      { id: 'required', header: 'Required', cell: (c) => `${c.row.original.required} ${c.row.original.currency}` },
      { id: 'remaining', header: 'Remaining', cell: (c) => `${c.row.original.remaining} ${c.row.original.currency}` },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: (c) =>
          c.row.original.status === 'active' ? (
            <Button variant="secondary" onClick={() => setWaiving(c.row.original)}>
              Waive
            </Button>
          ) : (
            'complete'
          ),
      },
    ],
    [],
  );
  return (
    <div>
      <LedgerCheck />
      <Tabs
        label="Turnover status"
        tabs={[
          { key: 'active', label: 'Active' },
          { key: 'complete', label: 'Complete' },
        ]}
        value={status}
        onChange={setStatus}
      />
      <DataTable<Row>
        testId="turnovers-table"
        columns={columns}
        source={source}
        reloadKey={status}
        rowKey={(r) => String(r.id)}
        searchPlaceholder="Username"
        csv={{
          name: `turnovers-${status}`,
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'player_id', value: (r) => r.player_id },
            { header: 'username', value: (r) => r.username },
            { header: 'source', value: (r) => r.source },
            { header: 'reference', value: (r) => r.transaction_id },
            { header: 'currency', value: (r) => r.currency },
            { header: 'required', value: (r) => r.required },
            { header: 'remaining', value: (r) => r.remaining },
            { header: 'created_at', value: (r) => r.created_at },
          ],
        }}
      />
      {waiving && (
        <WaiveDialog
          row={waiving}
          onClose={() => setWaiving(null)}
          onDone={() => {
            setWaiving(null);
          }}
        />
      )}
    </div>
  );
}

function WaiveDialog(props: { row: Row; onClose: () => void; onDone: () => void }) {
  const change = useStaffChange();
  const [reason, setReason] = useState('');
  const [noReason, setNoReason] = useState(false);
  async function waive() {
    setNoReason(reason.trim().length < 3);
    if (reason.trim().length < 3) return change.reset();
    if (await change.run(staffWaiveTurnover, { params: { id: props.row.id }, body: { reason: reason.trim() } })) props.onDone();
  }
  return (
    <Modal
      open
      title={`Waive ${props.row.remaining} ${props.row.currency} for ${props.row.username}`}
      onClose={props.onClose}
      footer={
        <Button onClick={waive} disabled={change.pending}>
          Waive
        </Button>
      }
    >
      <Field label="Reason" error={noReason ? 'Give a reason (at least 3 characters).' : (change.errorText ?? undefined)}>
        {(f) => (
          <input
            id={f.id}
            css={controlCss}
            value={reason}
            aria-invalid={f.invalid}
            aria-describedby={f.describedBy}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
          />
        )}
      </Field>
    </Modal>
  );
}

function LedgerCheck() {
  // run on demand only (it reads every balance): the button asks, the last result stays shown
  const check = useStaffQuery(staffLedgerCheck, {}, { enabled: false });
  const result = check.data ?? null;
  const busy = check.isFetching;
  const error = check.error ? errorText(check.error) : null;
  const run = () => void check.refetch();
  return (
    <Card style={{ padding: '10px 14px', marginBottom: 12 }}>
      <strong>Ledger check</strong>{' '}
      <Button variant="secondary" onClick={run} disabled={busy}>
        {busy ? 'Checking…' : 'Run'}
      </Button>{' '}
      {result && (
        <span role="status" style={{ color: result.ok ? theme.color.success : theme.color.danger }}>
          {result.ok ? 'Every balance equals its postings; every transfer balances.' : `${result.problems.length} problem(s)`}
        </span>
      )}
      {result && !result.ok && (
        <ul>
          {result.problems.slice(0, 50).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {error && <ErrorText>{error}</ErrorText>}
    </Card>
  );
}
