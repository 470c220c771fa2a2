// Area 'operators' (admin): staff accounts — create, change role, disable/enable, unlock throttled log-ins, set a
// password (to be changed at the next log-in), issue a one-time TOTP enrolment link, reset two-factor sign-in.
import { useMemo, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  STAFF_ROLES,
  staffCreateAccount,
  staffDisableAccount,
  staffEnableAccount,
  staffIssueTotpLink,
  staffAccounts,
  staffResetAccountTotp,
  staffSetAccountPassword,
  staffSetAccountRole,
  staffUnlockAccount,
  type StaffRole,
  type StaffAccountRow,
} from '@khela/contracts';
import { ApiError, Badge, Button, ErrorText, errorText, Field, Modal, Select, StatusText, theme } from '@khela/web';
import { useStaffAccount } from '../../staff/context';
import { enrolLinkUrl } from '../../staff/enrol-link';
import { DataTable, useStaffPages } from '../../ui/DataTable';
import { useStaffChange } from '../../ui/query';
import { Facts, Screen, Toolbar, controlCss } from '../../ui/layout';
import { when, whenCell } from '../../ui/time';

export function staffAccountStatus(r: Pick<StaffAccountRow, 'disabled' | 'throttled_addresses'>): string {
  if (r.disabled) return 'Disabled';
  if (r.throttled_addresses > 0) return `Active · ${r.throttled_addresses} address${r.throttled_addresses === 1 ? '' : 'es'} throttled`;
  return 'Active';
}

export default function StaffAccounts() {
  const [role, setRole] = useState<StaffRole | ''>('');
  const [status, setStatus] = useState<'' | 'active' | 'disabled' | 'throttled'>('');
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<StaffAccountRow | null>(null);
  const source = useStaffPages(staffAccounts, (q) => ({
    query: { ...q, ...(role ? { role } : {}), ...(status ? { status } : {}) } as never,
  }));

  const columns = useMemo<ColumnDef<StaffAccountRow, any>[]>(
    () => [
      { id: 'id', header: 'ID', accessorKey: 'id' },
      { id: 'username', header: 'Username', accessorKey: 'username' },
      { id: 'name', header: 'Name', cell: ({ row }) => row.original.name ?? '', enableSorting: false },
      { id: 'role', header: 'Role', accessorKey: 'role' },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: ({ row }) => (
          <span
            css={css`
              color: ${row.original.disabled ? theme.color.danger : row.original.throttled_addresses ? theme.color.warning : 'inherit'};
            `}
          >
            {staffAccountStatus(row.original)}
            {row.original.password_change_required && (
              <>
                {' '}
                <Badge tone="info">must change password</Badge>
              </>
            )}
          </span>
        ),
      },
      {
        id: 'totp',
        header: '2FA',
        cell: ({ row }) => (row.original.totp_enabled ? 'On' : row.original.totp_link_expires_at ? 'Off · link issued' : 'Off'),
        enableSorting: false,
      },
      {
        id: 'last_login_at',
        header: 'Last log-in (GMT+6)',
        cell: ({ row }) => whenCell(row.original.last_login_at),
      },
      { id: 'created_at', header: 'Created (GMT+6)', cell: ({ row }) => whenCell(row.original.created_at) },
    ],
    [],
  );

  const select = (label: string, value: string, onChange: (v: string) => void, options: readonly string[]) => (
    <Select label={label} hideLabel value={value} onChange={onChange} options={[{ value: '', label: `${label}: all` }, ...options]} />
  );

  return (
    <Screen>
      <h1>Staff accounts</h1>
      <DataTable
        testId="operators-table"
        columns={columns}
        source={source}
        reloadKey={`${role}|${status}`}
        rowKey={(r) => String(r.id)}
        initialSort={{ id: 'id', desc: false }}
        searchPlaceholder="Search username or name"
        onRowClick={setSelected}
        toolbar={
          <>
            {select('Role', role, (v) => setRole(v as StaffRole | ''), STAFF_ROLES)}
            {select('Status', status, (v) => setStatus(v as typeof status), ['active', 'disabled', 'throttled'])}
            <Button onClick={() => setCreating(true)}>New operator</Button>
          </>
        }
        csv={{
          name: 'operators',
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'username', value: (r) => r.username },
            { header: 'name', value: (r) => r.name },
            { header: 'role', value: (r) => r.role },
            { header: 'status', value: (r) => staffAccountStatus(r) },
            { header: 'totp', value: (r) => r.totp_enabled },
            { header: 'last_login_at', value: (r) => r.last_login_at },
            { header: 'created_at', value: (r) => r.created_at },
          ],
        }}
      />
      {creating && <CreateStaffAccount onClose={() => setCreating(false)} onCreated={() => setCreating(false)} />}
      {selected && <ManageStaffAccount row={selected} onClose={() => setSelected(null)} onChanged={setSelected} />}
    </Screen>
  );
}

