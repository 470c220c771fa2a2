// Area 'risk' (risk staff): the fraud and AML rules (each set here, audited) and the alerts they raised, with their
// evidence; a risk alert is resolved only with a note of what was found and done (issue 32).
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  RISK_RULE_LABELS,
  staffResolveAlert,
  staffRiskAlerts,
  staffRiskRules,
  staffSetRiskRule,
  type StaffRiskAlert,
  type StaffRiskRule,
} from '@khela/contracts';
import { ApiError, Badge, Button, Card, DateTime, ErrorText, Modal, Select, StatusText, TextArea, errorText } from '@khela/web';
import { useStaff } from '../../staff/context';
import { DataTable, type PageQuery } from '../../ui/DataTable';
import { Facts, Screen, controlCss, figuresTableCss } from '../../ui/layout';

export default function Risk() {
  const { api } = useStaff();
  const [state, setState] = useState<'open' | 'resolved' | ''>('open');
  const [open, setOpen] = useState<StaffRiskAlert | null>(null);
  const [tick, setTick] = useState(0);
  const load = useCallback(
    (q: PageQuery) => api.call(staffRiskAlerts, { query: { ...q, sort: 'id', ...(state ? { state } : {}) } as never }),
    [api, state],
  );
  const columns = useMemo<ColumnDef<StaffRiskAlert, any>[]>(
    () => [
      { id: 'id', header: '#', accessorKey: 'id' },
      { id: 'at', header: 'Raised (Dhaka)', enableSorting: false, cell: ({ row }) => <DateTime value={row.original.created_at} /> },
      { id: 'kind', header: 'Rule', enableSorting: false, cell: ({ row }) => <code>{row.original.kind.replace(/^risk\./, '')}</code> },
      {
        id: 'message',
        header: 'What',
        enableSorting: false,
        cell: ({ row }) => (
          <span
            css={css`
              white-space: normal;
            `}
          >
            {row.original.message}
          </span>
        ),
      },
      {
        id: 'state',
        header: 'State',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.resolved_at ? (
            <Badge tone="success">resolved by {row.original.resolved_by}</Badge>
          ) : (
            <Badge tone="warning">open</Badge>
          ),
      },
    ],
    [],
  );
  return (
    <Screen>
      <h1>Risk</h1>
      <Rules />
      <h2>Alerts</h2>
      <DataTable
        testId="risk-alerts"
        columns={columns}
        load={load}
        reloadKey={`${state}|${tick}`}
        rowKey={(r) => String(r.id)}
        initialSort={{ id: 'id', desc: true }}
        searchPlaceholder="Search message or player:ID"
        onRowClick={setOpen}
        toolbar={
          <Select<'open' | 'resolved' | ''>
            label="State"
            inline
            value={state}
            onChange={setState}
            options={[{ value: '', label: 'all' }, 'open', 'resolved']}
          />
        }
      />
      {open && (
        <AlertDetail
          alert={open}
          onClose={() => setOpen(null)}
          onResolved={() => {
            setOpen(null);
            setTick((t) => t + 1);
          }}
        />
      )}
    </Screen>
  );
}

interface Evidence {
  total?: string;
  count?: number;
  currency?: string;
  window_minutes?: number;
  threshold?: string;
  account_created_at?: string;
  transactions?: { id: string; amount: string; status: number; at: string }[];
}
const STATUS = ['pending', 'approved', 'rejected'];

