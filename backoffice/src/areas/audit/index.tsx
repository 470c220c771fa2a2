// Area 'audit' (admin): search the audit log — who, when (Dhaka), from where, what, and the record before and after.
import { useMemo, useState } from 'react';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import { staffAudit, type StaffAuditRow } from '@khela/contracts';
import { ChainStatus } from './ChainStatus';
import { Button, Modal, theme } from '@khela/web';
import { DataTable, useStaffPages, CellText } from '../../ui/DataTable';
import { Facts, Screen, Toolbar, controlCss } from '../../ui/layout';
import { auditDiff, diffSummary, show } from './diff';
import { when, whenCell } from '../../ui/time';

interface Filters {
  operator: string;
  action: string;
  entity_type: string;
  entity_id: string;
  from: string;
  to: string;
}
const EMPTY: Filters = { operator: '', action: '', entity_type: '', entity_id: '', from: '', to: '' };

const inputCss = [
  controlCss,
  css`
    width: 140px;
  `,
];
const labelCss = css`
  display: flex;
  flex-direction: column;
  gap: 2px;
  font-size: 12px;
  color: ${theme.color.textMuted};
`;

const entity = (r: StaffAuditRow) => (r.entity_type ? `${r.entity_type}${r.entity_id ? ` #${r.entity_id}` : ''}` : '—');

export default function Audit() {
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [open, setOpen] = useState<StaffAuditRow | null>(null);

  const source = useStaffPages(staffAudit, (q) => ({
    query: { ...q, sort: 'id', ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== '')) } as never,
  }));

  const columns = useMemo<ColumnDef<StaffAuditRow, any>[]>(
    () => [
      { id: 'id', header: 'When (GMT+6)', cell: ({ row }) => whenCell(row.original.created_at), enableSorting: true },
      { id: 'who', header: 'Who', cell: ({ row }) => row.original.username ?? 'system', enableSorting: false },
      { id: 'ip', header: 'IP', cell: ({ row }) => row.original.ip ?? '—', enableSorting: false },
      { id: 'action', header: 'Action', cell: ({ row }) => <code>{row.original.action}</code>, enableSorting: false },
      { id: 'entity', header: 'Entity', cell: ({ row }) => entity(row.original), enableSorting: false },
      { id: 'reason', header: 'Reason', cell: ({ row }) => row.original.reason ?? '', enableSorting: false },
      {
        id: 'change',
        header: 'Change',
        enableSorting: false,
        cell: ({ row }) => (
          <CellText clip max={360} title={diffSummary(row.original.before, row.original.after)}>
            {diffSummary(row.original.before, row.original.after)}
          </CellText>
        ),
      },
    ],
    [],
  );

  const set = (k: keyof Filters) => (e: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const field = (k: keyof Filters, label: string, type = 'text', placeholder?: string) => (
    <label css={labelCss}>
      {label}
      <input css={inputCss} type={type} name={k} value={draft[k]} onChange={set(k)} placeholder={placeholder} />
    </label>
  );

  return (
    <Screen>
      <h1>Audit log</h1>
      <ChainStatus />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
        }}
      >
        <Toolbar
          css={css`
            align-items: flex-end;
          `}
        >
          {field('operator', 'Operator', 'text', 'username')}
          {field('action', 'Action starts with', 'text', 'e.g. payment.')}
          {field('entity_type', 'Entity type', 'text', 'e.g. player')}
          {field('entity_id', 'Entity id')}
          {field('from', 'From (Dhaka date)', 'date')}
          {field('to', 'To (Dhaka date)', 'date')}
          <Button type="submit" variant="secondary">
            Apply
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
            }}
          >
            Clear
          </Button>
        </Toolbar>
      </form>
      <DataTable
        testId="audit-table"
        columns={columns}
        source={source}
        reloadKey={filters}
        rowKey={(r) => String(r.id)}
        initialSort={{ id: 'id', desc: true }}
        searchPlaceholder="Search action, operator, entity id, reason"
        onRowClick={setOpen}
        csv={{
          name: 'audit-log',
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'created_at', value: (r) => r.created_at },
            { header: 'operator', value: (r) => r.username },
            { header: 'ip', value: (r) => r.ip },
            { header: 'action', value: (r) => r.action },
            { header: 'entity_type', value: (r) => r.entity_type },
            { header: 'entity_id', value: (r) => r.entity_id },
            { header: 'reason', value: (r) => r.reason },
            { header: 'before', value: (r) => (r.before == null ? '' : JSON.stringify(r.before)) },
            { header: 'after', value: (r) => (r.after == null ? '' : JSON.stringify(r.after)) },
          ],
        }}
      />
      <Modal open={!!open} title={open ? `Audit line #${open.id}` : ''} onClose={() => setOpen(null)}>
        {open && <AuditDetail row={open} />}
      </Modal>
    </Screen>
  );
}

function AuditDetail({ row }: { row: StaffAuditRow }) {
  const diff = auditDiff(row.before, row.after);
  return (
    <div data-testid="audit-detail">
      <Facts>
        <dt>When</dt>
        <dd>{when(row.created_at)}</dd>
        <dt>Who</dt>
        <dd>{row.username ?? 'system'}</dd>
        <dt>From</dt>
        <dd>{row.ip ?? '—'}</dd>
        <dt>Action</dt>
        <dd>
          <code>{row.action}</code>
        </dd>
        <dt>Entity</dt>
        <dd>{entity(row)}</dd>
        <dt>Reason</dt>
        <dd>{row.reason ?? '—'}</dd>
      </Facts>
      {diff.length > 0 && (
        <table
          css={css`
            margin-top: 12px;
            border-collapse: collapse;
            font-size: 13px;
            width: 100%;
            th,
            td {
              padding: 4px 8px;
              border-bottom: 1px solid ${theme.color.border};
              text-align: left;
              vertical-align: top;
              word-break: break-word;
            }
            th {
              color: ${theme.color.textMuted};
            }
            tr.changed td {
              background: rgba(245, 158, 11, 0.12);
            }
          `}
        >
          <thead>
            <tr>
              <th>Field</th>
              <th>Before</th>
              <th>After</th>
            </tr>
          </thead>
          <tbody>
            {diff.map((d) => (
              <tr key={d.key} className={d.changed ? 'changed' : undefined}>
                <td>{d.key}</td>
                <td>{d.before}</td>
                <td>{d.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {diff.length === 0 && (row.before != null || row.after != null) && <pre>{show(row.after)}</pre>}
    </div>
  );
}
