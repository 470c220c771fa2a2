// Payment methods with their receiving numbers, ranges and amount buttons, and the withdrawal switch.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  DEPOSIT_MAX,
  DEPOSIT_MIN,
  DEPOSIT_PRESETS,
  staffCreatePaymentMethod,
  staffCreateWalletNumber,
  staffPaymentMethods,
  staffReorderPaymentMethods,
  staffReorderWalletNumbers,
  staffSetWithdrawalSwitch,
  staffUpdatePaymentMethod,
  staffUpdateWalletNumber,
  staffWithdrawalSwitch,
  WITHDRAW_MAX,
  WITHDRAW_MIN,
  WITHDRAW_PRESETS,
  type StaffPaymentMethod,
} from '@khela/contracts';
import { ApiError, Button, Card, ErrorText, Field, Modal, Select, theme } from '@khela/web';
import { DataTable, useStaffPages } from '../../ui/DataTable';
import { useStaffChange, useStaffQuery } from '../../ui/query';
import { Toolbar, controlCss } from '../../ui/layout';
import { errorText } from './ui';

const TYPES = ['Agent', 'Merchant', 'Personal', 'ewallet'] as const;

/** Every method (the table, the editor and its numbers read the same query). */
const ALL_METHODS = { query: { per_page: 200 } } as const;

const range = (min: number | null, max: number | null, dmin: number, dmax: number) =>
  min === null || max === null ? `${dmin}–${dmax} (default)` : `${min}–${max}`;

/** The withdrawal switch: general_settings.withdrawal_status, with its own audited endpoint. */
function WithdrawalSwitch() {
  const read = useStaffQuery(staffWithdrawalSwitch);
  const change = useStaffChange();
  const enabled = read.data?.enabled ?? null;
  const error = change.errorText ?? (read.error ? errorText(read.error) : null);
  async function flip() {
    if (enabled === null) return;
    const next = !enabled;
    const reason = window.prompt(`Reason for turning withdrawals ${next ? 'on' : 'off'} (optional)`) ?? undefined;
    if (reason === undefined) return;
    await change.run(staffSetWithdrawalSwitch, { body: { enabled: next, ...(reason.trim() ? { reason: reason.trim() } : {}) } });
  }
  return (
    <Card
      css={css`
        padding: 10px 14px;
        margin-bottom: 12px;
        display: flex;
        gap: 12px;
        align-items: center;
      `}
    >
      <strong>Withdrawals</strong>
      <span data-testid="withdrawal-status" style={{ color: enabled ? theme.color.success : theme.color.danger }}>
        {enabled === null ? '…' : enabled ? 'On — players can request withdrawals' : 'Off — players see no withdrawal methods'}
      </span>
      <Button variant={enabled ? 'danger' : 'primary'} onClick={flip} disabled={change.pending || enabled === null}>
        {enabled ? 'Turn withdrawals off' : 'Turn withdrawals on'}
      </Button>
      {error && <ErrorText>{error}</ErrorText>}
    </Card>
  );
}

export function Methods() {
  const [editing, setEditing] = useState<StaffPaymentMethod | 'new' | null>(null);
  const source = useStaffPages(staffPaymentMethods, () => ALL_METHODS);
  const all = useStaffQuery(staffPaymentMethods, ALL_METHODS).data;
  const rows = useMemo(() => all?.data ?? [], [all]);
  const change = useStaffChange();
  const { run } = change;

  const move = useCallback(
    (id: number, by: -1 | 1) => {
      const ids = rows.map((m) => m.id);
      const i = ids.indexOf(id);
      const j = i + by;
      if (i < 0 || j < 0 || j >= ids.length) return;
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
      void run(staffReorderPaymentMethods, { body: { ids } });
    },
    [rows, run],
  );

  const columns = useMemo<ColumnDef<StaffPaymentMethod, unknown>[]>(
    () => [
      {
        id: 'order',
        header: 'Order',
        enableSorting: false,
        cell: (c) => (
          <span onClick={(e) => e.stopPropagation()}>
            <Button variant="ghost" aria-label={`Move ${c.row.original.name} up`} onClick={() => move(c.row.original.id, -1)}>
              ↑
            </Button>
            <Button variant="ghost" aria-label={`Move ${c.row.original.name} down`} onClick={() => move(c.row.original.id, 1)}>
              ↓
            </Button>
          </span>
        ),
      },
      { id: 'name', header: 'Name', enableSorting: false, cell: (c) => `${c.row.original.name} (${c.row.original.code})` },
      { id: 'type', header: 'Type', enableSorting: false, cell: (c) => c.row.original.account_type },
      {
        id: 'purpose',
        header: 'For',
        enableSorting: false,
        cell: (c) =>
          [c.row.original.allows_deposit && 'deposit', c.row.original.allows_withdraw && 'withdrawal'].filter(Boolean).join(', '),
      },
      {
        id: 'deposit_range',
        header: 'Deposit range',
        enableSorting: false,
        cell: (c) => range(c.row.original.deposit_min, c.row.original.deposit_max, DEPOSIT_MIN, DEPOSIT_MAX),
      },
      {
        id: 'withdraw_range',
        header: 'Withdrawal range',
        enableSorting: false,
        cell: (c) => range(c.row.original.withdraw_min, c.row.original.withdraw_max, WITHDRAW_MIN, WITHDRAW_MAX),
      },
      {
        id: 'numbers',
        header: 'Numbers',
        enableSorting: false,
        cell: (c) => `${c.row.original.numbers.filter((n) => n.status === 'active').length} active / ${c.row.original.numbers.length}`,
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: (c) => (
          <span onClick={(e) => e.stopPropagation()}>
            {c.row.original.status === 'active' ? 'Active ' : 'Disabled '}
            <Button
              variant="secondary"
              onClick={() =>
                void run(staffUpdatePaymentMethod, {
                  params: { id: c.row.original.id },
                  body: { status: c.row.original.status === 'active' ? 'inactive' : 'active' },
                })
              }
            >
              {c.row.original.status === 'active' ? 'Disable' : 'Enable'}
            </Button>
          </span>
        ),
      },
    ],
    [run, move],
  );

  return (
    <div>
      <WithdrawalSwitch />
      <ErrorText>{change.errorText}</ErrorText>
      <DataTable<StaffPaymentMethod>
        testId="methods-table"
        columns={columns}
        source={source}
        perPage={200}
        rowKey={(m) => String(m.id)}
        onRowClick={(m) => setEditing(m)}
        toolbar={<Button onClick={() => setEditing('new')}>New method</Button>}
      />
      {editing && (
        <MethodEditor
          method={editing === 'new' ? null : (rows.find((m) => m.id === editing.id) ?? editing)}
          onClose={() => setEditing(null)}
          onSaved={setEditing}
        />
      )}
    </div>
  );
}