function AlertDetail(props: { alert: StaffRiskAlert; onClose: () => void; onResolved: () => void }) {
  const { api } = useStaff();
  const a = props.alert;
  const ev = (a.evidence ?? {}) as Evidence;
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function resolve() {
    if (note.trim().length < 3) {
      setError('Write what you found and did: a risk alert is resolved only with a note.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.call(staffResolveAlert, { params: { id: a.id }, body: { reason: note.trim() } });
      props.onResolved();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open title={`Alert #${a.id}`} onClose={props.onClose}>
      <div data-testid="risk-alert">
        <p
          css={css`
            margin: 0 0 12px;
          `}
        >
          {a.message}
        </p>
        <Facts data-testid="risk-evidence">
          <dt>Player</dt>
          <dd>{a.ref?.startsWith('player:') ? <a href={`/players/${a.ref.slice(7)}`}>{a.ref}</a> : (a.ref ?? '—')}</dd>
          {ev.total && (
            <>
              <dt>Total</dt>
              <dd>
                {ev.total} {ev.currency} in {ev.count} request(s) within {ev.window_minutes} min (rule: {ev.threshold} {ev.currency})
              </dd>
            </>
          )}
          {ev.account_created_at && (
            <>
              <dt>Account opened</dt>
              <dd>
                <DateTime value={ev.account_created_at} zone />
              </dd>
            </>
          )}
        </Facts>
        {ev.transactions && (
          <table
            css={[
              figuresTableCss,
              css`
                margin-top: 8px;
                width: 100%;
                font-size: 12px;
                th,
                td,
                time {
                  white-space: normal;
                }
              `,
            ]}
            data-testid="risk-evidence-transactions"
          >
            <thead>
              <tr>
                <th>Transaction</th>
                <th>Amount</th>
                <th>State</th>
                <th>At (Dhaka)</th>
              </tr>
            </thead>
            <tbody>
              {ev.transactions.map((t) => (
                <tr key={t.id}>
                  <td>{t.id}</td>
                  <td>{t.amount}</td>
                  <td>{STATUS[t.status] ?? t.status}</td>
                  <td>
                    <DateTime value={t.at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {a.resolved_at ? (
          <StatusText tone="muted">
            Resolved by {a.resolved_by}: {a.resolution ?? '—'}
          </StatusText>
        ) : (
          <div
            css={css`
              margin-top: 12px;
            `}
          >
            <TextArea label="Resolution note (what you found and did)" rows={3} value={note} onChange={setNote} />
            <ErrorText>{error}</ErrorText>
            <Button disabled={busy} onClick={() => void resolve()}>
              Resolve
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}

/** Each rule's figures, changed with a reason (audited). */
function Rules() {
  const { api } = useStaff();
  const [rules, setRules] = useState<StaffRiskRule[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.call(staffRiskRules).then(
      (r) => setRules(r.data),
      (err) => setError(errorText(err)),
    );
  }, [api]);
  return (
    <>
      <ErrorText>{error}</ErrorText>
      {rules?.map((r) => (
        <RuleForm key={r.kind} rule={r} onSaved={(next) => setRules((all) => all!.map((x) => (x.kind === next.kind ? next : x)))} />
      ))}
    </>
  );
}

function RuleForm(props: { rule: StaffRiskRule; onSaved: (r: StaffRiskRule) => void }) {
  const { api } = useStaff();
  const r = props.rule;
  const [form, setForm] = useState({
    enabled: r.enabled,
    window: String(r.window_minutes),
    BDT: String(r.amounts.BDT),
    INR: String(r.amounts.INR),
    PKR: String(r.amounts.PKR),
    days: String(r.account_days),
    reason: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const next = await api.call(staffSetRiskRule, {
        params: { kind: r.kind },
        body: {
          enabled: form.enabled,
          window_minutes: Number(form.window),
          amounts: { BDT: Number(form.BDT), INR: Number(form.INR), PKR: Number(form.PKR) },
          account_days: Number(form.days),
          reason: form.reason,
        },
      });
      setForm((f) => ({ ...f, reason: '' }));
      setSaved(true);
      props.onSaved(next);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : undefined;
      setError(
        fields
          ? Object.entries(fields)
              .map(([k, v]) => `${k}: ${v[0]}`)
              .join(' ')
          : errorText(err),
      );
    } finally {
      setBusy(false);
    }
  }
  const num = (label: string, k: keyof typeof form, width = 110) => (
    <label
      css={css`
        display: flex;
        flex-direction: column;
        gap: 2px;
        font-size: 12px;
      `}
    >
      {label}
      <input
        css={[
          controlCss,
          css`
            width: ${width}px;
          `,
        ]}
        inputMode="numeric"
        value={String(form[k])}
        onChange={set(k)}
      />
    </label>
  );
  return (
    <Card
      as="form"
      onSubmit={submit}
      data-testid={`risk-rule-${r.kind}`}
      css={css`
        margin-bottom: 16px;
      `}
    >
      <h2
        css={css`
          margin-top: 0;
        `}
      >
        {RISK_RULE_LABELS[r.kind]}
      </h2>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 12px;
          align-items: flex-end;
        `}
      >
        <label
          css={css`
            display: flex;
            gap: 6px;
            align-items: center;
            font-size: 13px;
          `}
        >
          <input type="checkbox" checked={form.enabled} onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))} />
          On
        </label>
        {num('Within (minutes)', 'window')}
        {num('BDT at least', 'BDT')}
        {num('INR at least', 'INR')}
        {num('PKR at least', 'PKR')}
        {num('Accounts younger than (days; 0 all)', 'days', 200)}
        <label
          css={css`
            display: flex;
            flex-direction: column;
            gap: 2px;
            font-size: 12px;
            flex: 1;
            min-width: 200px;
          `}
        >
          Reason (for the audit log)
          <input css={controlCss} value={form.reason} onChange={set('reason')} />
        </label>
        <Button type="submit" disabled={busy}>
          Save rule
        </Button>
      </div>
      <ErrorText>{error}</ErrorText>
      <StatusText>{saved ? 'Saved.' : null}</StatusText>
      <p
        css={css`
          font-size: 12px;
          margin: 8px 0 0;
        `}
      >
        Last changed by {r.updated_by ?? 'the set-up'} · <DateTime value={r.updated_at} zone />
      </p>
    </Card>
  );
}
