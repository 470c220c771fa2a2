// Area 'risk' (risk staff): the alerts the fraud and AML rules raised (filters: state, rule, owner), one alert's page
// (evidence, owner, state, a closing note, the STR export) and the rules' settings (each changed with a reason,
// audited) (issue 32).
import { useMemo, useState } from 'react';
import { NavLink, Route, Routes, useNavigate } from 'react-router';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  RISK_ALERT_KINDS,
  RISK_ALERT_LABELS,
  staffRiskAlerts,
  staffRiskAssignees,
  type AlertState,
  type StaffRiskAlert,
} from '@khela/contracts';
import { DateTime, Select, theme } from '@khela/web';
import { DataTable, useStaffPages, CellText } from '../../ui/DataTable';
import { Screen } from '../../ui/layout';
import { useStaffQuery } from '../../ui/query';
import { AlertPage } from './AlertPage';
import { AlertStateBadge } from './evidence';
import { Rules } from './Rules';

export default function Risk() {
  return (
    <Routes>
      <Route index element={<Alerts />} />
      <Route path="alerts/:id" element={<AlertPage />} />
      <Route path="rules" element={<RulesScreen />} />
    </Routes>
  );
}

function Nav() {
  const link = css`
    padding: 6px 12px;
    border-bottom: 2px solid transparent;
    color: ${theme.color.textMuted};
    text-decoration: none;
    &.active {
      color: ${theme.color.text};
      border-bottom-color: ${theme.color.brand};
    }
  `;
  return (
    <nav
      aria-label="Risk"
      css={css`
        display: flex;
        gap: 4px;
        border-bottom: 1px solid ${theme.color.border};
        margin-bottom: 12px;
      `}
    >
      <NavLink end to="/risk" css={link}>
        Alerts
      </NavLink>
      <NavLink to="/risk/rules" css={link}>
        Rules
      </NavLink>
    </nav>
  );
}

function RulesScreen() {
  return (
    <Screen>
      <h1>Risk</h1>
      <Nav />
      <Rules />
    </Screen>
  );
}

type StateFilter = AlertState | 'active' | 'closed' | '';

function Alerts() {
  const navigate = useNavigate();
  const [state, setState] = useState<StateFilter>('active');
  const [kind, setKind] = useState('');
  const [owner, setOwner] = useState('');
  const assignees = useStaffQuery(staffRiskAssignees);
  // a rule raised, or someone moved, an alert: the list asks again (the staff stream's alert topic)
  const source = useStaffPages(
    staffRiskAlerts,
    (q) => ({
      query: {
        ...q,
        sort: 'id',
        ...(state ? { state } : {}),
        ...(kind ? { kind } : {}),
        ...(owner ? { owner: owner === 'me' || owner === 'none' ? owner : Number(owner) } : {}),
      } as never,
    }),
    { topics: ['alert'] },
  );
  const columns = useMemo<ColumnDef<StaffRiskAlert, any>[]>(
    () => [
      { id: 'id', header: '#', accessorKey: 'id' },
      { id: 'at', header: 'Raised (GMT+6)', enableSorting: false, cell: ({ row }) => <DateTime value={row.original.created_at} /> },
      { id: 'kind', header: 'Rule', enableSorting: false, cell: ({ row }) => RISK_ALERT_LABELS[row.original.kind] ?? row.original.kind },
      {
        id: 'message',
        header: 'What',
        enableSorting: false,
        cell: ({ row }) => <CellText>{row.original.message}</CellText>,
      },
      { id: 'owner', header: 'Owner', enableSorting: false, cell: ({ row }) => row.original.owner ?? '—' },
      {
        id: 'state',
        header: 'State',
        enableSorting: false,
        cell: ({ row }) => (
          <>
            <AlertStateBadge state={row.original.state} />
            {row.original.resolved_by ? ` by ${row.original.resolved_by}` : ''}
          </>
        ),
      },
    ],
    [],
  );
  return (
    <Screen>
      <h1>Risk</h1>
      <Nav />
      <DataTable
        testId="risk-alerts"
        columns={columns}
        source={source}
        reloadKey={`${state}|${kind}|${owner}`}
        rowKey={(r) => String(r.id)}
        initialSort={{ id: 'id', desc: true }}
        searchPlaceholder="Search message or player:ID"
        onRowClick={(r) => void navigate(`/risk/alerts/${r.id}`)}
        toolbar={
          <>
            <Select<StateFilter>
              label="State"
              inline
              value={state}
              onChange={setState}
              options={[
                { value: 'active', label: 'open or investigating' },
                'open',
                'investigating',
                'resolved',
                'dismissed',
                { value: 'closed', label: 'resolved or dismissed' },
                { value: '', label: 'all' },
              ]}
            />
            <Select<string>
              label="Rule"
              inline
              value={kind}
              onChange={setKind}
              options={[
                { value: '', label: 'every rule' },
                ...RISK_ALERT_KINDS.map((k) => ({ value: k, label: RISK_ALERT_LABELS[k] ?? k })),
              ]}
            />
            <Select<string>
              label="Owner"
              inline
              value={owner}
              onChange={setOwner}
              options={[
                { value: '', label: 'anyone' },
                { value: 'me', label: 'me' },
                { value: 'none', label: 'nobody' },
                ...(assignees.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.username })),
              ]}
            />
          </>
        }
      />
    </Screen>
  );
}