function CreateStaffAccount(props: { onClose: () => void; onCreated: (r: StaffAccountRow) => void }) {
  const change = useStaffChange();
  const [form, setForm] = useState({ username: '', name: '', role: 'support' as StaffRole, password: '' });
  // a refusal naming fields is said under each, any other under the form
  const fields = change.error instanceof ApiError ? change.error.fieldErrors : undefined;
  const errors: Record<string, string> = fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])) : {};
  const error = change.error && !fields ? errorText(change.error) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const r = await change.run(staffCreateAccount, {
      body: { username: form.username, role: form.role, password: form.password, ...(form.name.trim() ? { name: form.name } : {}) },
    });
    if (r) props.onCreated(r);
  }

  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <Modal open title="New operator" onClose={props.onClose}>
      <form onSubmit={submit} data-testid="create-staff-account">
        <Field label="Username" error={errors.username}>
          <input css={controlCss} name="username" autoComplete="off" value={form.username} onChange={set('username')} />
        </Field>
        <Field label="Name" error={errors.name}>
          <input css={controlCss} name="name" value={form.name} onChange={set('name')} />
        </Field>
        <Field label="Role" error={errors.role}>
          <select css={controlCss} name="role" value={form.role} onChange={set('role')}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Initial password (at least 12 characters, not containing the username; changed at the first log-in)"
          error={errors.password}
        >
          <input
            css={controlCss}
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
          />
        </Field>
        {error && <ErrorText>{error}</ErrorText>}
        <Button type="submit" disabled={change.pending}>
          Create operator
        </Button>
      </form>
    </Modal>
  );
}

type Action = 'role' | 'disable' | 'enable' | 'unlock' | 'reset-totp' | 'password' | 'totp-link';