interface Form {
  code: string;
  name: string;
  icon: string;
  account_type: (typeof TYPES)[number];
  pgs: string;
  allows_deposit: boolean;
  allows_withdraw: boolean;
  deposit_min: string;
  deposit_max: string;
  withdraw_min: string;
  withdraw_max: string;
  deposit_presets: string;
  withdraw_presets: string;
  reason: string;
}

const toForm = (m: StaffPaymentMethod | null): Form => ({
  code: m?.code ?? '',
  name: m?.name ?? '',
  icon: m?.icon ?? '',
  account_type: m?.account_type ?? 'Agent',
  pgs: (m?.pgs ?? []).map((g) => `${g.code}:${g.name}`).join(', '),
  allows_deposit: m?.allows_deposit ?? true,
  allows_withdraw: m?.allows_withdraw ?? true,
  deposit_min: m?.deposit_min?.toString() ?? '',
  deposit_max: m?.deposit_max?.toString() ?? '',
  withdraw_min: m?.withdraw_min?.toString() ?? '',
  withdraw_max: m?.withdraw_max?.toString() ?? '',
  deposit_presets: m?.deposit_presets?.join(', ') ?? '',
  withdraw_presets: m?.withdraw_presets?.join(', ') ?? '',
  reason: '',
});

const num = (v: string) => (v.trim() === '' ? null : Number(v.trim()));
const list = (v: string) =>
  v.trim() === ''
    ? null
    : v
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);

