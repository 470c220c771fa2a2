// Area 'approvals': the maker–checker queue (issue 32). What one operator asked for — an adjustment or a payout above
// the amount, a market settlement or void — waits here for a second operator of the same role; the maker sees the
// state of their own requests ("Mine") and may cancel one that waits.
import { useMemo, useState } from 'react';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  APPROVAL_KINDS,
  APPROVAL_LABELS,
  APPROVAL_STATUSES,
  staffApprovals,
  staffApproveRequest,
  staffCancelRequest,
  staffRejectRequest,
  type ApprovalKind,
  type ApprovalStatus,
  type StaffApprovalRow,
} from '@khela/contracts';
import { Badge, Button, DateTime, ErrorText, Modal, Select, StatusText, TextArea, type Tone, Row } from '@khela/web';
import { useStaffAccount } from '../../staff/context';
import { DataTable, useStaffPages, CellText } from '../../ui/DataTable';
import { useStaffChange } from '../../ui/query';
import { Facts, Screen } from '../../ui/layout';

const TONES: Record<ApprovalStatus, Tone> = { pending: 'warning', approved: 'success', rejected: 'danger', cancelled: 'muted' };

export function ApprovalState({ row }: { row: Pick<StaffApprovalRow, 'status'> }) {
  return <Badge tone={TONES[row.status]}>{row.status}</Badge>;
}

export default function Approvals() {
  const me = useStaffAccount();
  const [status, setStatus] = useState<ApprovalStatus | ''>('pending');
  const [kind, setKind] = useState<ApprovalKind | ''>('');
  const [mine, setMine] = useState<'' | '1'>('');
  const [open, setOpen] = useState<StaffApprovalRow | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // a request asked for or decided anywhere (the staff stream's `approval` topic): the queue reads again at once
  const source = useStaffPages(
    staffApprovals,
    (q) => ({
      query: { ...q, sort: 'id', ...(status ? { status } : {}), ...(kind ? { kind } : {}), ...(mine ? { mine } : {}) } as never,
    }),
    { topics: ['approval'] },
  );

  const columns = useMemo<ColumnDef<StaffApprovalRow, any>[]>(
    () => [
      { id: 'id', header: '#', accessorKey: 'id' },
      { id: 'kind', header: 'Kind', cell: ({ row }) => APPROVAL_LABELS[row.original.kind], enableSorting: false },
      {
        id: 'summary',
        header: 'What',
        enableSorting: false,
        cell: ({ row }) => <CellText>{row.original.summary}</CellText>,
      },
      {
        id: 'by',
        header: 'Asked by',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.requested_by.id === me?.id ? `${row.original.requested_by.username} (you)` : row.original.requested_by.username,
      },
      { id: 'at', header: 'Asked (GMT+6)', enableSorting: false, cell: ({ row }) => <DateTime value={row.original.requested_at} /> },
      { id: 'status', header: 'State', enableSorting: false, cell: ({ row }) => <ApprovalState row={row.original} /> },
      { id: 'decided', header: 'Decided by', enableSorting: false, cell: ({ row }) => row.original.decided_by?.username ?? '—' },
    ],
    [me?.id],
  );

  return (
    <Screen>
      <h1>Approvals</h1>
      <p
        css={css`
          font-size: 13px;
          margin: 0 0 12px;
        `}
      >
        A second operator approves what another asked for; nobody approves their own request.
      </p>
      <StatusText>{note}</StatusText>
      <DataTable
        testId="approvals-table"
        columns={columns}
        source={source}
        reloadKey={`${status}|${kind}|${mine}`}
        rowKey={(r) => String(r.id)}
        initialSort={{ id: 'id', desc: true }}
        searchPlaceholder="Search what or entity id"
        onRowClick={setOpen}
        toolbar={
          <>
            <Select<ApprovalStatus | ''>
              label="State"
              inline
              value={status}
              onChange={setStatus}
              options={[{ value: '', label: 'all' }, ...APPROVAL_STATUSES]}
            />
            <Select<ApprovalKind | ''>
              label="Kind"
              inline
              value={kind}
              onChange={setKind}
              options={[{ value: '', label: 'all' }, ...APPROVAL_KINDS.map((k) => ({ value: k, label: APPROVAL_LABELS[k] }))]}
            />
            <Select<'' | '1'>
              label="Asked by"
              inline
              value={mine}
              onChange={setMine}
              options={[
                { value: '', label: 'anyone' },
                { value: '1', label: 'me' },
              ]}
            />
          </>
        }
      />
      {open && (
        <Decide
          row={open}
          onClose={() => setOpen(null)}
          onDone={(row, message) => {
            setOpen(row);
            setNote(`#${row.id}: ${message}`);
          }}
        />
      )}
    </Screen>
  );
}