function ManageStaffAccount(props: { row: StaffAccountRow; onClose: () => void; onChanged: (r: StaffAccountRow) => void }) {
  const change = useStaffChange();
  const me = useStaffAccount();
  const r = props.row;
  const [role, setRole] = useState<StaffRole>(r.role);
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [noReason, setNoReason] = useState(false);
  // a refused password is said under its field, any other refusal under the actions
  const refusedPassword = change.error instanceof ApiError ? change.error.fieldErrors?.password?.[0] : undefined;
  const passwordError = refusedPassword ?? null;
  const error = noReason
    ? 'Give a reason (at least 3 characters): it goes into the audit log.'
    : change.error && !refusedPassword
      ? errorText(change.error)
      : null;
  const busy = change.pending;

  async function act(action: Action) {
    setNoReason(reason.trim().length < 3);
    if (reason.trim().length < 3) return change.reset();
    const params = { id: r.id };
    const body = { reason };
    if (action === 'totp-link') {
      const issued = await change.run(staffIssueTotpLink, { params, body });
      if (!issued) return;
      setLink({ url: enrolLinkUrl(issued.token), expires_at: issued.expires_at });
      setCopied(false);
      setReason('');
      props.onChanged(issued.operator);
      return;
    }
    if (action === 'password') {
      const next = await change.run(staffSetAccountPassword, { params, body: { password, reason } });
      if (!next) return;
      setPassword('');
      setReason('');
      props.onChanged(next);
      return;
    }
    const next =
      action === 'role'
        ? await change.run(staffSetAccountRole, { params, body: { role, reason } })
        : action === 'disable'
          ? await change.run(staffDisableAccount, { params, body })
          : action === 'enable'
            ? await change.run(staffEnableAccount, { params, body })
            : action === 'unlock'
              ? await change.run(staffUnlockAccount, { params, body })
              : await change.run(staffResetAccountTotp, { params, body });
    if (!next) return;
    setReason('');
    props.onChanged(next);
  }

  const self = me?.id === r.id;
  return (
    <Modal open title={`Operator ${r.username}`} onClose={props.onClose}>
      <div data-testid="manage-operator">
        <Facts>
          <dt>Name</dt>
          <dd>{r.name ?? '—'}</dd>
          <dt>Role</dt>
          <dd>{r.role}</dd>
          <dt>Status</dt>
          <dd>{staffAccountStatus(r)}</dd>
          <dt>Failed log-ins (window)</dt>
          <dd>{r.failed_logins}</dd>
          <dt>Password</dt>
          <dd>{r.password_change_required ? 'Set by an admin: to be changed at the next log-in' : 'Their own'}</dd>
          <dt>Two-factor sign-in</dt>
          <dd data-testid="manage-totp">
            {r.totp_enabled ? 'On' : r.totp_link_expires_at ? `Off · enrolment link valid until ${when(r.totp_link_expires_at)}` : 'Off'}
          </dd>
          <dt>Last log-in</dt>
          <dd>{when(r.last_login_at)}</dd>
        </Facts>
        <div
          css={css`
            margin-top: 16px;
          `}
        >
          <Field label="Reason (for the audit log)">
            <input css={controlCss} name="reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <Toolbar>
            <select aria-label="New role" css={controlCss} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
              {STAFF_ROLES.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
            <Button variant="secondary" disabled={busy || role === r.role} onClick={() => void act('role')}>
              Change role
            </Button>
          </Toolbar>
          <Toolbar>
            {r.disabled ? (
              <Button variant="secondary" disabled={busy} onClick={() => void act('enable')}>
                Enable
              </Button>
            ) : (
              <Button variant="danger" disabled={busy || self} onClick={() => void act('disable')}>
                Disable
              </Button>
            )}
            {(r.throttled_addresses > 0 || r.failed_logins > 0) && (
              <Button variant="secondary" disabled={busy} onClick={() => void act('unlock')}>
                Unlock
              </Button>
            )}
            {r.totp_enabled && (
              <Button variant="secondary" disabled={busy} onClick={() => void act('reset-totp')}>
                Reset 2FA
              </Button>
            )}
            {!r.totp_enabled && !r.disabled && !self && (
              <Button variant="secondary" disabled={busy} onClick={() => void act('totp-link')}>
                Enrolment link
              </Button>
            )}
          </Toolbar>
          {!self && (
            <Toolbar>
              <input
                aria-label="New password"
                css={controlCss}
                name="new-password"
                type="password"
                autoComplete="new-password"
                placeholder="New password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Button variant="secondary" disabled={busy || !password} onClick={() => void act('password')}>
                Set password
              </Button>
            </Toolbar>
          )}
          <ErrorText>{passwordError}</ErrorText>
          {link && (
            <div
              data-testid="totp-link"
              css={css`
                border: 1px solid ${theme.color.border};
                border-radius: ${theme.radius.sm};
                padding: 8px 10px;
                margin-bottom: 12px;
                font-size: 13px;
              `}
            >
              <p
                css={css`
                  margin: 0 0 6px;
                `}
              >
                One-time enrolment link for {r.username}, valid until {when(link.expires_at)}. It is shown only now: give it to them over a
                trusted channel.
              </p>
              <code
                data-testid="totp-link-url"
                css={css`
                  display: block;
                  user-select: all;
                  word-break: break-all;
                  margin-bottom: 6px;
                `}
              >
                {link.url}
              </code>
              <Button
                variant="ghost"
                onClick={() =>
                  void navigator.clipboard?.writeText(link.url).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                Copy link
              </Button>
              <StatusText>{copied ? 'Copied.' : null}</StatusText>
            </div>
          )}
          {error && <ErrorText>{error}</ErrorText>}
        </div>
      </div>
    </Modal>
  );
}