/** Create or edit one method; below it, its receiving numbers. */
function MethodEditor(props: { method: StaffPaymentMethod | null; onClose: () => void; onSaved: (m: StaffPaymentMethod) => void }) {
  const change = useStaffChange();
  const [form, setForm] = useState<Form>(() => toForm(props.method));
  // the API's refusal of single fields, shown under each
  const fields = change.error instanceof ApiError ? change.error.fieldErrors : undefined;
  const errors: Record<string, string> = fields
    ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split('.')[0]!, v[0]!]))
    : {};
  useEffect(() => setForm(toForm(props.method)), [props.method]);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));

  async function save() {
    const body = {
      name: form.name,
      icon: form.icon.trim() || null,
      account_type: form.account_type,
      pgs:
        form.account_type === 'ewallet'
          ? form.pgs
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
              .map((s) => {
                const [code, ...name] = s.split(':');
                return { code: code!.trim(), name: (name.join(':') || code!).trim(), icon: null };
              })
          : [],
      allows_deposit: form.allows_deposit,
      allows_withdraw: form.allows_withdraw,
      deposit_min: num(form.deposit_min),
      deposit_max: num(form.deposit_max),
      withdraw_min: num(form.withdraw_min),
      withdraw_max: num(form.withdraw_max),
      deposit_presets: list(form.deposit_presets),
      withdraw_presets: list(form.withdraw_presets),
      ...(form.reason.trim() ? { reason: form.reason.trim() } : {}),
    };
    const saved = props.method
      ? await change.run(staffUpdatePaymentMethod, { params: { id: props.method.id }, body })
      : await change.run(staffCreatePaymentMethod, { body: { ...body, code: form.code.trim() } });
    if (saved) props.onSaved(saved);
  }

  const text = (k: keyof Form, label: string, hint?: string) => (
    <Field label={label} error={errors[k]} hint={hint}>
      {(f) => (
        <input
          id={f.id}
          css={controlCss}
          value={form[k] as string}
          aria-invalid={f.invalid}
          aria-describedby={f.describedBy}
          onChange={(e) => set(k, e.target.value as never)}
        />
      )}
    </Field>
  );

  return (
    <Modal open title={props.method ? `Payment method: ${props.method.name}` : 'New payment method'} onClose={props.onClose}>
      <div
        css={css`
          display: grid;
          grid-template-columns: 1fr 1fr;
          gap: 0 12px;
        `}
      >
        {!props.method && text('code', 'Code', 'lower-case, unique, e.g. upay')}
        {text('name', 'Name')}
        {text('icon', 'Icon URL')}
        <Select
          label="Type"
          error={errors.account_type}
          value={form.account_type}
          options={TYPES}
          onChange={(v) => set('account_type', v as Form['account_type'])}
        />
        {form.account_type === 'ewallet' && text('pgs', 'Gateways', 'code:Name, comma-separated')}
        <label>
          <input type="checkbox" checked={form.allows_deposit} onChange={(e) => set('allows_deposit', e.target.checked)} /> Deposits
        </label>
        <label>
          <input type="checkbox" checked={form.allows_withdraw} onChange={(e) => set('allows_withdraw', e.target.checked)} /> Withdrawals
        </label>
        {text('deposit_min', 'Deposit min', `empty: ${DEPOSIT_MIN}`)}
        {text('deposit_max', 'Deposit max', `empty: ${DEPOSIT_MAX}`)}
        {text('withdraw_min', 'Withdrawal min', `empty: ${WITHDRAW_MIN}`)}
        {text('withdraw_max', 'Withdrawal max', `empty: ${WITHDRAW_MAX}`)}
        {text('deposit_presets', 'Deposit buttons', `empty: ${DEPOSIT_PRESETS.join(', ')}`)}
        {text('withdraw_presets', 'Withdrawal buttons', `empty: ${WITHDRAW_PRESETS.join(', ')}`)}
      </div>
      {text('reason', 'Reason (for the audit log, optional)')}
      <ErrorText>{change.errorText}</ErrorText>
      <Toolbar>
        <Button onClick={save} disabled={change.pending}>
          {props.method ? 'Save' : 'Create'}
        </Button>
        <Button variant="secondary" onClick={props.onClose}>
          Close
        </Button>
      </Toolbar>
      {props.method && <Numbers method={props.method} />}
    </Modal>
  );
}

/** The method's receiving numbers (as the methods' query has them: read again after each change). */
function Numbers(props: { method: StaffPaymentMethod }) {
  const change = useStaffChange();
  const { run } = change;
  const numbers = props.method.numbers;
  const [value, setValue] = useState('');
  const move = (i: number, by: -1 | 1) => {
    const ids = numbers.map((n) => n.id);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    void run(staffReorderWalletNumbers, { params: { id: props.method.id }, body: { ids } });
  };

  return (
    <section aria-label="Wallet numbers">
      <h3
        css={css`
          font-size: 14px;
          margin: 16px 0 6px;
        `}
      >
        Receiving numbers
      </h3>
      <table
        css={css`
          width: 100%;
          font-size: 13px;
          border-collapse: collapse;
          td {
            padding: 4px 6px;
            border-bottom: 1px solid ${theme.color.border};
          }
        `}
      >
        <tbody>
          {numbers.map((n, i) => (
            <tr key={n.id}>
              <td>{n.account_number}</td>
              <td>{n.status === 'active' ? 'Active' : 'Disabled'}</td>
              <td>
                <Button variant="ghost" aria-label={`Move ${n.account_number} up`} onClick={() => move(i, -1)}>
                  ↑
                </Button>
                <Button variant="ghost" aria-label={`Move ${n.account_number} down`} onClick={() => move(i, 1)}>
                  ↓
                </Button>
                <Button
                  variant="secondary"
                  onClick={() =>
                    void run(staffUpdateWalletNumber, {
                      params: { id: n.id },
                      body: { status: n.status === 'active' ? 'inactive' : 'active' },
                    })
                  }
                >
                  {n.status === 'active' ? 'Disable' : 'Enable'}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Toolbar
        css={css`
          margin-top: 8px;
        `}
      >
        <input
          css={controlCss}
          aria-label="New wallet number"
          placeholder="01XXXXXXXXX"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button
          variant="secondary"
          onClick={async () => {
            if (await run(staffCreateWalletNumber, { params: { id: props.method.id }, body: { account_number: value.trim() } }))
              setValue('');
          }}
        >
          Add number
        </Button>
      </Toolbar>
      <ErrorText>{change.errorText}</ErrorText>
    </section>
  );
}