/** A request's details and, while it waits, what this operator may do: approve or reject (another's), cancel (one's own). */
function Decide(props: { row: StaffApprovalRow; onClose: () => void; onDone: (row: StaffApprovalRow, message: string) => void }) {
  const me = useStaffAccount();
  const r = props.row;
  const own = me?.id === r.requested_by.id;
  const [reason, setReason] = useState('');
  const change = useStaffChange();
  const [noReason, setNoReason] = useState(false);
  const error = noReason ? 'Give a reason (at least 3 characters): the other operator reads it.' : change.errorText;
  const busy = change.pending;

  async function act(what: 'approve' | 'reject' | 'cancel') {
    setNoReason(what !== 'approve' && reason.trim().length < 3);
    if (what !== 'approve' && reason.trim().length < 3) return change.reset();
    const params = { id: r.id };
    const res =
      what === 'approve'
        ? await change.run(staffApproveRequest, { params, body: reason.trim() ? { reason: reason.trim() } : {} })
        : what === 'reject'
          ? await change.run(staffRejectRequest, { params, body: { reason: reason.trim() } })
          : await change.run(staffCancelRequest, { params, body: { reason: reason.trim() } });
    if (!res) return;
    setReason('');
    props.onDone(res.approval, res.message);
  }

  return (
    <Modal open title={`Request #${r.id}: ${APPROVAL_LABELS[r.kind]}`} onClose={props.onClose}>
      <div data-testid="approval-detail">
        <Facts>
          <dt>What</dt>
          <dd>{r.summary}</dd>
          <dt>Reason</dt>
          <dd>{r.reason ?? '—'}</dd>
          <dt>Asked by</dt>
          <dd>
            {r.requested_by.username} · <DateTime value={r.requested_at} zone />
          </dd>
          <dt>State</dt>
          <dd data-testid="approval-state">
            <ApprovalState row={r} />
          </dd>
          {r.decided_by && (
            <>
              <dt>Decided by</dt>
              <dd>
                {r.decided_by.username} · <DateTime value={r.decided_at} zone />
                {r.decision_reason ? ` — ${r.decision_reason}` : ''}
              </dd>
            </>
          )}
        </Facts>
        {r.status === 'pending' && (
          <div
            css={css`
              margin-top: 16px;
            `}
          >
            {own && (
              <p
                data-testid="approval-own"
                css={css`
                  font-size: 13px;
                  margin: 0 0 8px;
                `}
              >
                Your request: it waits for another operator. You may cancel it.
              </p>
            )}
            <TextArea label={own ? 'Why cancel' : 'Note (required to reject)'} rows={2} value={reason} onChange={setReason} />
            <ErrorText>{error}</ErrorText>
            <Row gap={8} align="stretch">
              {own ? (
                <Button variant="secondary" disabled={busy} onClick={() => void act('cancel')}>
                  Cancel request
                </Button>
              ) : (
                <>
                  <Button disabled={busy} onClick={() => void act('approve')}>
                    Approve
                  </Button>
                  <Button variant="danger" disabled={busy} onClick={() => void act('reject')}>
                    Reject
                  </Button>
                </>
              )}
            </Row>
          </div>
        )}
      </div>
    </Modal>
  );
}
